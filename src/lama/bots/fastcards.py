"""The rollout search for the card games as one compiled loop (the `hard` bot's hot path).

`evaluate_cards` does what `rollout.evaluate_actions` does with the default policy (sample a
deal of the unseen cards, apply each legal action, play the round out with `fast_action`,
score it with `round_values`, sequential halving over the actions), but on flat integer
arrays, so that numba compiles it to machine code: about thirty times the playouts per second
of the Python loop, which buys the search a larger budget for less time.

Without numba (it is the optional `fast` extra) the very same functions run as plain Python
on lists: slower, with exactly the same results, because every random number comes from the
small generator below (xoshiro128**, in 32-bit steps that Python and numba compute alike).

Layout: a hand is K counts (K kinds, table order); all hands are one array of n * K counts,
seat s at s * K. An action is a kind (play), DRAW, QUIT, or in kadabra SKIP, TAKE_STAGE, or a
played 1 with its receiver (`action_code`). Kadabra's card effects are data (`Tables`): with
them switched off the same loop plays lama and komarami.
"""

from __future__ import annotations

import math

from lama.games import game_of
from lama.games.kadabra import SHOW_CHIPS

from .determinize import CannotDeterminize, unseen_pool
from .heuristic_cards import QUIT_GAP, QUIT_LATE, QUIT_PER_CARD, QUIT_SMALL
from .values import BIN, temperatures

try:
    import numpy
    from numba import njit

    COMPILED = True

    def _array(values):
        return numpy.array(values, dtype=numpy.int64)

    def _float_array(values):
        return numpy.array(values, dtype=numpy.float64)
except ImportError:  # the same code as Python, on lists (faster than numpy arrays there)
    COMPILED = False

    def njit(*args, **kwargs):
        if args and callable(args[0]):
            return args[0]
        return lambda f: f

    def _array(values):
        return list(values)

    def _float_array(values):
        return [float(v) for v in values]


def _floats(n):
    return _float_array([0.0] * n)


def _zeros(n):
    return _array([0] * n)


DRAW = -1
QUIT = -2
SKIP = -3  # K7
TAKE_STAGE = -4  # K9
M32 = 0xFFFFFFFF


# -- the generator: xoshiro128** (Blackman and Vigna), state in a 4-element array -------------

@njit(cache=True)
def _next32(r):
    s0, s1, s2, s3 = r[0], r[1], r[2], r[3]
    x = (s1 * 5) & M32
    x = ((x << 7) | (x >> 25)) & M32
    result = (x * 9) & M32
    t = (s1 << 9) & M32
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = ((s3 << 11) | (s3 >> 21)) & M32
    r[0], r[1], r[2], r[3] = s0, s1, s2, s3
    return result


@njit(cache=True)
def _below(r, n):
    """A random integer in [0, n) (n small: the bias of the multiply-shift is below 2^-26)."""
    return (_next32(r) * n) >> 32


class KernelRandom:
    """The kernel's generator with the methods the core's chance sampling uses (`randrange`,
    and `choice` for a die), so the core can be driven by the same numbers (the differential
    tests)."""

    def __init__(self, words):
        self.r = _array([w & M32 for w in words])

    def randrange(self, n):
        return _below(self.r, n)

    def choice(self, seq):
        return seq[_below(self.r, len(seq))]


def seed_words(rng) -> list[int]:
    """Four nonzero 32-bit words from a random.Random (the bot's own generator)."""
    return [rng.getrandbits(32) | 1 for _ in range(4)]


# -- the card table as arrays --------------------------------------------------------------

class Tables:
    """A card game's lookups as flat arrays for the kernel (built once per game and table).

    `arrays` and `scalars` are passed to the kernels in that order. In a game with card effects
    (`CardGame.card_effects`: kadabra), `one` and `llama_kind` are the kinds whose play moves
    chips (K4, K8), and `star` and `rect` mark the kinds with a symbol (K6, K5); elsewhere they
    are -1 and all zero: no card effects. (Dice uses the penalty arrays only.)"""

    cache: dict = {}

    def __new__(cls, game, array):
        table = game.table
        effects = getattr(game, "card_effects", False)
        key = (effects, id(table), array)
        tables = cls.cache.get(key)
        if tables is None:
            tables = object.__new__(cls)
            k = table.size
            cards = table.cards
            # play_on[t * K + i]: the i-th kind playable on t (play_n[t] of them), in table order
            play_on, play_n, same, same_n = [0] * (k * k), [0] * k, [0] * (k * k), [0] * k
            for t in range(k):
                for i, kind in enumerate(table.playable_on[t]):
                    play_on[t * k + i] = kind
                play_n[t] = len(table.playable_on[t])
                shared = [s for s, card in enumerate(cards) if card.values & cards[t].values]
                for i, kind in enumerate(shared):
                    same[t * k + i] = kind
                same_n[t] = len(shared)
            llama = [1 if card.is_llama else 0 for card in cards]
            # number values as bit masks; mask_sum[m]: the sum of the values in mask m (C7)
            masks = [0 if card.is_llama else sum(1 << v for v in card.values) for card in cards]
            mask_sum = [sum(v for v in range(1, 7) if m & (1 << v)) for m in range(128)]
            width = [len(card.values) for card in cards]
            star = [int(effects and card.symbol == "*") for card in cards]  # K6
            rect = [int(effects and card.symbol == "+") for card in cards]  # K5
            tables.k = k
            tables.llama_each = 1 if table.llama_each else 0
            tables.arrays = tuple(
                array(a) for a in (play_on, play_n, same, same_n, llama, masks, mask_sum, width, star, rect)
            )
            one, llama_kind = (table.index["1"], table.index["L"]) if effects else (-1, -1)  # K4, K8
            tables.scalars = (tables.llama_each, one, llama_kind)
            cls.cache[key] = tables
        return tables


# -- the playout ----------------------------------------------------------------------------

@njit(cache=True)
def _penalty(hands, at, k, llama, masks, mask_sum, llama_each):
    """C7 for the hand at hands[at:at + k]."""
    mask = 0
    llamas = 0
    for kind in range(k):
        c = hands[at + kind]
        if c:
            if llama[kind]:
                llamas += c
            else:
                mask |= masks[kind]
    if llamas and not llama_each:
        llamas = 1
    return mask_sum[mask] + 10 * llamas


@njit(cache=True)
def _first_held(counts, kinds, start, n):
    """The first of kinds[start:start + n] with a card in `counts` (-1: none)."""
    for i in range(start, start + n):
        if counts[kinds[i]]:
            return kinds[i]
    return -1


@njit(cache=True)
def _run_length(hands, at, k, top, scratch, play_on, play_n, same, same_n):
    """rollout.run_length: how many cards of the hand could follow in a row on `top`."""
    for kind in range(k):
        scratch[kind] = hands[at + kind]
    played = 0
    while True:
        pick = _first_held(scratch, same, top * k, same_n[top])
        if pick < 0:
            pick = _first_held(scratch, play_on, top * k, play_n[top])
        if pick < 0:
            return played
        scratch[pick] -= 1
        played += 1
        top = pick


@njit(cache=True)
def _next_in(seat, quit, n):
    """C1: the next seat after `seat` that has not quit."""
    seat = (seat + 1) % n
    while quit[seat]:
        seat = (seat + 1) % n
    return seat


@njit(cache=True)
def _policy(seat, hands, sizes, quit, points, magic, show, n, k, top, pile_size, n_in, scratch,
            play_on, play_n, same, same_n, llama, masks, mask_sum, width, llama_each, one, llama_kind):
    """rollout.fast_action: in a show an L, else skip, else take the stage (K9); otherwise the
    heuristic's play (a 1 gives to the seat still in with the fewest points, K4), else skip (K7),
    else draw or quit."""
    at = seat * k
    if show:
        if hands[at + llama_kind]:
            return llama_kind
        return SKIP if magic == seat else TAKE_STAGE
    now = _penalty(hands, at, k, llama, masks, mask_sum, llama_each)
    best = -1
    b_empty, b_run, b_shed, b_width = 0, 0, 0, 0
    for i in range(play_n[top]):
        kind = play_on[top * k + i]
        if not hands[at + kind]:
            continue
        hands[at + kind] -= 1
        empty = 1 if sizes[seat] == 1 else 0
        run = _run_length(hands, at, k, kind, scratch, play_on, play_n, same, same_n)
        shed = now - _penalty(hands, at, k, llama, masks, mask_sum, llama_each)
        hands[at + kind] += 1
        w = -width[kind]
        if best < 0 or (empty, run, shed, w) > (b_empty, b_run, b_shed, b_width):
            best, b_empty, b_run, b_shed, b_width = kind, empty, run, shed, w
    if best >= 0:
        if best == one and (points[seat] > 0 or magic == seat):
            to = -1
            for s in range(n):
                if s != seat and not quit[s] and (to < 0 or points[s] < points[to]):
                    to = s
            if to >= 0:
                return best + k * (to + 1)
        return best
    if magic == seat:
        return SKIP
    if pile_size == 0 or n_in == 1:
        return QUIT
    # rollout.should_quit
    size = sizes[seat]
    if now <= QUIT_PER_CARD * size:
        return QUIT
    fewest = 1 << 30
    others = 0
    for s in range(n):
        if s != seat and not quit[s]:
            others += 1
            if sizes[s] < fewest:
                fewest = sizes[s]
    if now <= QUIT_SMALL and fewest + QUIT_GAP <= size:
        return QUIT
    if pile_size <= others and now <= QUIT_LATE:
        return QUIT
    return DRAW


@njit(cache=True)
def _draw(seat, hands, sizes, pile, pile_size, k, r):
    """A card drawn uniformly from the pile into the seat's hand (as CardState.sample_chance)."""
    x = _below(r, pile_size)
    kind = 0
    while x >= pile[kind]:
        x -= pile[kind]
        kind += 1
    pile[kind] -= 1
    hands[seat * k + kind] += 1
    sizes[seat] += 1


@njit(cache=True)
def _playout(first, seat, hands, sizes, pile, quit, points, chips, n, k, top, pile_size, n_in, r, scratch,
             play_on, play_n, same, same_n, llama, masks, mask_sum, width, star, rect, llama_each, one, llama_kind):
    """Apply `first` for `seat`, then play the round out; returns (ended by an empty hand, ender).
    `chips` holds kadabra's magic chip (its seat, -1: the centre) and the stage's whites and blacks."""
    magic, whites, blacks = chips[0], chips[1], chips[2]
    action = first
    while True:
        at = seat * k
        again = False  # the same seat moves again (after taking the stage, or a forced draw)
        if action >= 0:  # play (L3), then the card's effect (K10)
            kind = action % k
            give = action // k - 1
            hands[at + kind] -= 1
            sizes[seat] -= 1
            top = kind
            if kind == one:  # K4
                if give >= 0:
                    if points[seat] % 10:
                        points[seat] -= 1
                        points[give] += 1
                    elif magic == seat:
                        magic = give
                    else:
                        points[seat] -= 10
                        points[give] += 10
            elif kind == llama_kind:  # K8
                if points[seat] % 10:
                    points[seat] -= 1
                    whites += 1
                elif points[seat]:
                    points[seat] -= 10
                    blacks += 1
            elif star[kind]:  # K6
                magic = seat
            if sizes[seat] == 0:
                chips[0], chips[1], chips[2] = magic, whites, blacks
                return True, seat
            if rect[kind] and pile_size:  # K5: the next seat still in draws first, then moves
                nxt = _next_in(seat, quit, n)
                if nxt != seat:
                    _draw(nxt, hands, sizes, pile, pile_size, k, r)
                    pile_size -= 1
                    seat = nxt
                    again = True
        elif action == DRAW:
            _draw(seat, hands, sizes, pile, pile_size, k, r)
            pile_size -= 1
        elif action == QUIT:
            quit[seat] = 1
            n_in -= 1
            if n_in == 0:
                chips[0], chips[1], chips[2] = magic, whites, blacks
                return False, seat
        elif action == SKIP:  # K7
            magic = -1
        else:  # K9: take the stage, then a normal turn
            points[seat] += whites + 10 * blacks
            whites = blacks = 0
            again = True
        if not again:
            seat = _next_in(seat, quit, n)
        action = _policy(seat, hands, sizes, quit, points, magic, whites + blacks >= SHOW_CHIPS, n, k, top,
                         pile_size, n_in, scratch, play_on, play_n, same, same_n, llama, masks, mask_sum, width,
                         llama_each, one, llama_kind)


@njit(cache=True)
def _highest_chip(points):
    """C3: the value of a seat's highest chip (0: it holds none)."""
    return 10 if points >= 10 else (1 if points >= 1 else 0)


@njit(cache=True)
def _score(me, empty, ender, hands, points, n, k, target, temps, llama, masks, mask_sum, llama_each):
    """C5-C7 on `points` (in place), then rollout.round_values for seat `me` (values.py)."""
    for s in range(n):
        points[s] += _penalty(hands, s * k, k, llama, masks, mask_sum, llama_each)
    if empty:  # C5: the ender returns its highest chip
        points[ender] -= _highest_chip(points[ender])
    low = points[0]
    high = points[0]
    for s in range(1, n):
        low = min(low, points[s])
        high = max(high, points[s])
    if high >= target:  # C6: the game is over; a tie shares the win
        if points[me] != low:
            return 0.0
        winners = 0
        for s in range(n):
            if points[s] == low:
                winners += 1
        return 1.0 / winners
    t = temps[min(max(target - high - 1, 0), BIN * len(temps) - 1) // BIN]  # values.temperature_bin
    total = 0.0
    for s in range(n):
        total += math.exp((low - points[s]) / t)
    return math.exp((low - points[me]) / t) / total


@njit(cache=True)
def _fits(kind, mask, limit, numbers, llamas, llama, masks, mask_sum, llama_each):
    """May a slot with `mask`, of a seat whose penalty must stay within `limit` (-1: any) and
    that holds `numbers` (a value mask) and `llamas` so far, get a card of `kind`?"""
    if (mask >> kind) & 1:
        return False
    if limit < 0:
        return True
    count = llamas + llama[kind]
    if count > 1 and not llama_each:
        count = 1
    return mask_sum[numbers | masks[kind]] + 10 * count <= limit


@njit(cache=True)
def _deal(r, me, n, k, hand, pool, slot_seat, slot_mask, bound, deck, world_hands, world_pile,
          dealt_mask, dealt_llamas, llama, masks, mask_sum, llama_each):
    """Deal the unseen cards `pool`: card slot i of the other seats (seat `slot_seat[i]`) gets a
    card whose kind is not in the bit mask `slot_mask[i]`, and keeps its seat's penalty within
    `bound[seat]` (-1: any); the rest is the draw pile; `me` holds `hand`. Slots are filled in
    order (most constrained first), each with a card drawn uniformly among those left that it
    allows; with no masks and no bounds that is a uniform deal. If the constraints cannot all be
    met (a seat did not play as inferred), the deal ignores them."""
    u = len(pool)
    m = len(slot_seat)
    ok = False
    for attempt in range(2):
        for i in range(u):
            deck[i] = pool[i]
        for s in range(n):
            dealt_mask[s] = 0
            dealt_llamas[s] = 0
        ok = True
        for i in range(m):
            seat = slot_seat[i]
            mask = slot_mask[i] if attempt == 0 else 0
            limit = bound[seat] if attempt == 0 else -1
            if mask == 0 and limit < 0:
                j = i + _below(r, u - i)
            else:
                allowed = 0
                for j in range(i, u):
                    if _fits(deck[j], mask, limit, dealt_mask[seat], dealt_llamas[seat], llama, masks, mask_sum,
                             llama_each):
                        allowed += 1
                if allowed == 0:
                    ok = False
                    break
                pick = _below(r, allowed)
                j = i
                while True:
                    if _fits(deck[j], mask, limit, dealt_mask[seat], dealt_llamas[seat], llama, masks, mask_sum,
                             llama_each):
                        if pick == 0:
                            break
                        pick -= 1
                    j += 1
            deck[i], deck[j] = deck[j], deck[i]
            dealt_mask[seat] |= masks[deck[i]]
            dealt_llamas[seat] += llama[deck[i]]
        if ok:
            break
    for i in range(n * k):
        world_hands[i] = 0
    for kind in range(k):
        world_hands[me * k + kind] = hand[kind]
        world_pile[kind] = 0
    for i in range(m):
        world_hands[slot_seat[i] * k + deck[i]] += 1
    for i in range(m, u):
        world_pile[deck[i]] += 1


@njit(cache=True)
def evaluate_cards(me, n, k, hand, pool, slot_seat, slot_mask, bound, pile_size, top, quit0, points0, chips0,
                   target, temps, actions, samples, halving, r,
                   hands, sizes, pile, quit, points, chips, world_hands, world_pile, deck, scratch, order, play_r,
                   dealt_mask, dealt_llamas, count, total, total_sq, gained,
                   play_on, play_n, same, same_n, llama, masks, mask_sum, width, star, rect, llama_each, one,
                   llama_kind):
    """Flat Monte Carlo for seat `me` (to move) over `actions`, results in count/total/total_sq/
    gained (per action: playouts, sum and sum of squares of values, sum of points this round).
    `chips0`: kadabra's magic chip and stage (see `_playout`).

    `pool` lists the unseen cards (one kind per physical card); each sample deals them to the
    other seats' card slots (`_deal`) and the draw pile.
    Every alive action is played on the same deal with the same playout numbers.
    """
    alive = len(actions)
    phases = _phases(order, halving)
    n_in0 = 0
    for s in range(n):
        n_in0 += 1 - quit0[s]
    for phase in range(phases):
        per_arm = max(1, samples // (alive * phases))
        for _ in range(per_arm):
            _deal(r, me, n, k, hand, pool, slot_seat, slot_mask, bound, deck, world_hands, world_pile,
                  dealt_mask, dealt_llamas, llama, masks, mask_sum, llama_each)
            saved0, saved1, saved2, saved3 = _next32(r) | 1, _next32(r), _next32(r), _next32(r)
            for ai in range(alive):
                a = order[ai]
                _restart(n, k, hands, world_hands, sizes, quit, quit0, points, points0)
                for kind in range(k):
                    pile[kind] = world_pile[kind]
                for i in range(3):
                    chips[i] = chips0[i]
                play_r[0], play_r[1], play_r[2], play_r[3] = saved0, saved1, saved2, saved3
                empty, ender = _playout(actions[a], me, hands, sizes, pile, quit, points, chips, n, k, top, pile_size,
                                        n_in0, play_r, scratch, play_on, play_n, same, same_n, llama, masks, mask_sum,
                                        width, star, rect, llama_each, one, llama_kind)
                if chips[0] >= 0:  # K11: the magic chip's 10, before C5
                    points[chips[0]] += 10
                value = _score(me, empty, ender, hands, points, n, k, target, temps, llama, masks, mask_sum,
                               llama_each)
                _tally(a, value, points[me] - points0[me], count, total, total_sq, gained)
        if phase < phases - 1:
            alive = _keep_better_half(order, alive, total, count)


@njit(cache=True)
def _phases(order, halving):
    """Puts the actions in legal order (order[i] = i); returns sequential halving's number of
    rounds (ceil(log2) of the number of actions), or 1 without halving."""
    for i in range(len(order)):
        order[i] = i
    if halving:
        return max(1, int(math.ceil(math.log2(len(order)))))
    return 1


@njit(cache=True)
def _restart(n, k, hands, hands0, sizes, quit, quit0, points, points0):
    """A playout's seats as at its start: hands (or displays) from hands0, their sizes, quit, points."""
    for s in range(n):
        quit[s] = quit0[s]
        points[s] = points0[s]
        sizes[s] = 0
        for kind in range(k):
            hands[s * k + kind] = hands0[s * k + kind]
            sizes[s] += hands0[s * k + kind]


@njit(cache=True)
def _tally(a, value, gain, count, total, total_sq, gained):
    """One playout of action `a`: its value and the seat's points gained this round."""
    count[a] += 1
    total[a] += value
    total_sq[a] += value * value
    gained[a] += gain


@njit(cache=True)
def _keep_better_half(order, alive, total, count):
    """Sequential halving: order[:alive] (action numbers, in legal order) becomes the better
    half by mean value (ties: legal order), again in legal order; returns its size."""
    for i in range(1, alive):  # stable insertion sort by mean, best first
        j = i
        while j > 0 and total[order[j]] / count[order[j]] > total[order[j - 1]] / count[order[j - 1]]:
            order[j], order[j - 1] = order[j - 1], order[j]
            j -= 1
    alive = max(1, (alive + 1) // 2)
    for i in range(1, alive):  # back to legal order
        j = i
        while j > 0 and order[j] < order[j - 1]:
            order[j], order[j - 1] = order[j - 1], order[j]
            j -= 1
    return alive


# -- from a view ---------------------------------------------------------------------------

def card_slots(view, game, infer: bool) -> tuple[list[int], list[int], list[int]]:
    """Every card of the other seats as a slot (its seat, a mask of the kinds it cannot be),
    most constrained first, and each seat's bound on its hand's penalty (-1: none); with
    `infer`, as this round's moves suggest (`read_moves`)."""
    n = view.players
    others = [s for s in range(n) if s != view.seat]
    bound = [-1] * n
    slots = {s: [0] * view.hand_sizes[s] for s in others}
    if infer:
        inferred, inferred_bound = read_moves(view, game)
        for s in others:  # a log that does not fit the hand sizes says nothing
            if len(inferred[s]) == view.hand_sizes[s]:
                slots[s], bound[s] = inferred[s], inferred_bound[s]
    flat = sorted(((mask, s) for s in others for mask in slots[s]),
                  key=lambda x: (bound[x[1]] < 0, -x[0].bit_count(), x[1]))
    return [s for _, s in flat], [mask for mask, _ in flat], bound


def read_moves(view, game) -> tuple[dict[int, list[int]], list[int]]:
    """Each other seat's card slots (masks of the kinds each card cannot be) and penalty bound
    (-1: none), reading this round's moves (view.moves) as made by a seat that plays whenever
    it can and quits like the heuristic (heuristic_cards._should_quit), as most people do too:
    - a seat that drew or quit had no card playable on that top, so every card it held then
      excludes those kinds; a drawn card is free;
    - a played card leaves by the most constrained slot that allows it (which keeps what is
      still inferred cautious); a seat that played a card none of its slots allows did not
      play that way, and its masks are dropped;
    - a seat that quit while it could have drawn holds a hand whose penalty is within the
      heuristic's quitting bound at that moment (its size, the others' sizes, the pile); not in
      kadabra, where the stage moves that bound;
    - in kadabra, after a rectangle the next seat still in drew a card nobody saw (K5): a free slot.
    """
    table = game.table
    n = view.players
    bound = [-1] * n
    slots = {s: [0] * game.hand_size for s in range(n) if s != view.seat}
    sizes = [game.hand_size] * n
    pile = sum(game.deck) - n * game.hand_size - 1
    quit = [False] * n
    playable_mask = [sum(1 << kind for kind in table.playable_on[t]) for t in range(table.size)]
    effects = game.card_effects
    for seat, action, top in view.moves:
        held = slots.get(seat)
        kind = action.kind
        if kind == "play":
            sizes[seat] -= 1
            if effects and table.cards[table.index[action.card]].symbol == "+" and pile and sizes[seat]:
                forced = next((t % n for t in range(seat + 1, seat + n) if not quit[t % n]), None)
                if forced is not None:
                    sizes[forced] += 1
                    pile -= 1
                    if forced in slots:
                        slots[forced].append(0)
        elif kind == "draw":
            sizes[seat] += 1
            pile -= 1
        elif kind == "quit":
            if held is not None and not effects:
                bound[seat] = _quit_bound(seat, sizes, quit, pile)
            quit[seat] = True
        if held is None:
            continue
        if kind in ("draw", "quit"):
            excluded = playable_mask[table.index[top]]
            held[:] = [mask | excluded for mask in held] + ([0] if kind == "draw" else [])
        elif kind == "play":
            bit = 1 << table.index[action.card]
            fits = [i for i, mask in enumerate(held) if not mask & bit]
            if not fits:
                held[:] = [0] * len(held)
                fits = [0]
            if held:
                del held[max(fits, key=lambda i: (held[i].bit_count(), -i))]
    return slots, bound


def _quit_bound(seat: int, sizes: list[int], quit: list[bool], pile: int) -> int:
    """The largest penalty with which heuristic_cards._should_quit quits (-1: it had to quit)."""
    others_in = [s for s in range(len(sizes)) if s != seat and not quit[s]]
    if not pile or not others_in:
        return -1
    size = sizes[seat]
    bound = QUIT_PER_CARD * size
    if min(sizes[s] for s in others_in) + QUIT_GAP <= size:
        bound = max(bound, QUIT_SMALL)
    if pile <= len(others_in):
        bound = max(bound, QUIT_LATE)
    return bound


def action_code(table, action) -> int:
    """An action as the kernel codes it: a kind (play; a 1 that gives adds k * (receiver + 1)),
    DRAW, QUIT, SKIP or TAKE_STAGE."""
    kind = action.kind
    if kind == "play":
        give = -1 if action.give is None else action.give
        return table.index[action.card] + table.size * (give + 1)
    return {"draw": DRAW, "quit": QUIT, "skip": SKIP, "take_stage": TAKE_STAGE}[kind]


def evaluate_view(view, rng, samples: int, halving: bool, infer: bool = False):
    """`rollout.evaluate_actions` for a view of a card game with the default policy (the card
    games' Game.compiled_search): a list of (action, (playouts, sum of values, sum of squared
    values, sum of points this round)). With `infer`, the deals follow what the other seats'
    draws say about their hands (`card_slots`); without, they are uniform among the deals
    consistent with the view."""
    if view.to_move != view.seat or view.top is None:
        raise CannotDeterminize("the seat is not to move in a dealt round")
    game = game_of(view)
    table = game.table
    tables = Tables(game, _array)
    pool = unseen_pool(view, game)
    me, n, k = view.seat, view.players, table.size
    slot_seat, slot_mask, bound = card_slots(view, game, infer)
    actions = list(view.legal_actions)
    codes = [action_code(table, a) for a in actions]
    if game.card_effects:  # K2: the magic chip and the stage
        magic = -1 if view.magic_chip is None else view.magic_chip
        chips = [magic, *view.stage]
    else:
        chips = [-1, 0, 0]
    cards = [kind for kind, c in enumerate(pool) for _ in range(c)]
    a_n = len(actions)

    results = _results(a_n)
    evaluate_cards(
        # the position
        me, n, k, _array(table.counts_of(view.hand)), _array(cards), _array(slot_seat), _array(slot_mask),
        _array(bound), view.pile_size, table.index[view.top], _array([int(q) for q in view.quit]),
        _array(view.points), _array(chips), view.target, _float_array(temperatures(view.game, n)),
        # the search
        _array(codes), int(samples), bool(halving), _array(seed_words(rng)),
        # work space: a playout's hands, sizes, pile, quit, points, chips; a deal's hands, pile, deck;
        # run lengths; the actions' order; a playout's generator; a deal's masks and llamas
        _zeros(n * k), _zeros(n), _zeros(k), _zeros(n), _zeros(n), _zeros(3), _zeros(n * k), _zeros(k),
        _zeros(max(1, len(cards))), _zeros(k), _zeros(a_n), _zeros(4), _zeros(n), _zeros(n),
        *results,
        *tables.arrays, *tables.scalars,
    )
    return _estimates(actions, results)


def _results(a_n):
    """A search's result arrays, per action: playouts, sum of values, sum of squared values,
    sum of points this round."""
    return _zeros(a_n), _floats(a_n), _floats(a_n), _zeros(a_n)


def _estimates(actions, results):
    """Each action with its (playouts, sum of values, sum of squared values, sum of points)."""
    count, total, total_sq, gained = results
    return [(a, (int(count[i]), float(total[i]), float(total_sq[i]), int(gained[i]))) for i, a in enumerate(actions)]
