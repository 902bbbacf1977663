"""Finding an opponent: open challenges (seeks), direct challenges, rematches.

A challenge is a match waiting in the store: its creator seated, the other seat open (an
open challenge, ``options["seek"]``) or kept for a named player (a direct challenge: today's
invitation). Accepting is joining the match (``matches.services.joining``), which ends in
the store's ``join``, locking the match row, so a challenge accepted twice at once seats
exactly one player; the other gets 409 ``not_open``. A challenge may ask a minimum rating
of whoever accepts (in its game and time-control family: a join policy,
``players.challenges.policies``), and is rated or not, live or turn-based
(``players.turns.timecontrol``).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from kaosz.models import SeatInvitation
from matches import store
from matches.live import account
from matches.models import BIG_COLUMNS, Match, Seat
from matches.services.joining import join_match
from matches.services.seating import check_options, get_ruleset, invite, seat_specs
from matches.tournaments.models import FinalMatch, Pairing
from players.errors import PlayersError
from players.models import Rating
from players.turns.timecontrol import CHOICES, TURN, control_of

MAX_MIN_RATING = 3000


def _seeks() -> Any:
    return Match.objects.filter(status=Match.OPEN, options__seek=True).defer(*BIG_COLUMNS)


def open_count(user: Any) -> int:
    """The user's challenges still waiting (open or direct)."""
    return _seeks().filter(created_by=user).count()


def turn_based_count(user: Any) -> int:
    """Turn-based matches the user sits in that are not finished."""
    return Match.objects.filter(seats__user=user, options__time_control__kind=TURN) \
        .exclude(status=Match.FINISHED).distinct().count()


def _budget_key(user: Any) -> str:
    return f"players:challenges-made:{user.pk}:{timezone.now():%Y%m%d%H}"


def count_made(user: Any) -> None:
    """One more challenge made or withdrawn this hour (``check_caps`` holds the budget)."""
    key = _budget_key(user)
    cache.add(key, 0, timeout=3600)
    try:
        cache.incr(key)
    except ValueError:          # expired between the two: start the hour again
        cache.set(key, 1, timeout=3600)


def check_caps(user: Any, turn_based: bool) -> None:
    """429 when the user already has as many challenges (or turn-based matches) as the
    settings allow, or has made and withdrawn as many this hour; staff are exempt (as
    with bot matches)."""
    if user.is_staff:
        return
    made = cache.get(_budget_key(user)) or 0
    if made >= settings.KAOSZ_CHALLENGES_PER_HOUR:
        raise PlayersError("too_many_challenges", "you have made or withdrawn as many "
                           "challenges this hour as allowed; wait a little",
                           {"this_hour": made,
                            "max_per_hour": settings.KAOSZ_CHALLENGES_PER_HOUR})
    mine = open_count(user)
    if mine >= settings.KAOSZ_CHALLENGES_PER_USER:
        raise PlayersError("too_many_challenges", "you have as many open challenges as "
                           "allowed; cancel one or wait for it to be accepted",
                           {"yours": mine, "max_yours": settings.KAOSZ_CHALLENGES_PER_USER})
    if turn_based:
        running = turn_based_count(user)
        if running >= settings.KAOSZ_TURN_MATCHES_PER_USER:
            raise PlayersError("too_many_turn_matches", "you have as many turn-based matches "
                               "as allowed; finish one first",
                               {"yours": running,
                                "max_yours": settings.KAOSZ_TURN_MATCHES_PER_USER})


def _options(time_control: str, rated: bool, fmt: str | None,
             min_rating: int | None, timeout_bot: bool = False) -> dict[str, Any]:
    if time_control not in CHOICES:
        raise PlayersError("invalid_parameter",
                           f"time_control must be one of {', '.join(CHOICES)}",
                           {"parameter": "time_control", "allowed": list(CHOICES)})
    if min_rating is not None and not 0 <= min_rating <= MAX_MIN_RATING:
        raise PlayersError("invalid_parameter", f"min_rating must be 0-{MAX_MIN_RATING}",
                           {"parameter": "min_rating"})
    options: dict[str, Any] = {"seek": True, "rated": bool(rated),
                               "time_control": control_of(time_control, timeout_bot)}
    if fmt:
        options["format"] = fmt
    if min_rating:
        options["min_rating"] = min_rating
    return options


def create(user: Any, ruleset: str, *, time_control: str = "live", rated: bool = False,
           fmt: str | None = None, min_rating: int | None = None, deck: Any = None,
           opponent: str | None = None, timeout_bot: bool = False,
           players: int = 2) -> Match:
    """A challenge by ``user``: open to anyone, or to ``opponent`` (a username).
    ``timeout_bot``: in a turn-based match, a bot moves for a late player (else they lose).
    ``players``: the seats of the match, the creator's included (``seat_specs`` holds it to
    the game's count); an open challenge for three or more fills seat by seat and starts
    when the last is taken."""
    rs = get_ruleset(ruleset)
    options = _options(time_control, rated, fmt, min_rating, timeout_bot)
    if opponent is not None and players != 2:
        raise PlayersError("invalid_parameter", "a direct challenge is for two players; "
                           "an open one may have more", {"parameter": "players"})
    check_caps(user, options["time_control"]["kind"] == TURN)
    seats = [{"player": "me", "deck": deck}] + \
        [{"player": opponent or "open"} for _ in range(players - 1)]
    if opponent is not None and opponent in ("me", "open", user.username) or \
            (opponent or "").startswith("bot:"):
        raise PlayersError("invalid_parameter", "challenge another player by name",
                           {"parameter": "opponent"})
    specs = seat_specs(rs, seats, options, user)
    # Refuse bad game options now, not when the opponents arrive (check_options checks
    # when a seat waits).
    check_options(rs, options, [specs[0]] + [store.SeatSpec(invited=True)] * (players - 1))
    match = store.create_match(rs.name, options, specs, created_by=user)
    count_made(user)
    invite(match, specs, user)
    return match


def direct_ids() -> Any:
    """The matches waiting for a named player (invited, or having declined): never listed
    publicly."""
    return SeatInvitation.objects.filter(
        status__in=[SeatInvitation.PENDING, SeatInvitation.DECLINED],
        match__status=Match.OPEN).values_list("match_id", flat=True)


def waiting() -> list[Match]:
    """Open challenges anyone may accept (not the direct ones), oldest first."""
    return list(_seeks().exclude(pk__in=direct_ids()).select_related("created_by")
                .prefetch_related("seats").order_by("created", "pk")[:100])


def open_seats(match: Match) -> int:
    """How many seats of a waiting challenge are still open (one for three or more)."""
    return sum(1 for s in match.seats.all() if s.is_open)


def rating_of(user: Any, game: str, family: str) -> float | None:
    row = Rating.objects.filter(user=user, game=game, family=family, games__gt=0).first()
    return row.rating if row is not None else None


def accept(match_id: int, user: Any, deck: Any = None) -> Match:
    """Take the challenge's open seat (or the one kept for ``user``): the matches' one way
    of joining, whose join policies hold the challenge's rules (``players.challenges.policies``)."""
    match = Match.objects.filter(pk=match_id, options__seek=True).defer(*BIG_COLUMNS) \
        .prefetch_related("seats").first()
    if match is None:
        raise PlayersError("not_found", "no such challenge")
    if match.status != Match.OPEN:          # someone accepted first
        raise PlayersError("not_open", "this challenge was already accepted")
    if any(s.user_id == user.pk for s in match.seats.all()):
        raise PlayersError("own_challenge", "this challenge is yours; another player accepts it")
    join_match(match, user, deck)
    return Match.objects.defer(*BIG_COLUMNS).get(pk=match.pk)


def _own_open_challenge(match_id: int, user: Any) -> Match:
    """The maker's own challenge, still open, locked for the caller's transaction."""
    match = Match.objects.select_for_update().defer(*BIG_COLUMNS) \
        .filter(pk=match_id, options__seek=True).first()
    if match is None or match.created_by_id != user.pk:
        raise PlayersError("not_found", "no such challenge of yours")
    if match.status != Match.OPEN:
        raise PlayersError("not_open", "this challenge was already accepted")
    return match


def cancel(match_id: int, user: Any) -> None:
    """The creator withdraws a challenge nobody accepted yet (the waiting match goes)."""
    with transaction.atomic():
        match = _own_open_challenge(match_id, user)
        invited = list(SeatInvitation.objects.filter(match=match,
                                                     status=SeatInvitation.PENDING))
        match.delete()
    count_made(user)
    for invitation in invited:
        account.publish_account_event(invitation.user_id, account.CHALLENGE_WITHDRAWN,
                                      {"match": match_id, "from": user.get_username()})


def open_to_anyone(match_id: int, user: Any) -> None:
    """The maker opens a direct challenge the invited player declined: anyone may take
    the seat now (a declined challenge stays closed until then)."""
    with transaction.atomic():
        match = _own_open_challenge(match_id, user)
        SeatInvitation.objects.filter(match=match, status=SeatInvitation.DECLINED).delete()


def rematch(match_id: int, user: Any) -> Match:
    """The same game again, from a finished match: same options and decks, seats swapped
    for two players; the other player(s) are invited (one click accepts), bots sit down
    at once. Sandbox positions and tournament games have no rematch."""
    match = Match.objects.defer("snapshot", "statics").filter(pk=match_id).first()
    if match is None:
        raise PlayersError("not_found", "no such match")
    seats = list(Seat.objects.filter(match=match).select_related("user").order_by("index"))
    if not any(s.user_id == user.pk for s in seats):
        raise PlayersError("not_your_seat", "only a player of the match may ask a rematch")
    options = dict(match.options or {})
    tournament = Pairing.objects.filter(match_id=match_id).exists() or \
        FinalMatch.objects.filter(match_id=match_id).exists()
    if match.status != Match.FINISHED or options.get("sandbox") or tournament:
        raise PlayersError("no_rematch", "a rematch follows a finished match that is not a "
                           "set-up position or a tournament game")
    decks = list((match.config or {}).get("decks") or [])
    rs = store.ruleset_of(match)
    if len(seats) == 2:
        seats = seats[::-1]                       # the other one begins this time
        decks = decks[::-1] if decks else decks
    keep = {k: options[k] for k in ("format", "rated", "time_control", "time_limit_seconds")
            if k in options}
    people = [s for s in seats if s.user_id is not None and s.user_id != user.pk]
    if people:
        keep["seek"] = True                       # waits as a direct challenge
        check_caps(user, keep.get("time_control", {}).get("kind") == TURN)
    specs = []
    for i, s in enumerate(seats):
        deck = decks[i] if rs.uses_decks and i < len(decks) else None
        spec = store.SeatSpec(bot=s.bot, deck=deck, deck_name=s.deck_name)
        if s.user_id == user.pk:
            spec.user = user
        elif s.user_id is not None:
            spec.invited = s.user
        specs.append(spec)
    new = store.create_match(match.ruleset, keep, specs, created_by=user)
    invite(new, specs, user)
    return new
