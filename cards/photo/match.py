"""A reading against the catalogue: the card its name names (if any), and what differs.

The name is compared folded (accents and case dropped: OCR often loses an accent) with a
close-match cut-off, so "Halalszarny" finds Halálszárny while an unknown card stays new.
"""

from __future__ import annotations

import difflib
from typing import Any

from cards.models import Card
from cards.text import fold

CUTOFF = 0.85


def closest_name(name: str, names: list[str]) -> str | None:
    """The catalogue name closest to ``name`` when close enough, else None."""
    folded = {fold(n): n for n in names}
    hits = difflib.get_close_matches(fold(name), list(folded), n=1, cutoff=CUTOFF)
    return folded[hits[0]] if hits else None


def matching_card(name: str) -> Card | None:
    """The catalogue card whose Hungarian name the reading names."""
    if not name.strip():
        return None
    names = list(Card.objects.values_list("name_hu", flat=True))
    hit = closest_name(name, names)
    return Card.objects.filter(name_hu=hit).order_by("-official", "slug").first() \
        if hit else None


def differences(card: Card, read: dict[str, Any]) -> dict[str, Any]:
    """The read values that differ from the card's current ones (the name is the card's)."""
    now = card.to_record()
    return {k: v for k, v in read.items()
            if k not in ("name_hu", "type") and v not in (None, "") and now.get(k) != v}
