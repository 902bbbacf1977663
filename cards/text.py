"""Accent folding: `halalszarny` finds Halálszárny, `urcapa` finds Űrcápa."""

from __future__ import annotations

import re
import unicodedata

_SPACE = re.compile(r"\s+")


def fold(text: str | None) -> str:
    """Lower-case, accent-free, single-spaced: the form every search compares."""
    if not text:
        return ""
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _SPACE.sub(" ", stripped.casefold()).strip()


def slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", fold(text)).strip("-")
