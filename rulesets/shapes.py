"""Shapes: each game's actions, events and view written down once, as data, in its ruleset.

An action is a JSON object ``{"type": ..., <fields>}``, one element of ``legal_actions``
posted back as is. Each ruleset lists here every type it may offer, what it means and the
fields it carries (``ACTION_SHAPES`` in ``rulesets/<game>/action_shapes.py``). From that one
list the API publishes a JSON Schema per game (a union discriminated by ``type``, in the
OpenAPI document: ``web.api.schema``), and ``tests/rulesets/test_action_shapes.py`` plays
seeded games of each and checks every legal action the engine offers against it, so the
engine and the schema cannot drift apart unnoticed.

The events a game records are written down the same way (``EVENT_SHAPES`` in
``rulesets/<game>/event_shapes.py``): an event is ``{"type": ..., <fields>}`` as a seat sees
it, a field another seat may not see being optional. Their union is published too
(``<Prefix>Event``), and ``tests/rulesets/test_event_shapes.py`` checks every event of the
seeded games, as each seat and a spectator see it.

A seat's view of the game is written down once too (``VIEW_SHAPE`` in
``rulesets/<game>/view_shape.py``, published as ``<Prefix>View``, checked by
``tests/rulesets/test_view_shapes.py``).

A field's kind is one of:

- ``int``, ``number``, ``bool``, ``str``; ``ints``, ``numbers``, ``strs`` (a list of them);
- ``goods`` (colour → count, each at least one), ``counts`` (name → count);
- ``list`` or ``object`` (free-form);
- a tuple of the strings it may be;
- a :class:`Shape` (a nested object), :class:`ListOf` a kind, :class:`MapOf` a kind (names
  to values), :class:`Maybe` a kind (or null), :class:`OneOf` several kinds;
- a :class:`Ref` to a schema the host's API document names (a catalogue card record).

What a game is started from is written down too (``OPTION_SHAPE``, its options, and
``CONFIG_SHAPE``, the whole config ``new_game`` reads, in ``rulesets/<game>/config_shape.py``;
``tests/rulesets/test_config_shapes.py`` holds them to what the engines read).

A kind name ending in ``?`` may also be null. No Django import (engines only).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Shape:
    """A typed JSON object: what it means and its fields' kinds."""

    meaning: str
    fields: Mapping[str, Kind] = field(default_factory=dict)
    optional: frozenset[str] = frozenset()   # fields an object of this type may leave out


@dataclass(frozen=True)
class ListOf:
    """A list whose items are all of one kind."""

    kind: Kind


@dataclass(frozen=True)
class MapOf:
    """An object whose keys are names (a world's key, a seat number) and whose values are
    all of one kind."""

    kind: Kind


@dataclass(frozen=True)
class Maybe:
    """A kind that may also be null (for a nested shape or a list; a kind name says it
    with ``?``)."""

    kind: Kind


@dataclass(frozen=True)
class OneOf:
    """A value of one of several kinds (an id or a hidden card's place)."""

    kinds: tuple[Kind, ...]


@dataclass(frozen=True)
class Ref:
    """A value whose schema another part of the host describes, by the name the API
    document gives it (``CardRecord``: a catalogue card as the engine reads it)."""

    component: str


Kind = str | tuple[str, ...] | Shape | ListOf | MapOf | Maybe | OneOf | Ref
ActionShape = Shape
EventShape = Shape
ViewShape = Shape

_KINDS: dict[str, dict[str, Any]] = {
    "int": {"type": "integer"}, "number": {"type": "number"}, "bool": {"type": "boolean"},
    "str": {"type": "string"},
    "goods": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 1},
              "description": "colour → count"},
    "counts": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0},
               "description": "name → count"},
    "ints": {"type": "array", "items": {"type": "integer"}},
    "strs": {"type": "array", "items": {"type": "string"}},
    "numbers": {"type": "array", "items": {"type": "number"}},
    "list": {"type": "array", "items": {}},
    "object": {"type": "object", "additionalProperties": True},
}


def _kind_schema(kind: Kind) -> dict[str, Any]:
    if isinstance(kind, tuple):
        return {"type": "string", "enum": list(kind)}
    if isinstance(kind, Shape):
        return _object_schema(kind)
    if isinstance(kind, ListOf):
        return {"type": "array", "items": _kind_schema(kind.kind)}
    if isinstance(kind, MapOf):
        return {"type": "object", "additionalProperties": _kind_schema(kind.kind)}
    if isinstance(kind, Maybe):
        return {**_kind_schema(kind.kind), "nullable": True}
    if isinstance(kind, OneOf):
        return {"oneOf": [_kind_schema(k) for k in kind.kinds]}
    if isinstance(kind, Ref):
        return {"$ref": f"#/components/schemas/{kind.component}"}
    schema = _KINDS[kind.rstrip("?")]
    return {**schema, "nullable": True} if kind.endswith("?") else dict(schema)


def _object_schema(shape: Shape, **head: Any) -> dict[str, Any]:
    props = {**head.pop("properties", {}),
             **{name: _kind_schema(kind) for name, kind in shape.fields.items()}}
    required = head.pop("required", []) + [f for f in shape.fields if f not in shape.optional]
    schema = {"type": "object", **head, "description": shape.meaning, "properties": props,
              "additionalProperties": False}
    if required:                    # (OpenAPI 3.0: a `required` list is never empty)
        schema["required"] = required
    return schema


def variant_name(prefix: str, action_type: str, what: str = "Action") -> str:
    return prefix + what + "".join(p.capitalize() for p in action_type.split("_"))


def json_schemas(prefix: str, title: str, shapes: Mapping[str, Shape],
                 what: str = "Action") -> dict[str, dict[str, Any]]:
    """OpenAPI 3.0 component schemas: one per type (``<prefix><what><Type>``) and their
    union ``<prefix><what>``, discriminated by ``type``."""
    out: dict[str, dict[str, Any]] = {}
    for typ, shape in shapes.items():
        # the title is the component's name: generators name their classes by it
        out[variant_name(prefix, typ, what)] = _object_schema(
            shape, title=variant_name(prefix, typ, what),
            properties={"type": {"type": "string", "enum": [typ]}}, required=["type"])
    refs = {t: f"#/components/schemas/{variant_name(prefix, t, what)}" for t in shapes}
    out[prefix + what] = {
        "description": UNION_SAYS[what].format(title=title),
        "oneOf": [{"$ref": ref} for ref in refs.values()],
        "discriminator": {"propertyName": "type", "mapping": refs}}
    return out


# What a game adds to its outcome (``Outcome.details``), every game's facts in one
# vocabulary: each present only where its game (or the way the match ended) writes it.
OUTCOME_DETAILS = Shape(
    "What the game adds to the outcome: KGK's `eliminations` per seat; Űrcsempészek's "
    "scoring `breakdown` per seat (planets, unpaid, energy, goods, ship bonus, total...); "
    "Roll for the Galaxy's `bonuses` per seat (development → points) and `vp_chips`; the "
    "seat that `resigned` (Pulsar 2849); an organiser's `note` when adjudicated.",
    {"eliminations": "ints", "breakdown": ListOf(MapOf("int")),
     "bonuses": ListOf(MapOf("int")), "vp_chips": "ints", "resigned": "int", "note": "str"},
    frozenset({"eliminations", "breakdown", "bonuses", "vp_chips", "resigned", "note"}))

# The fields of ``rulesets.base.Outcome`` (a match's `outcome`), where an event carries them.
OUTCOME_FIELDS: dict[str, Kind] = {"winners": "ints", "reason": "str", "scores": "numbers?",
                                   "tiebreak": "strs", "details": OUTCOME_DETAILS}


def actions_among(shapes: Mapping[str, Shape], types: tuple[str, ...]) -> OneOf:
    """Some of a game's actions as one kind, each with its ``type``: what a pending choice
    offers or an event records, typed like the posted action it is."""
    return OneOf(tuple(Shape(shapes[t].meaning, {"type": (t,), **shapes[t].fields},
                             shapes[t].optional) for t in types))


def kind_schema(kind: Kind) -> dict[str, Any]:
    """A kind's JSON schema (OpenAPI 3.0)."""
    return _kind_schema(kind)

UNION_SAYS = {
    "Action": "An action of {title}: one element of legal-actions, posted back as is. Its "
              "`type` names which.",
    "Event": "An event of {title}, as the seat reading it may see it (a field another seat "
             "may not see is left out). Its `type` names which.",
}


def shapes_of(ruleset_name: str) -> Mapping[str, Shape] | None:
    """The game's ``ACTION_SHAPES`` (``rulesets/<name>/action_shapes.py``), or None."""
    shapes: Mapping[str, Shape] | None = _written(ruleset_name, "action_shapes",
                                                  "ACTION_SHAPES")
    return shapes


def event_shapes_of(ruleset_name: str) -> Mapping[str, Shape] | None:
    """The game's ``EVENT_SHAPES`` (``rulesets/<name>/event_shapes.py``), or None."""
    shapes: Mapping[str, Shape] | None = _written(ruleset_name, "event_shapes", "EVENT_SHAPES")
    return shapes


def view_shape_of(ruleset_name: str) -> Shape | None:
    """The game's ``VIEW_SHAPE`` (``rulesets/<name>/view_shape.py``), or None."""
    shape: Shape | None = _written(ruleset_name, "view_shape", "VIEW_SHAPE")
    return shape


def option_shape_of(ruleset_name: str) -> Shape | None:
    """The game's ``OPTION_SHAPE`` (``rulesets/<name>/config_shape.py``), or None."""
    shape: Shape | None = _written(ruleset_name, "config_shape", "OPTION_SHAPE")
    return shape


def config_shape_of(ruleset_name: str) -> Shape | None:
    """The game's ``CONFIG_SHAPE`` (``rulesets/<name>/config_shape.py``), or None."""
    shape: Shape | None = _written(ruleset_name, "config_shape", "CONFIG_SHAPE")
    return shape


def object_schema(shape: Shape, title: str) -> dict[str, Any]:
    """A shape as an OpenAPI 3.0 component schema named ``title``."""
    return _object_schema(shape, title=title)


def view_schema(prefix: str, shape: Shape) -> dict[str, dict[str, Any]]:
    """The OpenAPI 3.0 component schema ``<prefix>View``: what one seat (or a spectator)
    sees of a match of the game."""
    return {prefix + "View": _object_schema(shape, title=prefix + "View")}


def _written(ruleset_name: str, module_name: str, attribute: str) -> Any:
    """``attribute`` of ``rulesets/<ruleset_name>/<module_name>.py``, or None where the game
    has no such module."""
    try:
        module = importlib.import_module(f"rulesets.{ruleset_name}.{module_name}")
    except ModuleNotFoundError:
        return None
    return getattr(module, attribute)


def prefix_of(ruleset_name: str) -> str:
    return ruleset_name.capitalize()
