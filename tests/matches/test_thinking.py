"""Bots of the embedded server think in processes of their own, niced below the requests
(``matches.thinking``): the same choice as thinking in place, from the state's JSON."""

from __future__ import annotations

import json
import os
import random

import pytest

from matches import thinking
from rulesets import registry


@pytest.fixture
def pool():
    yield thinking._the_pool(1, 10)
    thinking.stop()


@pytest.mark.parametrize("ruleset,kind", [("roll", "search-easy"), ("kgk", "heuristic"),
                                          ("smugglers", "search-easy")])
def test_the_pool_chooses_what_the_bot_chooses_in_place(pool, ruleset, kind):
    rs = registry.get(ruleset)
    state = rs.new_game(rs.example_config(2), "seed-7")
    rng = random.Random(3)
    for step in range(4):                     # a few positions into the game
        seat = rs.to_act(state)[0]
        here = rs.bot_action(state, seat, kind, f"s{step}")
        data = state if getattr(rs, "plain_json_state", False) else rs.to_json(state)
        there = pool.submit(thinking.choose, ruleset, json.dumps(data), seat, kind,
                            f"s{step}").result()
        assert there == here
        state, _ = rs.apply(state, seat, rng.choice(rs.legal_actions(state, seat)))
        if not rs.to_act(state):
            break


def test_the_thinking_processes_yield_to_the_server(pool):
    assert pool.submit(os.nice, 0).result() >= os.nice(0) + 10
