"""The matches domain's refusal: no HTTP in it (the API edge maps its code to a status)."""

from __future__ import annotations

from web.domain import DomainError


class MatchError(DomainError):
    """A refusal by the matches services or store (``StoreError`` is one)."""
