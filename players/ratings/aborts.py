"""Aborted matches, as Lichess has them: until every seat has made a first move, either
player may abort, and a resignation (or a turn-based timeout) then is an abort. An
aborted match is never rated and is shown as aborted, not as won or lost: a match given
up before anyone played says nothing about anyone's strength (and resigning at once to a
second account would otherwise farm rating points).

Whether a match was aborted is read from its log, the store's one truth: the entry that
ended it is a resignation, and some seat had not made an action before it. Nothing is
stored beside it, so a rebuild of the ratings and every page agree.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Max

from matches import store
from matches.models import BIG_COLUMNS, Match, MatchAction, Seat
from players.errors import PlayersError

# An abort is checked again when a move lands between the check and the resignation.
ABORT_ATTEMPTS = 5


def _seats_that_acted(match_ids: list[int]) -> dict[int, set[int]]:
    acted: dict[int, set[int]] = {pk: set() for pk in match_ids}
    for match_id, seat in MatchAction.objects.filter(
            match_id__in=match_ids, kind=MatchAction.ACTION, seat__isnull=False) \
            .values_list("match_id", "seat").distinct():
        if seat is not None:
            acted[match_id].add(seat)
    return acted


def _seat_counts(match_ids: list[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for match_id in Seat.objects.filter(match_id__in=match_ids).values_list("match_id",
                                                                            flat=True):
        counts[match_id] = counts.get(match_id, 0) + 1
    return counts


def aborted_ids(match_ids: Iterable[int]) -> set[int]:
    """Which of these matches were aborted (four queries, whatever their number)."""
    ids = list(match_ids)
    if not ids:
        return set()
    last = dict(MatchAction.objects.filter(match_id__in=ids).values("match_id")
                .annotate(last=Max("seq")).values_list("match_id", "last"))
    ended_by_resigning = {m for m, seq in MatchAction.objects.filter(
        match_id__in=ids, kind=MatchAction.RESIGN).values_list("match_id", "seq")
        if last.get(m) == seq}
    if not ended_by_resigning:
        return set()
    finished = set(Match.objects.filter(pk__in=ended_by_resigning, status=Match.FINISHED)
                   .values_list("pk", flat=True))
    acted = _seats_that_acted(sorted(finished))
    counts = _seat_counts(sorted(finished))
    return {m for m in finished if len(acted[m]) < counts.get(m, 0)}


def is_aborted(match_id: int) -> bool:
    return match_id in aborted_ids([match_id])


def abortable(match: Match) -> bool:
    """A running match some seat of which has not made a first move yet."""
    if match.status != Match.ACTIVE:
        return False
    acted = _seats_that_acted([match.pk])[match.pk]
    return len(acted) < match.seats.count()


def abort(match_id: int, user: Any) -> dict[str, Any]:
    """``user`` aborts the match (a resignation before every seat has moved, which
    :func:`aborted_ids` then reads as an abort). The resignation is submitted at the
    version that was checked: when a move lands meanwhile the check runs again on the new
    position, so an abort never ends a match that had become a real game; of an abort
    and the last first move sent at once, one wins."""
    for _ in range(ABORT_ATTEMPTS):
        match = Match.objects.defer(*BIG_COLUMNS).filter(pk=match_id).first()
        if match is None:
            raise PlayersError("not_found", f"no match {match_id}")
        seat = next((s.index for s in match.seats.all() if s.user_id == user.pk), None)
        if seat is None:
            raise PlayersError("not_your_seat", "only a player of the match may abort it")
        if not abortable(match):
            raise PlayersError("not_abortable", "every player has moved (or the match is "
                               "not running): resign instead", {"status": match.status})
        try:
            result = store.submit(match.pk, seat, None, kind=MatchAction.RESIGN, user=user,
                                  expected_version=match.version)
        except store.StoreError as exc:
            if exc.error_code != "version_conflict":
                raise
            continue
        return {"match": match.pk, "status": result.body["status"],
                "version": result.body["version"], "aborted": True}
    raise PlayersError("not_abortable", "the match moved on while aborting; try again",
                       {"status": Match.ACTIVE})
