"""Taking a seat in a waiting match, as the API (``POST /api/v1/matches/{id}/join/``), the
lobby page and the challenges all do: one path, so no door is a way around another's rules.

Who may join is an explicit list, ``KAOSZ_JOIN_POLICIES`` (as Django's password validators):
each a function ``(match, user, invitation)`` that refuses with a ``DomainError`` or returns
nothing. Other apps set theirs there (the players app: a challenge's minimum rating and the
challenge caps), so the store's ``join`` stays the plain locked seat-taking it is, and two
joins at once still seat one player (the other gets ``not_open``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from django.conf import settings
from django.utils.module_loading import import_string

from kaosz.models import SeatInvitation
from matches import store
from matches.models import Match
from matches.services.seating import accepted, open_seat, resolve_deck, seat_to_join

JoinPolicy = Callable[[Match, Any, SeatInvitation | None], None]


def join_match(match: Match, user: Any, deck: Any = None) -> None:
    """Seat ``user`` in ``match``: in the seat kept for them when they are invited (with
    ``deck``, or, given none, the deck proposed with the invitation), else in the first open
    seat nobody is invited to, with ``deck`` (a saved deck's id or a deck input; ``None``:
    the example deck, which must be legal in the match's format). Every join policy is
    asked first. Refuses with a ``DomainError``."""
    seat_index, invitation = seat_to_join(match, user)
    for policy in join_policies():
        policy(match, user, invitation)
    if invitation is not None and deck is None:
        kept = next(s for s in match.seats.all() if s.index == seat_index)
        records, name = kept.deck, kept.deck_name
    else:
        target = seat_index if seat_index is not None else open_seat(match)
        records, name = resolve_deck(store.ruleset_of(match), deck, user, match.options or {},
                                     target)
    store.join(match.pk, user, records, name, seat_index=seat_index)
    accepted(invitation)


@cache
def join_policies() -> tuple[JoinPolicy, ...]:
    """``KAOSZ_JOIN_POLICIES``: the rules other apps set on who may take a seat."""
    return tuple(import_string(path) for path in settings.KAOSZ_JOIN_POLICIES)
