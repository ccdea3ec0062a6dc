"""Whole games in compiled code, a policy per seat (lama.bots.compiled.policies): the statistics
at scale of `lama strength` and `lama tournament` when every bot has a compiled twin.

    batch = Batch(game, seeds, seat_policies)   # seat_policies: a policy id per seat per game
    batch.play(threads=1)
    batch.points(i), batch.winners(i), batch.rounds(i), batch.decisions(i)

Game i is a function of its seed alone, as a game of the Python driver (lama.match) is:
each round's deal, draws and rolls come from a generator of their own, seeded from the game's
seed and the round number, so every seating of a tournament's deal meets the same cards and
the same draws; each seat's policy has its own generator, seeded from the seed and the seat.
(The streams are not the Python driver's: the same seed gives other games than the core's,
with the same distribution.)
"""

from __future__ import annotations

import time

from lama.bots.compiled import policies
from lama.fast import layout as L
from lama.fast.family import apply_action, new_game, resolve_chance
from lama.fast.kernel import M32, array, float_zeros_rows, next32, njit, prange, zeros, zeros_rows
from lama.fast.layout import CHANCE, DEAL, FINISHED, N_MAX, NO_CHANCE, POINTS, R_N, RNG, ROUND, TO_MOVE, WINNERS
from lama.fast.rules import rules_of

# a game's results: per seat its final points and its decisions; the winners (a bit per
# seat) and the rounds played
OUT_POINTS = 0
OUT_DECISIONS = N_MAX
OUT_WINNERS = 2 * N_MAX
OUT_ROUNDS = 2 * N_MAX + 1
OUT_SIZE = 2 * N_MAX + 2

# the generators a game's driver owns: the chance stream (a round's generator is seeded from
# its next four words), then one per seat for its policy
GEN_CHANCE = 0
GEN_SEATS = 4
GEN_SIZE = 4 + 4 * N_MAX


@njit(cache=True)
def mul32(x, c):
    """x * c mod 2^32, for x, c < 2^32, without a product beyond 2^48 (int64 in numba)."""
    return ((((x * (c >> 16)) & 0xFFFF) << 16) + x * (c & 0xFFFF)) & M32


@njit(cache=True)
def mix32(x):
    """A bijective 32-bit mixer (lowbias32): nearby inputs give unrelated outputs."""
    x ^= x >> 16
    x = mul32(x, 0x7FEB352D)
    x ^= x >> 15
    x = mul32(x, 0x846CA68B)
    x ^= x >> 16
    return x


@njit(cache=True)
def seed_stream(gen, at, seed, stream):
    """Seed the generator gen[at:at + 4] from a game's seed (0 <= seed < 2^63) and a stream
    number: every (seed, stream) its own generator."""
    for i in range(4):
        h = mix32((stream * 4 + i + 0x9E3779B9) & M32)
        h = mix32(h ^ (seed >> 32))
        gen[at + i] = mix32(h ^ (seed & M32)) | 1


@njit(cache=True)
def play_game(ru, seed, seats, sat, out, oat, st, gen, legal, scratch, memo):
    """Play one whole game seeded `seed`, seat s played by policy seats[sat + s]; its results
    into out[oat:oat + OUT_SIZE]. st, gen, legal, scratch and memo are working memory."""
    n = ru[R_N]
    start_game(ru, seed, st, gen)
    for s in range(n):
        out[oat + OUT_DECISIONS + s] = 0
    while not st[FINISHED]:
        seat = step(ru, seats, sat, st, gen, legal, scratch, memo)
        if seat >= 0:
            out[oat + OUT_DECISIONS + seat] += 1
    for s in range(n):
        out[oat + OUT_POINTS + s] = st[POINTS + s]
    out[oat + OUT_WINNERS] = st[WINNERS]
    out[oat + OUT_ROUNDS] = st[ROUND] + 1


@njit(cache=True)
def start_game(ru, seed, st, gen):
    """A new game in st, its chance stream and its seats' generators seeded from `seed`."""
    seed_stream(gen, GEN_CHANCE, seed, 0)
    for s in range(ru[R_N]):
        seed_stream(gen, GEN_SEATS + 4 * s, seed, 1 + s)
    new_game(st, ru)


@njit(cache=True)
def step(ru, seats, sat, st, gen, legal, scratch, memo):
    """Resolve what chance has pending, or let the seat to move decide (policy seats[sat +
    seat]) and apply its action; returns that seat, or -1 for chance."""
    if st[CHANCE] == DEAL:  # a new round, a new generator for its chance (duplicate deals)
        for i in range(4):
            st[RNG + i] = next32(gen, GEN_CHANCE) | 1
        resolve_chance(st, ru)
        return -1
    if st[CHANCE] != NO_CHANCE:
        resolve_chance(st, ru)
        return -1
    seat = st[TO_MOVE]
    action = policies.choose(st, ru, seats[sat + seat], gen, GEN_SEATS + 4 * seat, legal, scratch, memo)
    apply_action(st, ru, action)
    return seat


@njit(cache=True, parallel=True)
def play_games(ru, seeds, seats, out, states, gens, legals, scratches, memos):
    """Play game i = 0 .. len(seeds) - 1 seeded seeds[i], its seat s played by policy
    seats[i * N_MAX + s], results into out[i * OUT_SIZE:]; the games split into as many
    shares as `states` has rows, played on numba's threads (one row of working memory each)."""
    games = len(seeds)
    shares = len(states)
    for c in prange(shares):
        st, gen, legal, scratch, memo = states[c], gens[c], legals[c], scratches[c], memos[c]
        for i in range(games * c // shares, games * (c + 1) // shares):
            play_game(ru, seeds[i], seats, i * N_MAX, out, i * OUT_SIZE, st, gen, legal, scratch, memo)


@njit(cache=True)
def seat_tally(out, games, players, first):
    """Batch.seat_tally's sums over games 0 .. games - 1 of `out`."""
    wins = sole = mine = every = 0
    for i in range(games):
        at = i * OUT_SIZE
        seat = (first + i) % players
        bits = out[at + OUT_WINNERS]
        wins += (bits >> seat) & 1
        sole += 1 if bits == 1 << seat else 0
        mine += out[at + OUT_DECISIONS + seat]
        for s in range(players):
            every += out[at + OUT_DECISIONS + s]
    return wins, sole, mine, every


class Batch:
    """Games of one game (its players and options) to play in compiled code: seeds[i] is game
    i's seed, seats[i] its policy ids per seat (policies.RANDOM, HEURISTIC, EASY)."""

    def __init__(self, game, seeds, seats):
        self.game = game
        self.players = game.players
        self.seeds = list(seeds)
        flat = [0] * (len(self.seeds) * N_MAX)
        for i, row in enumerate(seats):
            flat[i * N_MAX:i * N_MAX + self.players] = row
        self.seats = array(flat)
        self._raw = self._out = None
        self.elapsed = 0.0

    def play(self, threads: int = 1) -> Batch:
        games = len(self.seeds)
        shares = max(1, min(threads, games))
        ru = rules_of(self.game)
        out = zeros(games * OUT_SIZE)
        rows = [zeros_rows(shares, size)  # working memory: a row per share
                for size in (L.STATE_SIZE, GEN_SIZE, policies.LEGAL_SIZE, policies.SCRATCH_SIZE)]
        rows.append(float_zeros_rows(shares, policies.MEMO_SIZE))
        seeds = array([s & (2 ** 63 - 1) for s in self.seeds])
        start = time.perf_counter()
        if games:
            set_threads(shares)
            play_games(ru, seeds, self.seats, out, *rows)
        self.elapsed = time.perf_counter() - start
        self._raw, self._out = out, None
        return self

    @property
    def out(self) -> list[int]:
        """The results of every game (OUT_*) as Python integers, made when first asked for."""
        if self._out is None:
            self._out = [int(v) for v in self._raw]
        return self._out

    def seat_tally(self, first: int) -> tuple[int, int, int, int]:
        """With one bot in seat (first + i) mod players of game i (`lama strength`'s rotation):
        its wins, its sole wins, its decisions, and every seat's decisions, summed in compiled
        code (a million games are too many for Python)."""
        return tuple(int(v) for v in seat_tally(self._raw, len(self.seeds), self.players, first))

    def _at(self, i: int, field: int) -> int:
        return i * OUT_SIZE + field

    def points(self, i: int) -> list[int]:
        at = self._at(i, OUT_POINTS)
        return self.out[at:at + self.players]

    def decisions(self, i: int) -> list[int]:
        at = self._at(i, OUT_DECISIONS)
        return self.out[at:at + self.players]

    def winners(self, i: int) -> tuple[int, ...]:
        bits = self.out[self._at(i, OUT_WINNERS)]
        return tuple(s for s in range(self.players) if bits >> s & 1)

    def rounds(self, i: int) -> int:
        return self.out[self._at(i, OUT_ROUNDS)]


def set_threads(threads: int) -> None:
    """Use up to `threads` of numba's threads (no more than it has)."""
    try:
        import numba
    except ImportError:
        return
    from lama.fast.kernel import COMPILED
    if COMPILED:
        numba.set_num_threads(max(1, min(threads, numba.config.NUMBA_NUM_THREADS)))
