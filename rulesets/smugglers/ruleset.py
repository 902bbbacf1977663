"""The Űrcsempészek ruleset object: the game's modules bound to the protocol through the
ruleset base (``rulesets/ruleset_base.py``)."""

from __future__ import annotations

from rulesets.ruleset_base import GameType, RulesetBase
from rulesets.smugglers import determinize as search_hooks
from rulesets.smugglers import rounds
from rulesets.smugglers.view import event_view


class SmugglersRuleset(RulesetBase):
    game_type = GameType(
        name="smugglers", title="Űrcsempészek", min_players=2, max_players=6,
        # Nobody sees the face-down galaxies still to come nor the cards left in the box
        # (A1.2).
        hidden_zones=("galaxies.*", "box"))

    example_config = staticmethod(rounds.example_config)
    new_game = staticmethod(rounds.new_game)
    to_act = staticmethod(rounds.to_act)
    legal_actions = staticmethod(rounds.legal_actions)
    apply = staticmethod(rounds.apply)
    resign = staticmethod(rounds.resign)
    view = staticmethod(rounds.view)
    event_view = staticmethod(event_view)
    outcome = staticmethod(rounds.outcome)
    # The rules hold the state in slotted classes (state.py); its JSON form is made and
    # read only here, at the edges (storage, views of a replay, copies for a host).
    to_json = staticmethod(rounds.to_json)
    from_json = staticmethod(rounds.from_json)    # (checks that it is this game's state)
    game_bot_action = staticmethod(rounds.bot_action)
    # The searching bot's hooks (rulesets/search): a sample of what the seat cannot see,
    # and each seat's prospects where a playout stops.
    determinize = staticmethod(search_hooks.determinize)
    evaluate = staticmethod(search_hooks.evaluate)


RULESET = SmugglersRuleset()
