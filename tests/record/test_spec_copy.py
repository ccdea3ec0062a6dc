"""The specifications shipped in docs/spec/ are the shared ones, byte for byte.

The shared specification lives next to the repository (../shared/spec from its root) where the
project is developed; a clone without it skips this test."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "spec"
SPECS = ("RULES.md", "RECORD.md", "PROTOCOL.md")


@pytest.mark.parametrize("name", SPECS)
def test_shipped_spec_is_the_shared_one(name):
    shipped = ROOT / "docs" / "spec" / name
    assert shipped.is_file(), f"docs/spec/{name} is missing"
    if not SHARED.is_dir():
        pytest.skip("no shared specification next to this repository")
    assert shipped.read_bytes() == (SHARED / name).read_bytes(), (
        f"docs/spec/{name} differs from the shared specification: copy it again")


def test_readme_points_to_the_shipped_specs():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in ("RULES.md", "RECORD.md"):
        assert f"(docs/spec/{name})" in text
