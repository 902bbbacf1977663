"""The contribution form: from posted text to a proposal, with errors in both languages.

A new card needs a Hungarian name and a type; everything else may stay unknown. A correction
proposes only the fields whose value differs from the card's current one. Cost takes a
number or ``X`` (a variable cost, with its rule); a base's development limit a number, ``X``
or ``?`` (KG-2.5). The identifier (slug) is generated from the name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cards import vocabulary as vocab
from cards.records import validate_record
from cards.text import slugify
from web.numbers import whole

TEXT_FIELDS = ("name_hu", "name_en", "clan", "text_hu", "text_en")
CHOICE_FIELDS = ("type", "subtype", "race", "rarity", "cost_rule")
INT_FIELDS = ("speed", "firepower", "armor", "bombard", "size")
# Everything the form can propose, in the order the review diff lists it.
FORM_FIELDS = ("name_hu", "name_en", "type", "subtype", "race", "clan", "rarity", "cost",
               "cost_rule", "speed", "firepower", "armor", "bombard", "size", "dev_limit",
               "abilities", "text_hu", "text_en")


@dataclass
class FormError:
    field: str
    hu: str
    en: str

    def message(self, lang: str) -> str:
        return self.hu if lang == "hu" else self.en


@dataclass
class Parsed:
    proposed: dict[str, Any] = field(default_factory=dict)
    errors: list[FormError] = field(default_factory=list)

    def error_fields(self) -> set[str]:
        return {e.field for e in self.errors}


def _whole(raw: str, name: str, parsed: Parsed) -> int | None:
    value = whole(raw)
    if value is not None and value <= 99:
        return value
    parsed.errors.append(FormError(name, "0 és 99 közötti egész szám legyen (vagy üres, ha "
                                         "nem tudod).",
                                   "must be a whole number from 0 to 99 (or empty if you "
                                   "do not know)."))
    return None


def parse(post: Any, card_record: dict[str, Any] | None) -> Parsed:
    """``post`` is a QueryDict-like mapping; ``card_record`` the corrected card's record."""
    parsed = Parsed()
    values: dict[str, Any] = {}
    for name in TEXT_FIELDS:
        raw = (post.get(name) or "").strip()
        values[name] = raw or None
    for name in CHOICE_FIELDS:
        values[name] = (post.get(name) or "").strip() or None
    card_type = values["type"] or (card_record or {}).get("type")
    if card_record is not None:
        values["type"] = card_record["type"]  # a correction does not change the card's type
    for name in INT_FIELDS:
        raw = (post.get(name) or "").strip()
        values[name] = _whole(raw, name, parsed) if raw else None
    _read_cost(post, values, parsed)
    _read_dev_limit(post, values, parsed)
    values["abilities"] = [a for a in post.getlist("abilities") if a in vocab.ABILITIES]
    _check(values, card_type, card_record, parsed)
    parsed.proposed = _proposed(values, card_record)
    if not parsed.errors:
        merged = (card_record or {}) | parsed.proposed
        if card_record is None:
            merged = merged | {"slug": "x"}  # the slug is generated later
        for problem in validate_record(merged):
            parsed.errors.append(FormError(problem["field"], problem["message"],
                                           problem["message"]))
    return parsed


def _read_cost(post: Any, values: dict[str, Any], parsed: Parsed) -> None:
    """The cost: a number, ``X`` (a cost rule says it), or empty or ``?`` (not known)."""
    cost_raw = (post.get("cost") or "").strip().upper()
    values["cost"] = None
    if cost_raw in ("X",):
        if not values["cost_rule"]:
            # One documented rule so far; the form preselects it, a bare X still means it.
            values["cost_rule"] = next(iter(vocab.COST_RULES))
    elif cost_raw in ("", "?"):
        values["cost_rule"] = None
    else:
        values["cost"] = _whole(cost_raw, "cost", parsed)
        values["cost_rule"] = None


def _read_dev_limit(post: Any, values: dict[str, Any], parsed: Parsed) -> None:
    """The development limit: a number to 99, ``X``, or ``?`` (traps only)."""
    dev = (post.get("dev_limit") or "").strip().upper()
    values["dev_limit"] = dev or None
    if dev and not (dev in ("X", "?") or (whole(dev) or 100) <= 99):
        parsed.errors.append(FormError("dev_limit", 'szám, "X" vagy "?" (csak csapdánál) lehet.',
                                       'must be a number, "X" or "?" (traps only).'))
        values["dev_limit"] = None
    elif dev == "?" and values["subtype"] not in (None, "trap"):
        parsed.errors.append(FormError("dev_limit", 'a "?" csak csapdánál érvényes (KG-4.5.6).',
                                       '"?" is for traps only (KG-4.5.6).'))


def _check(values: dict[str, Any], card_type: str | None,
           card_record: dict[str, Any] | None, parsed: Parsed) -> None:
    """What the form's fields say together: a new card's name and type, a subtype of its
    type, known values, abilities on ships only, a name's length."""
    if card_record is None:
        if not values["name_hu"]:
            parsed.errors.append(FormError("name_hu", "add meg a lap magyar nevét.",
                                           "enter the card's Hungarian name."))
        if card_type not in vocab.TYPES:
            parsed.errors.append(FormError("type", "válaszd ki a lap típusát.",
                                           "choose the card's type."))
    if values["subtype"] and card_type in vocab.TYPES \
            and values["subtype"] not in vocab.subtype_keys(card_type):
        names = ", ".join(hu for _, hu, _ in vocab.TYPES[card_type][2])
        names_en = ", ".join(en for _, _, en in vocab.TYPES[card_type][2])
        parsed.errors.append(FormError(
            "subtype", f"ennél a típusnál ezek közül választhatsz: {names}.",
            f"for this type choose one of: {names_en}."))
    for name, table in (("race", vocab.RACES), ("rarity", vocab.RARITIES),
                        ("cost_rule", vocab.COST_RULES)):
        if values[name] is not None and values[name] not in table:
            parsed.errors.append(FormError(name, "ismeretlen érték.", "unknown value."))
    if values["abilities"] and card_type not in (None, "ship"):
        parsed.errors.append(FormError("abilities", "képessége csak űrhajónak lehet.",
                                       "only ships have abilities."))
    if values["name_hu"] and len(values["name_hu"]) > 200:
        parsed.errors.append(FormError("name_hu", "legfeljebb 200 karakter.",
                                       "at most 200 characters."))


def _proposed(values: dict[str, Any], card_record: dict[str, Any] | None) -> dict[str, Any]:
    """What the contribution claims: a new card's given fields; for a correction only what
    differs from the card now (an emptied field is not a claim that the value is unknown,
    so it is left out too)."""
    if card_record is None:
        return {k: v for k, v in values.items() if v not in (None, [])}
    proposed = {k: v for k, v in values.items()
                if k != "type" and v not in (None, []) and v != card_record.get(k)}
    if "cost" in proposed and card_record.get("cost_rule"):
        proposed["cost_rule"] = None
    if "cost_rule" in proposed:
        proposed["cost"] = None
    return proposed


def unique_slug(name: str, exists) -> str:
    """An identifier from the name (accents folded), numbered when already taken."""
    base = slugify(name)[:100].strip("-") or "lap"
    slug, n = base, 2
    while exists(slug):
        slug, n = f"{base}-{n}", n + 1
    return slug


def form_values(card_record: dict[str, Any] | None, post: Any | None) -> dict[str, Any]:
    """What the form shows: the posted values after an error, else the card's current ones."""
    if post is not None:
        out = {k: (post.get(k) or "") for k in FORM_FIELDS if k != "abilities"}
        out["abilities"] = post.getlist("abilities")
        out["source_note"] = post.get("source_note") or ""
        out["image_set"] = post.get("image_set") or ""
        return out
    record = card_record or {}
    out = {k: "" if record.get(k) is None else str(record.get(k)) for k in FORM_FIELDS
           if k != "abilities"}
    if record.get("cost_rule") and record.get("cost") is None:
        out["cost"] = "X"
    out["abilities"] = list(record.get("abilities") or [])
    out["source_note"] = ""
    return out
