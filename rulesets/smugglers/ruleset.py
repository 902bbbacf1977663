"""The Űrcsempészek ruleset object: the shared protocol (``rulesets/base.py``) bound to the
game's modules (the shape every game's ``RULESET`` has: see ``rulesets/kgk/ruleset.py``)."""

from __future__ import annotations

from rulesets import search
from rulesets.base import Action, State
from rulesets.smugglers import determinize as search_hooks
from rulesets.smugglers import rounds
from rulesets.smugglers.view import event_view


def bot_action(state: State, seat: int, kind: str, seed: str) -> Action:
    """The game's own bots, and the searching bot's levels (``rulesets/search``)."""
    if search.is_search_kind(kind):
        return search.bot_action(RULESET, state, seat, kind, seed)
    return rounds.bot_action(state, seat, kind, seed)


class SmugglersRuleset:
    name = "smugglers"
    title = "Űrcsempészek"
    min_players = 2
    max_players = 6
    uses_decks = False
    # Nobody sees the face-down galaxies still to come nor the cards left in the box (A1.2).
    hidden_zones = ("galaxies.*", "box")

    example_config = staticmethod(rounds.example_config)
    new_game = staticmethod(rounds.new_game)
    to_act = staticmethod(rounds.to_act)
    legal_actions = staticmethod(rounds.legal_actions)
    apply = staticmethod(rounds.apply)
    resign = staticmethod(rounds.resign)
    view = staticmethod(rounds.view)
    event_view = staticmethod(event_view)
    outcome = staticmethod(rounds.outcome)
    to_json = staticmethod(rounds.to_json)
    from_json = staticmethod(rounds.from_json)
    bot_action = staticmethod(bot_action)
    # The searching bot's hooks (rulesets/search): a sample of what the seat cannot see,
    # and each seat's prospects where a playout stops.
    determinize = staticmethod(search_hooks.determinize)
    evaluate = staticmethod(search_hooks.evaluate)


RULESET = SmugglersRuleset()
