"""The KGK scenario document (SCENARIOS.md) as a JSON Schema, for the API (the
``scenario`` of a new match was a free-form object).

Each object's fields are the very key sets ``scenario.py`` reads with (``TOP_KEYS``,
``SEAT_KEYS``, ``PLAY_KEYS``, ...), so a field the reader learns is a field the schema must
describe: ``tests/kgk/test_scenario_schema.py`` fails until it does, and checks every shipped
scenario against the schema. The schema says the shape; the reader still says what a
position may be (a paid bluff, two cards with one label, a combat in the first turn).
OpenAPI 3.0 form; no Django import.
"""

from __future__ import annotations

from typing import Any

from rulesets.kgk.config_shape import OPTION_SHAPE
from rulesets.kgk.scenario import (
    CHAIN_KEYS,
    COMBAT_KEYS,
    FORMAT,
    MAX_COUNT,
    MAX_NUMBER,
    OVERRIDABLE,
    PHASES,
    PILE_KEYS,
    PILES,
    PLAY_KEYS,
    SEAT_KEYS,
    SHOT_KEYS,
    STEPS,
    TOP_KEYS,
    ZONES,
)
from rulesets.shapes import kind_schema

PREFIX = "KgkScenario"


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/components/schemas/{PREFIX}{name}"}


_NUMBER = {"type": "integer", "minimum": 0, "maximum": MAX_NUMBER}
_SEAT_NO = {"type": "integer", "minimum": 0, "maximum": 5}
_SLUG = {"type": "string", "description": "a card's slug"}
_TRANSLATED = {"type": "object", "properties": {"hu": {"type": "string"},
                                                "en": {"type": "string"}}}


def _object(properties: dict[str, Any], keys: set[str], required: tuple[str, ...] = (),
            description: str = "") -> dict[str, Any]:
    if set(properties) != keys:     # (the reader's keys: a field it reads must be described)
        raise ValueError(f"scenario schema and reader differ: {sorted(set(properties) ^ keys)}")
    out: dict[str, Any] = {"type": "object", "properties": properties,
                           "additionalProperties": False}
    if required:
        out["required"] = list(required)
    if description:
        out["description"] = description
    return out


def schemas() -> dict[str, dict[str, Any]]:
    """The scenario's component schemas, ``KgkScenario`` and its parts."""
    pile_card = _object({"card": _SLUG, "label": {"type": "string"},
                         "count": {"type": "integer", "minimum": 1, "maximum": MAX_COUNT}},
                        PILE_KEYS, ("card",))
    fields: dict[str, Any] = {
        "card": _SLUG,
        "label": {"type": "string", "description": "a name for this card, unique in the "
                  "document"},
        "paid": {"type": "boolean", "description": "face up and paid (default: true for a "
                 "ship in the hangar, else false)"},
        "as": {"type": "string", "enum": ["base", "crew", "armament"],
               "description": "the role a face-down bluff was placed in (KG-12.10)"},
        "state": {"type": "string", "enum": ["active", "used", "damaged"]},
        "damage": _NUMBER,
        "development": _NUMBER,
        "choice": {"type": "integer", "minimum": 0, "description": "the option a paid "
                   "card chose at the end of payment"},
        "attached": {"type": "array", "items": _ref("AttachedCard"),
                     "description": "on a ship: its armaments and crews"},
    }
    play_card = _object(fields, PLAY_KEYS, ("card",))
    # What a ship carries carries nothing itself: one level, and no schema that refers to
    # itself (which resolvers and client generators handle badly).
    attached_card = {**play_card, "properties": {
        k: v for k, v in fields.items() if k != "attached"}}
    zones: dict[str, Any] = {z: {"type": "array", "items": _ref("PileCard" if z in PILES
                                                               else "Card")} for z in ZONES}
    seat = _object({"name": {"type": "string"}, "credits": _NUMBER, "turns": _NUMBER,
                    **zones}, SEAT_KEYS, ("credits",),
                   "One player: credits and the cards in each zone (colony top card first).")
    shot = _object({"ship": {"type": "string"}, "target": {"type": "string"},
                    "return_fire": {"type": "boolean"}}, SHOT_KEYS, ("ship", "target"))
    combat = _object({
        "attacker": _SEAT_NO, "defender": _SEAT_NO,
        "target": {"oneOf": [{"type": "string", "enum": ["colony", "central"]},
                             _object({"base": {"type": "string"}}, {"base"}, ("base",)),
                             _object({"crew": {"type": "string"}}, {"crew"}, ("crew",))],
                   "description": "the colony, the central, or a base or crew by label"},
        "step": {"type": "string", "enum": list(STEPS)},
        "ships": {"type": "array", "items": {"type": "string"},
                  "description": "the committed ships' labels, in the order committed"},
        "shot": _ref("Shot"),
    }, COMBAT_KEYS, ("target", "step", "ships"))
    chain_item = _object({
        "card": _SLUG, "label": {"type": "string"}, "seat": _SEAT_NO,
        "target": {"oneOf": [{"type": "string", "description": "a card's label"},
                             {"type": "integer", "description": "a seat (an opponent)"},
                             _object({"item": {"type": "integer", "minimum": 0}},
                                     {"item"}, ("item",))]},
    }, CHAIN_KEYS, ("card", "seat"))
    override = {"type": "object", "required": ["why"],
                "properties": {"why": {"type": "string"}},
                "description": "values the card data leaves unknown, fixed for this "
                               "scenario: " + ", ".join(sorted(OVERRIDABLE)) + "; `why` "
                               "is required"}
    top = _object({
        "format": {"type": "string", "enum": [FORMAT]},
        "rule": {"type": "string"}, "title": _TRANSLATED,
        "notes": {"oneOf": [{"type": "string"}, _TRANSLATED]},
        "options": {**kind_schema(OPTION_SHAPE), "description": "the game options it is "
                    "written for, over the match's own"},
        "card_overrides": {"type": "object", "additionalProperties": override},
        "turn": _NUMBER, "first": _SEAT_NO, "active": _SEAT_NO,
        "phase": {"type": "string", "enum": list(PHASES)},
        "decision": _object({"kind": {"type": "string", "enum": ["main", "mulligan", "prio"]},
                             "seat": _SEAT_NO}, {"kind", "seat"}, ("kind",)),
        "combat": _ref("Combat"),
        "chain": {"type": "array", "items": _ref("ChainItem"),
                  "description": "interrupts on the chain, bottom first"},
        "seats": {"type": "array", "minItems": 2, "maxItems": 6, "items": _ref("Seat")},
    }, TOP_KEYS, ("seats",),
        "A KGK position to start a sandbox match from (rulesets/kgk/SCENARIOS.md).")
    return {PREFIX: top, PREFIX + "Seat": seat,
            PREFIX + "PileCard": {"oneOf": [_SLUG, pile_card]},
            PREFIX + "Card": {"oneOf": [_SLUG, play_card]},
            PREFIX + "AttachedCard": {"oneOf": [_SLUG, attached_card]},
            PREFIX + "Combat": combat, PREFIX + "Shot": shot, PREFIX + "ChainItem": chain_item}
