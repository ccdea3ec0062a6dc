"""What the conformance suite needs to know about each game, beyond the core API.

Every game in lama.games.GAMES (and every game the suite runs before it is registered) must have an
adapter here: how to check that cards and points are conserved, and how to resample the cards a
seat cannot see.
"""

from __future__ import annotations

from lama.core import DRAW, QUIT, ROLL, CardState, discard, play, take
from lama.core.actions import SKIP, TAKE_STAGE


class CardGameAdapter:
    """lama and komarami; kadabra extends it."""

    hides_cards = True  # other hands and the draw pile are hidden

    def check_cards(self, state) -> None:
        """Hands + draw pile + discard pile = the deck, kind by kind (during a round)."""
        if state.round < 0 or state.chance == "deal" or state.finished:
            return
        total = list(state.pile)
        for hand in state.hands:
            total = [t + h for t, h in zip(total, hand)]
        total = [t + d for t, d in zip(total, state.discard_pile)]
        assert total == list(state.game.deck), (total, state.game.deck)
        assert state.pile_size == sum(state.pile)
        assert state.hand_sizes == [sum(h) for h in state.hands]

    def check_points(self, before, after, events) -> None:
        """Points change only at scoring, by the penalties less the C5 return."""
        scored = [e for e in events if type(e).__name__ == "RoundScored"]
        if not scored:
            assert after.points == before.points
            return
        (r,) = scored
        assert list(r.scores) == after.points
        assert [b + p - ret for b, p, ret in zip(before.points, r.penalties, r.returned)] == after.points

    def resample_hidden(self, state, seat, rng):
        """Deal the cards `seat` cannot see (other hands, the pile) anew, keeping sizes."""
        new = state.clone()
        table = state.game.kinds
        others = [s for s in range(state.n) if s != seat]
        pool = list(table.codes_of(state.pile))
        for s in others:
            pool += table.codes_of(state.hands[s])
        rng.shuffle(pool)
        at = 0
        for s in others:
            size = state.hand_sizes[s]
            new.hands[s] = table.counts_of(pool[at:at + size])
            at += size
        new.pile = table.counts_of(pool[at:])
        return new

    def candidate_actions(self, state, rng) -> list:
        """A broad set of actions, legal or not, to probe `apply` with."""
        codes = state.game.kinds.codes
        actions = [DRAW, QUIT, SKIP, TAKE_STAGE, ROLL]
        for code in codes + ("2/3", "9", "x"):
            actions.append(play(code))
            actions.append(play(code, give=rng.randrange(-1, state.n + 1)))
            actions.append(take(code))
            actions.append(discard((code,)))
        return actions

    def chance_probes(self, state) -> list:
        """Outcomes that should be rejected at a chance node (or may be legal)."""
        return ["9", None, ("1", "2", "3"), "L", "1"]


class KadabraAdapter(CardGameAdapter):
    """kadabra: chips also move during a round (K4 gifts, K8 stage, K9 take); lama and komarami
    with `lachen` too (LL1, LL2: the stage alone)."""

    def check_points(self, before, after, events) -> None:
        """Replay the chip flows the events announce; points and stage must match exactly.

        Within a round, points + stage value is constant (a gift or a staged chip
        only moves value; a take moves the stage into points); at scoring the
        total changes by the penalties (C7 + K11's 10) less the C5 return.
        """
        points = list(before.points)
        whites, blacks = before.stage_whites, before.stage_blacks
        magic = getattr(before, "magic_chip", None)  # lachen (LL): a stage, no magic chip
        for e in events:
            name = type(e).__name__
            if name == "ChipGiven":
                value = {"white": 1, "black": 10, "magic": 0}[e.chip]
                points[e.seat] -= value
                points[e.to] += value
                if e.chip == "magic":
                    assert magic == e.seat
                    magic = e.to
            elif name == "ChipStaged":
                value = 1 if e.chip == "white" else 10
                points[e.seat] -= value
                whites, blacks = whites + (value == 1), blacks + (value == 10)
                assert e.stage == (whites, blacks)
            elif name == "StageTaken":
                assert (e.whites, e.blacks) == (whites, blacks) and whites + blacks >= 5
                points[e.seat] += whites + 10 * blacks
                whites = blacks = 0
            elif name in ("MagicChipTaken", "Skipped", "MagicChipScored"):
                magic = e.seat if name == "MagicChipTaken" else None
            elif name == "RoundScored":
                points = [p + pen - ret for p, pen, ret in zip(points, e.penalties, e.returned)]
                assert list(e.scores) == points
        assert points == after.points and min(points) >= 0
        assert (whites, blacks) == (after.stage_whites, after.stage_blacks)
        assert magic == getattr(after, "magic_chip", None)


class DiceAdapter(CardGameAdapter):
    """dice: displays, row and discards are public; only the undealt cards are hidden,
    and they are fixed by the public deal, so there is nothing to resample."""

    hides_cards = False

    def check_cards(self, state) -> None:
        """Displays + discarded + llama row + undealt = 36 player cards + 7 row cards, kind by kind."""
        if state.round < 0 or state.chance == "deal" or state.finished:
            return
        total = [r + u + d for r, u, d in zip(state.row, state.undealt, state.discard_pile)]
        for display in state.displays:
            total = [t + c for t, c in zip(total, display)]
        assert total == [d + r for d, r in zip(state.game.deck, state.game.row)], total
        assert state.hand_sizes == [sum(d) for d in state.displays]
        assert state.row_size == sum(state.row)

    def check_points(self, before, after, events) -> None:
        """Points change by a D3a return during a round, and by penalties less C5 at scoring."""
        points = list(before.points)
        for e in events:
            name = type(e).__name__
            if name == "ChipReturned" and e.rule == "D3a":
                assert e.points in (1, 10)
                points[e.seat] -= e.points
            elif name == "RoundScored":
                points = [p + pen - ret for p, pen, ret in zip(points, e.penalties, e.returned)]
                assert list(e.scores) == points
        assert points == after.points and min(points) >= 0

    def resample_hidden(self, state, seat, rng):
        return state.clone()

    def chance_probes(self, state) -> list:
        return ["9", None, ("1", "2"), ("9", "L", "L"), [["L"], "L", "L"], ("L", "L", "L"), ("1", "3", "5")]


ADAPTERS: dict[str, CardGameAdapter] = {
    "lama": CardGameAdapter(),
    "komarami": CardGameAdapter(),
    "kadabra": KadabraAdapter(),
    "dice": DiceAdapter(),
    "party": CardGameAdapter(),  # P1-P5: points move only at scoring, as in lama
    "lama+lachen": KadabraAdapter(),  # LL1, LL2
    "komarami+lachen": KadabraAdapter(),
}


def adapter_for(game_id: str):
    assert game_id in ADAPTERS, f"no conformance adapter for {game_id}: add one in tests/conformance/adapters.py"
    return ADAPTERS[game_id]


def snapshot(state) -> dict:
    """Every field of a state, copied, for 'nothing changed' checks."""
    import copy

    fields = {}
    for cls in type(state).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name != "game" and hasattr(state, name):
                fields[name] = copy.deepcopy(getattr(state, name))
    if hasattr(state, "__dict__"):
        fields.update({k: copy.deepcopy(v) for k, v in vars(state).items() if k != "game"})
    return fields


__all__ = ["ADAPTERS", "CardGameAdapter", "CardState", "adapter_for", "snapshot"]
