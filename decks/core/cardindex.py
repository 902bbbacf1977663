"""Card lookup by slug or by (Hungarian or English) name, forgiving about accents and case.

Players type "halalszarny", "HALÁLSZÁRNY" or "Mamut I" (for "Mamut I."); the OCR of the
rulebook even has "Aknagyûrû". Names are compared in two passes: *strict* (accents and case
folded, whitespace collapsed) and then *loose* (only letters and digits kept, so "-" and "."
do not matter). A name that matches several cards at the first pass that matches is
ambiguous and resolves to nothing — the caller reports the candidates.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

Card = dict[str, Any]

_SPACES = re.compile(r"\s+")
_NOT_ALNUM = re.compile(r"[\W_]+")


def fold(text: str) -> str:
    """Accent- and case-insensitive form: NFKD, combining marks dropped, casefolded,
    whitespace collapsed."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _SPACES.sub(" ", stripped).strip()


def loose(text: str) -> str:
    """Only letters and digits of :func:`fold` ("Mamut I." == "Mamut I" == "mamut-i")."""
    return _NOT_ALNUM.sub("", fold(text))


def slugify(text: str) -> str:
    """ASCII lower-case slug as in the fixtures ("Mamut I." -> "mamut-i")."""
    ascii_text = fold(text).encode("ascii", "ignore").decode()
    return _NOT_ALNUM.sub("-", ascii_text).strip("-")


# Cost kinds for statistics.
COST_KNOWN, COST_UNKNOWN, COST_VARIABLE = 0, 1, 2


@dataclass(frozen=True, slots=True)
class CardInfo:
    """What the validator and statistics need of a card, precomputed once per index."""

    slug: str
    name: str            # Hungarian name for display
    name_key: str        # KG-1.6.2: copies are counted by (folded) name
    type: str | None
    subtype: str | None
    race: str | None
    official: bool
    cost: int | None
    cost_kind: int


class CardIndex:
    """Immutable index over card dicts in the fixture format (fixtures/cards/SCHEMA.md)."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self._cards: dict[str, Card] = {}
        self.info: dict[str, CardInfo] = {}
        strict: dict[str, list[str]] = {}
        loose_map: dict[str, list[str]] = {}
        for card in cards:
            slug = card["slug"]
            if slug in self._cards:
                raise ValueError(f"duplicate card slug {slug!r}")
            self._cards[slug] = card
            self.info[slug] = _info(card)
            for name in (card.get("name_hu"), card.get("name_en")):
                if not name:
                    continue
                for key, table in ((fold(name), strict), (loose(name), loose_map)):
                    bucket = table.setdefault(key, [])
                    if key and slug not in bucket:
                        bucket.append(slug)
        self._strict = strict
        self._loose = loose_map
        self._folded_names = sorted(strict)
        # Per-index memo for rules-engine playability answers: (hook, slug) -> reasons.
        self.playability_cache: dict[tuple[int, str], list[str]] = {}

    # -- by slug -------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._cards)

    def __contains__(self, slug: object) -> bool:
        return slug in self._cards

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards.values())

    def get(self, slug: str) -> Card | None:
        return self._cards.get(slug)

    def __getitem__(self, slug: str) -> Card:
        return self._cards[slug]

    # -- by name -------------------------------------------------------------------------
    def find_all(self, name: str) -> list[Card]:
        """Every card ``name`` could mean: an exact slug first, then strict, then loose
        name matches (the first pass that finds anything wins)."""
        text = name.strip()
        if text in self._cards:
            return [self._cards[text]]
        for key, table in ((fold(text), self._strict), (loose(text), self._loose)):
            if key and key in table:
                return [self._cards[s] for s in table[key]]
        return []

    def find(self, name: str) -> Card | None:
        """The one card ``name`` means, or ``None`` when unknown or ambiguous."""
        found = self.find_all(name)
        return found[0] if len(found) == 1 else None

    def closest(self, name: str, n: int = 3, cutoff: float = 0.5) -> list[Card]:
        """Suggestions for an unknown name, best first (difflib on folded names)."""
        out: list[Card] = []
        for key in difflib.get_close_matches(fold(name), self._folded_names, n=n * 2,
                                             cutoff=cutoff):
            for slug in self._strict[key]:
                card = self._cards[slug]
                if card not in out:
                    out.append(card)
        return out[:n]

    def closest_names(self, name: str, n: int = 3) -> list[str]:
        return [display_name(c) for c in self.closest(name, n)]


def display_name(card: Card) -> str:
    return card.get("name_hu") or card.get("name_en") or card["slug"]


def _info(card: Card) -> CardInfo:
    cost = card.get("cost")
    if isinstance(cost, int) and not isinstance(cost, bool):
        kind = COST_KNOWN
    else:
        cost = None
        kind = COST_VARIABLE if card.get("cost_rule") else COST_UNKNOWN
    name = display_name(card)
    return CardInfo(
        slug=card["slug"],
        name=name,
        name_key=fold(name),
        type=card.get("type"),
        subtype=card.get("subtype"),
        race=card.get("race"),
        official=card.get("official") is True,
        cost=cost,
        cost_kind=kind,
    )
