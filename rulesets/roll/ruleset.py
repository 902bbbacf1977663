"""The Roll for the Galaxy ruleset object: the shared protocol (``rulesets/base.py``) bound
to the game's modules (the shape every game's ``RULESET`` has: see ``rulesets/kgk/ruleset.py``)."""

from __future__ import annotations

from typing import Any

from rulesets import search
from rulesets.base import Action, State
from rulesets.picked import PerThread
from rulesets.roll import bots, engine
from rulesets.roll import determinize as search_hooks
from rulesets.roll import view as seat_view


def bot_action(state: State, seat: int, kind: str, seed: str) -> Action:
    """The game's own bots, and the searching bot's levels (``rulesets/search``)."""
    if search.is_search_kind(kind):
        return search.bot_action(RULESET, state, seat, kind, seed)
    return bots.bot_action(state, seat, kind, seed)


class RollRuleset:
    name = "roll"
    title = "Roll for the Galaxy"
    min_players = engine.MIN_PLAYERS
    max_players = engine.MAX_PLAYERS
    uses_decks = False
    # Nobody sees the bag or the Explore discards; a seat's construction stacks below
    # their top tile are its own (A3.3, "Etikett").
    hidden_zones = ("bag", "discards", "players.{seat}.dev_stack[1:]",
                    "players.{seat}.world_stack[1:]")

    example_config = staticmethod(engine.example_config)
    new_game = staticmethod(engine.new_game)
    to_act = staticmethod(engine.to_act)
    legal_actions = staticmethod(engine.legal_actions)
    apply = staticmethod(engine.apply)
    resign = staticmethod(engine.resign)
    view = staticmethod(seat_view.view)
    event_view = staticmethod(seat_view.event_view)
    outcome = staticmethod(engine.outcome)
    to_json = staticmethod(engine.to_json)
    from_json = staticmethod(engine.from_json)
    bot_action = staticmethod(bot_action)
    # The searching bot's hooks (rulesets/search): a sample of what the seat cannot see,
    # and each seat's prospects where a playout stops.
    determinize = staticmethod(search_hooks.determinize)
    evaluate = staticmethod(search_hooks.evaluate)


class FastRollRuleset(RollRuleset):
    """Roll for the Galaxy for the host, bots and search: ``bot_action`` notes its pick
    (``rulesets.picked``, one per thread) so that ``apply`` of that very action need not
    build the legal list again; the rules are ``RollRuleset``'s, unchanged."""

    def __init__(self) -> None:
        self._local = PerThread()

    def bot_action(self, state: Any, seat: int, kind: str, seed: str) -> Any:
        if search.is_search_kind(kind):  # the searching bot searches on this (fast) object
            return search.bot_action(self, state, seat, kind, seed)
        return self._local.picked.note(state, seat, bots.bot_action(state, seat, kind, seed))

    def apply(self, state: Any, seat: int, action: Any, checked: bool = False) -> Any:
        picked = self._local.picked.take(state, seat, action)   # (forgotten either way)
        return engine.apply(state, seat, action, checked or picked)

    def resign(self, state: Any, seat: int) -> Any:
        self._local.picked.forget()
        return engine.resign(state, seat)


PLAIN = RollRuleset()
RULESET = FastRollRuleset()
