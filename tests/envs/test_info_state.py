"""The information state (lama.envs.observation.InfoEncoder, observation="info_state"): its
record matches the core's moves; it stays in its bounds; the compiled kernel
(lama.envs.compiled_observe.observe_info) equals the Python encoder for every seat at every node
of random games of every game at 2 to 6 players; and no hidden card reaches it: re-dealing the
hidden cards (the game's resample_from_view) or changing what the other seats drew changes
nothing (the leak test). The environments hand it out with observation="info_state"."""

import os
import random
from dataclasses import replace

import numpy as np
import pytest
from test_compiled_observe import feed_chance

from lama.core.events import CardDrawn, RoundDealt
from lama.envs import compiled_observe as O
from lama.envs.observation import InfoEncoder
from lama.fast import kernel
from lama.fast.engine import Engine
from lama.games import GAMES, new_game

GAMES_PER_CELL = int(os.environ.get("LAMA_OBSERVE_GAMES", "6"))


def scrambled(events, seat, game, rng):
    """The events with every card `seat` may not see replaced at random: the other hands of a
    deal, the other seats' draws."""
    codes = list(game.table.codes)
    out = []
    for e in events:
        if isinstance(e, RoundDealt) and not e.public:
            e = replace(e, hands=tuple(h if s == seat else tuple(rng.choice(codes) for _ in h)
                                       for s, h in enumerate(e.hands)))
        elif isinstance(e, CardDrawn) and e.seat != seat:
            e = replace(e, card=rng.choice(codes))
        out.append(e)
    return out


def walk(game_id, players, seed, options=None, compiled=True):
    """One random game on the core and the engine with the same actions and chance; at every
    node, for every seat: the record against the core's moves, the bounds, the compiled vector,
    and the leak test. Returns the nodes."""
    game = new_game(game_id, players, options)
    enc = InfoEncoder(game)
    engine = Engine(game)
    ru = engine.rules
    assert O.info_size(ru) == enc.size and O.info_slots(ru) == enc.M and O.slot_size(ru) == enc.S
    hist = kernel.zeros(O.hist_size(ru))
    O.info_reset(hist)
    out = np.zeros(enc.size, dtype=np.float32)
    state, st = game.new_initial_state(), engine.new_state(seed)
    rng, noise = random.Random(seed), random.Random(~seed)
    trackers = [enc.tracker(s) for s in range(players)]
    blind = [enc.tracker(s) for s in range(players)]  # fed the scrambled events
    nodes = 0
    while True:
        for seat in range(players):
            view = state.view(seat)
            x = enc.encode(view, trackers[seat])
            assert ((x >= enc.low) & (x <= enc.high)).all()
            if compiled:
                O.observe_info(st, ru, hist, seat, out)
                if not np.array_equal(out, x):
                    bad = np.flatnonzero(out != x)
                    raise AssertionError((game_id, players, seed, nodes, seat, bad[:5], out[bad[:5]], x[bad[:5]]))
            assert np.array_equal(enc.encode(view, blind[seat]), x)
            if state.to_move == seat and seat == nodes % players:  # the leak test proper, now and then
                other = game.resample_from_view(view, noise.shuffle)
                assert np.array_equal(enc.encode(other.view(seat), blind[seat]), x)
            if not enc.dice_game and state.chance != "draw":
                assert [m[:3] for m in trackers[seat].moves] == [
                    [s, game.action_id(a), game.table.index[t]] for s, a, t in view.moves]
        nodes += 1
        if state.finished:
            return nodes
        if state.to_move is None:
            events = feed_chance(engine, st, state, rng)
        else:
            legal = [game.action_id(a) for a in state.legal_actions()]
            keep = [a for a in legal if game.action_of(a).kind != "quit"]  # long rounds, many effects
            action = rng.choice(keep if keep and rng.random() < 0.95 else legal)
            O.info_before(hist, st, ru, action)
            events = state.apply(game.action_of(action))
            engine.apply(st, action)
        O.info_after(hist, st, ru)
        for seat in range(players):
            trackers[seat].feed(events)
            blind[seat].feed(scrambled(events, seat, game, noise))



@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_compiled_info_state_is_the_encoders_and_leaks_nothing(game_id, players):
    # a small target in every other game: points reach the cap, games are short
    nodes = sum(walk(game_id, players, seed, {"target": 5} if seed % 2 else None) for seed in range(GAMES_PER_CELL))
    assert nodes > GAMES_PER_CELL * 20
