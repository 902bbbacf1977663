"""The players domain's refusal (challenges, rematches, turn-based limits): no HTTP in it;
the API edge answers its code with the status the players' error catalogue gives it."""

from __future__ import annotations

from web.domain import DomainError


class PlayersError(DomainError):
    """A refusal by the players services."""
