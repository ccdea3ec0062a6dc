"""The shared sample records: `lama replay FILE --json` must give the expected result
(everything but the wording of `reason`)."""

import json
from pathlib import Path

import pytest

from lama.cli import main
from lama.games import GAMES

EXAMPLES = Path(__file__).resolve().parents[3] / "shared" / "spec" / "examples"
RECORDS = sorted(EXAMPLES.glob("*.record.json"))


def _game(path: Path) -> str:
    return path.name.split("-")[0]


@pytest.mark.skipif(not RECORDS, reason="the shared examples are not beside this checkout")
@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_example(path, capsys):
    if _game(path) not in GAMES:
        pytest.skip(f"{_game(path)} is not implemented yet")
    expected = json.loads(path.with_name(path.name.replace(".record.", ".result.")).read_text())
    code = main(["replay", str(path), "--json"])
    out, err = capsys.readouterr()
    got = json.loads(out)
    if "error" in expected:
        assert code == 1
        assert err.strip() and "\n" not in err.strip()
        assert got["error"]["reason"]
        got["error"]["reason"] = expected["error"]["reason"]
    else:
        assert code == 0 and err == ""
    assert got == expected
