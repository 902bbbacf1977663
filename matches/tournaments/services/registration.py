"""Creating a tournament, entering players and their decks, check-in, drops, the start."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from decks.core import get_format
from decks.services import DeckError, check_format, resolve_deck
from matches import swiss
from matches.tournaments.models import (
    Bye,
    Entry,
    Round,
    Tournament,
)
from matches.tournaments.services.common import (
    GAME_SECONDS,
    MAX_ID,
    TournamentError,
    entry_of,
    is_organiser,
    last_number,
    last_round,
    locked,
    require_organiser,
)
from matches.tournaments.services.final import concede_for_dropped


def for_tournaments(format_key: str) -> bool:
    """Whether a known deck format may be a tournament's: KG-1.6.6 / KG-13.3.4,
    "Versenyeken mindig az eredeti faji korlátozásokat fogjuk használni", so a format that
    relaxes them (or the 30-card casual one) is not for events."""
    return bool(get_format(format_key).opposed_races)


def create_tournament(organiser: Any, *, name: str, format: str = "tournament",
                      decks_required: bool = True, mode: str = Tournament.PAPER,
                      rounds_planned: int | None = None, top_cut: bool = True,
                      third_place_match: bool = True, games_per_match: int = 3,
                      public: bool = True, final_size: int | None = None,
                      tiebreaks: str = swiss.DEFAULT_PROFILE, round_minutes: int | None = None,
                      publish_decklists: bool = False) -> Tournament:
    name = (name or "").strip()
    if not name:
        raise TournamentError("invalid", "name: give the tournament a name",
                              {"field": "name"})
    try:
        check_format(format)
    except DeckError as exc:
        raise TournamentError(exc.code, exc.message, exc.details) from exc
    if not for_tournaments(format):
        raise TournamentError("invalid", "format: a tournament keeps the original race "
                              "restrictions (KG-1.6.6); this format relaxes them",
                              {"field": "format"})
    if mode not in (Tournament.PAPER, Tournament.ONLINE):
        raise TournamentError("invalid", "mode: paper or online", {"field": "mode"})
    if games_per_match not in (1, 3):
        raise TournamentError("invalid", "games_per_match: 1 or 3 (best of three)",
                              {"field": "games_per_match"})
    if tiebreaks not in swiss.PROFILES:
        raise TournamentError("invalid", f"tiebreaks: one of {', '.join(swiss.PROFILES)}",
                              {"field": "tiebreaks", "allowed": list(swiss.PROFILES)})
    size = check_final_size(final_size if final_size is not None else (4 if top_cut else 0))
    if mode == Tournament.ONLINE:
        # An online Swiss match is one server game with decks (KG-13.4.3: one hour a game).
        decks_required, games_per_match = True, 1
    if round_minutes is None:
        # Online the round timer is the match clock: the game's hour (KG-13.4.3); on paper
        # a round of best-of-three games ends on the organiser's timer, 50 minutes unless set.
        round_minutes = GAME_SECONDS // 60 if mode == Tournament.ONLINE else 50
    return Tournament.objects.create(
        name=name[:120], organiser=organiser, format=format, decks_required=decks_required,
        mode=mode, rounds_planned=rounds_planned, top_cut=size > 0, final_size=size,
        third_place_match=third_place_match, games_per_match=games_per_match,
        public=public, seed=secrets.token_hex(16), tiebreaks=tiebreaks,
        round_minutes=round_minutes, publish_decklists=publish_decklists)


def check_final_size(size: Any) -> int:
    allowed = [value for value, _label in Tournament.FINAL_SIZES]
    if size not in allowed or isinstance(size, bool):
        raise TournamentError("invalid", "final_size: 4 (top-4 final), 2 (top-2) or 0 (none)",
                              {"field": "final_size", "allowed": allowed})
    return int(size)


@locked
def configure_final(t: Tournament, *, by: Any, final_size: Any) -> Tournament:
    """The organiser chooses the final's size at any time up to the cut."""
    require_organiser(by, t)
    size = check_final_size(final_size)
    if t.status not in (Tournament.REGISTRATION, Tournament.SWISS):
        raise TournamentError("final_started", "the cut has been made; the final's size is "
                              "fixed", {"status": t.status})
    t.final_size, t.top_cut = size, size > 0
    t.save(update_fields=["final_size", "top_cut"])
    return t


@dataclass
class CheckedDeck:
    name: str
    cards: dict[str, int]
    validation: dict[str, Any]


def check_deck(t: Tournament, spec: Any, user: Any) -> CheckedDeck:
    """The deck validator's answer for the tournament's format (the one source of truth)."""
    if isinstance(spec, int) and not isinstance(spec, bool) and not 0 < spec < MAX_ID:
        raise TournamentError("deck_not_found", f"no deck {spec} that you may use",
                              {"deck": spec})
    try:
        deck = resolve_deck(spec, user, t.format)
    except DeckError as exc:
        raise TournamentError(exc.code, exc.message, exc.details) from exc
    return CheckedDeck(deck.name, deck.cards, deck.validation)


@locked
def register(t: Tournament, *, by: Any, user: Any = None, name: str = "", deck: Any = None,
             deck_name: str = "", byes: bool = False) -> Entry:
    """Enter a player. Before the start anyone may enter themself; the organiser may enter
    anyone (an account or just a name). After the start only the organiser may, as a late
    entry: from the next round, with 0 points or with byes for the rounds already paired."""
    organiser = is_organiser(by, t)
    if t.status in (Tournament.FINAL, Tournament.FINISHED):
        raise TournamentError("registration_closed", "the Swiss rounds are over")
    late = t.status == Tournament.SWISS
    if late and not organiser:
        raise TournamentError("registration_closed",
                              "the tournament has started; ask the organiser for a late entry")
    if byes and not (late and organiser):
        raise TournamentError("invalid", "byes: only the organiser grants byes to a late entry",
                              {"field": "byes"})
    if not organiser or (user is None and not name):
        # (an organiser who names nobody enters themself, as any player does)
        user, name = by, by.username
    name = (name or (user.username if user else "")).strip()[:80]
    if not name:
        raise TournamentError("invalid", "name: a player name or username",
                              {"field": "name"})
    if user is not None and t.entries.filter(user=user).exists():
        raise TournamentError("already_registered", f"{user.username} is already registered")
    if t.entries.filter(name=name).exists():
        raise TournamentError("name_taken", f"a player named {name!r} is already registered",
                              {"field": "name"})
    if t.mode == Tournament.ONLINE and user is None:
        raise TournamentError("account_required", "an online tournament needs player accounts",
                              {"field": "username"})
    checked = None
    if deck is not None:
        checked = check_deck(t, deck, by)
    elif t.decks_required and late:
        raise TournamentError("deck_required", "a late entry needs a deck list",
                              {"field": "deck"})
    if late and checked is not None and not checked.validation.get("valid"):
        raise TournamentError("deck_invalid", "the deck is not legal for this tournament",
                              {"validation": checked.validation})
    last = last_number(t)
    previous = last_round(t)
    if late and previous is not None and previous.status == Round.PAIRED:
        # The last round is paired but not started: the entry can still join it when the
        # organiser pairs it again, so it plays from that round and has missed one fewer.
        last -= 1
    try:
        with transaction.atomic():
            entry = Entry.objects.create(
                tournament=t, user=user, name=name,
                deck_name=(deck_name or (checked.name if checked else ""))[:120],
                deck=checked.cards if checked else None,
                deck_validation=checked.validation if checked else None,
                deck_locked=late, first_round=last + 1)
    except IntegrityError as exc:  # a concurrent registration of the same player
        raise TournamentError("already_registered", "that player is already registered") from exc
    if late and byes:
        Bye.objects.bulk_create([Bye(tournament=t, round_number=n, entry=entry,
                                     kind=Bye.AWARDED) for n in range(1, last + 1)])
    return entry


@locked
def update_deck(t: Tournament, entry_id: int, *, by: Any, deck: Any,
                deck_name: str = "") -> Entry:
    entry = entry_of(t, entry_id)
    if not (is_organiser(by, t) or (entry.user_id and entry.user_id == by.pk)):
        raise TournamentError("not_your_entry", "only the player or the organiser may change "
                              "this deck")
    if entry.deck_locked or t.status != Tournament.REGISTRATION:
        raise TournamentError("deck_locked", "deck lists are locked at the start")
    checked = check_deck(t, deck, by)
    entry.deck, entry.deck_validation = checked.cards, checked.validation
    entry.deck_name = (deck_name or checked.name or entry.deck_name)[:120]
    entry.save(update_fields=["deck", "deck_validation", "deck_name"])
    return entry


@locked
def drop(t: Tournament, entry_id: int, *, by: Any) -> Entry | None:
    """A player leaves; never paired again (the current round's table, if any, stands).
    Before the start a drop is a withdrawal: the entry is deleted (returns ``None``)."""
    entry = entry_of(t, entry_id)
    if not (is_organiser(by, t) or (entry.user_id and entry.user_id == by.pk)):
        raise TournamentError("not_your_entry", "only the player or the organiser may drop "
                              "this entry")
    if t.status == Tournament.REGISTRATION:
        entry.delete()
        return None
    if t.status == Tournament.FINISHED:
        raise TournamentError("tournament_finished", "the tournament is over")
    if entry.dropped:
        raise TournamentError("already_dropped", f"{entry.name} has already dropped")
    entry.dropped_after = last_number(t)
    entry.save(update_fields=["dropped_after"])
    if t.status == Tournament.FINAL:
        concede_for_dropped(t, by=by)
    return entry


MISSED_CHOICES = ("not_played", "loss")


@locked
def undrop(t: Tournament, entry_id: int, *, by: Any, missed: str = "not_played") -> Entry:
    """The organiser takes back a drop (a mistake, a player who came back): the player
    returns with their record and is paired again from the next round. The rounds they
    missed, the organiser's choice:

    - ``not_played`` (default): no points, and nothing in any percentage;
    - ``loss``: each is a zero-point bye, a lost round in every figure (no points, a round
      in match-win %, a 0-2 in game-win %), as if they had lost it.
    """
    require_organiser(by, t)
    if missed not in MISSED_CHOICES:
        raise TournamentError("invalid", "missed: not_played or loss",
                              {"field": "missed", "allowed": list(MISSED_CHOICES)})
    entry = entry_of(t, entry_id)
    if not entry.dropped:
        raise TournamentError("not_dropped", f"{entry.name} has not dropped")
    if t.status not in (Tournament.SWISS,):
        raise TournamentError("not_in_swiss", "a player can come back only during the Swiss "
                              "rounds", {"status": t.status})
    if missed == "loss":
        played = t.rounds.filter(number__gt=entry.dropped_after).exclude(status=Round.PAIRED)
        Bye.objects.bulk_create([Bye(tournament=t, round_number=n, entry=entry, kind=Bye.ZERO)
                                 for n in played.values_list("number", flat=True)])
    entry.dropped_after = None
    entry.save(update_fields=["dropped_after"])
    return entry


@locked
def check_in(t: Tournament, entry_id: int, *, by: Any, present: bool = True) -> Entry:
    """Before round 1: the player (or the organiser) says they are here."""
    entry = entry_of(t, entry_id)
    if not (is_organiser(by, t) or (entry.user_id and entry.user_id == by.pk)):
        raise TournamentError("not_your_entry", "only the player or the organiser may check "
                              "this player in")
    if t.status != Tournament.REGISTRATION:
        raise TournamentError("already_started", "check-in closes at the start")
    entry.checked_in = bool(present)
    entry.save(update_fields=["checked_in"])
    return entry


def decklists(t: Tournament, *, user: Any) -> list[dict[str, Any]]:
    """Deck lists: the organiser's at any time; everyone's once the event is over and the
    organiser has chosen to publish them."""
    published = t.publish_decklists and t.status == Tournament.FINISHED
    if not (published or is_organiser(user, t)):
        raise TournamentError("decklists_not_published", "deck lists are published only "
                              "after the event, if the organiser chooses")
    return [{"entry": e.pk, "name": e.name, "deck_name": e.deck_name, "cards": e.deck or {}}
            for e in t.entries.order_by("name") if e.deck is not None]


def deck_report(t: Tournament) -> list[dict[str, Any]]:
    """The organiser's deck check: every entry's list and what the validator says of it."""
    out = []
    for e in t.entries.select_related("user"):
        v = e.deck_validation or {}
        out.append({
            "entry": e.pk, "name": e.name, "deck_name": e.deck_name, "has_deck": e.deck is not None,
            "valid": e.deck_valid, "locked": e.deck_locked,
            "cards": e.deck or {}, "card_count": sum((e.deck or {}).values()),
            "errors": v.get("errors", []), "warnings": v.get("warnings", []),
            "problem": _deck_problem(t, e),
        })
    return out


def _deck_problem(t: Tournament, e: Entry) -> str | None:
    if e.deck is None:
        return "deck_missing" if t.decks_required else None
    return None if e.deck_valid else "deck_invalid"


@locked
def start(t: Tournament, *, by: Any, drop_no_shows: bool = False) -> Tournament:
    """Close registration, lock every deck, announce the number of rounds.
    ``drop_no_shows``: players who have not checked in are withdrawn first."""
    require_organiser(by, t)
    if t.status != Tournament.REGISTRATION:
        raise TournamentError("already_started", "the tournament has already started")
    if drop_no_shows:
        t.entries.filter(checked_in=False).delete()
    entries = list(t.entries.all())
    if len(entries) < 2:
        raise TournamentError("too_few_players", "a tournament needs at least two players",
                              {"players": len(entries)})
    problems = [{"entry": e.pk, "name": e.name, "problem": p}
                for e in entries if (p := _deck_problem(t, e))]
    if problems:
        raise TournamentError("decks_not_ready", "some decks are missing or not legal; fix "
                              "them or drop those players", {"entries": problems})
    t.entries.update(deck_locked=True)
    t.status = Tournament.SWISS
    t.started = timezone.now()
    if not t.rounds_planned:
        t.rounds_planned = swiss.suggested_rounds(len(entries))
    t.save(update_fields=["status", "started", "rounds_planned"])
    return t
