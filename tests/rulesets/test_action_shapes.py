"""Each game's action vocabulary (``rulesets/<game>/action_shapes.py``) against its engine:
seeded bot matches of every game (the conformance suite's), and every legal action
offered on the way must match its type's published schema exactly (no unknown type, no
missing or extra field, no value of another kind). the vocabulary lived only in
the READMEs, and a client's legal actions were untyped objects."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from rulesets import registry
from rulesets.shapes import json_schemas, shapes_of
from tests.support.conformance import match, walk
from tests.support.shapes import GAMES, SHAPE_SEEDS, mismatches, plain, typed_validators


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
    validators = typed_validators(name, "Action")
    offered = _offered(name)
    problems = [f"{action}: {why}" for action in offered
                for why in mismatches(action, validators)]
    assert not problems, problems[:10]
    types = {action["type"] for action in offered}
    # the games offer most of their vocabulary in these few games (a type never offered
    # at all would be a shape nobody checks: the list is kept to what the engine offers)
    assert len(types) >= 0.6 * len(shapes), sorted(set(shapes) - types)


def test_a_drifted_action_is_caught():
    schemas = plain(json_schemas("Kgk", "kgk", shapes_of("kgk")))
    jsonschema.validate({"type": "develop", "base": 3}, schemas["KgkActionDevelop"])
    for bad in ({"type": "develop"}, {"type": "develop", "base": "3"},
                {"type": "develop", "base": 3, "extra": 1}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schemas["KgkActionDevelop"])
