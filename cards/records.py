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


def validate_record(record: Any, row: int | None = None, partial: bool = False  # noqa: C901
                    ) -> list[dict[str, Any]]:
    """Every problem with one record. ``partial`` allows a correction naming only some fields."""
    if not isinstance(record, dict):
        return [_err(row, "", "a card record must be an object")]
    errors: list[dict[str, Any]] = []
    required = () if partial else ("slug", "name_hu", "type")
    for field in required:
        if record.get(field) in (None, ""):
            errors.append(_err(row, field, "required"))
    slug = record.get("slug")
    if slug is not None and (not isinstance(slug, str) or not SLUG_RE.match(slug)):
        errors.append(_err(row, "slug", "lower-case letters, digits and single hyphens only"))
    name = record.get("name_hu")
    if name is not None and (not isinstance(name, str) or not name.strip() or len(name) > 200):
        errors.append(_err(row, "name_hu", "a non-empty name of at most 200 characters"))
    card_type = record.get("type")
    if card_type is not None and card_type not in vocab.TYPES:
        errors.append(_err(row, "type", f"one of {', '.join(vocab.TYPES)}"))
    subtype = record.get("subtype")
    if subtype is not None:
        allowed = vocab.subtype_keys(card_type) if card_type in vocab.TYPES else []
        if subtype not in allowed:
            errors.append(_err(row, "subtype", f"for type {card_type!r} one of {', '.join(allowed)}"))
    for field, table in (("race", vocab.RACES), ("rarity", vocab.RARITIES),
                         ("cost_rule", vocab.COST_RULES)):
        value = record.get(field)
        if value is not None and value not in table:
            errors.append(_err(row, field, f"one of {', '.join(table)} or null"))
    for field in INT_FIELDS:
        value = record.get(field)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            errors.append(_err(row, field, "a whole number or null"))
        elif not 0 <= value <= 99:
            errors.append(_err(row, field, "between 0 and 99"))
    for field in STR_FIELDS:
        value = record.get(field)
        if value is not None and not isinstance(value, str):
            errors.append(_err(row, field, "text or null"))
    dev = record.get("dev_limit")
    if dev is not None:
        text = str(dev)
        if not (text in ("X", "?") or (whole(text) or 100) <= 99):
            errors.append(_err(row, "dev_limit", 'a number, "X", "?" or null'))
        elif text == "?" and record.get("subtype") not in (None, "trap"):
            errors.append(_err(row, "dev_limit", '"?" is for traps only (KG-4.5.6)'))
    abilities = record.get("abilities")
    if abilities is not None and (
            not isinstance(abilities, list) or any(a not in vocab.ABILITIES for a in abilities)):
        errors.append(_err(row, "abilities", f"a list of {', '.join(vocab.ABILITIES)}"))
    official = record.get("official")
    if official is not None and not isinstance(official, bool):
        errors.append(_err(row, "official", "true or false"))
    for field in ("modifiers", "effect"):
        value = record.get(field)
        if value is not None and not isinstance(value, dict):
            errors.append(_err(row, field, "an object or null"))
    prov = record.get("provenance")
    if prov is not None:
        if not isinstance(prov, dict):
            errors.append(_err(row, "provenance", "an object of field -> {source, note}"))
        else:
            for key, entry in prov.items():
                if not isinstance(entry, dict) or entry.get("source") not in vocab.PROVENANCE_SOURCES:
                    errors.append(_err(row, f"provenance.{key}",
                                       f"source one of {', '.join(vocab.PROVENANCE_SOURCES)}"))
    sources = record.get("sources")
    if sources is not None and not isinstance(sources, list):
        errors.append(_err(row, "sources", "a list"))
    return errors
