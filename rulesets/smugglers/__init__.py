"""Űrcsempészek (Space Smugglers): a simultaneous dice-bidding game for 2-6 players.

Rules: the Hungarian rulebook, cited as A1.x (the numbering of
``docs/rules/smugglers/``); the rulebook wins where they disagree. See README.md here for
the readings chosen where the rulebook is silent.
"""

from rulesets.smugglers.ruleset import RULESET, SmugglersRuleset

__all__ = ["RULESET", "SmugglersRuleset"]
