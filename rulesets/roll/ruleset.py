"""The Roll for the Galaxy ruleset object: the game's modules bound to the protocol through
the ruleset base (``rulesets/ruleset_base.py``)."""

from __future__ import annotations

from rulesets.picked import RememberingPicks
from rulesets.roll import bots, engine
from rulesets.roll import determinize as search_hooks
from rulesets.roll import view as seat_view
from rulesets.ruleset_base import GameType, RulesetBase


class RollRuleset(RulesetBase):
    """Roll for the Galaxy on the rules alone: the reference."""

    game_type = GameType(
        name="roll", title="Roll for the Galaxy",
        min_players=engine.MIN_PLAYERS, max_players=engine.MAX_PLAYERS,
        # Nobody sees the bag or the Explore discards; a seat's construction stacks below
        # their top tile are its own (A3.3, "Etikett").
        hidden_zones=("bag", "discards", "players.{seat}.dev_stack[1:]",
                      "players.{seat}.world_stack[1:]"))

    example_config = staticmethod(engine.example_config)
    new_game = staticmethod(engine.new_game)
    to_act = staticmethod(engine.to_act)
    legal_actions = staticmethod(engine.legal_actions)
    apply = staticmethod(engine.apply)
    resign = staticmethod(engine.resign)
    view = staticmethod(seat_view.view)
    event_view = staticmethod(seat_view.event_view)
    outcome = staticmethod(engine.outcome)
    # The rules hold the state in slotted classes (state.py); its JSON form is made and
    # read only here, at the edges (storage, views of a replay, copies for a host).
    to_json = staticmethod(engine.to_json)
    from_json = staticmethod(engine.from_json)    # (checks that it is this game's state)
    game_bot_action = staticmethod(bots.bot_action)
    # The searching bot's hooks (rulesets/search): a sample of what the seat cannot see,
    # and each seat's prospects where a playout stops.
    determinize = staticmethod(search_hooks.determinize)
    determinizer = staticmethod(search_hooks.sampler)     # (the same, sorted once)
    evaluate = staticmethod(search_hooks.evaluate)


class FastRollRuleset(RememberingPicks, RollRuleset):
    """Roll for the Galaxy for the host, bots and search: ``bot_action`` notes its pick and
    ``legal_actions`` the list it hands out (``rulesets.picked``, one per thread) so that
    ``apply`` of that very action need not build the legal list again; the rules are
    ``RollRuleset``'s, unchanged."""

    # (the list as the rules share it: ``Picked.hand_out`` makes the caller's copies)
    game_legal_actions = staticmethod(engine.shared_legal)
    game_apply = staticmethod(engine.apply)
    game_resign = staticmethod(engine.resign)


PLAIN = RollRuleset()
RULESET = FastRollRuleset()
