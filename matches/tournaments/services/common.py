"""What every tournament service shares: the refusal type, who may act, the row lock.

Every mutation runs in one transaction holding the tournament row's lock (:func:`locked`),
so two clicks on "pair next round" can never pair the same round twice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.db import connection, transaction
from django.db.models import F

from decks.core import get_format
from matches.store import with_retry as store_retry
from matches.tournaments.models import (
    Entry,
    Round,
    Tournament,
)
from web.domain import DomainError

T = TypeVar("T")

# Online mode: a Swiss match is one game of one hour (KG-13.4.3), played on the server
# by the ruleset that plays the tournament's deck format (``online_ruleset``).
MAX_ID = 2**31  # ids from URLs beyond this are simply unknown (no database range error)
GAME_SECONDS = 3600


class TournamentError(DomainError):
    """A refusal (no HTTP in it: the API edge gives its code a status, pages show its
    sentence)."""


def is_organiser(user: Any, t: Tournament) -> bool:
    """The creator runs the tournament; staff may too."""
    return bool(getattr(user, "is_authenticated", False)
                and (user.is_staff or t.organiser_id == user.pk))


def require_organiser(user: Any, t: Tournament) -> None:
    if not getattr(user, "is_authenticated", False):
        raise TournamentError("not_authenticated", "log in first")
    if not is_organiser(user, t):
        raise TournamentError("not_organiser", "only the tournament's organiser may do this",
                              {"tournament": t.pk})


def with_retry(fn: Callable[[], T]) -> T:
    """SQLite's test database answers "locked" at once instead of waiting: the store's
    retry (200 attempts here, as before)."""
    return store_retry(fn, attempts=200)


def lock(pk: int) -> Tournament:
    if connection.vendor == "sqlite":  # SQLite ignores row locks; a no-op write takes one
        Tournament.objects.filter(pk=pk).update(seed=F("seed"))
    t = Tournament.objects.select_for_update().filter(pk=pk).first()
    if t is None:
        raise TournamentError("not_found", f"no tournament {pk}")
    return t


def locked(fn: Callable[..., T]) -> Callable[..., T]:
    """Run ``fn(t, ...)`` in one transaction on a freshly locked copy of the tournament."""

    def wrapper(t: Tournament, *args: Any, **kwargs: Any) -> T:
        def run() -> T:
            with transaction.atomic():
                fresh = lock(t.pk)
                out = fn(fresh, *args, **kwargs)
            t.refresh_from_db()
            return out

        return with_retry(run)

    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper


def last_round(t: Tournament) -> Round | None:
    return t.rounds.order_by("-number").first()


def last_number(t: Tournament) -> int:
    last = last_round(t)
    return last.number if last else 0


def as_id(value: Any) -> int | None:
    """A positive id from a URL or form, or ``None``."""
    text = str(value)
    return int(text) if text.isdigit() and 0 < int(text) < MAX_ID else None


def entry_of(t: Tournament, entry_id: Any) -> Entry:
    pk = as_id(entry_id)
    entry = Entry.objects.filter(tournament=t, pk=pk).first() if pk else None
    if entry is None:
        raise TournamentError("not_found", f"no entry {entry_id} in this tournament")
    return entry


def get_round(t: Tournament, number: Any) -> Round:
    n = as_id(number)
    rnd = t.rounds.filter(number=n).first() if n and n < 2**15 else None
    if rnd is None:
        raise TournamentError("not_found", f"no round {number} in this tournament")
    return rnd


def online_ruleset(t: Tournament) -> str:
    """The game an online match of ``t`` is played in: the ruleset that plays decks of
    the tournament's format (the format says, ``decks.core``: its ``engine``)."""
    return get_format(t.format).engine
