"""The players app's rules on matches, whichever door a person comes through.

Making a match (``KAOSZ_MATCH_POLICIES``): a match that is a challenge (rated, seeking an
opponent, a minimum rating, a time control, or a named player invited) is made by the
challenges' own rules and caps, so no path is a way around them.

Joining one (``KAOSZ_JOIN_POLICIES``): whoever takes a seat of a challenge has its minimum
rating, and accepting a challenge one was not invited to counts against the same caps as
making one, by the API, the lobby or the challenges page alike.
"""

from __future__ import annotations

from typing import Any

from kaosz.models import SeatInvitation
from matches.models import Match
from matches.store import SeatSpec
from players.challenges import services as challenges
from players.errors import PlayersError
from players.turns.timecontrol import TURN, family_of
from rulesets.base import Ruleset

# Options only a challenge sets (``players.challenges.services``): through the match API
# they would skip the checks on them (a rating floor above anyone's, a seek nobody can
# accept).
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


def minimum_rating(match: Match, user: Any, invitation: SeatInvitation | None) -> None:
    """Whoever takes a seat of a challenge with a minimum rating has it, in its game and
    time-control family (an invited player too: the floor is the challenge's)."""
    options = match.options or {}
    wanted = options.get("min_rating")
    if not wanted:
        return
    have = challenges.rating_of(user, match.ruleset, family_of(options))
    if have is None or have < wanted:
        raise PlayersError("rating_too_low", f"this challenge asks a rating of {wanted} or more",
                           {"min_rating": wanted,
                            "your_rating": round(have) if have is not None else None})


def accepting_within_caps(match: Match, user: Any, invitation: SeatInvitation | None) -> None:
    """Accepting a challenge is held to the challenge caps (an invited player was counted
    when invited)."""
    options = match.options or {}
    if options.get("seek") and invitation is None:
        challenges.check_caps(user, (options.get("time_control") or {}).get("kind") == TURN)
