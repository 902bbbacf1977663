"""Validation of card records (the fixture/import format), field by field.

Used by the import command, the contribution review and the API, so a bad value is
reported the same way everywhere: ``[{"row": n, "field": "cost", "message": "..."}]``.
"""

from __future__ import annotations

import re
from typing import Any

from cards import vocabulary as vocab
from web.numbers import whole

INT_FIELDS = ("cost", "speed", "firepower", "armor", "bombard", "size")
STR_FIELDS = ("name_en", "clan", "text_hu", "text_en", "notes")
SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def _err(row: int | None, field: str, message: str) -> dict[str, Any]:
    return {"row": row, "field": field, "message": message}


def validate_record(record: Any, row: int | None = None, partial: bool = False
                    ) -> list[dict[str, Any]]:
    """Every problem with one record. ``partial`` allows a correction naming only some fields."""
    if not isinstance(record, dict):
        return [_err(row, "", "a card record must be an object")]
    problems = [*_identity(record, partial), *_kind(record), *_values(record),
                *_dev_limit(record), *_shapes(record), *_sources(record)]
    return [_err(row, field, message) for field, message in problems]


Problems = list[tuple[str, str]]  # (field, message)


def _identity(record: dict[str, Any], partial: bool) -> Problems:
    """The required fields, the slug and the Hungarian name."""
    required = () if partial else ("slug", "name_hu", "type")
    problems = [(field, "required") for field in required if record.get(field) in (None, "")]
    slug = record.get("slug")
    if slug is not None and (not isinstance(slug, str) or not SLUG_RE.match(slug)):
        problems.append(("slug", "lower-case letters, digits and single hyphens only"))
    name = record.get("name_hu")
    if name is not None and (not isinstance(name, str) or not name.strip() or len(name) > 200):
        problems.append(("name_hu", "a non-empty name of at most 200 characters"))
    return problems


def _kind(record: dict[str, Any]) -> Problems:
    """The type, and a subtype of that type."""
    problems = []
    card_type = record.get("type")
    if card_type is not None and card_type not in vocab.TYPES:
        problems.append(("type", f"one of {', '.join(vocab.TYPES)}"))
    subtype = record.get("subtype")
    if subtype is not None:
        allowed = vocab.subtype_keys(card_type) if card_type in vocab.TYPES else []
        if subtype not in allowed:
            problems.append(("subtype", f"for type {card_type!r} one of {', '.join(allowed)}"))
    return problems


def _values(record: dict[str, Any]) -> Problems:
    """The fields with known values, the numbers and the texts."""
    problems = []
    for field, table in (("race", vocab.RACES), ("rarity", vocab.RARITIES),
                         ("cost_rule", vocab.COST_RULES)):
        value = record.get(field)
        if value is not None and value not in table:
            problems.append((field, f"one of {', '.join(table)} or null"))
    for field in INT_FIELDS:
        value = record.get(field)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            problems.append((field, "a whole number or null"))
        elif not 0 <= value <= 99:
            problems.append((field, "between 0 and 99"))
    problems += [(field, "text or null") for field in STR_FIELDS
                 if record.get(field) is not None and not isinstance(record.get(field), str)]
    return problems


def _dev_limit(record: dict[str, Any]) -> Problems:
    dev = record.get("dev_limit")
    if dev is None:
        return []
    text = str(dev)
    if not (text in ("X", "?") or (whole(text) or 100) <= 99):
        return [("dev_limit", 'a number, "X", "?" or null')]
    if text == "?" and record.get("subtype") not in (None, "trap"):
        return [("dev_limit", '"?" is for traps only (KG-4.5.6)')]
    return []


def _shapes(record: dict[str, Any]) -> Problems:
    """The abilities, the official flag, the modifiers and the effect."""
    problems = []
    abilities = record.get("abilities")
    if abilities is not None and (
            not isinstance(abilities, list) or any(a not in vocab.ABILITIES for a in abilities)):
        problems.append(("abilities", f"a list of {', '.join(vocab.ABILITIES)}"))
    official = record.get("official")
    if official is not None and not isinstance(official, bool):
        problems.append(("official", "true or false"))
    problems += [(field, "an object or null") for field in ("modifiers", "effect")
                 if record.get(field) is not None and not isinstance(record.get(field), dict)]
    return problems


def _sources(record: dict[str, Any]) -> Problems:
    """Where the record's values come from: each field's provenance, and the sources."""
    problems = []
    prov = record.get("provenance")
    if prov is not None and not isinstance(prov, dict):
        problems.append(("provenance", "an object of field -> {source, note}"))
    elif prov is not None:
        problems += [(f"provenance.{key}",
                      f"source one of {', '.join(vocab.PROVENANCE_SOURCES)}")
                     for key, entry in prov.items()
                     if not isinstance(entry, dict)
                     or entry.get("source") not in vocab.PROVENANCE_SOURCES]
    sources = record.get("sources")
    if sources is not None and not isinstance(sources, list):
        problems.append(("sources", "a list"))
    return problems
