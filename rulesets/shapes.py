"""Action shapes: each game's action vocabulary written down once, as data, in its ruleset.

An action is a JSON object ``{"type": ..., <fields>}``, one element of ``legal_actions``
posted back as is. Each ruleset lists here every type it may offer, what it means and the
fields it carries (``ACTION_SHAPES`` in ``rulesets/<game>/action_shapes.py``). From that one
list the API publishes a JSON Schema per game (a union discriminated by ``type``, in the
OpenAPI document: ``kaosz.api.schema``), and ``tests/rulesets/test_action_shapes.py`` plays
seeded games of each and checks every legal action the engine offers against it, so the
engine and the schema cannot drift apart unnoticed.

A field's kind is ``int``, ``bool``, ``str``, ``goods`` (colour → count), or a tuple of the
strings it may be; a kind ending in ``?`` may also be null. No Django import (engines only).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

Kind = str | tuple[str, ...]


@dataclass(frozen=True)
class ActionShape:
    meaning: str
    fields: Mapping[str, Kind] = field(default_factory=dict)
    optional: frozenset[str] = frozenset()   # fields an action of this type may leave out


_KINDS: dict[str, dict[str, Any]] = {
    "int": {"type": "integer"}, "bool": {"type": "boolean"}, "str": {"type": "string"},
    "goods": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 1},
              "description": "colour → count"},
}


def _kind_schema(kind: Kind) -> dict[str, Any]:
    if isinstance(kind, tuple):
        return {"type": "string", "enum": list(kind)}
    schema = _KINDS[kind.rstrip("?")]
    return {**schema, "nullable": True} if kind.endswith("?") else dict(schema)


def variant_name(prefix: str, action_type: str) -> str:
    return prefix + "Action" + "".join(p.capitalize() for p in action_type.split("_"))


def json_schemas(prefix: str, title: str,
                 shapes: Mapping[str, ActionShape]) -> dict[str, dict[str, Any]]:
    """OpenAPI 3.0 component schemas: one per action type (``<prefix>Action<Type>``) and
    their union ``<prefix>Action``, discriminated by ``type``."""
    out: dict[str, dict[str, Any]] = {}
    for action_type, shape in shapes.items():
        props = {"type": {"type": "string", "enum": [action_type]}}
        props.update({name: _kind_schema(kind) for name, kind in shape.fields.items()})
        out[variant_name(prefix, action_type)] = {
            "type": "object", "title": f"{title}: {action_type}", "description": shape.meaning,
            "properties": props, "additionalProperties": False,
            "required": ["type"] + [f for f in shape.fields if f not in shape.optional]}
    refs = {t: f"#/components/schemas/{variant_name(prefix, t)}" for t in shapes}
    out[prefix + "Action"] = {
        "description": f"An action of {title}: one element of legal-actions, posted back as "
                       "is. Its `type` names which.",
        "oneOf": [{"$ref": ref} for ref in refs.values()],
        "discriminator": {"propertyName": "type", "mapping": refs}}
    return out


def shapes_of(ruleset_name: str) -> Mapping[str, ActionShape] | None:
    """The game's ``ACTION_SHAPES`` (``rulesets/<name>/action_shapes.py``), or None."""
    try:
        module = importlib.import_module(f"rulesets.{ruleset_name}.action_shapes")
    except ModuleNotFoundError:
        return None
    shapes: Mapping[str, ActionShape] = module.ACTION_SHAPES
    return shapes


def prefix_of(ruleset_name: str) -> str:
    return ruleset_name.capitalize()
