"""What a match is started from, per game, in the API schema (a drf-spectacular
post-processing hook before ``web.api.schema``'s, which makes each game's answers from
them, ``SPECTACULAR_SETTINGS``).

Each game writes its options and config down once (``rulesets/<game>/config_shape.py``);
from them come ``<Game>GameOptions`` (what a player may choose: a deck format's
``engine_options``), ``<Game>Options`` (those and the host's:
a new match's or a simulation's ``options``, a match's answer) and ``<Game>Config`` (a
replay's ``config``). (A KGK scenario's ``options`` are typed where the scenario's schema
is written, ``rulesets/kgk/scenario_schema.py``.) A replay becomes one shape per game, picked by its ``ruleset`` like a
match's answer, its log entries carrying the game's own actions and events.
"""

from __future__ import annotations

import copy
from typing import Any

from decks.core.formats import all_formats
from rulesets import registry
from rulesets.base import Scenarios
from rulesets.shapes import config_shape_of, object_schema, option_shape_of, prefix_of

_BOOL = {"type": "boolean"}

# The options the host reads (``matches.store.HOST_OPTIONS``) and the marks it writes; a
# client sends the first two (a new match, a simulation), the server writes the rest.
HOST_OPTIONS: dict[str, dict[str, Any]] = {
    "format": {"type": "string", "nullable": True, "description": "The deck format the "
               "seats' decks are checked in (games with decks; null, empty or left out: "
               "practice)."},
    "time_limit_seconds": {"type": "integer", "minimum": 10, "maximum": 7 * 24 * 3600,
                           "nullable": True, "description": "The match's time limit (a "
                           "tournament game: 3600; null or left out: none)."},
    "rated": {**_BOOL, "readOnly": True, "description": "A challenge played for rating."},
    "seek": {**_BOOL, "readOnly": True, "description": "Made by a challenge."},
    "min_rating": {"type": "integer", "minimum": 0, "readOnly": True,
                   "description": "The rating an open challenge asked for."},
    "time_control": {"type": "object", "readOnly": True, "required": ["kind"],
                     "additionalProperties": False,
                     "description": "Live, or a move within a preset time (turn-based), "
                                    "and what a late player's turn comes to.",
                     "properties": {
                         "kind": {"type": "string", "enum": ["live", "turn"]},
                         "preset": {"type": "string", "enum": ["1d", "3d"]},
                         "on_timeout": {"type": "string", "enum": ["bot", "lose"]}}},
}
# A game with positions to set up (``rulesets.base.Scenarios``): a sandbox's mark (its
# position stays in the match, not in the options shown: ``services.sandbox``).
SANDBOX_OPTIONS: dict[str, dict[str, Any]] = {
    "sandbox": {**_BOOL, "readOnly": True, "description": "A study position, set up from "
                "the new match's `scenario`; never a tournament game."},
}

ENTRY_KINDS = ["action", "resign", "adjudicate", "auto_pass"]


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _games() -> list[tuple[str, str]]:
    return [(name, prefix_of(name)) for name in sorted(registry.available())
            if option_shape_of(name) is not None and config_shape_of(name) is not None]


def _options(schemas: dict[str, Any], name: str, prefix: str) -> None:
    shape = option_shape_of(name)
    config = config_shape_of(name)
    assert shape is not None and config is not None
    game = schemas[f"{prefix}GameOptions"] = object_schema(shape, f"{prefix}GameOptions")
    props = {**game["properties"], **copy.deepcopy(HOST_OPTIONS)}
    if isinstance(registry.get(name), Scenarios):
        props.update(copy.deepcopy(SANDBOX_OPTIONS))
    schemas[f"{prefix}Options"] = {
        "type": "object", "title": f"{prefix}Options", "additionalProperties": False,
        "description": shape.meaning + " Beside them, the host's: the deck `format` and "
        "the `time_limit_seconds` a client may set, and the marks the server writes.",
        "properties": props}
    schemas[f"{prefix}Config"] = object_schema(config, f"{prefix}Config")


def _replay(schemas: dict[str, Any], games: list[tuple[str, str]]) -> None:
    generic = schemas.get("ReplayOut")
    if generic is None:
        return
    schemas["ReplayAdjudication"] = {
        "type": "object", "required": ["winners", "note"], "additionalProperties": False,
        "description": "An organiser's decision: the winning seats (none: a draw).",
        "properties": {"winners": {"type": "array", "items": {"type": "integer"}},
                       "note": {"type": "string"}}}
    schemas["AdjudicatedEvent"] = {
        "type": "object", "required": ["type", "winners"], "additionalProperties": False,
        "description": "The event an adjudication records (every game's).",
        "properties": {"type": {"type": "string", "enum": ["adjudicated"]},
                       "winners": {"type": "array", "items": {"type": "integer"}},
                       "note": {"type": "string"}}}
    for name, prefix in games:
        schemas[f"{prefix}ReplayEntry"] = {
            "type": "object", "title": f"{prefix}ReplayEntry", "additionalProperties": False,
            "required": ["seq", "kind", "seat", "action", "events", "created"],
            "description": "One entry of the log: what was done (an action, a resignation, "
                           "an adjudication, a pass the server made) and every event it "
                           "made, in full.",
            "properties": {
                "seq": {"type": "integer", "minimum": 0},
                "kind": {"type": "string", "enum": ENTRY_KINDS},
                "seat": {"type": "integer", "nullable": True},
                "action": {"oneOf": [_ref(f"{prefix}Action"), _ref("ReplayAdjudication"),
                                     _ref("NullEnum")],
                           "description": "The action posted (a resignation: null)."},
                "events": {"type": "array", "items": {"oneOf": [
                    _ref(f"{prefix}Event"), _ref("AdjudicatedEvent")]}},
                "created": {"type": "string", "format": "date-time"}}}
        spec = copy.deepcopy(generic)
        spec.pop("title", None)
        props = spec["properties"]
        props["ruleset"] = {"type": "string", "enum": [name],
                            "description": "The match's game: it picks this shape."}
        props["config"] = _ref(f"{prefix}Config")
        props["log"] = {"type": "array", "items": _ref(f"{prefix}ReplayEntry")}
        schemas[f"{prefix}Replay"] = spec
    variants = {name: f"#/components/schemas/{prefix}Replay" for name, prefix in games}
    schemas["ReplayOut"] = {
        "description": "A finished match: its config, seed, log and outcome. One shape per "
                       "game, picked by `ruleset`.",
        "oneOf": [{"$ref": r} for r in variants.values()],
        "discriminator": {"propertyName": "ruleset", "mapping": variants}}
    schemas.pop("ReplayEntryOut", None)


def _scenario(schemas: dict[str, Any]) -> None:
    """A new match's ``scenario``: a shipped position's name or a document of a game that
    has positions (``rulesets.base.Scenarios``; its schema ``<Game>Scenario``), or null."""
    games = [(prefix_of(name), rs) for name, rs in sorted(registry.available().items())
             if isinstance(rs, Scenarios)]
    if not games:
        return
    names = sorted(n for _, rs in games for n in rs.scenario_names())
    _set(schemas, "MatchCreateRequestRequest", "scenario", {"oneOf": [
        {"type": "string", "enum": names, "description": "A shipped position's name."},
        *(_ref(f"{prefix}Scenario") for prefix, _ in games), _ref("NullEnum")]})


def _set(schemas: dict[str, Any], component: str, prop: str, value: dict[str, Any]) -> None:
    node = schemas.get(component, {}).get("properties", {})
    if prop in node:
        # (beside a `$ref` a description is ignored: the component has its own)
        said = node[prop].get("description")
        node[prop] = {**value, "description": said} if said and "$ref" not in value \
            else value


def postprocess(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict:
    schemas = result.get("components", {}).get("schemas", {})
    schemas.setdefault("NullEnum", {"type": "string", "nullable": True, "enum": [None]})
    games = _games()
    for name, prefix in games:
        _options(schemas, name, prefix)
    any_game = {"anyOf": [_ref(f"{prefix}Options") for _, prefix in games]}
    _set(schemas, "MatchCreateRequestRequest", "options", any_game)
    _scenario(schemas)
    _set(schemas, "SimulationRequestRequest", "options", any_game)
    engines = sorted({f["engine"] for f in all_formats()} & {name for name, _ in games})
    _set(schemas, "Format", "engine_options",
         {"anyOf": [_ref(f"{prefix_of(e)}GameOptions") for e in engines]})
    _replay(schemas, games)
    return result
