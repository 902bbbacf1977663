"""Deck formats as data.

A format is a plain dict (so the API can list it and a new format is a data change); the
validator reads only these keys, never the format's name. :class:`Format` is the checked,
immutable view of one.

Keys of a format record:

``size``             exact number of cards (KG-1.6.1: 45; KG-1.5.1 / KG-16.1.1: 30);
                     ``size_rule`` cites the rule
``max_copies``       most cards of one *name* (KG-1.6.2), ``None`` = no limit
``opposed_races``    race pairs that may not share a deck (KG-1.6.3-1.6.4), ``[]`` = none
``max_races``        most distinct races (KG-13.3.1), ``None`` = no limit
``allow_unofficial`` whether the unofficial practice set is allowed
``used_types``       card types the format's game uses, ``None`` = all; others are warned
                     about as dead cards (quick start, KG-16.1.4)
``playability``      ``"error"`` / ``"warning"`` / ``None``: how to report cards the rules
                     engine cannot play
``engine``, ``engine_options``  the ruleset that plays decks of this format and the options
                     for its match config (KGK: ``rules``, ``simplified_combat``)
``rules``            rulebook references, for the pages
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from rulesets.kgk import vocabulary

# The game's terms come from the engine's vocabulary (one definition, no Django), in the
# shapes the formats and the API use. KG-5.1 / KG-5.2.
RACES: dict[str, dict[str, str]] = {
    k: {"hu": n.hu, "en": n.en} for k, n in vocabulary.RACE_NAMES.items()}
# KG-1.6.4: exactly these four pairs.
OPPOSED_RACES: list[list[str]] = [list(pair) for pair in vocabulary.OPPOSED_PAIRS]

# Card types in the fixed order used by exports, statistics and charts (KG-4).
TYPES: dict[str, dict[str, str]] = {t: n._asdict() for t, n in vocabulary.TYPE_NAMES.items()}
TYPE_ORDER: tuple[str, ...] = tuple(TYPES)

_OFFICIAL_45: dict[str, Any] = {
    "size": 45,
    "size_rule": "KG-1.6.1",
    "max_copies": 3,
    "opposed_races": OPPOSED_RACES,
    # KG-1.6.5: "at most 4 races" follows from the pairs, so it is not checked twice.
    "max_races": None,
    "allow_unofficial": False,
    "used_types": None,
    # Paper tournaments may use cards whose numbers we don't know: warn only.
    "playability": "warning",
    "engine": "kgk",
    # Passed verbatim as the KGK match config "options"; KG-13.2.5: original combat.
    "engine_options": {"rules": "official", "simplified_combat": False},
}

FORMATS: dict[str, dict[str, Any]] = {
    "tournament": {
        **_OFFICIAL_45,
        "title": {"hu": "Verseny (45 lap)", "en": "Tournament (45 cards)"},
        "description": {
            "hu": "Hivatalos szabályok: pontosan 45 lap, azonos névből legfeljebb 3, "
                  "ellentétes fajok nélkül; csak hivatalos lapok.",
            "en": "Official rules: exactly 45 cards, at most 3 of a name, no opposed races; "
                  "official cards only.",
        },
        "rules": ["KG-1.6", "KG-13.4.1"],
    },
    "tournament-any4": {
        **_OFFICIAL_45,
        "opposed_races": [],
        "max_races": 4,
        "title": {"hu": "45 lap, egyszerűsített fajok (1. szint)",
                  "en": "45 cards, simplified races (level 1)"},
        "description": {
            "hu": "Hivatalos szabályok, de bármely fajok keverhetők, legfeljebb négy. "
                  "Versenyen nem használható.",
            "en": "Official rules, but any races may be mixed, at most four. "
                  "Not for tournaments.",
        },
        "rules": ["KG-1.6.1", "KG-1.6.2", "KG-13.3.1", "KG-13.3.4"],
    },
    "tournament-norace": {
        **_OFFICIAL_45,
        "opposed_races": [],
        "max_races": None,
        "title": {"hu": "45 lap, faji korlátozás nélkül (2. szint)",
                  "en": "45 cards, no race restriction (level 2)"},
        "description": {
            "hu": "Hivatalos szabályok faji korlátozás nélkül. Versenyen nem használható.",
            "en": "Official rules without any race restriction. Not for tournaments.",
        },
        "rules": ["KG-1.6.1", "KG-1.6.2", "KG-13.3.2", "KG-13.3.4"],
    },
    "practice": {
        **_OFFICIAL_45,
        "allow_unofficial": True,
        "playability": "error",
        "title": {"hu": "Gyakorló (45 lap)", "en": "Practice (45 cards)"},
        "description": {
            "hu": "A versenyszabályok, de a nem hivatalos gyakorlókészlet is használható, "
                  "hogy már most teljes mérkőzések legyenek játszhatók.",
            "en": "The tournament rules with the unofficial practice set allowed, so full "
                  "matches can be played today.",
        },
        "rules": ["KG-1.6"],
    },
    "casual": {
        # KG-16.1.1 / KG-16.2.1: 30 cards, no copy or race limit; KG-16.1.4: ships only
        # are used, but "almost only ships" (and the discard tip in KG-16.1.8) means other
        # cards may be in the deck — they are dead cards, so a warning, not an error.
        "size": 30,
        "size_rule": "KG-16.1.1",
        "max_copies": None,
        "opposed_races": [],
        "max_races": None,
        "allow_unofficial": True,
        "used_types": ["ship"],
        "playability": "error",
        "engine": "kgk",
        "engine_options": {"rules": "quick_start"},
        "title": {"hu": "Gyorstalpaló (30 lap)", "en": "Quick start (30 cards)"},
        "description": {
            "hu": "Pontosan 30 lap, szinte csak űrhajók; nincs példány- és fajkorlát.",
            "en": "Exactly 30 cards, almost only ships; no copy or race limits.",
        },
        "rules": ["KG-1.5", "KG-16.1", "KG-16.2.1"],
    },
}


@dataclass(frozen=True, slots=True)
class Format:
    key: str
    size: int | None
    max_copies: int | None
    opposed_races: tuple[tuple[str, str], ...]
    max_races: int | None
    allow_unofficial: bool
    used_types: frozenset[str] | None
    playability: str | None
    engine: str
    engine_options: Mapping[str, Any]
    data: Mapping[str, Any]

    @property
    def checks_races(self) -> bool:
        return bool(self.opposed_races) or self.max_races is not None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready description (the original record plus its key)."""
        return {"key": self.key, **_thaw(self.data)}


def _thaw(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_thaw(v) for v in value]
    return value


def make_format(key: str, record: Mapping[str, Any]) -> Format:
    """Check a format record and freeze it. Raises ``ValueError`` on a malformed record."""
    for race_pair in record.get("opposed_races", []):
        if len(race_pair) != 2 or not set(race_pair) <= set(RACES):
            raise ValueError(f"format {key}: bad opposed race pair {race_pair!r}")
    if record.get("playability") not in (None, "error", "warning"):
        raise ValueError(f"format {key}: playability must be error, warning or None")
    used = record.get("used_types")
    if used is not None and not set(used) <= set(TYPES):
        raise ValueError(f"format {key}: unknown card type in used_types {used!r}")
    return Format(
        key=key,
        size=record.get("size"),
        max_copies=record.get("max_copies"),
        opposed_races=tuple((a, b) for a, b in record.get("opposed_races", [])),
        max_races=record.get("max_races"),
        allow_unofficial=bool(record.get("allow_unofficial", False)),
        used_types=frozenset(used) if used is not None else None,
        playability=record.get("playability"),
        engine=record.get("engine", "kgk"),
        engine_options=MappingProxyType(dict(record.get("engine_options", {}))),
        data=MappingProxyType(dict(record)),
    )


_FROZEN: dict[str, Format] = {key: make_format(key, rec) for key, rec in FORMATS.items()}


class UnknownFormat(KeyError):
    pass


def get_format(key: str | Format) -> Format:
    if isinstance(key, Format):
        return key
    try:
        return _FROZEN[key]
    except KeyError:
        raise UnknownFormat(key) from None


def format_keys() -> list[str]:
    return list(_FROZEN)


def all_formats() -> list[dict[str, Any]]:
    return [f.as_dict() for f in _FROZEN.values()]
