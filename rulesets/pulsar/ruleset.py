"""The Pulsar 2849 ruleset object (protocol in rulesets/base.py)."""

from __future__ import annotations

import json
from typing import Any

from rulesets.base import Action, Event, Outcome, State
from rulesets.pulsar import engine, scoring, setup
from rulesets.pulsar.view import event_view, view


class PulsarRuleset:
    name = "pulsar"
    title = "Pulsar 2849"
    min_players = 2
    max_players = 4
    uses_decks = False
    plain_json_state = True  # to_json/from_json are JSON round trips (matches.store)

    def example_config(self, players: int) -> dict[str, Any]:
        return setup.example_config(players)

    def new_game(self, config: dict[str, Any], seed: str) -> State:
        return setup.new_game(config, seed)

    def to_act(self, state: State) -> list[int]:
        return engine.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return engine.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        return engine.apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def event_view(self, event: Event, seat: int | None) -> Event | None:
        return event_view(event, seat)

    def outcome(self, state: State) -> Outcome | None:
        r = state.get("result")
        if not r:
            return None
        return Outcome(winners=tuple(r["winners"]), reason=r["reason"],
                       scores=tuple(r["scores"]) if r["scores"] is not None else None,
                       tiebreak=tuple(r["tiebreak"]), details=r.get("details", {}))

    def resign(self, state: State, seat: int) -> tuple[State, list[Event]]:
        if state["phase"] == "over":
            from rulesets.base import IllegalAction

            raise IllegalAction("game_over", "the game has ended")
        out = scoring.decide(state, "resigned", exclude=seat)
        state["phase"] = "over"
        state["pending"] = None
        state["flight"] = None
        state["result"] = {**out.as_dict(), "details": {"resigned": seat}}
        return state, [{"type": "resign", "seat": seat}, {"type": "game_over", **state["result"]}]

    def to_json(self, state: State) -> dict[str, Any]:
        return json.loads(json.dumps(state))

    def from_json(self, data: dict[str, Any]) -> State:
        return json.loads(json.dumps(data))

    def bot_action(self, state: State, seat: int, kind: str, seed: str) -> Action:
        from rulesets.pulsar.bots import bot_action

        return bot_action(state, seat, kind, seed)
