"""Browser protections (OWASP ASVS) and the server's JSON errors.

Every HTTP answer carries a Content-Security-Policy without inline script or style (`default-src
'self'`, no framing), `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer`. A
request that changes something (POST) needs `Content-Type: application/json` and, when a browser
sends it, an allowed `Origin`: the server's own (its Host), or one named by `lama serve
--allow-origin`; so another site can neither post a form to it nor script it. The WebSocket
refuses other Origins the same way (a client that is no browser sends none).
"""

from __future__ import annotations

import logging
import re
from urllib.parse import urlsplit

from fastapi.responses import JSONResponse

from lama.i18n import N_, localized

from .errors import TooLarge

CSP = ("default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; "
       "object-src 'none'")
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),  # frame-ancestors for older browsers
    (b"referrer-policy", b"no-referrer"),
]
MAX_BODY = 64 * 1024  # an HTTP request body (a Kadabra deck is the largest thing sent)
TOO_LARGE = N_("a request body is at most {kb} KB")
CHANGES = frozenset(("POST", "PUT", "PATCH", "DELETE"))
WITH_BODY = frozenset(("POST", "PUT", "PATCH"))


def error_response(request_or_scope, status: int, code: str, message, headers=None) -> JSONResponse:
    """PROTOCOL's error, `{"error": {"code", "message"}}`, counted in /metrics, the message in
    the language of the request's Accept-Language (`message`: English text or an errors.ServerRefusal). The
    message may quote what the client sent: text that is no Unicode (a lone surrogate) is shown
    escaped."""
    scope = getattr(request_or_scope, "scope", request_or_scope)
    refused(scope, code)
    lang = language_of(scope)
    if hasattr(message, "localized"):  # a ServerRefusal: its template in the client's language
        message = message.localized(lang)
    else:
        message = localized(message, lang)
    message = message.encode("utf-8", "backslashreplace").decode("utf-8")
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status, headers=headers)


def language_of(scope) -> str:
    """The language a client asks for in `Accept-Language` (English if none lama has)."""
    from lama.i18n import from_accept_language

    for key, value in scope.get("headers") or ():
        if key == b"accept-language":
            return from_accept_language(value.decode("latin-1"))
    return "en"


def refused(scope, code: str) -> None:
    """Count a refusal (an HTTP error, a WebSocket error or a close) by its code."""
    metrics = getattr(getattr(scope.get("app"), "state", None), "metrics", None)
    if metrics is not None:
        metrics.refusals.labels(code).inc()


class Guard:
    """ASGI middleware: the headers on every answer, the checks on what changes something."""

    def __init__(self, app, allowed_origins=()):
        self.app = app
        self.allowed = {o.rstrip("/").lower() for o in allowed_origins}

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket":
            if not self.origin_allowed(scope):
                refused(scope, "bad_origin")
                await receive()  # websocket.connect
                await send({"type": "websocket.close", "code": 1008, "reason": "this Origin may not connect"})
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message):
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        refusal = self.refusal(scope)
        if refusal is None:
            await self.app(scope, receive, with_headers)
        else:
            status, code, message = refusal
            headers = {"Connection": "close"} if code == "too_large" else None  # (its body is never read)
            await error_response(scope, status, code, message, headers)(scope, receive, with_headers)

    def refusal(self, scope) -> tuple[int, str, str] | None:
        """Why a request is refused (status, code, message), or None: a body announced over
        MAX_BODY (from its header, before any of it is read); a request that changes something
        from another site's page, or without a JSON body."""
        length = _header(scope, b"content-length")
        if length.isdigit() and (len(length) > 12 or int(length) > MAX_BODY):
            return 413, "too_large", TooLarge(TOO_LARGE, kb=MAX_BODY // 1024)
        if scope["method"] not in CHANGES:
            return None
        if not self.origin_allowed(scope):
            return 403, "bad_origin", N_("requests from another site's page are refused "
                                         "(see lama serve --allow-origin)")
        content_type = _header(scope, b"content-type").split(";")[0].strip().lower()
        if scope["method"] in WITH_BODY and content_type != "application/json":
            return 415, "bad_content_type", N_("a request that changes something sends Content-Type: application/json")
        return None

    def origin_allowed(self, scope) -> bool:
        origin = _header(scope, b"origin").rstrip("/").lower()
        if not origin:
            return True  # no browser (a browser always names the page's origin on these requests)
        if origin in self.allowed:
            return True
        return urlsplit(origin).netloc == _header(scope, b"host").lower() != ""


def _header(scope, name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if key == name:
            return value.decode("latin-1")
    return ""


# -- logs ---------------------------------------------------------------------------------------
SECRET = re.compile(r"([?&](?:token|invite|key|player_key|code)=)[^&#\s\"]*")


class HideTokens(logging.Filter):
    """Tokens out of uvicorn's logs: the access log (and the WebSocket lines) print each
    address with its query, and `?token=T` would put a seat's proof in the log."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(SECRET.sub(r"\1-", a) if isinstance(a, str) else a for a in record.args)
        return True


def hide_tokens() -> None:
    """Install HideTokens on uvicorn's loggers."""
    for name in ("uvicorn.access", "uvicorn.error"):
        logging.getLogger(name).addFilter(HideTokens())
