"""The Pulsar 2849 ruleset object: the game's modules bound to the protocol through the
ruleset base (``rulesets/ruleset_base.py``)."""

from __future__ import annotations

from rulesets.picked import RememberingPicks
from rulesets.pulsar import bots, engine, scoring, setup
from rulesets.pulsar import determinize as search_hooks
from rulesets.pulsar.view import event_view, view
from rulesets.ruleset_base import GameType, RulesetBase


class PulsarRuleset(RulesetBase):
    """Pulsar 2849 on the rules alone: the reference."""

    game_type = GameType(
        name="pulsar", title="Pulsar 2849", min_players=2, max_players=4,
        # Nobody sees the system tile left in the box, the exploration stack, or the
        # transmitter stack below its top tile (its last element) (A2.2).
        hidden_zones=("box", "explore.stack", "tx.stack[:-1]"))

    example_config = staticmethod(setup.example_config)
    new_game = staticmethod(setup.new_game)
    to_act = staticmethod(engine.to_act)
    legal_actions = staticmethod(engine.legal_actions)
    apply = staticmethod(engine.apply)
    resign = staticmethod(scoring.resign)
    view = staticmethod(view)
    event_view = staticmethod(event_view)
    outcome = staticmethod(scoring.outcome)
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


class FastPulsarRuleset(RememberingPicks, PulsarRuleset):
    """Pulsar 2849 for the host, bots and search: ``bot_action`` notes its pick and
    ``legal_actions`` the list it hands out (``rulesets.picked``, one per thread) so that
    ``apply`` of that very action need not build the legal list again; the rules are
    ``PulsarRuleset``'s, unchanged."""

    game_legal_actions = staticmethod(engine.legal_actions)
    game_apply = staticmethod(engine.apply)
    game_resign = staticmethod(scoring.resign)


PLAIN = PulsarRuleset()
RULESET = FastPulsarRuleset()
