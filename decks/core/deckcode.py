"""Compact, URL-safe, versioned deck codes.

A code is ``<version char><body>``. The version is the first character so that every
version ever issued keeps decoding; :data:`DECODERS` maps versions to decoders.

v1 (``"1"``): body = base64url without padding of zlib (with its Adler-32 check, so a
mistyped code is detected, not misread) of the UTF-8 text ``slug[*count],slug[*count],...``
sorted by slug, ``*count`` omitted when 1. The code names the slugs themselves — never the
position of a card in a catalogue that grows — so it needs no card data to decode, and a
code for a card the server doesn't know still decodes (the validator then reports it).
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from collections.abc import Callable, Mapping
from typing import Any

CURRENT_VERSION = "1"
MAX_CODE_LENGTH = 4096
MAX_PAYLOAD = 65536   # decompressed bytes; a deck is a few hundred
MAX_COUNT = 999
_SLUG = re.compile(r"^[a-z0-9][a-z0-9_.-]*$")
_BASE64URL = re.compile(r"^[A-Za-z0-9_-]*$")

_MESSAGES = {
    "deckcode_empty": {"hu": "A paklikód üres.", "en": "The deck code is empty."},
    "deckcode_too_long": {"hu": "A paklikód túl hosszú.", "en": "The deck code is too long."},
    "deckcode_version": {"hu": "Ismeretlen paklikód-verzió: „{version}”.",
                         "en": "Unknown deck code version: \u201c{version}\u201d."},
    "deckcode_corrupt": {"hu": "A paklikód sérült vagy elgépelt.",
                         "en": "The deck code is damaged or mistyped."},
    "deckcode_payload": {"hu": "A paklikód tartalma érvénytelen: {problem}.",
                         "en": "The deck code's content is invalid: {problem}."},
}


class DeckCodeError(ValueError):
    """A code that cannot be decoded; ``code`` is stable, ``message`` is ``{hu, en}``."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.details = params
        templates = _MESSAGES.get(code, _MESSAGES["deckcode_corrupt"])  # callers' own codes
        self.message = {lang: tpl.format(**params) for lang, tpl in templates.items()}
        super().__init__(self.message["en"])

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "details": self.details}


def _check_entry(slug: Any, count: Any) -> None:
    if not isinstance(slug, str) or not _SLUG.match(slug):
        raise ValueError(f"slug {slug!r} cannot go in a deck code (need [a-z0-9_.-])")
    if type(count) is not int or not 1 <= count <= MAX_COUNT:
        raise ValueError(f"count {count!r} for {slug!r} cannot go in a deck code")


def encode(deck: Mapping[str, int]) -> str:
    """The current-version code for ``deck`` (``slug -> count``). Raises ``ValueError`` for
    a slug or count that cannot be encoded."""
    parts = []
    for slug in sorted(deck):
        count = deck[slug]
        _check_entry(slug, count)
        parts.append(slug if count == 1 else f"{slug}*{count}")
    packed = zlib.compress(",".join(parts).encode("utf-8"), 9)
    return CURRENT_VERSION + base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def _decode_v1(body: str) -> dict[str, int]:
    if not _BASE64URL.match(body):
        raise DeckCodeError("deckcode_corrupt")
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        data = inflater.decompress(raw, MAX_PAYLOAD)
        if inflater.unconsumed_tail or not inflater.eof or inflater.unused_data:
            raise DeckCodeError("deckcode_corrupt")
        text = data.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as exc:
        if isinstance(exc, DeckCodeError):
            raise
        raise DeckCodeError("deckcode_corrupt") from None
    deck: dict[str, int] = {}
    if not text:
        return deck
    for part in text.split(","):
        slug, star, count_text = part.partition("*")
        if star and not count_text.isdigit():
            raise DeckCodeError("deckcode_payload", problem=f"count {count_text!r}")
        count = int(count_text) if star else 1
        try:
            _check_entry(slug, count)
        except ValueError as exc:
            raise DeckCodeError("deckcode_payload", problem=str(exc)) from None
        if slug in deck:
            raise DeckCodeError("deckcode_payload", problem=f"{slug!r} twice")
        deck[slug] = count
    return deck


DECODERS: dict[str, Callable[[str], dict[str, int]]] = {"1": _decode_v1}


def decode(code: str) -> dict[str, int]:
    """``slug -> count`` from a code of any known version; raises :class:`DeckCodeError`."""
    if not isinstance(code, str) or not code.strip():
        raise DeckCodeError("deckcode_empty")
    code = code.strip()
    if len(code) > MAX_CODE_LENGTH:
        raise DeckCodeError("deckcode_too_long")
    decoder = DECODERS.get(code[0])
    if decoder is None:
        raise DeckCodeError("deckcode_version", version=code[0])
    return decoder(code[1:])

