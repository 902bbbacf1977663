"""Property tests over seeded random games (default run) and a heavier sweep (slow): the
game's own facts (conservation of components, scoring). What every game promises (replay,
JSON, hidden information, legal and illegal actions) is tests/rulesets/test_conformance.py."""

from __future__ import annotations

import json

import pytest

from rulesets.pulsar import RULESET as R
from rulesets.pulsar.state import Game

from .props import check_conservation

DEFAULT_GAMES = 240
SLOW_GAMES = 3000


def _run(players: int, seed: str, deep: bool) -> tuple[Game, list, list]:
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
            check_conservation(s)
        a = R.bot_action(s, seat, "random", f"{seed}/{step}")
        assert a in legal
        _, ev = R.apply(s, seat, json.loads(json.dumps(a)))
        log.append((seat, a))
        events_all.extend(ev)
        step += 1
        assert step < 5000, "every game ends"
    check_conservation(s)
    return s, log, events_all


def _sweep(n_games: int, deep_every: int) -> None:
    for g in range(n_games):
        players = 2 + g % 3
        seed = f"prop-{g}"
        s, log, events = _run(players, seed, deep=g % deep_every == 0)
        out = R.outcome(s)
        assert out is not None and out.reason == "most_points" and out.scores is not None
        assert len(out.scores) == players
        assert max(out.scores) == out.scores[out.winners[0]] and len(out.winners) == 1
        with pytest.raises(Exception) as err:
            R.apply(s, 0, {"type": "end_turn"})
        assert getattr(err.value, "code", None) == "game_over"


def test_random_games_default() -> None:
    _sweep(DEFAULT_GAMES, deep_every=120)


@pytest.mark.slow
def test_random_games_sweep() -> None:
    _sweep(SLOW_GAMES, deep_every=25)


def test_resign_ends_the_game() -> None:
    s = R.new_game(R.example_config(3), "resign")
    R.resign(s, 1)
    out = R.outcome(s)
    assert out is not None and out.reason == "resigned" and 1 not in out.winners
    assert R.to_act(s) == []
