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
from dataclasses import dataclass, replace
from typing import Any

from decks.core.formats import RACES, TYPE_ORDER

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
    # Precomputed for the hot loops (statistics, bulk validation).
    type_key: str = "unknown"
    subtype_key: str = "unknown"
    race_key: str = "unknown"
    bucket: int = -1         # cost-curve bucket 0..10, or -1 (unknown) / -2 (variable)
    name_shared: bool = False  # another slug has the same name (KG-1.6.2 groups them)
    slots: tuple[int, int, int, int] = (0, 0, 0, 0)  # StatsLayout slots: type, sub, race, cost
    cost0: int = 0           # cost, 0 when unknown/variable (sums without a branch)


@dataclass(frozen=True, slots=True)
class StatsLayout:
    """Flat counter layout for deck statistics: summing into a list by precomputed slot is
    several times faster than four dict updates per card (bulk validation runs it a lot).
    Slots 0..10 are cost buckets, 11 unknown cost, 12 variable cost."""

    size: int
    types: tuple[tuple[str, int], ...]
    subtypes: tuple[tuple[str, str, int], ...]
    races: tuple[tuple[str, int], ...]
    # (type, type slot, ((subtype, slot), ...)) for the types that have subtypes
    subtypes_by_type: tuple[tuple[str, int, tuple[tuple[str, int], ...]], ...] = ()


COST_SLOTS = 13
_UNKNOWN_COST_SLOT, _VARIABLE_COST_SLOT = 11, 12


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
        names: dict[str, list[str]] = {}
        for info in self.info.values():
            names.setdefault(info.name_key, []).append(info.slug)
        for slugs in names.values():
            if len(slugs) > 1:
                for slug in slugs:
                    self.info[slug] = replace(self.info[slug], name_shared=True)
        self.layout = self._layout()
        self._strict = strict
        self._loose = loose_map
        self._folded_names = sorted(strict)
        self._bigrams = {k: _bigrams(k) for k in self._folded_names}
        self._closest_memo: dict[tuple[str, int, float], tuple[Card, ...]] = {}
        # Per-index memo of rules-engine playability answers (decks.core.validation).
        self.playability_cache: dict[Any, dict[str, Any]] = {}

    def _layout(self) -> StatsLayout:
        infos = list(self.info.values())
        type_keys = [*TYPE_ORDER, *sorted({i.type_key for i in infos} - set(TYPE_ORDER))]
        race_keys = [*RACES, *sorted({i.race_key for i in infos} - set(RACES) - {"unknown"}),
                     "unknown"]
        sub_keys = sorted({(i.type_key, i.subtype_key) for i in infos},
                          key=lambda ts: (type_keys.index(ts[0]), ts[1] == "unknown", ts[1]))
        nxt = COST_SLOTS
        types = tuple((t, nxt + k) for k, t in enumerate(type_keys))
        nxt += len(types)
        subtypes = tuple((t, s, nxt + k) for k, (t, s) in enumerate(sub_keys))
        nxt += len(subtypes)
        races = tuple((r, nxt + k) for k, r in enumerate(race_keys))
        nxt += len(races)
        type_slot, race_slot = dict(types), dict(races)
        sub_slot = {(t, s): k for t, s, k in subtypes}
        for slug, i in self.info.items():
            cost_slot = i.bucket if i.bucket >= 0 else (
                _VARIABLE_COST_SLOT if i.bucket == -2 else _UNKNOWN_COST_SLOT)
            self.info[slug] = replace(i, slots=(type_slot[i.type_key],
                                                sub_slot[(i.type_key, i.subtype_key)],
                                                race_slot[i.race_key], cost_slot))
        by_type = tuple((t, type_slot[t], tuple((s, k) for tt, s, k in subtypes if tt == t))
                        for t in type_keys if any(tt == t for tt, _, _ in subtypes))
        return StatsLayout(nxt, types, subtypes, races, by_type)

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
        """Suggestions for an unknown name, best first (difflib on folded names).

        difflib costs ~0.1 ms per comparison on long names, so a cheap bigram overlap
        first keeps the best few dozen candidates, and answers are memoised (bulk
        validation meets the same stale slug in many decks)."""
        memo_key = (name, n, cutoff)
        if memo_key in self._closest_memo:
            return list(self._closest_memo[memo_key])
        query = fold(name)
        grams = _bigrams(query)
        ranked = sorted(self._folded_names,
                        key=lambda k: -len(grams & self._bigrams[k]) * 2
                        / (len(grams) + len(self._bigrams[k]) or 1))
        pool = ranked[: max(30, n * 10)]
        out: list[Card] = []
        for key in difflib.get_close_matches(query, pool, n=n * 2, cutoff=cutoff):
            for slug in self._strict[key]:
                card = self._cards[slug]
                if card not in out:
                    out.append(card)
        if len(self._closest_memo) >= _MEMO_SIZE:
            self._closest_memo.clear()
        self._closest_memo[memo_key] = tuple(out[:n])
        return out[:n]

    def closest_names(self, name: str, n: int = 3) -> list[str]:
        return [display_name(c) for c in self.closest(name, n)]


_MEMO_SIZE = 4096


def _bigrams(text: str) -> set[str]:
    padded = f" {text} "
    return {padded[i:i + 2] for i in range(len(padded) - 1)}


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
    buckets = {COST_UNKNOWN: -1, COST_VARIABLE: -2}
    bucket = min(max(cost, 0), 10) if cost is not None else buckets[kind]
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
        type_key=card.get("type") or "unknown",
        subtype_key=card.get("subtype") or "unknown",
        race_key=card.get("race") or "unknown",
        bucket=bucket,
        cost0=cost if cost is not None else 0,
    )
