"""Bots of the embedded server think in processes of their own, niced below the requests
(``matches.thinking``): the same choice as thinking in place, from the state's JSON."""

from __future__ import annotations

import json
import os
import random

import pytest
from celery import shared_task

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


@shared_task(name="tests.thinking.noop")
def noop() -> None:
    return None


def test_bots_think_less_while_other_bot_work_waits(inprocess_worker, settings):
    """Under a crowd of bots each search is capped at ``KAOSZ_BOT_BUSY_THINK_MS`` of CPU
    (so every waiting person's bot answers soon); alone, a bot thinks its level's whole
    work."""
    settings.KAOSZ_BOT_BUSY_THINK_MS = 250
    assert thinking.budget_now() is None
    threads = inprocess_worker.worker.queues()["bots"]["threads"]
    with inprocess_worker.paused():
        noop.apply_async(queue="bots")
        assert thinking.budget_now() == pytest.approx(0.25 * threads / (threads + 1))
        for _ in range(threads + 3):
            noop.apply_async(queue="bots")
        # (the more bots wait, the less each thinks: a round of them costs the same)
        assert thinking.budget_now() == pytest.approx(0.25 * threads / (2 * threads + 4))
        settings.KAOSZ_BOT_BUSY_THINK_MS = 0
        assert thinking.budget_now() is None
        settings.KAOSZ_BOT_BUSY_THINK_MS = 250
        noop.apply_async(queue="mail")
    inprocess_worker.wait_idle()
    with inprocess_worker.paused():
        noop.apply_async(queue="mail")          # (other queues' work is not bots')
        assert thinking.budget_now() is None
    inprocess_worker.wait_idle()


def test_the_pool_thinks_within_the_budget_it_is_given(pool):
    rs = registry.get("smugglers")
    state = rs.new_game(rs.example_config(2), "seed-7")
    seat = rs.to_act(state)[0]
    data = rs.to_json(state)
    action = pool.submit(thinking.choose, "smugglers", json.dumps(data), seat,
                         "search-hard", "s0", 0.0).result()
    assert action in rs.legal_actions(state, seat)
