"""A finished match's replay shows each event in full (``rulesets.base.full_event``): the
engine's privacy markers left out, every field kept. Along seeded matches of each game,
an event with markers in full is exactly what the seat it is private to was shown, and no
event shape names a field the markers' convention (a leading ``_``) would drop."""

from __future__ import annotations

import copy

import pytest

from rulesets import registry
from rulesets.base import full_event
from rulesets.shapes import event_shapes_of
from tests.support.conformance import match
from tests.support.shapes import GAMES, SHAPE_SEEDS


@pytest.mark.parametrize("name", GAMES)
def test_no_event_field_begins_with_the_markers_underscore(name):
    shapes = event_shapes_of(name) or {}
    assert shapes and not [f for s in shapes.values() for f in s.fields if f.startswith("_")]


@pytest.mark.parametrize("name", ["kgk", "roll"])
def test_an_event_in_full_is_what_the_seat_it_concerns_saw(name):
    rs = registry.get(name)
    marked = 0
    for seed in SHAPE_SEEDS[:4]:
        m = match(name, seed)
        state = rs.new_game(rs.example_config(m.players), m.seed)
        for seat, action in m.record:
            state, events = rs.apply(state, seat, copy.deepcopy(action))
            for event in events:
                markers = [k for k in event if k.startswith("_")]
                if not markers:
                    assert full_event(event) == event
                    continue
                marked += 1
                owner = event["_priv"][0] if "_priv" in event else event["_only"]
                assert full_event(event) == rs.event_view(event, owner)
    assert marked > 10, marked
