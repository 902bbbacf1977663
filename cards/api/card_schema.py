"""The card data's own structure as JSON Schema components: a card's modifiers, effect,
provenance and rulebook sources, the record of the import format (what a revision holds
before and after, what a contribution proposes, what the export lists) and what a photo
reading proposes. The views and serializers refer to them; ``postprocess`` (a
drf-spectacular hook, ``SPECTACULAR_SETTINGS``) puts them in the document.

Their words come from where each part is defined: the record's fields and their checks
(``cards/records.py``, fixtures/cards/SCHEMA.md), the effect-spec language the KGK engine
runs (``rulesets/kgk/effects.py``), the game's vocabulary (``cards/vocabulary.py``). Where
the catalogue accepts any value (an effect is checked as an object only, so a contributed
card may hold a key the engine does not know yet), an object stays open to more keys; the
keys it has are typed.
"""

from __future__ import annotations

from typing import Any

from cards import vocabulary as vocab
from cards.photo.fields import READ_FIELDS
from rulesets.kgk import effects
from rulesets.kgk.vocabulary import STATS


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def nullable(name: str) -> dict[str, Any]:
    """A reference that may be null (written out in place by ``web.api.schema``: OpenAPI
    3.0 has no nullable reference)."""
    return {"allOf": [ref(name)], "nullable": True}


_INT = {"type": "integer"}
_TEXT = {"type": "string"}
_STAT_AMOUNTS = dict.fromkeys(STATS, _INT)
_STAT_VALUES = {"type": "object", "description": "Stat → amount added (KG-2.4).",
                "properties": _STAT_AMOUNTS}
# an effect's amount: a number, or "X", the X fixed when a base was paid
_AMOUNT = {"oneOf": [_INT, {"type": "string", "enum": ["X"]}]}

TARGET = {
    "type": "object", "required": ["kind"],
    "description": "What the player chooses when playing or paying the card.",
    "properties": {
        "kind": {"type": "string", "description": "One of " + ", ".join(effects.TARGET_KINDS)
                 + "."},
        "side": {"type": "string", "description": "own, opponent or any."},
        "participating": {"type": "boolean", "description": "Only ships taking part in "
                          "the current combat."},
        "kinds": {"type": "array", "items": _TEXT, "description": "A chain item's kinds: "
                  "interrupt, payment, ability, event, ship."}}}

OP = {
    "type": "object", "required": ["op"],
    "description": "One step of what the card does, run in order.",
    "properties": {
        "op": {"type": "string", "description": "One of " + ", ".join(effects.OPS) + "."},
        "stat": {"type": "string", "description": "modify: one of " + ", ".join(STATS) + "."},
        "amount": _AMOUNT,
        "who": {"type": "string", "description": "modify: target or self_ship."},
        "until": {"type": "string", "description": "modify: combat or turn."}}}

ACTIVATED = {
    "type": "object",
    "description": "An activated ability of the card in play, used as an interrupt.",
    "properties": {
        "cost": {"type": "object", "description": "What using it costs.",
                 "properties": {"credits": _INT,
                                "rotate": {"type": "string",
                                           "description": "used, damaged or sacrifice."}}},
        "where": {"type": "string", "description": "canteen, ship or surface (absent: "
                  "anywhere in play)."},
        "when": {"type": "string", "description": "own_main: in its owner's main phase "
                 "only (absent: any phase)."},
        "target": TARGET, "ops": {"type": "array", "items": OP}}}

EFFECT = {
    "type": "object",
    "description": "The card's behaviour as the KGK engine runs it (every key optional).",
    "properties": {
        "modifiers": _STAT_VALUES,
        "grants": {"type": "array", "items": _TEXT, "description": "Ship abilities given "
                   "to the carrying ship."},
        "choose_at_end_of_payment": {"type": "array", "items": _STAT_VALUES,
                                     "description": "Modifier sets the owner picks one of "
                                                    "at the end of each payment step."},
        "aura": {"type": "object", "description": "While the paid base is in play.",
                 "properties": {"attack_tax": _INT, "income": _INT, "ship_discount": _INT}},
        "target": TARGET,
        "ops": {"type": "array", "items": OP},
        "activated": {"type": "array", "items": ACTIVATED},
        "notes": _TEXT}}

MODIFIERS = {
    "type": "object",
    "description": "What an armament or crew adds to its ship (KG-2.4); a choice of "
                   "modifier sets instead, picked at `choose_at`.",
    "properties": {**_STAT_AMOUNTS,
                   "choice": {"type": "array", "items": _STAT_VALUES},
                   "choose_at": {"type": "string", "description": "end_of_payment."}}}

FIELD_SOURCE = {
    "type": "object", "required": ["source"],
    "description": "Where a field's value comes from.",
    "properties": {"source": {"type": "string", "enum": list(vocab.PROVENANCE_SOURCES)},
                   "note": _TEXT,
                   "by": {"type": "string", "description": "Who contributed it."}}}

PROVENANCE = {"type": "object", "additionalProperties": ref("FieldSource"),
              "description": "Per field: where its value comes from (a field not listed, "
                             "or null, is unknown)."}

SOURCE = {"type": "object", "description": "A rulebook quote the card's values rest on.",
          "properties": {"section": _TEXT, "quote_hu": _TEXT}}

ABILITIES = {"type": "array", "items": {"type": "string", "enum": list(vocab.ABILITIES)},
             "description": "Ship abilities (KG-7)."}


def _maybe(schema: dict[str, Any]) -> dict[str, Any]:
    return {**schema, "nullable": True}


SUBTYPES = sorted({key for t in vocab.TYPES for key in vocab.subtype_keys(t)})

# The record's fields as ``cards.records.validate_record`` checks them.
RECORD_FIELDS: dict[str, dict[str, Any]] = {
    "slug": {"type": "string", "pattern": r"^[a-z0-9]+(?:-[a-z0-9]+)*$"},
    "name_hu": {"type": "string", "minLength": 1, "maxLength": 200},
    "name_en": _maybe(_TEXT),
    "official": {"type": "boolean"},
    "type": {"type": "string", "enum": list(vocab.TYPES)},
    "subtype": {"type": "string", "nullable": True, "enum": [*SUBTYPES, None],
                "description": "One of its type's subtypes."},
    "race": {"type": "string", "nullable": True, "enum": [*vocab.RACES, None]},
    "clan": _maybe(_TEXT),
    "rarity": {"type": "string", "nullable": True, "enum": [*vocab.RARITIES, None]},
    "cost": _maybe({"type": "integer", "minimum": 0, "maximum": 99}),
    "cost_rule": {"type": "string", "nullable": True, "enum": [*vocab.COST_RULES, None]},
    **{stat: _maybe({"type": "integer", "minimum": 0, "maximum": 99})
       for stat in ("speed", "firepower", "armor", "bombard", "size")},
    "modifiers": nullable("CardModifiers"),
    "dev_limit": {"oneOf": [{"type": "integer", "minimum": 0, "maximum": 99},
                            {"type": "string", "nullable": True}],
                  "description": 'A base\'s development limit: a number, "X", "?" or null '
                                 "(KG-2.5); the catalogue answers it as text."},
    "abilities": ABILITIES,
    "text_hu": _maybe(_TEXT), "text_en": _maybe(_TEXT),
    "effect": nullable("CardEffect"),
    "provenance": ref("CardProvenance"),
    "sources": {"type": "array", "items": ref("CardSource")},
    "notes": _maybe(_TEXT),
}

RECORD = {"type": "object", "properties": RECORD_FIELDS,
          "description": "A card record in the import format (fixtures/cards/SCHEMA.md); "
                         "a correction or a revision's side may hold some fields only."}

EXPORTED = {"type": "object", "required": [*RECORD_FIELDS, "sets"],
            "description": "A card in the import format, with the sets it is printed in.",
            "properties": {**RECORD_FIELDS, "sets": {"type": "array", "items": _TEXT}}}

_NUMBERS = ("cost", "speed", "firepower", "armor", "bombard")
READING = {
    "type": "object",
    "description": "Values read from a photo, as the contribution form takes them: a "
                   "number read as digits is a number, anything else the text read.",
    "properties": {name: {"oneOf": [_INT, _TEXT]} if name in _NUMBERS else _TEXT
                   for name in READ_FIELDS}}

# A search query as a tree (``cards/query/explain.py``): a term, a negation, or terms
# joined by and / or.
QUERY_NODE = {"oneOf": [ref("QueryTerm"), ref("QueryNot"), ref("QueryGroup")],
              "description": "A query condition; its `kind` says which.",
              "discriminator": {"propertyName": "kind", "mapping": {
                  "term": "#/components/schemas/QueryTerm",
                  "not": "#/components/schemas/QueryNot",
                  "and": "#/components/schemas/QueryGroup",
                  "or": "#/components/schemas/QueryGroup"}}}
QUERY_TERM = {
    "type": "object", "description": "One condition: a field, a comparison and a value, "
    "with the field's and the value's names in both languages.",
    "required": ["kind", "field", "op", "value", "label_en", "label_hu", "value_en",
                 "value_hu"],
    "properties": {"kind": {"type": "string", "enum": ["term"]}, "field": _TEXT,
                   "op": _TEXT, "value": {"oneOf": [_TEXT, _INT]},
                   "label_en": _TEXT, "label_hu": _TEXT, "value_en": _TEXT, "value_hu": _TEXT}}
QUERY_NOT = {"type": "object", "description": "The cards a condition does not match.",
             "required": ["kind", "child"],
             "properties": {"kind": {"type": "string", "enum": ["not"]},
                            "child": ref("QueryNode")}}
QUERY_GROUP = {"type": "object", "description": "Conditions joined by and (all) or or (any).",
               "required": ["kind", "children"],
               "properties": {"kind": {"type": "string", "enum": ["and", "or"]},
                              "children": {"type": "array", "items": ref("QueryNode")}}}

COMPONENTS: dict[str, dict[str, Any]] = {
    "QueryNode": QUERY_NODE, "QueryTerm": QUERY_TERM, "QueryNot": QUERY_NOT,
    "QueryGroup": QUERY_GROUP,
    "CardModifiers": MODIFIERS, "CardEffect": EFFECT, "FieldSource": FIELD_SOURCE,
    "CardProvenance": PROVENANCE, "CardSource": SOURCE, "CardRecord": RECORD,
    "CardExported": EXPORTED, "CardReading": READING,
}


def postprocess(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict:
    result.setdefault("components", {}).setdefault("schemas", {}).update(COMPONENTS)
    return result
