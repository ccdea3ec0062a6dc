"""`lama join`'s own refusals, before any server is asked: one line each, no traceback."""

from __future__ import annotations

import sys

from lama.cli import main


def test_a_wrong_link_is_one_line(capsys):
    assert main(["join", "ftp://nowhere/x", "--bot", "easy", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("lama join: ") and err.count("\n") == 1 and "not a table's link" in err


def test_without_the_web_extra_it_says_so(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "websockets.sync.client", None)  # import fails
    assert main(["join", "http://127.0.0.1:1/tables/abc", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "web extra" in err and "lama[web]" in err


def test_an_unknown_bot_is_one_line(capsys):
    assert main(["join", "http://127.0.0.1:1/tables/abc#token=t", "--bot", "nosuchbot", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("lama join: ") and err.count("\n") == 1
