"""Each game's events (``rulesets/<game>/event_shapes.py``) against its engine: the seeded
bot matches of the action-shape test, a resignation, and every event recorded on the way,
as each seat and a spectator read it (``event_view``), must match its type's published
schema exactly. events reached clients as untyped objects. And every ``type``
the engine's source writes is an action or an event the game lists, so a type added
without its shape fails here even when no seeded match meets it."""

from __future__ import annotations

import ast
import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from rulesets import registry
from rulesets.shapes import (
    EventShape,
    event_shapes_of,
    json_schemas,
    shapes_of,
)
from tests.support.conformance import match
from tests.support.shapes import GAMES, SHAPE_SEEDS, mismatches, plain, typed_validators

ROOT = Path(__file__).resolve().parents[2]


def _seen(name: str) -> list[dict[str, Any]]:
    """Every distinct event of the seeded matches and of a resignation, as each seat and a
    spectator see it."""
    rs = registry.get(name)
    seen: dict[str, dict[str, Any]] = {}
    for seed in SHAPE_SEEDS:
        m = match(name, seed)
        state = rs.new_game(rs.example_config(m.players), m.seed)
        recorded = []
        for seat, action in m.record:
            state, events = rs.apply(state, seat, copy.deepcopy(action))
            recorded += events
        _, resigned = rs.resign(rs.new_game(rs.example_config(m.players), m.seed), 0)
        for event in recorded + resigned:
            for reader in (None, *range(m.players)):
                shown = rs.event_view(event, reader)
                if shown is not None:
                    seen.setdefault(repr(sorted(shown.items())), shown)
    return list(seen.values())


@pytest.mark.parametrize("name", GAMES)
def test_every_event_matches_the_published_shape(name):
    shapes = event_shapes_of(name)
    assert shapes, f"{name} has no event_shapes.py"
    validators = typed_validators(name, "Event")
    seen = _seen(name)
    problems = [f"{event}: {why}" for event in seen for why in mismatches(event, validators)]
    assert not problems, problems[:10]
    types = {event["type"] for event in seen}
    # the seeded matches meet most events (a rare tile's power not); the source test below
    # holds the rest
    assert len(types) >= 0.8 * len(shapes), sorted(set(shapes) - types)


# What the engine writes: each ``{"type": "...", ...}`` dict literal (an action offered or
# an event recorded) and each KGK ``emit(state, "...", key=...)``, with the keys it sets.
# The scenario schema's JSON Schema types and the shapes' own field kinds are not the game's.
_NOT_ENGINE = {"scenario_schema.py", "action_shapes.py", "event_shapes.py", "view_shape.py"}
_NOT_FIELDS = {"type", "_only", "_others", "private_to", "hide"}   # the hiding machinery


def _written(path: Path) -> Iterator[tuple[str, set[str], int]]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "emit"
                and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
                and isinstance(node.args[1].value, str)):
            yield (node.args[1].value, {k.arg for k in node.keywords if k.arg} - _NOT_FIELDS,
                   node.lineno)
        elif isinstance(node, ast.Dict):
            keys = [k.value if isinstance(k, ast.Constant) else None for k in node.keys]
            if "type" in keys:
                typ = node.values[keys.index("type")]
                if isinstance(typ, ast.Constant) and isinstance(typ.value, str):
                    yield typ.value, {k for k in keys if isinstance(k, str)} - _NOT_FIELDS, \
                        node.lineno


@pytest.mark.parametrize("name", GAMES)
def test_every_type_and_field_the_engine_writes_is_listed(name):
    """Seeded games meet most of a game, not all of it (a rare ability's extra field): so
    the source is read too. Every type it writes is an action or an event the game lists,
    with no field the type's shape lacks."""
    actions, events = shapes_of(name) or {}, event_shapes_of(name) or {}
    problems, seen = [], 0
    for path in sorted((ROOT / "rulesets" / name).rglob("*.py")):
        if path.name in _NOT_ENGINE:
            continue
        for typ, keys, line in _written(path):
            seen += 1
            if typ not in actions and typ not in events:
                problems.append(f"{path.name}:{line}: type {typ} is not listed")
                continue
            fields = set(actions[typ].fields if typ in actions else ()) | set(
                events[typ].fields if typ in events else ())
            if keys - fields:
                problems.append(f"{path.name}:{line}: {typ} writes {sorted(keys - fields)}")
    assert seen > 20, seen
    assert not problems, problems


def test_a_drifted_event_is_caught():
    schemas = plain(json_schemas("Kgk", "kgk", event_shapes_of("kgk"), "Event"))
    ok = {"type": "played", "seat": 0, "card": 7, "item": 1, "cost": 2,
          "target_where": {"seat": 1, "zone": "hangar", "pos": 0}}
    jsonschema.validate(ok, schemas["KgkEventPlayed"])
    for bad in ({**ok, "cost": "2"}, {**ok, "extra": 1}, {"type": "played", "seat": 0},
                {**ok, "target_where": {"seat": 1, "zone": "hangar"}}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schemas["KgkEventPlayed"])


def test_a_nested_shape_and_a_list_of_a_kind_are_typed():
    inner = EventShape("inner", {"a": "int"}, frozenset())
    schemas = plain(json_schemas("T", "t", {"x": EventShape("x", {"i": inner})}, "Event"))
    jsonschema.validate({"type": "x", "i": {"a": 1}}, schemas["TEventX"])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"type": "x", "i": {"a": 1, "b": 2}}, schemas["TEventX"])
