"""Each game's action vocabulary (``rulesets/<game>/action_shapes.py``) against its engine:
seeded bot matches of every game (the conformance suite's), and every legal action
offered on the way must match its type's published schema exactly (no unknown type, no
missing or extra field, no value of another kind). Issue 29: the vocabulary lived only in
the READMEs, and a client's legal actions were untyped objects."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from rulesets import registry
from rulesets.shapes import json_schemas, prefix_of, shapes_of, variant_name
from tests.support.conformance import match, walk
from tests.support.shapes import GAMES, SHAPE_SEEDS
from tests.support.shapes import plain as _plain


def _offered(name: str) -> list[dict[str, Any]]:
    """Every distinct action offered to any seat to act, along each seeded match."""
    rs = registry.get(name)
    seen: dict[str, dict[str, Any]] = {}
    for seed in SHAPE_SEEDS:
        for _step, state, _seat, _action in walk(match(name, seed)):
            for seat in rs.to_act(state):
                for action in rs.legal_actions(state, seat):
                    seen.setdefault(repr(sorted(action.items())), action)
    return list(seen.values())


@pytest.mark.parametrize("name", GAMES)
def test_every_offered_action_matches_the_published_shape(name):
    shapes = shapes_of(name)
    assert shapes, f"{name} has no action_shapes.py"
    schemas = {k: _plain(v) for k, v in
               json_schemas(prefix_of(name), name, shapes).items()}
    offered = _offered(name)
    problems = []
    types = set()
    for action in offered:
        types.add(action["type"])
        schema = schemas.get(variant_name(prefix_of(name), action["type"]))
        if schema is None:
            problems.append(f"unknown type: {action}")
            continue
        try:
            jsonschema.validate(action, schema)
        except jsonschema.ValidationError as exc:
            problems.append(f"{action}: {exc.message}")
    assert not problems, problems[:10]
    # the games offer most of their vocabulary in these few games (a type never offered
    # at all would be a shape nobody checks: the list is kept to what the engine offers)
    assert len(types) >= 0.6 * len(shapes), sorted(set(shapes) - types)


def test_a_drifted_action_is_caught():
    schemas = _plain(json_schemas("Kgk", "kgk", shapes_of("kgk")))
    jsonschema.validate({"type": "develop", "base": 3}, schemas["KgkActionDevelop"])
    for bad in ({"type": "develop"}, {"type": "develop", "base": "3"},
                {"type": "develop", "base": 3, "extra": 1}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schemas["KgkActionDevelop"])
