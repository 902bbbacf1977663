"""Property tests over seeded random games (random and heuristic bots), in every option set
and table size: every game ends after its last galaxy, and goods, energy, cards, dice and
tokens are conserved. What every game promises (replay, JSON, hidden information, legal and
illegal actions) is tests/rulesets/test_conformance.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.smugglers import RULESET
from rulesets.smugglers.play import play
from rulesets.smugglers.state import Game

from .helpers import check_conservation

OPTION_SETS: list[dict[str, bool]] = [
    {}, {"advanced": True}, {"stacked_dice": True}, {"advanced": True, "stacked_dice": True},
    {"stations": True, "refund_on_goods_failure": True}, {"favourite_ships": True},
]
CONFIGS = [RULESET.example_config(n, **o) for n in range(2, 7) for o in OPTION_SETS]


def kinds(i: int, n: int) -> list[str]:
    return ["heuristic" if (i + s) % 3 == 0 else "random" for s in range(n)]


def run_games(count: int, prefix: str) -> int:
    steps = 0
    for i in range(count):
        config = CONFIGS[i % len(CONFIGS)]
        seed = f"{prefix}-{i}"
        start = RULESET.new_game(config, seed)

        def check(state: Game, seat: int, action: dict[str, Any],
                  start: Game = start) -> None:
            assert seat in RULESET.to_act(state)
            assert action in RULESET.legal_actions(state, seat)
            check_conservation(state, start)

        game = play(config, seed, kinds(i, config["players"]), on_step=check)
        steps += len(game.actions)
        state = game.state
        check_conservation(state, start)
        out = RULESET.outcome(state)
        assert out is not None and out.winners and set(out.winners) <= set(range(len(
            state.seats)))
        assert state.galaxies == [] and state.round == state.rounds
    return steps


def test_thousands_of_games_end_and_conserve():
    assert run_games(1200, "prop") > 50_000


@pytest.mark.slow
def test_big_sweep():
    run_games(20_000, "sweep")




