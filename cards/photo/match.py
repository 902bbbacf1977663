"""A reading against the catalogue: the card its name names (if any), and what differs.

The name is compared folded (accents and case dropped: OCR often loses an accent) with a
close-match cut-off, against both languages' names (an English face prints the English
name), so "Halalszarny" finds Halálszárny while an unknown card stays new.

A read value that differs from the card's only by what OCR commonly confuses (+ and 4, 1
and l, O and 0, a dropped accent) is *doubtful*: it is shown as such and not offered as a
change, since the catalogue is likelier right than the reading.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from cards.models import Card
from cards.text import fold

CUTOFF = 0.85
# Characters OCR takes for one another, each class folded to one representative.
CONFUSABLE = str.maketrans({"+": "4", "l": "1", "i": "1", "|": "1", "!": "1", "o": "0",
                            "s": "5", "b": "8", "z": "2", "g": "9", "q": "9"})
# A rules text read within this share of its characters of the card's is OCR's noise.
TEXT_NOISE = 0.03
NUMBERS = ("cost", "speed", "firepower", "armor", "bombard")


def closest_name(name: str, names: list[str]) -> str | None:
    """The catalogue name closest to ``name`` when close enough, else None."""
    folded = {fold(n): n for n in names}
    hits = difflib.get_close_matches(fold(name), list(folded), n=1, cutoff=CUTOFF)
    return folded[hits[0]] if hits else None


def read_name(read: dict[str, Any]) -> str:
    """The name a reading read, in whichever language the face printed it."""
    return str(read.get("name_hu") or read.get("name_en") or "")


def matching_card(name: str) -> Card | None:
    """The catalogue card whose Hungarian or English name the reading names."""
    if not name.strip():
        return None
    pairs = list(Card.objects.values_list("name_hu", "name_en"))
    names = [hu for hu, _ in pairs] + [en for _, en in pairs if en]
    hit = closest_name(name, names)
    if not hit:
        return None
    return Card.objects.filter(name_hu=hit).order_by("-official", "slug").first() or \
        Card.objects.filter(name_en=hit).order_by("-official", "slug").first()


def _plain(value: Any) -> str:
    return re.sub(r"[^\w]+", "", fold(str(value))).translate(CONFUSABLE)


def misread_of(read: Any, now: Any, field: str) -> bool:
    """True when ``read`` differs from ``now`` only as OCR misreads: confusable characters,
    accents, spacing and punctuation; a number with a "+" read as a 4 before it; a rules
    text within a few characters of the card's."""
    if now in (None, "") or read in (None, ""):
        return False
    a, b = _plain(read), _plain(now)
    if a == b:
        return True
    if field in NUMBERS:
        return a == "4" + b  # "+3" read as "43"
    if field.startswith("text_"):
        return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio() >= 1 - TEXT_NOISE
    return False


def doubtful(card: Card, read: dict[str, Any]) -> list[str]:
    """The read fields that differ from the card only as a misreading."""
    now = card.to_record()
    return [k for k, v in read.items() if k not in ("name_hu", "name_en", "type")
            and v not in (None, "") and now.get(k) != v and misread_of(v, now.get(k), k)]


def differences(card: Card, read: dict[str, Any]) -> dict[str, Any]:
    """The read values that differ from the card's current ones (the name is the card's),
    misreadings left out."""
    now = card.to_record()
    unsure = set(doubtful(card, read))
    return {k: v for k, v in read.items()
            if k not in ("name_hu", "name_en", "type") and k not in unsure
            and v not in (None, "") and now.get(k) != v}
