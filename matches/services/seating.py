"""From a create/join request to seat specs: who sits where, and with which validated deck.

A service: the API and the lobby page both call it, so both give the same answers; its
refusals are ``MatchError`` (no HTTP: the API edge gives each code its status).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model

from decks.services import DeckError, check_format, validate_cards, waiting_cards
from decks.services import resolve_deck as resolve
from kaosz.models import SeatInvitation
from matches.errors import MatchError
from matches.live import account
from matches.models import Match
from matches.store import SeatSpec, with_options
from rulesets import registry
from rulesets.base import ConfigError, Ruleset

DEFAULT_FORMAT = "practice"
# The bots' own decks for a format whose legal decks the example decks are not
# (``bot-<format>.txt``); in a format without one a bot plays a copy of its opponent's deck.
BOT_DECKS = Path(settings.BASE_DIR) / "fixtures" / "decks"


def get_ruleset(name: str) -> Ruleset:
    try:
        return registry.get(name)
    except (registry.UnknownRuleset, ImportError) as exc:
        raise MatchError("unknown_ruleset", f"unknown ruleset {name!r}",
                         {"allowed": sorted(registry.available())}) from exc


def deck_format(rs: Ruleset, options: dict[str, Any]) -> str:
    return options.get("format") or DEFAULT_FORMAT


def resolve_deck(rs: Ruleset, spec: Any, user: Any, options: dict[str, Any],
                 seat: int) -> tuple[list[dict[str, Any]] | None, str]:
    """A seat's deck as full card records (``None``: the ruleset's example deck).

    A named format binds every seat: a seat without a deck plays the ruleset's example deck,
    which must then be legal in that format too (the practice decks are not legal in
    ``tournament``), and a format nobody knows is refused before anything starts.
    """
    if rs.uses_decks:
        _check_format(rs, options)
    if spec is None:
        if rs.uses_decks and seat >= 0:
            _check_example_deck(rs, options, seat)
        return None, ""
    if not rs.uses_decks:
        raise MatchError("deck_not_used", f"{rs.title} is played without decks",
                         {"seat": seat})
    try:
        deck = resolve(spec, user, deck_format(rs, options))
    except DeckError as exc:
        raise MatchError(exc.code, exc.message, {"seat": seat, **exc.details}) from exc
    if not deck.validation.get("valid"):
        raise MatchError("deck_invalid", f"the deck for seat {seat} is not valid in format "
                         f"{deck_format(rs, options)!r}",
                         {"seat": seat, "validation": deck.validation})
    check_playable(deck.validation, seat)
    return deck.records, deck.name


def check_playable(validation: dict[str, Any], seat: int) -> None:
    """A legal deck may still hold cards the engine cannot play yet (a paper tournament
    format only warns about a printed value nobody has entered): refuse it before the
    match, naming the cards, why, and where to contribute the value."""
    waiting = waiting_cards(validation)
    if waiting:
        names = "; ".join(f"{c['name']} ({', '.join(c['reasons'])})" for c in waiting)
        raise MatchError("deck_unplayable", f"the deck for seat {seat} is legal, but the "
                         f"engine cannot play these cards yet: {names}",
                         {"seat": seat, "cards": waiting})


def bot_deck(rs: Ruleset, options: dict[str, Any], seat: int,
             mirror: tuple[list[dict[str, Any]], str] | None) -> tuple[Any, str]:
    """The deck a bot without one plays: the example deck in the default format; else the
    format's shipped bot deck; else a copy of the person's deck (``mirror``), or the
    example deck when it is legal there. Refuses with ``deck_required`` naming the bot's
    seat and what to do."""
    fmt = deck_format(rs, options)
    if not rs.uses_decks or fmt == DEFAULT_FORMAT:
        return resolve_deck(rs, None, None, options, seat)
    shipped = BOT_DECKS / f"bot-{fmt}.txt"
    if shipped.is_file():
        records, _ = resolve_deck(rs, {"text": shipped.read_text(encoding="utf-8")}, None,
                                  options, seat)
        return records, f"bot-{fmt}"
    if mirror is not None:
        return [dict(r) for r in mirror[0]], mirror[1]
    try:
        return resolve_deck(rs, None, None, options, seat)   # the example deck, if legal
    except MatchError as exc:
        if exc.error_code != "deck_required":
            raise
        raise MatchError("deck_required", f"seat {seat} (the bot) has no deck legal in format "
                         f"{fmt!r}: bring your own deck (the bot plays a copy of it), or give "
                         f"seat {seat} a deck", {"seat": seat, "format": fmt, "bot": True}) from exc


def _check_format(rs: Ruleset, options: dict[str, Any]) -> None:
    try:
        check_format(deck_format(rs, options))
    except DeckError as exc:
        raise MatchError(exc.code, exc.message, exc.details) from exc


def _check_example_deck(rs: Ruleset, options: dict[str, Any], seat: int) -> None:
    """The example deck a seat without a deck would play must be legal in the format."""
    fmt = deck_format(rs, options)
    if fmt == DEFAULT_FORMAT:  # the example decks are built for the default format
        return
    records = rs.example_config(max(rs.min_players, seat + 1))["decks"][seat]
    cards: dict[str, int] = {}
    for record in records:
        cards[record["slug"]] = cards.get(record["slug"], 0) + 1
    validation = validate_cards(cards, fmt)
    if not validation.get("valid"):
        raise MatchError("deck_required", f"seat {seat} has no deck, and the example deck is "
                         f"not valid in format {fmt!r}: give a deck for it",
                         {"seat": seat, "format": fmt, "validation": validation})


def seat_specs(rs: Ruleset, seats: list[dict[str, Any]], options: dict[str, Any],
               user: Any) -> list[SeatSpec]:
    if not rs.min_players <= len(seats) <= rs.max_players:
        raise MatchError("bad_players", f"{rs.title} is for {rs.min_players}-{rs.max_players} "
                         "players", {"min": rs.min_players, "max": rs.max_players})
    users = get_user_model()
    out = []
    bots_without_deck = []
    for i, seat in enumerate(seats):
        player = seat["player"]
        spec = SeatSpec()
        if player == "me":
            spec.user = user
        elif player.startswith("bot:"):
            spec.bot = player[4:]
        elif player != "open":
            other = users.objects.filter(username=player, is_active=True).first()
            if other is None:
                raise MatchError("unknown_player", f"no user {player!r}", {"seat": i})
            if getattr(user, "pk", None) == other.pk:
                spec.user = other
            else:
                # Another player is invited, never seated: the seat stays open, kept for
                # them, until they accept (join) or decline; ``invite`` records it.
                spec.invited = other
        out.append(spec)
        if spec.bot and seat.get("deck") is None:
            bots_without_deck.append(i)
            continue
        # An open or invited seat's deck comes with whoever joins it (checked then).
        waits = player == "open" or spec.invited is not None
        spec.deck, spec.deck_name = resolve_deck(rs, seat.get("deck"), user, options,
                                                 -1 if waits else i)
    # The bots' decks last: one may mirror a person's deck.
    mirror = next(((s.deck, s.deck_name) for s in out if s.user is not None and s.deck),
                  None)
    for i in bots_without_deck:
        out[i].deck, out[i].deck_name = bot_deck(rs, options, i, mirror)
    return out


def open_seat(match: Match) -> int:
    """The seat a joiner takes (the first open one), or -1 when none is open."""
    return next((s.index for s in match.seats.all() if s.is_open), -1)


def seat_of(match: Match, user: Any, wanted: int | None = None) -> int | None:
    """The seat ``user`` speaks for (``wanted`` when they hold several), else ``None``."""
    if not getattr(user, "is_authenticated", False):
        if wanted is not None:
            raise MatchError("not_your_seat", "log in to act for a seat", {"seat": wanted})
        return None
    mine = [s.index for s in match.seats.all() if s.user_id == user.pk]
    if wanted is not None:
        if wanted not in mine:
            raise MatchError("not_your_seat", f"seat {wanted} is not yours",
                             {"seat": wanted, "your_seats": mine})
        return wanted
    if not mine:
        return None
    # Holding several seats (a hot-seat game): the one to act first, else the first.
    acting = [s for s in mine if s in (match.to_act or [])]
    return (acting or mine)[0]


def invite(match: Match, specs: list[SeatSpec], by: Any) -> list[SeatInvitation]:
    """Record the invitations ``seat_specs`` left on ``specs`` (after ``create_match``),
    and tell the invited users' account streams."""
    made = SeatInvitation.objects.bulk_create([
        SeatInvitation(match=match, seat=i, user=spec.invited, invited_by=by)
        for i, spec in enumerate(specs) if spec.invited is not None])
    account.invited(made)
    return made


def seat_to_join(match: Match, user: Any) -> tuple[int | None, SeatInvitation | None]:
    """Which seat ``user`` may take: the one they are invited to, else the first open seat
    nobody is invited to (409 ``not_open`` when every open seat is kept for someone). A
    seat whose invited player declined stays kept: a direct challenge is not a public one
    unless its maker opens it (``players.challenges.services.open_to_anyone``)."""
    kept_for = list(SeatInvitation.objects.filter(
        match=match, status__in=[SeatInvitation.PENDING, SeatInvitation.DECLINED]))
    if not kept_for:
        return None, None
    mine = next((i for i in kept_for if i.user_id == getattr(user, "pk", None)
                 and i.status == SeatInvitation.PENDING), None)
    if mine is not None:
        return mine.seat, mine
    kept = {i.seat for i in kept_for}
    free = [s.index for s in match.seats.all() if s.is_open and s.index not in kept]
    if not free:
        raise MatchError("not_open", "the open seats are kept for invited players",
                         {"invited_seats": sorted(kept)})
    return free[0], None


def kept_seats(match: Match) -> set[int]:
    """The open seats kept for a named player (invited, or having declined)."""
    return set(SeatInvitation.objects.filter(
        match=match, status__in=[SeatInvitation.PENDING, SeatInvitation.DECLINED])
        .values_list("seat", flat=True))


def listed_for(matches: Any, user: Any) -> Any:
    """``matches`` without the direct challenges (waiting for a named player) that are not
    ``user``'s own or addressed to them: an invitation is never listed publicly."""
    direct = SeatInvitation.objects.filter(
        status__in=[SeatInvitation.PENDING, SeatInvitation.DECLINED],
        match__status=Match.OPEN)
    if getattr(user, "is_authenticated", False):
        direct = direct.exclude(user=user).exclude(match__created_by=user)
    return matches.exclude(pk__in=direct.values_list("match_id", flat=True))


def decline_invitation(match: Match, user: Any) -> None:
    """``user`` declines their invitation: the seat stays kept (closed), and the maker is
    told. Refuses with ``invitation_not_found``."""
    updated = SeatInvitation.objects.filter(
        match=match, user=user, status=SeatInvitation.PENDING) \
        .update(status=SeatInvitation.DECLINED)
    if not updated:
        raise MatchError("invitation_not_found", "no pending invitation for you in this match")
    if match.created_by_id is not None:
        account.publish_account_event(match.created_by_id, account.CHALLENGE_DECLINED,
                                      {"match": match.pk, "by": user.get_username()})


def accepted(invitation: SeatInvitation | None) -> None:
    if invitation is not None:
        invitation.status = SeatInvitation.ACCEPTED
        invitation.save(update_fields=["status"])


def invitations_of(match: Match) -> list[dict[str, Any]]:
    return [{"seat": i.seat, "username": i.user.username, "status": i.status}
            for i in SeatInvitation.objects.filter(match=match).select_related("user")
            .order_by("seat")]


def check_options(rs: Ruleset, options: dict[str, Any], specs: list[SeatSpec]) -> None:
    """Refuse bad game options now when the match will wait for an invited player (the store
    checks them when the match starts, which would be too late to tell the creator)."""
    if not any(getattr(spec, "invited", None) is not None for spec in specs):
        return
    config = with_options(rs.example_config(len(specs)), options)
    try:
        rs.new_game(config, "options-check")
    except ConfigError as exc:
        raise MatchError("bad_config", exc.message, {"code": exc.code, **exc.details}) \
            from exc
    except (ValueError, KeyError, TypeError) as exc:
        raise MatchError("bad_config", f"the game cannot start from these options: {exc}") from exc


def bot_only_matches() -> Any:
    """Running matches with a bot in every seat (no person, no open seat)."""
    return Match.objects.filter(status=Match.ACTIVE).exclude(seats__bot="")


def check_bot_only_matches(specs: list[SeatSpec], user: Any) -> None:
    """A match of bots only is programs' play, which nobody waits for: at most
    ``KAOSZ_BOT_MATCHES_PER_USER`` of a user's (staff exempt) and
    ``KAOSZ_BOT_MATCHES_RUNNING`` on the whole server run at once (a thousand
    of them starved every person's bot). 429 ``too_many_bot_matches``."""
    if not all(spec.bot for spec in specs):
        return
    running = bot_only_matches()
    mine = running.filter(created_by=user).count() if not user.is_staff else 0
    total = running.count()
    if mine >= settings.KAOSZ_BOT_MATCHES_PER_USER or \
            total >= settings.KAOSZ_BOT_MATCHES_RUNNING:
        raise MatchError("too_many_bot_matches", "too many matches between bots only are "
                         "running; wait for one to end",
                         {"yours": mine, "max_yours": settings.KAOSZ_BOT_MATCHES_PER_USER,
                          "running": total, "max_running": settings.KAOSZ_BOT_MATCHES_RUNNING})
