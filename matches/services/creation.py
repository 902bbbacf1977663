"""Making a match, as the API (``POST /api/v1/matches/``) and the lobby page both do: one
path, so a page can never make a match the API would refuse, nor the other way round."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from django.conf import settings
from django.utils.module_loading import import_string

from matches import store
from matches.models import Match
from matches.services.sandbox import sandbox_options
from matches.services.seating import (
    check_bot_only_matches,
    check_options,
    get_ruleset,
    invite,
    seat_specs,
)


def create_match(user: Any, ruleset: str, seats: list[dict[str, Any]],
                 options: dict[str, Any] | None = None, scenario: Any = None) -> Match:
    """A new match of ``ruleset`` made by ``user``: the game options (a ``scenario`` makes
    it a sandbox position), the seats (``me``, bots, a named player invited, open seats),
    the limit on matches of bots only and the options checked before anyone waits for an
    invited player; then the invitations go out. Refuses with ``MatchError``."""
    rs = get_ruleset(ruleset)
    options = dict(options or {})
    if scenario is not None:
        options = sandbox_options(rs, options, scenario, seats)
    specs = seat_specs(rs, seats, options, user)
    for policy in policies():
        options = policy(user, rs, options, specs)
    check_bot_only_matches(specs, user)
    check_options(rs, options, specs)
    match = store.create_match(ruleset, options, specs, created_by=user)
    invite(match, specs, user)  # a named opponent is invited, not seated
    return match


Policy = Callable[[Any, Any, dict[str, Any], list[store.SeatSpec]], dict[str, Any]]


@cache
def policies() -> tuple[Policy, ...]:
    """``KAOSZ_MATCH_POLICIES``: the rules other apps set on making a match (the players
    app: a rated, seeking or direct match is a challenge, with the challenges' caps)."""
    return tuple(import_string(path) for path in settings.KAOSZ_MATCH_POLICIES)
