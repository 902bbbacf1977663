"""Bots: legal, reproducible, view-only; the heuristic beats the random bot."""

from __future__ import annotations

import pytest

from rulesets.pulsar import RULESET as R
from rulesets.pulsar.bots import play_match
from rulesets.pulsar.state import Game
from rulesets.stats import wilson

from .props import hidden_twin


def _states(n: int = 3, seed: str = "bots", upto: int = 150) -> list[Game]:
    s = R.new_game(R.example_config(n), seed)
    out = []
    for step in range(upto):
        seat = R.to_act(s)[0]
        if step % 7 == 0:
            out.append(R.from_json(R.to_json(s)))
        R.apply(s, seat, R.bot_action(s, seat, "random", f"x{step}"))
    return out


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_bots_pick_legal_reproducible_actions(kind: str) -> None:
    for s in _states():
        seat = R.to_act(s)[0]
        a = R.bot_action(s, seat, kind, "seed-1")
        assert a in R.legal_actions(s, seat)
        assert a == R.bot_action(s, seat, kind, "seed-1")


def test_heuristic_decides_from_the_view_only() -> None:
    for i, s in enumerate(_states(4, "view-only", 200)):
        twin = hidden_twin(s, f"h{i}")
        seat = R.to_act(s)[0]
        assert R.bot_action(s, seat, "heuristic", "k") == R.bot_action(twin, seat, "heuristic", "k")


def test_unknown_bot_kind() -> None:
    s = _states(2, "k", 1)[0]
    with pytest.raises(ValueError):
        R.bot_action(s, R.to_act(s)[0], "oracle", "x")


def _heads_up(n_games: int) -> int:
    wins = 0
    for g in range(n_games):
        h = g % 2  # alternate the heuristic's seat
        kinds = ["random", "random"]
        kinds[h] = "heuristic"
        s = play_match(kinds, f"duel-{g}")
        out = R.outcome(s)
        assert out is not None
        wins += h in out.winners
    return wins


def test_heuristic_beats_random_small_sample() -> None:
    wins = _heads_up(16)
    assert wins >= 13


@pytest.mark.slow
def test_heuristic_beats_random_1000_games() -> None:
    wins = _heads_up(1000)
    lo, _ = wilson(wins, 1000)
    assert lo > 0.9


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert 0.40 < lo < 0.41 and 0.59 < hi < 0.60
    assert wilson(0, 0) == (0.0, 1.0)
