"""What every compiled kernel shares: numba's `njit` (or, without it, plain Python), array
constructors, and the kernels' random generator.

With numba (the optional `fast` extra) the kernels are compiled to machine code and work on
numpy int64 arrays. Without it, or with the environment variable LAMA_NUMBA=0, the very same
functions run as plain Python on lists (faster than numpy arrays there) and give exactly the
same results, because every random number comes from the generator below (xoshiro128**, in
32-bit steps that Python and numba compute alike). Kernels therefore never allocate: the
caller passes every array they work in. The small kernels of every decision (legal actions,
applying one, chance, turn order) say inline="always": a call from kernel to kernel costs about
as much as their work, and inlined they compile into the caller's loop. The compiled code is
cached on disk under a key of every source the kernels are built from (jitcache).
"""

from __future__ import annotations

import os

COMPILED = False
if os.environ.get("LAMA_NUMBA", "1") != "0":
    try:
        import numpy
        from numba import njit as _numba_njit

        COMPILED = True
    except ImportError:
        pass

if COMPILED:
    from numba import prange  # a loop whose passes run on numba's threads (njit(parallel=True))

    from .jitcache import use_keyed_cache

    use_keyed_cache()  # numba's cache keyed on every source of the kernels, before the first is decorated

    def njit(*args, **kwargs):
        """numba's njit without its reference counting (NRT): kernels never allocate, and the
        counts cost an atomic increment and decrement of every array passed at every call of a
        kernel by a kernel (W1 ran at 0.6 of its speed with them). A kernel that must allocate
        says _nrt=True."""
        kwargs.setdefault("_nrt", False)
        return _numba_njit(*args, **kwargs)

    def array(values):
        return numpy.array(values, dtype=numpy.int64)

    def float_array(values):
        return numpy.array(values, dtype=numpy.float64)

    def zeros(n: int):
        return numpy.zeros(n, dtype=numpy.int64)  # not numpy.array([0] * n): a large one in microseconds

    def float_zeros(n: int):
        return numpy.zeros(n, dtype=numpy.float64)

    def zeros_rows(rows: int, n: int):
        return numpy.zeros((rows, n), dtype=numpy.int64)

    def float_zeros_rows(rows: int, n: int):
        return numpy.zeros((rows, n), dtype=numpy.float64)
else:
    def njit(*args, **kwargs):  # noqa: F811 - the same code as Python
        if args and callable(args[0]):
            return args[0]
        return lambda f: f

    prange = range

    def array(values):
        return list(values)

    def float_array(values):
        return [float_array(v) if isinstance(v, list) else float(v) for v in values]

    def zeros(n: int):
        return [0] * n

    def float_zeros(n: int):
        return [0.0] * n

    def zeros_rows(rows: int, n: int):
        return [[0] * n for _ in range(rows)]

    def float_zeros_rows(rows: int, n: int):
        return [[0.0] * n for _ in range(rows)]


M32 = 0xFFFFFFFF


# -- the generator: xoshiro128** (Blackman and Vigna), state in 4 elements of an array --------

@njit(cache=True)
def next32(r, at):
    """The next 32-bit number of the generator held in r[at:at + 4]."""
    s0, s1, s2, s3 = r[at], r[at + 1], r[at + 2], r[at + 3]
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
    r[at], r[at + 1], r[at + 2], r[at + 3] = s0, s1, s2, s3
    return result


@njit(cache=True)
def below(r, at, n):
    """A random integer in [0, n) from the generator at r[at:at + 4] (n small: the bias of the
    multiply-shift is below 2^-26)."""
    return (next32(r, at) * n) >> 32


def words_of(seed: int) -> list[int]:
    """Four nonzero 32-bit words for a kernel generator from any integer seed (splitmix64:
    nearby seeds give unrelated streams). Python, not compiled: seeding is a driver's job."""
    z = seed & 0xFFFFFFFFFFFFFFFF
    words = []
    for _ in range(4):
        z = (z + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        x = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 31
        words.append((x & M32) | 1)
    return words


def seed_words(rng) -> list[int]:
    """Four nonzero 32-bit words from a random.Random (a bot's own generator)."""
    return [rng.getrandbits(32) | 1 for _ in range(4)]


class KernelRandom:
    """The kernels' generator with the methods the core's chance sampling uses (`randrange`,
    `choice`), so that the core can be driven by the same numbers."""

    def __init__(self, words):
        self.r = array([w & M32 for w in words])

    def randrange(self, n):
        return below(self.r, 0, n)

    def choice(self, seq):
        return seq[below(self.r, 0, len(seq))]
