"""The compiled policies (lama.bots.compiled.policies and its family modules) against the Python
bots: in thousands of positions of every game at 2 to 6 players, from games where each seat plays
`random` or `heuristic`, the compiled heuristic picks the very action id the Python heuristic
picks; the random policy picks only legal ids, and each of them."""

import os
import random

import pytest

from lama.bots import load_bot
from lama.bots.compiled import policies, policies_dice
from lama.core import CardGame
from lama.fast import kernel
from lama.fast import layout as L
from lama.fast.engine import Engine
from lama.fast.rules import rules_of
from lama.games import GAMES as REGISTERED
from lama.games import new_game

CARD_GAMES = tuple(g for g, cls in REGISTERED.items() if issubclass(cls, CardGame))
GAMES = CARD_GAMES + ("dice",)
GAMES_PER_CELL = int(os.environ.get("LAMA_POLICY_GAMES", "40"))
LOOKAHEADS = int(os.environ.get("LAMA_LOOKAHEADS", "80"))  # positions of the dice lookahead test
HEURISTIC = load_bot("heuristic")
RANDOM = load_bot("random")


class Mirror:
    """A core game and its engine twin, fed the same chance outcomes (the core samples them)."""

    def __init__(self, game_id, players, seed, options=None):
        self.game = new_game(game_id, players, {"target": 40, **(options or {})})
        self.engine = Engine(self.game)
        self.state = self.game.new_initial_state()
        self.st = self.engine.new_state(seed)
        self.rng = random.Random(seed)

    def to_decision(self) -> bool:
        """Resolve chance on both until a seat is to move; False when the game is over."""
        state, engine = self.state, self.engine
        index = self.game.kinds.index
        while state.chance is not None:
            outcome = state.sample_chance(self.rng)
            if state.chance == "deal":
                engine.kernels.apply_deal_codes(self.st, engine.rules, self.game, outcome)
            elif state.chance == "roll":
                engine.kernels.apply_roll(self.st, engine.rules, *(index[face] for face in outcome))
            else:
                engine.kernels.apply_draw(self.st, engine.rules, index[outcome])
            state.apply_chance(outcome)
        return not state.finished

    def apply(self, action_id) -> None:
        self.state.apply(self.game.action_of(action_id))
        self.engine.apply(self.st, action_id)


MEMO = kernel.float_zeros(policies.MEMO_SIZE)  # kept from position to position, as in a batch


def compiled_heuristic(rules, st, legal, scratch):
    count = policies.legal_ids(st, rules, legal)
    return int(policies.heuristic(st, rules, legal, count, scratch, MEMO))


def hidden_from(mirror, seat):
    """The engine state with everything `seat` may not see scrambled: the other hands (card
    games; dice displays are public) and the pile's contents (dice: the undealt cards), their
    totals kept, as they are public."""
    st = list(mirror.st) if not kernel.COMPILED else mirror.st.copy()
    k = mirror.game.kinds.size
    for s in range(mirror.game.players):
        if s != seat and mirror.engine.family == L.CARDS:
            at = L.HANDS + s * L.K_MAX
            st[at:at + k] = [st[at + k - 1]] + list(st[at:at + k - 1])
    st[L.PILE:L.PILE + k] = [st[L.PILE + k - 1]] + list(st[L.PILE:L.PILE + k - 1])
    return st


def play_and_compare(game_id, players, seed, options=None) -> int:
    """One game driven by the core, seats playing random or heuristic; at every decision the
    compiled heuristic must pick the Python heuristic's action. Returns the decisions compared."""
    m = Mirror(game_id, players, seed, options)
    bots = [HEURISTIC if m.rng.random() < 0.6 else RANDOM for _ in range(players)]
    legal = kernel.zeros(policies.LEGAL_SIZE)
    scratch = kernel.zeros(policies.SCRATCH_SIZE)
    compared = 0
    while m.to_decision():
        seat = m.state.to_move
        view = m.state.view(seat)
        wanted = m.game.action_id(HEURISTIC(view, m.rng))
        got = compiled_heuristic(m.engine.rules, m.st, legal, scratch)
        assert got == wanted, (game_id, players, seed, compared, view)
        if compared % 7 == 0:  # what the seat may not see does not change its choice
            assert compiled_heuristic(m.engine.rules, hidden_from(m, seat), legal, scratch) == wanted
        compared += 1
        m.apply(m.game.action_id(bots[seat](view, m.rng)))
    return compared


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("game_id", GAMES)
def test_the_compiled_heuristic_decides_as_the_python_one(game_id, players):
    games = max(2, GAMES_PER_CELL // 4) if game_id == "dice" else GAMES_PER_CELL  # dice's Python lookahead is slow
    compared = sum(play_and_compare(game_id, players, seed) for seed in range(games))
    assert compared > games * 10


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("game_id", ["lama", "komarami"])
def test_the_compiled_heuristic_decides_as_the_python_one_with_lachen(game_id, players):
    """LL2: in laughing time Kadabra's choice in a show (heuristic_kadabra.stage_moves)."""
    compared = sum(play_and_compare(game_id, players, seed, {"lachen": True}) for seed in range(6))
    assert compared > 6 * 10


def engine_state_of(engine, state):
    """The engine state of a core card state at a decision (what the policies read)."""
    st = kernel.zeros(L.STATE_SIZE)
    k = engine.game.kinds.size
    st[L.TO_MOVE] = state.to_move
    st[L.N_IN] = state.n_in
    st[L.TOP] = state.top
    st[L.PILE_SIZE] = state.pile_size
    st[L.DRAWER] = -1
    for s in range(state.n):
        st[L.POINTS + s] = state.points[s]
        st[L.QUIT + s] = int(state.quit[s])
        st[L.HAND_SIZES + s] = state.hand_sizes[s]
        for i in range(k):
            st[L.HANDS + s * L.K_MAX + i] = state.hands[s][i]
    for i in range(k):
        st[L.PILE + i] = state.pile[i]
    st[L.MAGIC_CHIP] = -1 if state.magic_chip is None else state.magic_chip
    st[L.STAGE_WHITES] = state.stage_whites
    st[L.STAGE_BLACKS] = state.stage_blacks
    return st


def fuzz(state, rng) -> None:
    """Move a kadabra position somewhere rarer: chips on the stage (a show), the magic chip,
    the seat's points, a seat nearly out, a hand of one or two cards, seats that quit."""
    seat = state.to_move
    state.stage_whites = rng.randrange(7)
    state.stage_blacks = rng.choice((0, 0, 1, 2))
    state.magic_chip = rng.choice((None, seat, (seat + 1) % state.n))
    state.points[seat] = rng.choice((0, 1, 2, 3, 4, 5, 9, 10, 11, 20, 25, 30))
    others = [s for s in range(state.n) if s != seat]
    for s in others:
        if rng.random() < 0.3:
            state.hand_sizes[s] = rng.choice((1, 2))
        if rng.random() < 0.2 and state.n_in > 2:
            state.quit[s] = True
            state.n_in = state.n - sum(state.quit)
    if rng.random() < 0.5:  # a hand of one to three cards, 1s and stars and rectangles often
        k = state.game.kinds.size
        hand = state.hands[seat]
        for i in range(k):
            hand[i] = 0
        for _ in range(rng.choice((1, 1, 2, 3))):
            hand[0 if rng.random() < 0.3 else rng.randrange(k)] += 1
        state.hand_sizes[seat] = sum(hand)


def test_the_compiled_kadabra_heuristic_in_rarer_positions():
    """Kadabra positions moved by `fuzz` (shows, the magic chip, gifts, last cards): the
    compiled heuristic still picks the Python heuristic's action."""
    legal = kernel.zeros(policies.LEGAL_SIZE)
    scratch = kernel.zeros(policies.SCRATCH_SIZE)
    rng = random.Random(1)
    kinds = set()
    compared = 0
    for seed in range(GAMES_PER_CELL // 2):
        m = Mirror("kadabra", 2 + seed % 5, seed)
        while m.to_decision():
            for _ in range(3):
                state = m.state.clone()
                fuzz(state, rng)
                action = HEURISTIC(state.view(state.to_move), rng)
                kinds.add(action.kind + ("-give" if getattr(action, "give", None) is not None else ""))
                got = compiled_heuristic(m.engine.rules, engine_state_of(m.engine, state), legal, scratch)
                assert got == m.game.action_id(action), (seed, compared, state.view(state.to_move))
                compared += 1
            m.apply(m.game.action_id(HEURISTIC(m.state.view(m.state.to_move), m.rng)))
    assert compared > GAMES_PER_CELL * 30
    assert {"play", "play-give", "draw", "quit", "skip", "take_stage"} <= kinds, kinds


def test_the_compiled_kadabra_heuristic_in_every_last_card_show():
    """K9 with one card left (heuristic_kadabra._take_pays): every card, top, points and magic
    chip, on stages around the break-even points."""
    game = new_game("kadabra", 3)
    engine = Engine(game)
    legal = kernel.zeros(policies.LEGAL_SIZE)
    scratch = kernel.zeros(policies.SCRATCH_SIZE)
    m = Mirror("kadabra", 3, 0)
    m.to_decision()
    k = game.kinds.size
    takes = 0
    for card in range(k):
        for top in range(k):
            for whites, blacks in ((5, 0), (6, 0), (4, 1), (5, 1), (3, 2), (9, 0)):
                for magic in (None, 0):
                    for points in (0, 3, 4, 5, 9, 10, 15):
                        state = m.state.clone()
                        state.to_move, state.top, state.magic_chip, state.points[0] = 0, top, magic, points
                        state.stage_whites, state.stage_blacks = whites, blacks
                        state.hands[0] = [int(i == card) for i in range(k)]
                        state.hand_sizes[0] = 1
                        action = HEURISTIC(state.view(0), m.rng)
                        takes += action.kind == "take_stage"
                        got = compiled_heuristic(engine.rules, engine_state_of(engine, state), legal, scratch)
                        assert got == game.action_id(action), (card, top, whites, blacks, magic, points)
    assert 0 < takes < k * k * 6 * 2 * 7


def test_the_compiled_dice_heuristic_on_displays_with_pairs():
    """Dice positions whose display is replaced by one of few values, often doubled, then
    rolled: discards that tie (D3b), takes (D3c) and the lookahead on unusual displays."""
    legal = kernel.zeros(policies.LEGAL_SIZE)
    scratch = kernel.zeros(policies.SCRATCH_SIZE)
    rng = random.Random(2)
    kinds = set()
    compared = 0
    for seed in range(3):
        m = Mirror("dice", 2 + seed, seed)
        index = m.game.kinds.index
        while m.to_decision():
            seat = m.state.to_move
            if m.state.pending is None and rng.random() < 0.5:  # a display of pairs, rolled at once
                state, st = m.state.clone(), m.st.copy() if kernel.COMPILED else list(m.st)
                display = [0] * 7
                for _ in range(rng.randrange(1, 9)):
                    display[rng.randrange(7) if rng.random() < 0.2 else rng.randrange(2, 5)] += 1
                state.displays[seat], state.hand_sizes[seat] = display, sum(display)
                st[L.HAND_SIZES + seat] = sum(display)
                for kind in range(7):
                    st[L.HANDS + seat * L.K_MAX + kind] = display[kind]
                for roll in range(2):
                    view = state.view(seat)
                    action = HEURISTIC(view, rng)
                    kinds.add(action.kind)
                    assert compiled_heuristic(m.engine.rules, st, legal, scratch) == m.game.action_id(action), view
                    compared += 1
                    if roll or action.kind != "roll":
                        break
                    state.apply(action)
                    m.engine.apply(st, m.game.action_id(action))
                    faces = tuple(rng.choice(die) for die in m.game.dice)
                    state.apply_chance(faces)
                    m.engine.kernels.apply_roll(st, m.engine.rules, *(index[f] for f in faces))
                    if state.to_move != seat:
                        break
            m.apply(m.game.action_id(HEURISTIC(m.state.view(seat), m.rng)))
    assert compared > 100
    assert {"roll", "quit", "discard", "take"} <= kinds, kinds


@pytest.mark.slow
def test_the_dice_lookahead_is_the_heuristics_roll_cost():
    """roll_value at depth == rolled is heuristic_dice.roll_cost, on displays and rows of every
    kind, to the last bit whether its memo is fresh or kept from the positions before (the
    search's playouts keep it), and the display and the row are put back."""
    from lama.bots import heuristic_dice

    game = new_game("dice", 4)
    ru = rules_of(game)
    rng = random.Random(5)
    kept = kernel.float_zeros(policies.MEMO_SIZE)
    for _ in range(LOOKAHEADS):
        display = [rng.randrange(3) for _ in range(7)]
        row = [rng.randrange(2) for _ in range(7)]
        points, last, depth = rng.randrange(30), rng.random() < 0.3, rng.choice((1, 2, 3))
        chip = 10 if points >= 10 else min(points, 1)
        w = kernel.zeros(policies_dice.DICE_REMOVED + 4 * policies_dice.DICE_K)  # depth 3
        for kind in range(7):
            w[kind], w[policies_dice.DICE_ROW + kind] = display[kind], row[kind]
        before = list(w[:policies_dice.DICE_REMOVED])
        fresh = policies_dice.roll_value(ru, w, depth, depth, chip, last, kernel.float_zeros(policies.MEMO_SIZE))
        assert list(w[:policies_dice.DICE_REMOVED]) == before
        assert policies_dice.roll_value(ru, w, depth, depth, chip, last, kept) == fresh
        assert policies_dice.roll_value(ru, w, depth, depth, chip, last, kept) == fresh  # now from the memo
        expected = heuristic_dice.roll_cost(display, row, game.dice, points, last, depth)
        assert fresh == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_random_policy_picks_every_legal_id_and_nothing_else(game_id):
    gen = kernel.array(kernel.words_of(11))
    legal = kernel.zeros(policies.LEGAL_SIZE)
    scratch = kernel.zeros(policies.SCRATCH_SIZE)
    positions = 0
    m = Mirror(game_id, 4, 3)
    while positions < 60:
        if not m.to_decision():
            m = Mirror(game_id, 4, positions)
            continue
        wanted = sorted(m.game.action_id(a) for a in m.state.legal_actions())
        picked = {int(policies.choose(m.st, m.engine.rules, policies.RANDOM, gen, 0, legal, scratch, MEMO))
                  for _ in range(30 * len(wanted))}
        assert picked == set(wanted), (positions, picked, wanted)
        m.apply(compiled_heuristic(m.engine.rules, m.st, legal, scratch))
        positions += 1


def test_easy_is_random_about_one_decision_in_three():
    m = Mirror("lama", 4, 5)
    m.to_decision()
    legal = kernel.zeros(policies.LEGAL_SIZE)
    scratch = kernel.zeros(policies.SCRATCH_SIZE)
    best = compiled_heuristic(m.engine.rules, m.st, legal, scratch)
    count = policies.legal_ids(m.st, m.engine.rules, legal)
    assert count > 2
    gen = kernel.array(kernel.words_of(2))
    picks = [int(policies.choose(m.st, m.engine.rules, policies.EASY, gen, 0, legal, scratch, MEMO))
             for _ in range(3000)]
    other = sum(p != best for p in picks) / len(picks)
    blunder_differs = (count - 1) / count / policies.EASY_ONE_IN
    assert abs(other - blunder_differs) < 0.04
