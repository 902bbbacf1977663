"""The players app's rules on making a match any way (``KAOSZ_MATCH_POLICIES``): a match
that is a challenge (rated, seeking an opponent, a minimum rating, a time control, or a
named player invited) is made by the challenges' own rules and caps, whichever door it
came through, so no path is a way around them."""

from __future__ import annotations

from typing import Any

from matches.store import SeatSpec
from players import challenges
from players.errors import PlayersError
from rulesets.base import Ruleset

# Options only a challenge sets (``players.challenges``): through the match API they would
# skip the checks on them (a rating floor above anyone's, a seek nobody can accept).
CHALLENGE_OPTIONS = ("seek", "rated", "min_rating", "time_control")


def challenges_through_their_rules(user: Any, rs: Ruleset, options: dict[str, Any],
                                   specs: list[SeatSpec]) -> dict[str, Any]:
    given = [k for k in CHALLENGE_OPTIONS if k in options]
    if given:
        raise PlayersError("challenge_options", f"{', '.join(given)}: a challenge's options; "
                           "make it with POST /api/v1/challenges/",
                           {"options": given, "use": "/api/v1/challenges/"})
    if any(spec.invited is not None for spec in specs):
        # Inviting a named player is a direct challenge: its caps, and it is the maker's
        # to withdraw like any other.
        challenges.check_caps(user, turn_based=False)
        challenges.count_made(user)
        return {**options, "seek": True}
    return options
