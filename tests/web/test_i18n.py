"""The protocol stays language-neutral: error codes unchanged, the message in the language the
client asks for (Accept-Language, or `lang` in the first WebSocket message), records without a
translated word; the page's catalogs and the rules in every language."""

from __future__ import annotations

import json

import pytest

from lama.games import GAMES
from lama.i18n import LANGUAGES, catalog
from lama.i18n.rules import rules_in

from .helpers import HUMAN, bot, create, next_state

BAD_NAME = {"game": "lama", "players": 2, "seats": [HUMAN, bot()], "name": ""}
BAD_BOT = {"game": "lama", "players": 2, "seats": [HUMAN, {"kind": "bot", "bot": "mine"}], "name": "Ann"}


def error_of(r, status, code) -> str:
    assert r.status_code == status, r.text
    assert r.json()["error"]["code"] == code
    return r.json()["error"]["message"]


def test_http_errors_in_the_language_of_accept_language_with_the_code_unchanged(client):
    post = lambda body, lang=None: client.post("/api/tables", json=body,  # noqa: E731
                                                headers={"accept-language": lang} if lang else {})
    assert error_of(post(BAD_NAME), 400, "bad_name") == "a name is 1 to 40 characters"
    assert error_of(post(BAD_NAME, "pl-PL,pl;q=0.9,en;q=0.8"), 400, "bad_name") == "imię ma od 1 do 40 znaków"
    assert error_of(post(BAD_NAME, "fr, de;q=0.5"), 400, "bad_name") == "ein Name hat 1 bis 40 Zeichen"
    assert error_of(post(BAD_NAME, "fr"), 400, "bad_name") == "a name is 1 to 40 characters"
    # a message with values: the client's words, the values as sent
    message = error_of(post(BAD_BOT, "nl"), 400, "bad_bot")
    assert message.startswith("seats[1] (plaats 2): de bot moet een van ") and "'mine'" in message


def test_a_websocket_hello_names_the_language_of_its_errors(client):
    made = create(client, seats=[HUMAN, bot()])
    with client.websocket_connect(f"/ws/tables/{made['table']}") as ws:
        next_state(ws)
        ws.send_json({"type": "hello", "token": made["token"], "lang": "ko"})
        state = next_state(ws)
        while state["seat"] is None:
            state = next_state(ws)
        ws.send_json({"type": "odds"})
        error = next(m for m in iter(ws.receive_json, None) if m["type"] == "error")
        assert error["code"] == "no_odds" and error["message"] == "굴림 확률은 다이스 테이블의 자리만 받을 수 있습니다"
    url = f"/ws/tables/{made['table']}?token={made['token']}"
    with client.websocket_connect(url, headers={"accept-language": "es"}) as ws:  # no hello: the header
        next_state(ws)
        ws.send_json({"type": "odds"})
        error = next(m for m in iter(ws.receive_json, None) if m["type"] == "error")
        assert error["code"] == "no_odds" and error["message"].startswith("las probabilidades de una tirada")
    with client.websocket_connect(url, headers={"accept-language": "es"}) as ws:  # a hello of the language only
        next_state(ws)
        ws.send_json({"type": "hello", "lang": "de"})
        ws.send_json({"type": "odds"})
        error = next(m for m in iter(ws.receive_json, None) if m["type"] == "error")
        assert error["code"] == "no_odds" and error["message"].startswith("die Wahrscheinlichkeiten eines Wurfs")


def test_a_refused_websocket_says_why_in_the_clients_language(client):
    with client.websocket_connect("/ws/tables/nothere1", headers={"accept-language": "pl"}) as ws:
        error = ws.receive_json()
    assert error == {"type": "error", "code": "no_table", "message": "nie ma stołu 'nothere1'"}


def test_records_hold_no_translated_word(client):
    from .helpers import play_until

    made = create(client, seats=[HUMAN, bot()])
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}",
                                  headers={"accept-language": "pl"}) as ws:
        ws.send_json({"type": "hello", "lang": "pl"})
        play_until(ws, lambda s: s["status"] == "finished")
    record = client.get(f"/api/tables/{made['table']}/record").json()
    text = json.dumps(record, ensure_ascii=False)
    polish = set("ąćęłńóśźż")
    assert not polish & set(text) and '"lang"' not in text


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_the_page_gets_each_languages_catalog_from_the_po_files(client, lang):
    r = client.get(f"/api/i18n/{lang}")
    assert r.status_code == 200
    assert r.json() == json.loads(json.dumps(catalog(lang)))
    assert r.json()["messages"]["Top card: "]


def test_the_languages_and_the_one_the_browser_prefers(client):
    data = client.get("/api/i18n", headers={"accept-language": "ko-KR,ko;q=0.9"}).json()
    assert [entry["code"] for entry in data["languages"]] == list(LANGUAGES) and data["preferred"] == "ko"
    assert error_of(client.get("/api/i18n/fr"), 404, "no_language").startswith("unknown language 'fr'")


@pytest.mark.parametrize("game", list(GAMES))
def test_the_rules_in_the_language_asked_for(client, game):
    for lang in LANGUAGES:
        data = client.get(f"/api/games/{game}/rules?lang={lang}").json()
        assert data["lang"] == lang and data["rules"] == rules_in(game, lang)
    by_header = client.get(f"/api/games/{game}/rules", headers={"accept-language": "nl-BE"}).json()
    assert by_header["lang"] == "nl" and by_header["rules"] == rules_in(game, "nl")
    assert error_of(client.get(f"/api/games/{game}/rules?lang=fr"), 400, "bad_language")


def test_an_illegal_move_is_refused_in_the_clients_words_with_its_code(client):
    """The core's reason for an illegal move comes in the client's language; the code stays."""
    import re

    answers = {}
    for lang in ("pl", "en"):
        made = create(client, seats=[HUMAN, bot()])
        url = f"/ws/tables/{made['table']}?token={made['token']}"
        with client.websocket_connect(url, headers={"accept-language": lang}) as ws:
            state = next_state(ws)
            while True:
                playable = {a["play"] for a in state["legal"] if "play" in a}
                unplayable = [c for c in state["view"].get("hand", []) if c not in playable]
                if state["seat"] == 0 and state["legal"] and unplayable:
                    break
                if state["seat"] == 0 and state["legal"]:  # nothing to refuse yet: draw and look again
                    ws.send_json({"type": "act", "version": state["version"], "action": {"draw": True}})
                state = next_state(ws)
            ws.send_json({"type": "act", "version": state["version"], "action": {"play": unplayable[0]}})
            error = next(m for m in iter(ws.receive_json, None) if m["type"] == "error")
            answers[lang] = (error["code"], error["message"], unplayable[0])
    code, message, card = answers["pl"]
    assert code == "illegal" and re.fullmatch(rf"karty {re.escape(card)} nie można zagrać na \S+", message), message
    code, message, card = answers["en"]
    assert code == "illegal" and message.startswith(f"{card} cannot be played on ")


def test_the_refusals_of_the_core_translated_or_left_as_they_are():
    from lama.core import IllegalAction
    from lama.i18n.reasons import refusal_text

    assert refusal_text(IllegalAction("pile_empty", rule="L3"), "lama", "pl") == "stos do dobierania jest pusty"
    mosquito = IllegalAction("cannot_play", rule="K3", card="L", top="3")
    assert refusal_text(mosquito, "komarami", "pl") == "karty komar nie można zagrać na 3"
    on_llama = IllegalAction("cannot_play", card="5", top="L")
    assert refusal_text(on_llama, "lama", "de") == "5 kann nicht auf L gespielt werden"
    assert refusal_text(on_llama, "lama", "en") == "5 cannot be played on L" == on_llama.reason
    program = IllegalAction("no_chance")  # a program's mistake: the same words in every language
    assert refusal_text(program, "lama", "ko") == "no chance outcome is pending"
