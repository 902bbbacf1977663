"""Ratings wired to matches: which finished match is rated, recording it once, and
rebuilding every rating from the match log (``players.ratings`` does the arithmetic).

A match is rated when it finished, every seat is a distinct person (no bot, no sandbox),
it was created rated or is a tournament game, and it was not aborted (``players.ratings.aborts``:
given up before every seat had moved). It is rated once: the events' unique
(match, user) pair and the match row's lock make a second attempt a no-op, so the signal,
the beat's catch-up and a retry may all try.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from matches.models import BIG_COLUMNS, Match, Seat
from matches.tournaments.models import FinalMatch, Pairing
from players.models import Rating, RatingEvent
from players.ratings import RatedResult, RatingBook, Standing
from players.ratings import Rating as Glicko
from players.ratings import rebuild as rebuild_book
from players.ratings.aborts import aborted_ids
from players.turns.timecontrol import family_of

log = logging.getLogger(__name__)

# The beat's catch-up looks this far back for rated matches left unrated (a receiver that
# failed, a bot's move that ended a match, a worker that was down).
CATCH_UP_DAYS = 3


def places_of(outcome: dict[str, Any], n: int) -> list[int]:
    """Places 1..n from an outcome: winners first; the rest by score where the game keeps
    one (Pulsar and Roll seat up to four), else all second."""
    winners = set(outcome.get("winners") or [])
    scores = outcome.get("scores")
    if not winners:                      # no winner (an adjudicated draw): all equal
        return [1] * n
    places = []
    for seat in range(n):
        if seat in winners:
            places.append(1)
        elif scores and len(scores) == n:
            better = sum(1 for s in range(n) if s not in winners and scores[s] > scores[seat])
            places.append(2 + better)
        else:
            places.append(2)
    return places


def _tournament_ids(ids: Iterable[int]) -> set[int]:
    ids = list(ids)
    return set(Pairing.objects.filter(match_id__in=ids).values_list("match_id", flat=True)) | \
        set(FinalMatch.objects.filter(match_id__in=ids).values_list("match_id", flat=True))


def rated_result(match: Match, seats: list[Seat], tournament: bool) -> RatedResult | None:
    """The match as a rating result, or None when it is not rated."""
    options = match.options or {}
    if match.status != Match.FINISHED or not match.outcome or options.get("sandbox"):
        return None
    if not (options.get("rated") or tournament):
        return None
    users: list[int | str] = [s.user_id for s in sorted(seats, key=lambda s: s.index)
                              if s.user_id is not None and not s.bot]
    if len(users) != len(seats):         # a bot or an empty seat: never rated
        return None
    if len(users) < 2 or len(set(users)) != len(users):
        return None
    return RatedResult(match.pk, match.ruleset, family_of(options), users,
                       places_of(match.outcome, len(users)))


def record_match(match_id: int) -> list[RatingEvent]:
    """Rate one finished match (once). Returns the events written (none when it was
    already rated or is not rated)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().defer(*BIG_COLUMNS).filter(pk=match_id).first()
        if match is None or RatingEvent.objects.filter(match_id=match_id).exists():
            return []
        seats = list(Seat.objects.filter(match_id=match_id))
        result = rated_result(match, seats, bool(_tournament_ids([match_id])))
        if result is None or aborted_ids([match_id]):
            return []
        game, family = result.game, result.family
        users = sorted(int(p) for p in result.players)
        Rating.objects.bulk_create([Rating(user_id=u, game=game, family=family) for u in users],
                                   ignore_conflicts=True)
        rows = {r.user_id: r for r in Rating.objects.select_for_update()
                .filter(user_id__in=users, game=game, family=family).order_by("user_id")}
        book = RatingBook()
        for u, row in rows.items():
            book.standings[(u, game, family)] = Standing(
                Glicko(row.rating, row.deviation, row.volatility), row.games)
        events = []
        at = match.finished or timezone.now()
        for change in book.record(result):
            row = rows[int(change.player)]
            row.rating, row.deviation = change.after.rating, change.after.deviation
            row.volatility, row.games = change.after.volatility, change.games_rated
            row.save()
            events.append(RatingEvent(
                match_id=match_id, user_id=row.user_id, game=game, family=family,
                before=change.before.rating, after=change.after.rating,
                deviation=change.after.deviation, volatility=change.after.volatility,
                games=change.games_rated, at=at))
        return RatingEvent.objects.bulk_create(events)


def on_match_changed(sender: Any, match: Match, **kwargs: Any) -> None:
    """The store's ``match_changed`` receiver: a finished match may be rated."""
    if match.status == Match.FINISHED:
        record_match(match.pk)


def record_pending(days: int = CATCH_UP_DAYS) -> int:
    """Rate the recently finished rated matches that are not rated yet (the beat calls
    this). Returns how many matches were rated."""
    since = timezone.now() - timedelta(days=days)
    recent = Match.objects.filter(status=Match.FINISHED, finished__gte=since,
                                  rating_events__isnull=True)
    ids = set(recent.filter(options__rated=True).values_list("pk", flat=True))
    ids |= _tournament_ids(recent.values_list("pk", flat=True))
    return sum(1 for pk in sorted(ids) if record_match(pk))


def finished_results() -> list[tuple[RatedResult, Any]]:
    """Every rated result in the log, in the order the matches finished."""
    matches = list(Match.objects.filter(status=Match.FINISHED).defer(*BIG_COLUMNS)
                   .prefetch_related("seats").order_by("finished", "pk"))
    tournament = _tournament_ids(m.pk for m in matches)
    aborted = aborted_ids(m.pk for m in matches)
    out = []
    for m in matches:
        if m.pk in aborted:
            continue
        result = rated_result(m, list(m.seats.all()), m.pk in tournament)
        if result is not None:
            out.append((result, m.finished))
    return out


def rebuild() -> int:
    """Throw the stored ratings away and compute them again from the finished matches.
    Returns how many rated matches there were."""
    results = finished_results()
    book = rebuild_book(r for r, _ in results)
    when = {r.match_id: at for r, at in results}
    with transaction.atomic():
        RatingEvent.objects.all().delete()
        Rating.objects.all().delete()
        Rating.objects.bulk_create([
            Rating(user_id=u, game=g, family=f, rating=s.rating.rating,
                   deviation=s.rating.deviation, volatility=s.rating.volatility,
                   games=s.games_rated) for (u, g, f), s in book.standings.items()])
        RatingEvent.objects.bulk_create([
            RatingEvent(match_id=c.match_id, user_id=c.player, game=c.game, family=c.family,
                        before=c.before.rating, after=c.after.rating,
                        deviation=c.after.deviation, volatility=c.after.volatility,
                        games=c.games_rated, at=when[c.match_id] or timezone.now())
            for c in book.changes])
    return len(results)
