"""Accent and case folding for queries.

Re-uses `cards.text.fold` so query values fold exactly like the denormalised search
columns (`search_name`, `search_text`, `clan_search`) the lead builds from it.
"""

from __future__ import annotations

import re

from cards.text import fold

__all__ = ["fold", "compact", "set_slug"]

_NON_ALNUM = re.compile(r"[\s_\-.'/]+")


def compact(text: str) -> str:
    """Folded and without separators: `Nem gyakori`, `nem_gyakori` and `nemgyakori` agree."""
    return _NON_ALNUM.sub("", fold(text))


def set_slug(text: str) -> str:
    """A `set:` value as a slug-ish prefix (spaces become hyphens, like set slugs)."""
    return re.sub(r"\s+", "-", fold(text))
