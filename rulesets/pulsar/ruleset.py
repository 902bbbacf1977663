"""The Pulsar 2849 ruleset object: the shared protocol (``rulesets/base.py``) bound to the
game's modules (the shape every game's ``RULESET`` has: see ``rulesets/kgk/ruleset.py``)."""

from __future__ import annotations

import json
from typing import Any

from rulesets import search
from rulesets.base import Action, State
from rulesets.picked import RememberingPicks
from rulesets.pulsar import bots, engine, scoring, setup
from rulesets.pulsar import determinize as search_hooks
from rulesets.pulsar.view import event_view, view


def json_copy(data: dict[str, Any]) -> dict[str, Any]:
    """The state's JSON form: a JSON round trip (a copy, and proof that it is plain JSON)."""
    copied: dict[str, Any] = json.loads(json.dumps(data))
    return copied


def bot_action(state: State, seat: int, kind: str, seed: str) -> Action:
    """The game's own bots, and the searching bot's levels (``rulesets/search``)."""
    if search.is_search_kind(kind):
        return search.bot_action(RULESET, state, seat, kind, seed)
    return bots.bot_action(state, seat, kind, seed)


class PulsarRuleset:
    name = "pulsar"
    title = "Pulsar 2849"
    min_players = 2
    max_players = 4
    uses_decks = False
    plain_json_state = True  # to_json/from_json are JSON round trips (matches.store)
    # Nobody sees the system tile left in the box, the exploration stack, or the
    # transmitter stack below its top tile (its last element) (A2.2).
    hidden_zones = ("box", "explore.stack", "tx.stack[:-1]")

    example_config = staticmethod(setup.example_config)
    new_game = staticmethod(setup.new_game)
    to_act = staticmethod(engine.to_act)
    legal_actions = staticmethod(engine.legal_actions)
    apply = staticmethod(engine.apply)
    resign = staticmethod(scoring.resign)
    view = staticmethod(view)
    event_view = staticmethod(event_view)
    outcome = staticmethod(scoring.outcome)
    to_json = staticmethod(json_copy)
    from_json = staticmethod(json_copy)
    bot_action = staticmethod(bot_action)
    # The searching bot's hooks (rulesets/search): a sample of what the seat cannot see,
    # and each seat's prospects where a playout stops.
    determinize = staticmethod(search_hooks.determinize)
    evaluate = staticmethod(search_hooks.evaluate)


class FastPulsarRuleset(RememberingPicks, PulsarRuleset):
    """Pulsar 2849 for the host, bots and search: ``bot_action`` notes its pick
    (``rulesets.picked``, one per thread) so that ``apply`` of that very action need not
    build the legal list again; the rules are ``PulsarRuleset``'s, unchanged."""

    game_bot_action = staticmethod(bots.bot_action)
    game_apply = staticmethod(engine.apply)
    game_resign = staticmethod(scoring.resign)


PLAIN = PulsarRuleset()
RULESET = FastPulsarRuleset()
