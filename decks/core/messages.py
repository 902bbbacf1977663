"""Bilingual message catalogue for deck checks, imports and statistics.

Every problem the deck core reports has a stable ``code`` (the API and the pages key on it)
and a Hungarian + English message rendered from the templates below. Hungarian comes first:
the project is Hungarian-first. Templates use ``str.format`` fields; a parameter may be a
``{"hu": ..., "en": ...}`` dict when the value itself must be translated (race names).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Localized = dict[str, str]
Violation = dict[str, Any]

LANGS = ("hu", "en")

# code -> {"hu": template, "en": template}; a code with variants uses "code:variant" keys.
TEMPLATES: dict[str, Localized] = {
    "deck_size:too_few": {
        "hu": "A paklinak pontosan {expected} lapból kell állnia, de csak {actual} lap van benne "
              "({diff} lap hiányzik).",
        "en": "The deck must contain exactly {expected} cards but has {actual} "
              "({diff} too few).",
    },
    "deck_size:too_many": {
        "hu": "A paklinak pontosan {expected} lapból kell állnia, de {actual} lap van benne "
              "({diff} lappal több a kelleténél).",
        "en": "The deck must contain exactly {expected} cards but has {actual} "
              "({diff} too many).",
    },
    "deck_too_many_copies": {
        "hu": "Egy pakliban legfeljebb {max} azonos nevű lap lehet, de a(z) „{name}” lapból "
              "{count} van.",
        "en": "A deck may contain at most {max} cards of the same name, but it has {count} "
              "of \u201c{name}\u201d.",
    },
    "deck_opposed_races": {
        "hu": "A pakli nem tartalmazhat ellentétes fajú lapokat: {race_a} ({count_a} lap) és "
              "{race_b} ({count_b} lap).",
        "en": "A deck may not contain cards of opposed races: {race_a} ({count_a} cards) and "
              "{race_b} ({count_b} cards).",
    },
    "deck_too_many_races": {
        "hu": "A pakliban legfeljebb {max} különböző faj lehet, de {count} van benne: {races}.",
        "en": "A deck may use at most {max} different races, but this one uses {count}: {races}.",
    },
    "deck_unofficial_card": {
        "hu": "Ebben a formátumban csak hivatalos lapok használhatók; nem hivatalos lap: {names}.",
        "en": "Only official cards are allowed in this format; unofficial: {names}.",
    },
    "deck_unknown_card": {
        "hu": "Ismeretlen lap: „{slug}”.{hint_hu}",
        "en": "Unknown card: \u201c{slug}\u201d.{hint_en}",
    },
    "deck_invalid_count": {
        "hu": "Érvénytelen darabszám a(z) „{slug}” laphoz: {count!r} (pozitív egész kell).",
        "en": "Invalid count for card \u201c{slug}\u201d: {count!r} (a positive integer is needed).",
    },
    "deck_card_unplayable": {
        "hu": "A szabálymotor még nem tudja kezelni ezt a lapot: „{name}” ({reasons}).",
        "en": "The rules engine cannot play this card yet: \u201c{name}\u201d ({reasons}).",
    },
    "deck_race_unknown": {
        "hu": "{count} lap faja ismeretlen, így a faji korlátozás rájuk nem ellenőrizhető: {names}.",
        "en": "The race of {count} card(s) is unknown, so the race rule cannot be checked for "
              "them: {names}.",
    },
    "deck_type_not_used": {
        "hu": "A gyorstalpaló szabályai szerint csak űrhajók játszhatók ki; ezek holt lapok "
              "lesznek ({count} lap): {names}.",
        "en": "Quick-start rules use ship cards only; these cards will be dead ({count} card(s)): "
              "{names}.",
    },
    "stats_few_ships": {
        "hu": "Tanács: a pakli legalább fele legyen űrhajó; most {total} lapból {ships} az "
              "({percent}%).",
        "en": "Advice: at least half of the deck should be ships; it has {ships} of {total} "
              "({percent}%).",
    },
    "import_unknown_card": {
        "hu": "{line}. sor: ismeretlen lap: „{name}”.{hint_hu}",
        "en": "Line {line}: unknown card: \u201c{name}\u201d.{hint_en}",
    },
    "import_ambiguous_card": {
        "hu": "{line}. sor: a(z) „{name}” név több lapra is illik: {candidates}.",
        "en": "Line {line}: the name \u201c{name}\u201d matches several cards: {candidates}.",
    },
    "import_bad_count": {
        "hu": "{line}. sor: érvénytelen darabszám: {count} (1 és {max} között kell lennie).",
        "en": "Line {line}: invalid count: {count} (must be between 1 and {max}).",
    },
}


# The rules engine's reasons why it cannot play a card are English (rulesets/ knows no
# languages); the Hungarian page gets them in Hungarian (a Hungarian message
# ending in English). A reason not listed here keeps its English words.
_STAT_HU = {"speed": "sebesség", "firepower": "tűzerő", "armor": "páncél", "bombard": "bombázás",
            "cost": "ár", "type": "típus", "effect": "hatás",
            "development limit": "fejlesztési korlát"}
_TYPE_HU = {"ship": "űrhajó", "interrupt": "megszakítás", "base": "bázis",
            "development": "fejlesztés", "trap": "csapda", "crew": "legénység"}
_REASONS_HU: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (re.compile(r"unknown subtype \(size and capacity, (KG-[\d.]+)\)"),
     lambda m: f"ismeretlen altípus (méret és kapacitás, {m[1]})"),
    (re.compile(r"unknown subtype \(timing window, (KG-[\d.]+)\)"),
     lambda m: f"ismeretlen altípus (mikor játszható ki, {m[1]})"),
    (re.compile(r"unknown subtype \(subtype rules, (KG-[\d.]+)\)"),
     lambda m: f"ismeretlen altípus (az altípus szabályai, {m[1]})"),
    (re.compile(r"subtype (.+) is not a (\w+) subtype"),
     lambda m: f"a(z) {m[1]} nem {_TYPE_HU.get(m[2], m[2])} altípus"),
    (re.compile(r"unknown ability (.+)"), lambda m: f"ismeretlen képesség: {m[1]}"),
    (re.compile(r"unknown modifier (.+)"), lambda m: f"ismeretlen módosító: {m[1]}"),
    (re.compile(r"unknown (\w+) modifier"),
     lambda m: f"ismeretlen {_STAT_HU.get(m[1], m[1])}-módosító"),
    (re.compile(r"unknown (speed|firepower|armor|bombard|cost|type|effect|development limit)"),
     lambda m: f"ismeretlen {_STAT_HU[m[1]]}"),
    (re.compile(r"'\?' development limit on a non-trap base \((KG-[\d.]+)\)"),
     lambda m: f"„?” fejlesztési korlát nem csapda bázison ({m[1]})"),
    (re.compile(r"refers to speed or return fire, which the simplified combat system does "
                r"not have \((KG-[\d.]+)\)"),
     lambda m: f"sebességre vagy visszalövésre hivatkozik, ami az egyszerűsített harcban "
               f"nincs ({m[1]})"),
    (re.compile(r"playability check failed: (.+)"),
     lambda m: f"a szabálymotor ellenőrzése hibára futott: {m[1]}"),
]


def reason_hu(reason: str) -> str:
    """One engine reason in Hungarian (the English text when it is not a known shape)."""
    for pattern, words in _REASONS_HU:
        match = pattern.fullmatch(reason)
        if match:
            return words(match)
    return reason


def reasons(items: list[str]) -> dict[str, str]:
    """The reasons as a message parameter in both languages."""
    return {"hu": "; ".join(reason_hu(r) for r in items), "en": "; ".join(items)}


def hint(suggestions: list[str]) -> dict[str, str]:
    """The "did you mean" suffix, in both languages, for unknown-name messages."""
    if not suggestions:
        return {"hint_hu": "", "hint_en": ""}
    joined = ", ".join(suggestions)
    return {"hint_hu": f" Erre gondoltál: {joined}?", "hint_en": f" Did you mean: {joined}?"}


def render(key: str, params: dict[str, Any]) -> Localized:
    templates = TEMPLATES[key]
    if not any(type(v) is dict and "hu" in v for v in params.values()):
        return {"hu": templates["hu"].format(**params), "en": templates["en"].format(**params)}
    out: Localized = {}
    for lang in LANGS:
        local = {k: (v[lang] if type(v) is dict and lang in v else v)
                 for k, v in params.items()}
        out[lang] = templates[lang].format(**local)
    return out


def violation(code: str, details: dict[str, Any], cards: list[str], *, rule: str | None,
              variant: str | None = None, params: dict[str, Any] | None = None) -> Violation:
    """One error or warning in the shape the API returns.

    ``details`` is machine-readable and goes to the client; ``params`` are extra values
    only needed to render the message (e.g. translated race names).
    """
    key = f"{code}:{variant}" if variant else code
    message = render(key, {**details, **(params or {})})
    return {"code": code, "message": message, "details": details, "cards": cards, "rule": rule}
