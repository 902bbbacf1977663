"""The published shapes (actions, events, views: ``rulesets/shapes.py``) over many more
seeded games than the quick tests walk, with every table size. A rare branch
(Pulsar's second gyrodyne choice, a KGK ship's stealth bombard) shows itself only in some
games: the API answers test met two such in random matches before this sweep did. Slow:
run with the engine sweeps (``-m slow``)."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from rulesets import registry
from tests.support.conformance import play
from tests.support.shapes import GAMES, mismatches, typed_validators, view_validator

pytestmark = pytest.mark.slow

GAMES_EACH = 40
EVERY = 7          # a position's view and legal actions looked at every so many moves


@pytest.mark.parametrize("name", GAMES)
def test_the_shapes_hold_over_many_games(name):
    rs = registry.get(name)
    view = view_validator(name)
    typed = {what: typed_validators(name, what) for what in ("Action", "Event")}
    problems: Counter[str] = Counter()

    def check(what: str, value: dict) -> None:
        for why in mismatches(value, typed[what]):
            problems[f"{what} {value['type']}: {why[:160]}"] += 1

    sizes = range(rs.min_players, rs.max_players + 1)
    for i in range(GAMES_EACH):
        m = play(name, f"sweep-{i}", sizes[i % len(sizes)])
        state = rs.new_game(rs.example_config(m.players), m.seed)
        for step, (seat, action) in enumerate(m.record):
            if step % EVERY == 0:
                for reader in (None, *range(m.players)):
                    for error in view.iter_errors(rs.view(state, reader)):
                        where = "/".join(map(str, error.absolute_path))
                        problems[f"view {where}: {error.message[:160]}"] += 1
                for s in rs.to_act(state):
                    for offered in rs.legal_actions(state, s):
                        check("Action", offered)
            state, recorded = rs.apply(state, seat, copy.deepcopy(action))
            for event in recorded:
                for reader in (None, *range(m.players)):
                    shown = rs.event_view(event, reader)
                    if shown is not None:
                        check("Event", shown)
    assert not problems, problems.most_common(10)
