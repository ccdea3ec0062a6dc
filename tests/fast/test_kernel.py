"""The kernels' generator (lama.fast.kernel): what the search bots and the engine draw with."""

from collections import Counter

from lama.fast.kernel import KernelRandom, array, below


def test_kernel_generator_is_uniform_on_small_ranges():
    r = array([0, 1, 2, 3, 4])  # a generator at r[1:5]: the offset is honoured
    for n in (2, 3, 7):
        counts = Counter(below(r, 1, n) for _ in range(7000))
        assert set(counts) == set(range(n))
        chi2 = sum((c - 7000 / n) ** 2 / (7000 / n) for c in counts.values())
        assert chi2 < 25  # far beyond the 0.999 quantile for 6 degrees of freedom (22.5)
    assert r[0] == 0


def test_kernel_random_draws_what_the_kernels_draw():
    words = [5, 6, 7, 8]
    rng, r = KernelRandom(words), array(words)
    assert [rng.randrange(n) for n in range(1, 40)] == [below(r, 0, n) for n in range(1, 40)]
