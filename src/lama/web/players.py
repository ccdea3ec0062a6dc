"""Players' names and secrets (the standard library only): a handle and its look-alike form, a
device's key, a one-time sign-in code, and the player's seat secret that gives back the token
of every seat the player takes.

A player has one secret of their own, `master` (256 random bits). The store keeps it only
wrapped: XORed with a pad made from each device's key (and from each sign-in code while it
lasts), whose SHA-256 is all the store keeps of the key. So a request that shows a key opens
the master, the master gives the token of each of the player's seats (`seat_token`), and a copy
of the database holds no key, no code, no master and no working token.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

from lama.i18n import N_

from .errors import BadHandle, BadName
from .requests import name_of

HANDLE = re.compile(r"[A-Za-z0-9_-]{3,20}")
KEY_BYTES = 24  # 192 random bits: a device's key, a sign-in code
# look-alike letters of handles: two handles with the same skeleton are one (case aside too)
LOOK_ALIKES = str.maketrans({"0": "o", "1": "l", "i": "l", "_": "-"})
DIGRAPHS = (("rn", "m"), ("vv", "w"))


def handle_of(handle) -> str:
    """A handle as asked for: 3 to 20 letters, digits, `_` or `-`; BadHandle otherwise."""
    if not isinstance(handle, str) or not HANDLE.fullmatch(handle):
        raise BadHandle(N_("a handle is 3 to 20 letters (a-z), digits, _ or -"))
    return handle


def skeleton(handle: str) -> str:
    """The form two handles share when they differ only in case or look-alike letters (`Ann`,
    `ann`, `AnN`; `bob1`, `bobl`; `rnike`, `mike`): the store keeps it unique."""
    text = handle.lower().translate(LOOK_ALIKES)
    for pair, one in DIGRAPHS:
        text = text.replace(pair, one)
    return text


def display_name(name) -> str:
    """A player's display name: a seat's name rules (1 to 40 printable characters)."""
    try:
        return name_of(name)
    except BadName:
        raise BadName(N_("a display name is 1 to 40 printable characters")) from None


def new_secret() -> str:
    """A device key or a sign-in code: KEY_BYTES random bytes, URL-safe."""
    return secrets.token_urlsafe(KEY_BYTES)


def digest(secret: str) -> str:
    """What the store keeps of a key or a code."""
    return hashlib.sha256(secret.encode()).hexdigest()


def new_master() -> bytes:
    return secrets.token_bytes(32)


def _pad(secret: str) -> bytes:
    # another hash than `digest`'s, so the stored digest tells nothing of the pad
    return hashlib.sha256(b"lama-player-wrap\0" + secret.encode()).digest()


def wrap(master: bytes, secret: str) -> str:
    """The master as the store keeps it beside the digest of `secret` (a key or a code)."""
    return bytes(a ^ b for a, b in zip(master, _pad(secret))).hex()


def unwrap(wrapped: str, secret: str) -> bytes:
    return bytes(a ^ b for a, b in zip(bytes.fromhex(wrapped), _pad(secret)))


def seat_token(master: bytes, table_id: str, seat: int) -> str:
    """The token of the player's seat `seat` at a table: the same on every device of theirs."""
    mac = hmac.new(master, f"lama-seat\0{table_id}\0{seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:24]).decode()
