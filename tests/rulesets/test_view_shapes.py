"""Each game's view (``rulesets/<game>/view_shape.py``) against its engine: along the
seeded bot matches of the action-shape test, the view of every seat and of a spectator, at
many positions and at the end, must match the published ``<Game>View`` exactly (no key
missing or unknown, no value of another kind, at every depth the shape types). a
match's ``view`` reached clients as an untyped object."""

from __future__ import annotations

import copy
from typing import Any

import jsonschema
import pytest

from rulesets import registry
from rulesets.shapes import ViewShape, view_shape_of
from tests.support.conformance import match
from tests.support.shapes import GAMES, SHAPE_SEEDS, view_validator

POSITIONS = 60     # views looked at per match (and the last one)


def _views(name: str) -> list[dict[str, Any]]:
    rs = registry.get(name)
    out = []
    for seed in SHAPE_SEEDS:
        m = match(name, seed)
        state = rs.new_game(rs.example_config(m.players), m.seed)
        every = max(1, len(m.record) // POSITIONS)
        for step, (seat, action) in enumerate(m.record):
            if step % every == 0:
                out += [rs.view(state, reader) for reader in (None, *range(m.players))]
            state, _ = rs.apply(state, seat, copy.deepcopy(action))
        out += [rs.view(state, reader) for reader in (None, *range(m.players))]
    return out


@pytest.mark.parametrize("name", GAMES)
def test_every_view_matches_the_published_shape(name):
    validator = view_validator(name)
    problems: dict[str, str] = {}
    for view in _views(name):
        for error in validator.iter_errors(view):
            where = "/".join(str(p) for p in error.absolute_path)
            problems.setdefault(f"{where}: {error.validator}", error.message[:200])
    assert not problems, list(problems.items())[:12]


def test_a_drifted_view_is_caught():
    validator = view_validator("kgk")
    rs = registry.get("kgk")
    view = rs.view(rs.new_game(rs.example_config(2), "drift"), 0)
    validator.validate(view)
    renamed = copy.deepcopy(view)
    renamed["players"][0]["cash"] = renamed["players"][0].pop("credits")
    wrong_kind = copy.deepcopy(view)
    wrong_kind["players"][1]["colony"] = "12"
    for bad in (renamed, wrong_kind, {**view, "extra": 1}):
        with pytest.raises(jsonschema.ValidationError):
            validator.validate(bad)


def test_a_view_shape_is_an_object_with_a_meaning():
    for name in GAMES:
        shape = view_shape_of(name)
        assert isinstance(shape, ViewShape) and shape.meaning and shape.fields


def test_the_kgk_view_of_a_match_with_a_bot_seat_matches_too():
    """A match the host makes with a bot seat names the seats programs play
    (``automatic_seats``): its ``auto_pass`` option is then that list, not a boolean (the
    API answers test met it first)."""
    rs = registry.get("kgk")
    state = rs.new_game({**rs.example_config(2), "automatic_seats": [1]}, "bot-seat")
    view = rs.view(state, 0)
    assert view["options"]["auto_pass"] == [1]
    view_validator("kgk").validate(view)
