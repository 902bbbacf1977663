"""Shared helpers for the Pulsar 2849 tests: fresh games, scenario shortcuts, random playouts."""

from __future__ import annotations

import copy
from typing import Any

from rulesets.pulsar import RULESET as R
from rulesets.pulsar.components import standin
from rulesets.pulsar.state import Game

State = Game


def fresh(players: int = 3, seed: str = "t", **config: Any) -> State:
    cfg = {**R.example_config(players), **config}
    return R.new_game(cfg, seed)


def act(state: State, action: dict[str, Any]) -> list[dict[str, Any]]:
    seat = R.to_act(state)[0]
    _, events = R.apply(state, seat, action)
    return events


def through_setup(state: State) -> State:
    while state.phase == "setup":
        act(state, R.legal_actions(state, R.to_act(state)[0])[0])
    return state


def through_draft(state: State) -> State:
    through_setup(state)
    while state.phase == "draft":
        act(state, R.legal_actions(state, R.to_act(state)[0])[0])
    return state


def in_actions(players: int = 3, seed: str = "t", **config: Any) -> tuple[State, int]:
    """A game in round 1's action phase; returns it and the active seat."""
    s = through_draft(fresh(players, seed, **config))
    assert s.phase == "actions"
    return s, R.to_act(s)[0]


def give_dice(state: State, seat: int, *values: int) -> None:
    state.players[seat].dice = [{"v": v, "red": False} for v in values]


def find(legal: list[dict[str, Any]], **match: Any) -> dict[str, Any]:
    for a in legal:
        if all(a.get(k) == v for k, v in match.items()):
            return a
    raise AssertionError(f"no legal action matching {match}: {legal[:20]}")


def play(players: int, seed: str, kinds: tuple[str, ...] | None = None,
         max_steps: int = 20000, record: list | None = None) -> State:
    s = R.new_game(R.example_config(players), seed)
    kinds = kinds or ("random",) * players
    step = 0
    while R.outcome(s) is None:
        seat = R.to_act(s)[0]
        a = R.bot_action(s, seat, kinds[seat], f"{seed}/{step}")
        if record is not None:
            record.append((seat, copy.deepcopy(a)))
        R.apply(s, seat, a)
        step += 1
        assert step < max_steps, "game did not end"
    return s


def tiny_components() -> dict[str, Any]:
    """The stand-in set, for tests that swap parts of it."""
    return standin()
