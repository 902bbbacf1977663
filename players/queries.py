"""What the player pages and their API show, read once for both (pages and API agree).
Refusals are ``PlayersError`` (no HTTP: the API edge and the pages decide how to answer)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Count, Q

from decks.models import Deck
from matches.models import BIG_COLUMNS, Match, Seat
from matches.tournaments.models import Entry
from players.errors import PlayersError
from players.models import Rating, RatingEvent
from players.ratings import is_provisional
from players.ratings.aborts import aborted_ids
from players.turns.timecontrol import FAMILIES, LIVE
from rulesets import registry
from web.api.timestamps import utc_text

LEADERBOARD_SIZE = 100
RECENT_MATCHES = 20


def game_titles() -> dict[str, str]:
    return {name: rs.title for name, rs in registry.available().items()}


def check_board(game: str, family: str) -> None:
    """Refuse an unknown game or family."""
    if game not in game_titles():
        raise PlayersError("unknown_ruleset", f"unknown game {game!r}",
                           {"allowed": sorted(game_titles())})
    if family not in FAMILIES:
        raise PlayersError("invalid_parameter", f"family must be one of {', '.join(FAMILIES)}",
                           {"parameter": "family", "allowed": list(FAMILIES)})


def busiest_board() -> tuple[str, str]:
    """The game and family with the most rated players (where the leaderboards open), or
    KGK live when nobody is rated yet."""
    top = Rating.objects.filter(games__gt=0, game__in=list(game_titles())) \
        .values("game", "family").annotate(n=Count("id")).order_by("-n", "game", "family") \
        .first()
    return (top["game"], top["family"]) if top else ("kgk", LIVE)


def rating_json(r: Rating) -> dict[str, Any]:
    return {"game": r.game, "family": r.family, "rating": round(r.rating, 1),
            "deviation": round(r.deviation, 1), "volatility": round(r.volatility, 6),
            "games": r.games, "provisional": is_provisional(r.games)}


def leaderboard(game: str, family: str = LIVE) -> list[dict[str, Any]]:
    check_board(game, family)
    rows = Rating.objects.filter(game=game, family=family, games__gt=0) \
        .select_related("user").order_by("-rating", "deviation", "id")[:LEADERBOARD_SIZE]
    return [{"rank": i, "username": r.user.username, **rating_json(r)}
            for i, r in enumerate(rows, 1)]


def player_of(username: str) -> Any:
    user = get_user_model().objects.filter(username=username, is_active=True).first()
    if user is None:
        raise PlayersError("not_found", f"no player {username!r}")
    return user


def player_profile(user: Any) -> dict[str, Any]:
    """Ratings with their history, recent matches, tournaments, published decks."""
    ratings = list(Rating.objects.filter(user=user, games__gt=0).order_by("game", "family"))
    history: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for e in RatingEvent.objects.filter(user=user).order_by("at", "match_id"):
        history.setdefault((e.game, e.family), []).append(
            {"match": e.match_id, "at": utc_text(e.at), "rating": round(e.after, 1),
             "change": round(e.after - e.before, 1)})
    seat_of = {s.match_id: s.index for s in Seat.objects.filter(user=user)
               .order_by("-match_id")[:RECENT_MATCHES * 2]}
    matches = list(Match.objects.filter(pk__in=list(seat_of)).defer(*BIG_COLUMNS)
                   .prefetch_related("seats__user").order_by("-pk")[:RECENT_MATCHES])
    aborted = aborted_ids(m.pk for m in matches)
    recent = []
    for m in matches:
        winners = (m.outcome or {}).get("winners") or []
        mine = seat_of[m.pk]
        result = None if m.status != Match.FINISHED else "aborted" if m.pk in aborted else (
            "won" if mine in winners else ("draw" if not winners else "lost"))
        # Rated as the ratings count it: created rated, people only, not aborted.
        people_only = all(s.user_id is not None and not s.bot for s in m.seats.all())
        recent.append({"id": m.pk, "game": m.ruleset, "status": m.status, "result": result,
                       "rated": bool((m.options or {}).get("rated")) and people_only
                       and m.pk not in aborted,
                       "opponents": [s.label() for s in m.seats.all() if s.index != mine],
                       "finished": utc_text(m.finished)})
    entries = Entry.objects.filter(user=user).select_related("tournament") \
        .order_by("-tournament_id")[:50]
    decks = Deck.objects.filter(Q(owner=user) & Q(public=True)).order_by("-updated")[:50]
    return {
        "username": user.username,
        "ratings": [{**rating_json(r), "history": history.get((r.game, r.family), [])}
                    for r in ratings],
        "recent_matches": recent,
        "tournaments": [{"id": e.tournament_id, "name": e.tournament.name} for e in entries],
        "decks": [{"id": d.pk, "name": d.name, "format": d.format} for d in decks],
    }
