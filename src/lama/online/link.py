"""A table's link, as the page shows it, and the HTTP calls of lama-web/1 a seat needs.

- `/tables/{ID}#token=T`: a seat link, the seat is continued with its token;
- `/tables/{ID}#invite=I`: an invitation, a free seat is taken (`POST /api/tables/{ID}/join`);
- `/tables/{ID}`: a free seat of a public table is taken.

HTTP goes through the standard library (urllib); a refusal is a JoinError whose message is the
server's own sentence (in the language asked for with Accept-Language), on one line.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from lama.i18n import _

TABLE_PATH = re.compile(r"^(?P<prefix>.*)/tables/(?P<table>[A-Za-z0-9_-]{1,100})/?$")
TIMEOUT = 20  # seconds for one HTTP request


class JoinError(Exception):
    """A link that is no table's, or a server that refused or could not be reached: one line."""

    def __init__(self, message: str, code: str | None = None, status: int | None = None):
        super().__init__(" ".join(str(message).split()))
        self.code, self.status = code, status


@dataclass(frozen=True)
class Link:
    base: str  # http(s)://host:port and any prefix before /tables
    table: str
    token: str | None = None
    invite: str | None = None

    @property
    def ws(self) -> str:
        """The table's WebSocket address, without the token (it goes in the hello)."""
        return "ws" + self.base[4:] + f"/ws/tables/{self.table}"

    def seat_link(self, token: str) -> str:
        return f"{self.base}/tables/{self.table}#token={token}"


def parse_link(text: str) -> Link:
    """The Link of a table's address as the page shows it; JoinError if it is none."""
    parts = urlsplit(text.strip())
    found = TABLE_PATH.match(parts.path)
    if parts.scheme not in ("http", "https") or not parts.netloc or not found:
        raise JoinError(_("{link} is not a table's link (like {example})").format(
            link=repr(text[:80]), example="http://HOST/tables/ID#invite=..."))
    secrets = {k: v[0] for k, v in parse_qs(parts.fragment).items()}
    return Link(f"{parts.scheme}://{parts.netloc}{found['prefix']}", found["table"], secrets.get("token"),
                secrets.get("invite"))


def request(link: Link, method: str, path: str, body: dict | None = None, lang: str = "en") -> dict:
    """One call of the table's server; its JSON answer, or JoinError with the server's reason."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(link.base + path, data=data, method=method, headers={
        "Content-Type": "application/json", "Accept": "application/json", "Accept-Language": lang})
    try:
        with urllib.request.urlopen(req, timeout=TIMEOUT) as answer:
            return json.loads(answer.read().decode("utf-8"))
    except urllib.error.HTTPError as e:
        try:
            error = json.loads(e.read().decode("utf-8"))["error"]
            raise JoinError(error["message"], error["code"], e.code) from None
        except (ValueError, KeyError, TypeError):
            raise JoinError(_("the server answered {status} {reason}").format(status=e.code, reason=e.reason),
                            status=e.code) from None
    except (urllib.error.URLError, OSError) as e:
        reason = getattr(e, "reason", e)
        raise JoinError(_("cannot reach {server}: {reason}").format(server=link.base, reason=reason)) from None
    except ValueError:
        raise JoinError(_("{server} does not speak lama-web/1").format(server=link.base)) from None


def take_seat(link: Link, name: str, lang: str = "en") -> tuple[int | None, str]:
    """The seat and token of `link`: its own token, or a free seat taken with its invitation."""
    if link.token:
        request(link, "GET", f"/api/tables/{link.table}", lang=lang)  # a table that is not there: said now
        return None, link.token
    body = {"name": name}
    if link.invite:
        body["invite"] = link.invite
    answer = request(link, "POST", f"/api/tables/{link.table}/join", body, lang)
    try:
        return int(answer["seat"]), str(answer["token"])
    except (KeyError, TypeError, ValueError):
        raise JoinError(_("{server} does not speak lama-web/1").format(server=link.base)) from None
