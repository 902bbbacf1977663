"""Each game's events (``rulesets/<game>/event_shapes.py``) against its engine: the seeded
bot matches of the action-shape test, a resignation, and every event recorded on the way,
as each seat and a spectator read it (``event_view``), must match its type's published
schema exactly. Issue 29: events reached clients as untyped objects. And every ``type``
the engine's source writes is an action or an event the game lists, so a type added
without its shape fails here even when no seeded match meets it."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from rulesets import registry
from rulesets.shapes import (
    EventShape,
    event_shapes_of,
    json_schemas,
    prefix_of,
    shapes_of,
    variant_name,
)
from tests.support.conformance import match
from tests.support.shapes import GAMES, SHAPE_SEEDS
from tests.support.shapes import plain as _plain

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
    prefix = prefix_of(name)
    schemas = {k: _plain(v) for k, v in json_schemas(prefix, name, shapes, "Event").items()}
    problems, types = [], set()
    for event in _seen(name):
        types.add(event["type"])
        schema = schemas.get(variant_name(prefix, event["type"], "Event"))
        if schema is None:
            problems.append(f"unknown type: {event}")
            continue
        try:
            jsonschema.validate(event, schema)
        except jsonschema.ValidationError as exc:
            problems.append(f"{event}: {exc.message}")
    assert not problems, problems[:10]
    # the seeded matches meet nearly every event; the rest the source test below holds
    assert len(types) >= 0.9 * len(shapes), sorted(set(shapes) - types)


# A type written in the engine: an action or event dict's ``"type": "..."``, or KGK's
# ``emit(state, "...")``. The scenario schema's JSON Schema types and the shapes' own
# field kinds are not the game's.
_TYPE_IN_SOURCE = re.compile(r'"type": "([a-z_]+)"|\bemit\(\w+, "([a-z_]+)"')
_NOT_ENGINE = {"scenario_schema.py", "action_shapes.py", "event_shapes.py", "view_shape.py"}


@pytest.mark.parametrize("name", GAMES)
def test_every_type_the_engine_writes_is_listed(name):
    listed = set(shapes_of(name) or {}) | set(event_shapes_of(name) or {})
    written: set[str] = set()
    for path in sorted((ROOT / "rulesets" / name).rglob("*.py")):
        if path.name not in _NOT_ENGINE:
            for found in _TYPE_IN_SOURCE.findall(path.read_text(encoding="utf-8")):
                written.add(found[0] or found[1])
    assert written, name
    assert not written - listed, sorted(written - listed)


def test_a_drifted_event_is_caught():
    schemas = _plain(json_schemas("Kgk", "kgk", event_shapes_of("kgk"), "Event"))
    ok = {"type": "played", "seat": 0, "card": 7, "item": 1, "cost": 2,
          "target_where": {"seat": 1, "zone": "hangar", "pos": 0}}
    jsonschema.validate(ok, schemas["KgkEventPlayed"])
    for bad in ({**ok, "cost": "2"}, {**ok, "extra": 1}, {"type": "played", "seat": 0},
                {**ok, "target_where": {"seat": 1, "zone": "hangar"}}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schemas["KgkEventPlayed"])


def test_a_nested_shape_and_a_list_of_a_kind_are_typed():
    inner = EventShape("inner", {"a": "int"}, frozenset())
    schemas = _plain(json_schemas("T", "t", {"x": EventShape("x", {"i": inner})}, "Event"))
    jsonschema.validate({"type": "x", "i": {"a": 1}}, schemas["TEventX"])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"type": "x", "i": {"a": 1, "b": 2}}, schemas["TEventX"])
