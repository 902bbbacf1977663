"""Property tests over seeded random games: termination, conservation, the game's refusal
codes, and Roll's own hidden parts (dice behind the screen until everyone has committed,
tiles a scout holds), beyond the zones tests/rulesets/test_conformance.py rearranges for
every game (replay, JSON and the rest of the protocol are checked there). Heavier sweeps
are marked ``slow``."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.base import IllegalAction
from rulesets.rng import Rng
from rulesets.roll import RULESET as R
from tests.roll.helpers import check_components, fast_random_game, perturb

DEFAULT_GAMES = 150
SLOW_GAMES = 4000


def _corrupt(action: dict[str, Any], rng: Rng) -> dict[str, Any]:
    """A near-miss of a legal action: one value swapped for an impossible one."""
    bad = dict(action)
    keys = [k for k in bad if k != "type"]
    if not keys:
        bad["extra"] = 1
        return bad
    k = keys[rng.below(len(keys))]
    bad[k] = {"colour": "puce", "tile": 999, "world": "T999w", "where": "nowhere", "name": "Nope",
              "phase": "rest", "from": "rest", "to": "rest", "as": "side", "dev": 999}.get(k, "???")
    return bad


def _sweep(n_games: int, offset: int = 0) -> None:
    def hook(state, seat, legal, rng):
        check_components(state)
        assert legal, "a seat to act always has a legal action"
        assert len(legal) <= 200, "legal lists stay small"
        if rng.below(40) == 0:
            snapshot = state.to_json()
            with pytest.raises(IllegalAction) as e:
                R.apply(state, seat, _corrupt(legal[rng.below(len(legal))], rng))
            assert e.value.code in ("illegal_choice", "wrong_action_type") and e.value.message
            others = [s for s in range(len(state.players)) if s not in R.to_act(state)]
            if others:
                with pytest.raises(IllegalAction) as e:
                    R.apply(state, others[0], legal[0])
                assert e.value.code == "not_your_turn"
            assert state.to_json() == snapshot, "a rejected action leaves the state untouched"

    for i in range(offset, offset + n_games):
        state, record = fast_random_game(f"sweep{i}", 2 + i % 4, hook)
        check_components(state)
        o = R.outcome(state)
        assert o is not None and o.winners and o.scores is not None
        assert len(o.scores) == 2 + i % 4
        assert R.to_act(state) == [] and R.legal_actions(state, 0) == []


def test_random_games_end_conserve_components_and_validate_actions() -> None:
    _sweep(DEFAULT_GAMES)


@pytest.mark.slow
def test_random_games_sweep_slow() -> None:
    _sweep(SLOW_GAMES, offset=100_000)


# ---- hidden information ------------------------------------------------------------------


def _hidden_check(n_games: int, offset: int) -> None:
    checked = 0

    def hook(state, seat, legal, rng):
        nonlocal checked
        if rng.below(15):
            return
        viewers = list(range(len(state.players))) + [None]
        viewer = viewers[rng.below(len(viewers))]
        other = perturb(state, viewer, rng)
        assert R.view(other, viewer) == R.view(state, viewer)
        if viewer is not None:
            assert R.legal_actions(other, viewer) == R.legal_actions(state, viewer)
        checked += 1

    for i in range(offset, offset + n_games):
        fast_random_game(f"hidden{i}", 2 + i % 4, hook)
    assert checked > n_games


def test_hidden_information_stays_hidden() -> None:
    _hidden_check(40, 0)


@pytest.mark.slow
def test_hidden_information_sweep_slow() -> None:
    _hidden_check(600, 10_000)


def test_perturbation_really_changes_hidden_parts() -> None:
    """Guard against a vacuous check: perturbed states differ, views do not."""
    state = R.new_game(R.example_config(3), "pert")
    while state.stage == "setup":
        seat = R.to_act(state)[0]
        R.apply(state, seat, R.legal_actions(state, seat)[0])
    other = perturb(state, 0, Rng.from_seed("p"))
    assert other.to_json() != state.to_json()
    mine, theirs = other.players[1].assign, state.players[1].assign
    assert mine is not None and theirs is not None and mine.to_json() != theirs.to_json()
    assert R.view(other, 0) == R.view(state, 0)
    assert R.view(other, 1) != R.view(state, 1)


def test_secret_assignment_events_hidden_from_others() -> None:
    def hook(state, seat, legal, rng):
        if state.stage != "assign":
            return
        action = legal[rng.below(len(legal))]
        trial = state.copy()
        _s, events = R.apply(trial, seat, action)
        for e in events:
            for viewer in [q for q in range(len(state.players)) if q != seat] + [None]:
                seen = R.event_view(e, viewer)
                if e["type"] == "assign":
                    assert seen in (None, {"type": "committed", "seat": seat})
            assert R.event_view(e, seat) is not None

    for i in range(12):
        fast_random_game(f"ev{i}", 2 + i % 4, hook)


# ---- replay ---------------------------------------------------------------------------------

