"""Űrcsempészek (Space Smugglers): a simultaneous dice-bidding game for 2-6 players.

Rules: the team's English digest of the rulebook, Part A1 (rule numbers cited
as A1.x); the Hungarian rulebook wins where they disagree. See README.md here for
the readings chosen where the rulebook is silent.
"""

from rulesets.smugglers.ruleset import RULESET, SmugglersRuleset

__all__ = ["RULESET", "SmugglersRuleset"]
