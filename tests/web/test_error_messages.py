"""Every error the server sends says its `message` through the catalogs, in the client's
language, with its `code` unchanged: the messages are found in the server's code (a refusal
written as plain text fails here), each is translated in every language, and errors met over
HTTP and WebSocket in the pseudo language `xx` show no plain English word."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import lama.web
from lama.i18n import LANGUAGES, UnknownLanguage, localized, translations
from lama.i18n.catalogs import extract, placeholders
from lama.i18n.reasons import refusal_text
from lama.web import limits  # noqa: F401 - (limits.RateLimited is one of the refusals)
from lama.web.errors import ServerRefusal
from lama.web.workers import SERVER_BOTS

from .helpers import HUMAN, bot, create, next_state

WEB = Path(lama.web.__file__).parent


def _kinds(cls) -> set[type]:
    return {cls}.union(*(_kinds(c) for c in cls.__subclasses__()))


# the server's domain errors (lama.web.errors), each with its code: the message is their first argument
KINDS = {cls.__name__: cls for cls in _kinds(ServerRefusal)}
# the calls that refuse, and the index of their message among the positional arguments
REFUSALS = {"Refused": 1, "error_response": 3, "refuse": 1, "_refuse": 2, "_close_with": 2, **dict.fromkeys(KINDS, 0)}
CODE_AT = {"Refused": 0, "error_response": 2, "refuse": 0, "_refuse": 1, "_close_with": 1}
# the protocol's codes (PROTOCOL.md, docs/server.md): clients branch on them, so they never change
CODES = {"bad_bot", "bad_content_type", "bad_invite", "bad_language", "bad_name", "bad_options", "bad_origin",
         "bad_reaction", "bad_request", "bad_token", "expired", "illegal", "malformed", "no_game", "no_hints",
         "no_language", "no_odds", "no_table", "not_finished", "not_found", "not_running", "not_seated",
         "not_your_turn", "rate_limited", "seat_connected", "seat_taken", "server_error", "stale",
         "store_unavailable", "table_full", "too_large", "too_soon", "method_not_allowed", "http_error",
         "too_slow", "server_busy",  # (these two: web.connections, before a request reaches the application)
         "broken_table",
         "bad_handle", "bad_key", "bad_code", "not_signed_in", "handle_taken", "no_player",  # players (issue 38)
         "claim_pending", "no_claim", "nobody_to_confirm",  # a seat claimed from another device
         "chat_off"}


def server_sources():
    return sorted(WEB.rglob("*.py"))


def refusals():
    """(file:line, call name, message node, code node) of every refusal in the server's code."""
    for path in server_sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                if name in REFUSALS and len(node.args) > REFUSALS[name]:
                    code = node.args[CODE_AT[name]] if name in CODE_AT else None
                    if name in KINDS:
                        code = ast.Constant(KINDS[name].code)
                    yield f"{path.name}:{node.lineno}", name, node.args[REFUSALS[name]], code
            elif isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple) and len(node.value.elts) == 3:
                status, code, message = node.value.elts  # security.Guard.refusal: (status, code, message)
                if isinstance(status, ast.Constant) and isinstance(status.value, int):
                    yield f"{path.name}:{node.lineno}", "refusal", message, code


def plain_text(node) -> bool:
    """Whether a message is written as text that bypasses the catalogs (a string or an
    f-string, not marked with N_); a value computed elsewhere (a variable, a call) is the
    business of where it was made."""
    if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "N_":
        return False
    if isinstance(node, (ast.JoinedStr,)) or (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return True
    if isinstance(node, (ast.BinOp, ast.IfExp, ast.BoolOp)):
        return any(plain_text(child) for child in ast.iter_child_nodes(node))
    return False


def test_every_refusal_of_the_server_takes_its_message_from_the_catalogs():
    found = list(refusals())
    assert len(found) > 60  # the scan sees the server's refusals (not an empty walk)
    bare = [f"{where} {name}: {ast.unparse(message)[:80]}" for where, name, message, _ in found if plain_text(message)]
    assert not bare, "mark these messages with N_() (lama.i18n) and translate them:\n" + "\n".join(bare)


def test_the_codes_are_the_protocols():
    codes = {code.value for *_, code in refusals() if isinstance(code, ast.Constant)}
    app = (WEB / "app.py").read_text(encoding="utf-8")
    codes |= set(re.findall(r'\("(\w+)", N_\(', app)) | set(re.findall(r'\("(\w+)", str\(', app))
    assert codes == CODES


def server_messages() -> list[str]:
    """The messages the server's code marks for the catalogs: web/'s, the reasons the server
    passes on (the refusals' catalogue, lama.core.refusals) and an unknown language's (lama.i18n)."""
    mine = ("web/", "core/refusals.py", "i18n/__init__.py")
    return sorted(m.id for m in extract() if isinstance(m.id, str) and m.id
                  and any(f.startswith(mine) and f.endswith(".py") for f, _ in m.locations))


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_server_message_is_translated_with_its_placeholders(lang):
    messages = server_messages()
    assert "there is no table {table}" in messages and "a spectator does not play" in messages
    t = translations(lang)
    for message in messages:
        assert t._catalog.get(message), f"{lang}: {message!r} is not translated"  # (a name may read the same)
        values = {p.strip("{}").split(":")[0]: f"<{i}>" for i, p in enumerate(placeholders(message))}
        said = localized(message, lang, **values)
        assert all(v in said for v in values.values()), (lang, message, said)


def test_the_tables_refusals_are_told_in_the_readers_language():
    # lama.match.Table's refusals, by their code and parameters, and the server's own (marked with N_)
    from lama.match import Refused

    for refusal in (Refused("stale", version=7, wanted=5), Refused("not_your_turn", "bot_seat", seat=2),
                    Refused("illegal", "not_legal", action="play 9"), Refused("not_your_turn", seat=2, to_move=1),
                    Refused("not_your_turn", "a spectator does not play"),
                    Refused("not_your_turn", "the table is waiting for players")):
        for lang in ("de", "ko"):
            said = refusal_text(refusal, "lama", lang)
            assert said != refusal.reason and not re.search(r"\b(the|is|not|seat|move|table)\b", said), (lang, said)
    assert refusal_text(Refused("stale", version=7, wanted=5), "lama", "pl") == \
        "stół jest w wersji 7, nie 5: spójrz jeszcze raz i spróbuj ponownie"


ENGLISH = re.compile(r"[A-Za-z]{2,}")


def english_words(message: str, *sent: str) -> list[str]:
    """The plain words of a message in `xx` outside what the client sent and the JSON shapes
    a message quotes (placeholders' values)."""
    for value in sent:
        message = message.replace(value, "")
    message = re.sub(r"\{[^{}]*\}", "", message)  # a JSON example, kept as it is in every language
    return ENGLISH.findall(message)


@pytest.fixture
def pseudo(monkeypatch):
    """Every client reads the pseudo language (never offered to clients, so set here)."""
    from lama.web import security
    from lama.web.routes import ws

    monkeypatch.setattr(security, "language_of", lambda scope: "xx")
    monkeypatch.setattr(ws, "language_of", lambda scope: "xx")


def test_http_errors_in_xx_have_no_english_word(client, pseudo):
    made = create(client, seats=[HUMAN, HUMAN])
    table = made["table"]
    cases = [
        (client.post("/api/tables", json={"game": "lama", "players": 2, "seats": [HUMAN, bot()], "name": ""}),
         "bad_name", ()),
        (client.post("/api/tables", json={"game": "lama", "players": 2, "seats": [HUMAN, bot("mine")], "name": "A"}),
         "bad_bot", ("mine", *SERVER_BOTS, "seats[1]")),
        (client.post("/api/tables", json={"game": "lama", "players": 2, "seats": [HUMAN], "name": "A"}),
         "bad_request", ()),
        (client.post("/api/tables", json={"game": "lama", "players": 2, "seats": [HUMAN, bot()], "name": "A",
                                          "colour": 1}), "bad_request", ("colour", "game", "players", "seats",
                                                                          "name", "options", "hints", "visibility",
                                                                          "turn_seconds", "stand_in_level", "rated",
                                                                          "chat")),
        (client.post("/api/tables", json={"game": "lama", "players": 2, "seats": [HUMAN, bot()], "name": "A",
                                          "options": {"target": 0}}), "bad_options", ("target", "1000")),
        (client.post("/api/tables", content=b"[1", headers={"content-type": "application/json"}), "malformed", ()),
        (client.post("/api/tables", content=b"{}", headers={"content-type": "text/plain"}), "bad_content_type",
         ("Content-Type", "application", "json")),
        (client.get("/api/tables/nothere1"), "no_table", ("nothere1",)),
        (client.get("/api/tables?limit=0"), "bad_request", ("limit",)),
        (client.get("/api/tables?free=maybe"), "bad_request", ("free",)),
        (client.get(f"/api/tables/{table}/record"), "not_finished", ()),
        (client.post(f"/api/tables/{table}/join", json={"name": "B", "seat": 0, "invite": made["invite"]}),
         "seat_taken", ()),
        (client.post(f"/api/tables/{table}/join", json={"name": "B", "invite": "wrong"}), "bad_invite", ()),
        (client.get("/api/games/chess/rules"), "no_game", ("chess",)),
        (client.get("/api/games/lama/rules?lang=fr"), "bad_language",
         ("fr", UnknownLanguage("fr").params["known"])),
        (client.get("/nowhere"), "not_found", ()),
    ]
    for response, code, sent in cases:
        error = response.json()["error"]
        assert error["code"] == code, (code, error)
        assert not english_words(error["message"], *sent), (code, error["message"])


def test_websocket_errors_in_xx_have_no_english_word(client, pseudo):
    made = create(client, seats=[HUMAN, bot()])
    with client.websocket_connect("/ws/tables/nothere1") as ws:
        error = ws.receive_json()
        assert error["code"] == "no_table" and not english_words(error["message"], "nothere1")
    with client.websocket_connect(f"/ws/tables/{made['table']}") as ws:  # a spectator
        next_state(ws)
        for sent, code in (("not json", "malformed"), ('{"type": "dance"}', "malformed"),
                           ('{"type": "act", "version": 0, "action": {"draw": true}}', "not_your_turn"),
                           ('{"type": "act", "version": "x", "action": {"draw": true}}', "stale"),
                           ('{"type": "react", "reaction": "wave"}', "not_seated"),
                           ('{"type": "stand_in", "seat": 0, "bot": "easy"}', "not_seated")):
            ws.send_text(sent)
            error = next(m for m in iter(ws.receive_json, None) if m["type"] == "error")
            assert error["code"] == code, (sent, error)
            assert not english_words(error["message"]), (code, error["message"])
