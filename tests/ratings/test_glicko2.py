"""Glicko-2 (players.ratings): Glickman's worked example and the system's basic promises."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from players.ratings import Game, Rating, idle, is_provisional, rate

ROOT = Path(__file__).resolve().parents[2]


def test_glickmans_example_of_the_glicko2_system() -> None:
    """Glickman's "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to
    1550/100 and 1700/300 (tau 0.5) and comes out at 1464.06 / 151.52 / 0.05999."""
    player = Rating(1500, 200, 0.06)
    after = rate(player, [
        Game(Rating(1400, 30), 1),
        Game(Rating(1550, 100), 0),
        Game(Rating(1700, 300), 0),
    ], tau=0.5)
    # The paper rounds mu' to -0.2069 before converting back, which gives 1464.06; unrounded
    # the same steps give 1464.0507. Its Glicko-2 scale figures are matched to its 4 places.
    assert round((after.rating - 1500) / 173.7178, 4) == -0.2069
    assert round(after.deviation / 173.7178, 4) == 0.8722
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert round(after.deviation, 2) == 151.52
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)  # the paper: 0.05999


def test_a_win_raises_and_a_loss_lowers_and_both_narrow_the_deviation() -> None:
    player, opponent = Rating(), Rating()
    won = rate(player, [Game(opponent, 1)])
    lost = rate(player, [Game(opponent, 0)])
    drawn = rate(player, [Game(opponent, 0.5)])
    assert won.rating > 1500 > lost.rating
    assert drawn.rating == pytest.approx(1500)
    assert won.deviation < player.deviation and lost.deviation < player.deviation
    assert won.rating - 1500 == pytest.approx(1500 - lost.rating)


def test_beating_a_stronger_player_counts_for_more() -> None:
    player = Rating()
    assert rate(player, [Game(Rating(1800, 60), 1)]).rating > \
        rate(player, [Game(Rating(1300, 60), 1)]).rating


def test_an_idle_period_only_widens_the_deviation_up_to_a_new_players() -> None:
    player = Rating(1620, 80, 0.06)
    later = idle(player)
    assert later.rating == player.rating and later.volatility == player.volatility
    assert later.deviation > player.deviation
    assert idle(Rating(1500, 349.9, 0.5)).deviation == 350
    assert rate(player, []) == later


def test_provisional_until_ten_rated_games() -> None:
    assert is_provisional(0) and is_provisional(9)
    assert not is_provisional(10)


def test_the_ratings_module_is_pure() -> None:
    script = ("import sys, players.ratings; "
              "print(','.join(m for m in sys.modules if m == 'django' or m.startswith('django.')))")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == ""
