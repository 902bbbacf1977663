"""Random and heuristic bots: legal, reproducible, blind to hidden information, and
the heuristic beats random."""

from __future__ import annotations

import pytest

from rulesets.rng import Rng
from rulesets.roll import RULESET as R
from tests.roll.helpers import fast_random_game, perturb, play


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_bot_actions_are_legal(kind: str) -> None:
    def check(state):
        for seat in R.to_act(state):
            assert R.bot_action(state, seat, kind, "x") in R.legal_actions(state, seat)

    for i, n in enumerate((2, 3, 5)):
        state = play(f"legal-{kind}-{i}", n, [kind] * n, check=check)
        assert R.outcome(state) is not None


def test_bots_decide_only_from_what_their_seat_sees() -> None:
    checked = 0

    def hook(state, seat, legal, rng):
        nonlocal checked
        if rng.below(10):
            return
        other = perturb(state, seat, Rng(rng.next_u64()))
        for kind in ("random", "heuristic"):
            assert R.bot_action(other, seat, kind, "s") == R.bot_action(state, seat, kind, "s")
        checked += 1

    for i in range(6):
        fast_random_game(f"blind{i}", 2 + i % 4, hook)
    assert checked > 50


def test_heuristic_beats_random_two_players() -> None:
    wins = 0
    games = 40
    for i in range(games):
        seat = i % 2
        kinds = ["random", "random"]
        kinds[seat] = "heuristic"
        o = R.outcome(play(f"hvr{i}", 2, kinds))
        assert o is not None
        wins += o.winners == (seat,)
    assert wins >= 30, wins


def test_unknown_bot_kind() -> None:
    state = R.new_game(R.example_config(2), "k")
    with pytest.raises(ValueError):
        R.bot_action(state, R.to_act(state)[0], "clever", "s")


def test_heuristic_answers_positions_its_own_play_never_reaches() -> None:
    """Under random play (as in the search's playouts) a power can wait for a worker move
    with no "stop" offered; the heuristic bot must still pick a legal action (it answered
    "done", which the engine refused)."""
    forced = 0

    def hook(state, seat, legal, rng):
        nonlocal forced
        forced += {a["type"] for a in legal} == {"reassign"}
        assert R.bot_action(state, seat, "heuristic", "h") in legal

    for i in range(4):
        fast_random_game(f"forced-reassign-{i}", 3, hook)
    assert forced > 0, "no position with only worker moves was reached"
