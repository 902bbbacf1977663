"""Property tests over seeded random games (default run) and a heavier sweep (slow)."""

from __future__ import annotations

import json

import pytest

from rulesets.pulsar import RULESET as R

from .props import check_conservation, check_hidden, check_rejections

DEFAULT_GAMES = 240
SLOW_GAMES = 3000


def _run(players: int, seed: str, deep: bool) -> tuple[dict, list, list]:
    """Play one random game checking invariants; ``deep`` checks more at every step."""
    s = R.new_game(R.example_config(players), seed)
    log: list = []
    events_all: list = []
    step = 0
    while R.outcome(s) is None:
        seat = R.to_act(s)[0]
        legal = R.legal_actions(s, seat)
        assert legal, "the seat to act always has something to do"
        assert all(isinstance(a, dict) and isinstance(a.get("type"), str) for a in legal)
        assert len(legal) < 400, "legal action lists stay small"
        for other in range(players):
            if other != seat:
                assert R.legal_actions(s, other) == []
        if deep or step % 61 == 0:
            check_rejections(s, seat, legal)
            check_hidden(s, f"{seed}/{step}")
            check_conservation(s)
            assert R.to_json(s) == s
        a = R.bot_action(s, seat, "random", f"{seed}/{step}")
        assert a in legal
        _, ev = R.apply(s, seat, json.loads(json.dumps(a)))
        log.append((seat, a))
        events_all.extend(ev)
        step += 1
        assert step < 5000, "every game ends"
    check_conservation(s)
    return s, log, events_all


def _replay(players: int, seed: str, log: list) -> tuple[dict, list]:
    s = R.new_game(R.example_config(players), seed)
    events: list = []
    for seat, a in log:
        _, ev = R.apply(s, seat, a)
        events.extend(ev)
    return s, events


def _sweep(n_games: int, deep_every: int) -> None:
    for g in range(n_games):
        players = 2 + g % 3
        seed = f"prop-{g}"
        s, log, events = _run(players, seed, deep=g % deep_every == 0)
        out = R.outcome(s)
        assert out is not None and out.reason == "most_points" and len(out.scores) == players
        assert max(out.scores) == out.scores[out.winners[0]] and len(out.winners) == 1
        if g % 5 == 0:
            s2, ev2 = _replay(players, seed, log)
            assert s2 == s and ev2 == events
            assert R.from_json(R.to_json(s)) == s
        with pytest.raises(Exception) as err:
            R.apply(s, 0, {"type": "end_turn"})
        assert getattr(err.value, "code", None) == "game_over"


def test_random_games_default() -> None:
    _sweep(DEFAULT_GAMES, deep_every=120)


@pytest.mark.slow
def test_random_games_sweep() -> None:
    _sweep(SLOW_GAMES, deep_every=25)


def test_mid_game_json_round_trip_and_resume() -> None:
    s = R.new_game(R.example_config(3), "resume")
    for step in range(120):
        seat = R.to_act(s)[0]
        R.apply(s, seat, R.bot_action(s, seat, "random", f"r{step}"))
    t = R.from_json(json.loads(json.dumps(R.to_json(s))))
    for step in range(120, 200):
        seat = R.to_act(s)[0]
        a = R.bot_action(s, seat, "random", f"r{step}")
        _, e1 = R.apply(s, seat, a)
        _, e2 = R.apply(t, seat, a)
        assert e1 == e2
    assert s == t


def test_resign_ends_the_game() -> None:
    s = R.new_game(R.example_config(3), "resign")
    R.resign(s, 1)
    out = R.outcome(s)
    assert out.reason == "resigned" and 1 not in out.winners
    assert R.to_act(s) == []
