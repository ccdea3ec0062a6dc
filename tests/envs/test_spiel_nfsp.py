"""examples/spiel_nfsp.py: OpenSpiel's NFSP on the small variant runs, measures its average
policy's exploitability as it learns, and is determined by its seed. Skipped without pyspiel,
torch or dm-tree (OpenSpiel's PyTorch NFSP imports `tree`)."""

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("torch")
pytest.importorskip("tree")
from examples.spiel_nfsp import run  # noqa: E402


def test_nfsp_learns_on_the_small_variant_the_same_from_the_same_seed():
    first = run(episodes=400, every=200, seed=3)
    assert [p["episode"] for p in first["curve"]] == [200, 400]
    assert all(0 <= p["exploitability"] <= 1 for p in first["curve"])
    assert first["heuristic"] == pytest.approx(0.0083, abs=5e-5)  # docs/environments.md's figure
    again = run(episodes=400, every=200, seed=3)
    assert [p["exploitability"] for p in again["curve"]] == [p["exploitability"] for p in first["curve"]]
