"""Roll for the Galaxy (Rio Grande Games) as a pure-Python ruleset (rules A3, components B1: docs/rules/roll/)."""

from __future__ import annotations

from typing import Any

from rulesets.base import Action, Event, Outcome, State
from rulesets.roll import bots, engine, views


class RollRuleset:
    name = "roll"
    title = "Roll for the Galaxy"
    min_players = engine.MIN_PLAYERS
    max_players = engine.MAX_PLAYERS
    uses_decks = False

    def example_config(self, players: int) -> dict[str, Any]:
        return engine.example_config(players)

    def new_game(self, config: dict[str, Any], seed: str) -> State:
        return engine.new_game(config, seed)

    def to_act(self, state: State) -> list[int]:
        return engine.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return engine.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        return engine.apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def event_view(self, event: Event, seat: int | None) -> Event | None:
        return views.event_view(event, seat)

    def outcome(self, state: State) -> Outcome | None:
        return engine.outcome(state)

    def resign(self, state: State, seat: int) -> tuple[State, list[Event]]:
        return engine.resign(state, seat)

    def to_json(self, state: State) -> dict[str, Any]:
        return engine.to_json(state)

    def from_json(self, data: dict[str, Any]) -> State:
        return engine.from_json(data)

    def bot_action(self, state: State, seat: int, kind: str, seed: str) -> Action:
        return bots.bot_action(state, seat, kind, seed)


RULESET = RollRuleset()
