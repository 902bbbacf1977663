"""Everything that changes a tournament, in one place; the API, the pages and the Celery
task call these functions and nothing else writes the rows.

The pure core ``matches.swiss`` decides pairings, standings and the final; this module
rebuilds its :class:`~matches.swiss.History` from the rows and keeps the order rules:
registration → start (decks locked) → per round: pair → (re-pair) → start → results →
finish → … → the top-4 final (KG-13.4.2) → finished.

Every mutation runs in one transaction holding the tournament row's lock, so two clicks
on "pair next round" can never pair the same round twice.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from django.db import IntegrityError, connection, transaction
from django.db.models import F
from django.utils import timezone

from kaosz.api.errors import ApiError
from matches import swiss
from matches.tournaments.models import (
    Bye,
    Entry,
    FinalGame,
    FinalMatch,
    Pairing,
    ResultChange,
    Round,
    Tournament,
)

T = TypeVar("T")

# Online mode: a Swiss match is one game of one hour (KG-13.4.3), played on the server.
ONLINE_RULESET = "kgk"
MAX_ID = 2**31  # ids from URLs beyond this are simply unknown (no database range error)
GAME_SECONDS = 3600


class TournamentError(ApiError):
    """A refusal in the one error shape; pages show its message, the API returns it."""


# ---------------------------------------------------------------- permissions and locking


def is_organiser(user: Any, t: Tournament) -> bool:
    """The creator runs the tournament; staff may too."""
    return bool(getattr(user, "is_authenticated", False)
                and (user.is_staff or t.organiser_id == user.pk))


def require_organiser(user: Any, t: Tournament) -> None:
    if not getattr(user, "is_authenticated", False):
        raise TournamentError("not_authenticated", "log in first", 401)
    if not is_organiser(user, t):
        raise TournamentError("not_organiser", "only the tournament's organiser may do this",
                              403, {"tournament": t.pk})


def _with_retry(fn: Callable[[], T]) -> T:
    """SQLite's test database answers "locked" at once instead of waiting: the store's
    retry (200 attempts here, as before)."""
    from matches.store import with_retry

    return with_retry(fn, attempts=200)


def _lock(pk: int) -> Tournament:
    if connection.vendor == "sqlite":  # SQLite ignores row locks; a no-op write takes one
        Tournament.objects.filter(pk=pk).update(seed=F("seed"))
    t = Tournament.objects.select_for_update().filter(pk=pk).first()
    if t is None:
        raise TournamentError("not_found", f"no tournament {pk}", 404)
    return t


def locked(fn: Callable[..., T]) -> Callable[..., T]:
    """Run ``fn(t, ...)`` in one transaction on a freshly locked copy of the tournament."""

    def wrapper(t: Tournament, *args: Any, **kwargs: Any) -> T:
        def run() -> T:
            with transaction.atomic():
                fresh = _lock(t.pk)
                out = fn(fresh, *args, **kwargs)
            t.refresh_from_db()
            return out

        return _with_retry(run)

    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper


# ---------------------------------------------------------------- creating


def for_tournaments(format_key: str) -> bool:
    """Whether a known deck format may be a tournament's: KG-1.6.6 / KG-13.3.4,
    "Versenyeken mindig az eredeti faji korlátozásokat fogjuk használni", so a format that
    relaxes them (or the 30-card casual one) is not for events."""
    from decks.core import get_format

    return bool(get_format(format_key).opposed_races)


def create_tournament(organiser: Any, *, name: str, format: str = "tournament",
                      decks_required: bool = True, mode: str = Tournament.PAPER,
                      rounds_planned: int | None = None, top_cut: bool = True,
                      third_place_match: bool = True, games_per_match: int = 3,
                      public: bool = True, final_size: int | None = None,
                      tiebreaks: str = swiss.DEFAULT_PROFILE, round_minutes: int | None = None,
                      publish_decklists: bool = False) -> Tournament:
    from decks.services import DeckError, check_format

    name = (name or "").strip()
    if not name:
        raise TournamentError("invalid", "name: give the tournament a name", 400,
                              {"field": "name"})
    try:
        check_format(format)
    except DeckError as exc:
        raise TournamentError(exc.code, exc.message, 400, exc.details) from exc
    if not for_tournaments(format):
        raise TournamentError("invalid", "format: a tournament keeps the original race "
                              "restrictions (KG-1.6.6); this format relaxes them", 400,
                              {"field": "format"})
    if mode not in (Tournament.PAPER, Tournament.ONLINE):
        raise TournamentError("invalid", "mode: paper or online", 400, {"field": "mode"})
    if games_per_match not in (1, 3):
        raise TournamentError("invalid", "games_per_match: 1 or 3 (best of three)", 400,
                              {"field": "games_per_match"})
    if tiebreaks not in swiss.PROFILES:
        raise TournamentError("invalid", f"tiebreaks: one of {', '.join(swiss.PROFILES)}", 400,
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
                              400, {"field": "final_size", "allowed": allowed})
    return int(size)


@locked
def configure_final(t: Tournament, *, by: Any, final_size: Any) -> Tournament:
    """The organiser chooses the final's size at any time up to the cut."""
    require_organiser(by, t)
    size = check_final_size(final_size)
    if t.status not in (Tournament.REGISTRATION, Tournament.SWISS):
        raise TournamentError("final_started", "the cut has been made; the final's size is "
                              "fixed", 409, {"status": t.status})
    t.final_size, t.top_cut = size, size > 0
    t.save(update_fields=["final_size", "top_cut"])
    return t


# ---------------------------------------------------------------- registration and decks


@dataclass
class CheckedDeck:
    name: str
    cards: dict[str, int]
    validation: dict[str, Any]


def check_deck(t: Tournament, spec: Any, user: Any) -> CheckedDeck:
    """The deck validator's answer for the tournament's format (the one source of truth)."""
    from decks.services import DeckError, resolve_deck

    if isinstance(spec, int) and not isinstance(spec, bool) and not 0 < spec < MAX_ID:
        raise TournamentError("deck_not_found", f"no deck {spec} that you may use", 400,
                              {"deck": spec})
    try:
        deck = resolve_deck(spec, user, t.format)
    except DeckError as exc:
        raise TournamentError(exc.code, exc.message, 400, exc.details) from exc
    return CheckedDeck(deck.name, deck.cards, deck.validation)


def _last_round(t: Tournament) -> Round | None:
    return t.rounds.order_by("-number").first()


def _last_number(t: Tournament) -> int:
    last = _last_round(t)
    return last.number if last else 0


@locked
def register(t: Tournament, *, by: Any, user: Any = None, name: str = "", deck: Any = None,
             deck_name: str = "", byes: bool = False) -> Entry:
    """Enter a player. Before the start anyone may enter themself; the organiser may enter
    anyone (an account or just a name). After the start only the organiser may, as a late
    entry: from the next round, with 0 points or with byes for the rounds already paired."""
    organiser = is_organiser(by, t)
    if t.status in (Tournament.FINAL, Tournament.FINISHED):
        raise TournamentError("registration_closed", "the Swiss rounds are over", 409)
    late = t.status == Tournament.SWISS
    if late and not organiser:
        raise TournamentError("registration_closed",
                              "the tournament has started; ask the organiser for a late entry",
                              409)
    if byes and not (late and organiser):
        raise TournamentError("invalid", "byes: only the organiser grants byes to a late entry",
                              400, {"field": "byes"})
    if not organiser:
        user, name = by, by.username
    name = (name or (user.username if user else "")).strip()[:80]
    if not name:
        raise TournamentError("invalid", "name: a player name or username", 400,
                              {"field": "name"})
    if user is not None and t.entries.filter(user=user).exists():
        raise TournamentError("already_registered", f"{user.username} is already registered",
                              409)
    if t.entries.filter(name=name).exists():
        raise TournamentError("name_taken", f"a player named {name!r} is already registered",
                              409, {"field": "name"})
    if t.mode == Tournament.ONLINE and user is None:
        raise TournamentError("account_required", "an online tournament needs player accounts",
                              400, {"field": "username"})
    checked = None
    if deck is not None:
        checked = check_deck(t, deck, by)
    elif t.decks_required and late:
        raise TournamentError("deck_required", "a late entry needs a deck list", 400,
                              {"field": "deck"})
    if late and checked is not None and not checked.validation.get("valid"):
        raise TournamentError("deck_invalid", "the deck is not legal for this tournament", 400,
                              {"validation": checked.validation})
    last = _last_number(t)
    last_round = _last_round(t)
    if late and last_round is not None and last_round.status == Round.PAIRED:
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
        raise TournamentError("already_registered", "that player is already registered",
                              409) from exc
    if late and byes:
        Bye.objects.bulk_create([Bye(tournament=t, round_number=n, entry=entry,
                                     kind=Bye.AWARDED) for n in range(1, last + 1)])
    return entry


@locked
def update_deck(t: Tournament, entry_id: int, *, by: Any, deck: Any,
                deck_name: str = "") -> Entry:
    entry = _entry(t, entry_id)
    if not (is_organiser(by, t) or (entry.user_id and entry.user_id == by.pk)):
        raise TournamentError("not_your_entry", "only the player or the organiser may change "
                              "this deck", 403)
    if entry.deck_locked or t.status != Tournament.REGISTRATION:
        raise TournamentError("deck_locked", "deck lists are locked at the start", 409)
    checked = check_deck(t, deck, by)
    entry.deck, entry.deck_validation = checked.cards, checked.validation
    entry.deck_name = (deck_name or checked.name or entry.deck_name)[:120]
    entry.save(update_fields=["deck", "deck_validation", "deck_name"])
    return entry


def as_id(value: Any) -> int | None:
    """A positive id from a URL or form, or ``None``."""
    text = str(value)
    return int(text) if text.isdigit() and 0 < int(text) < MAX_ID else None


def _entry(t: Tournament, entry_id: Any) -> Entry:
    pk = as_id(entry_id)
    entry = Entry.objects.filter(tournament=t, pk=pk).first() if pk else None
    if entry is None:
        raise TournamentError("not_found", f"no entry {entry_id} in this tournament", 404)
    return entry


@locked
def drop(t: Tournament, entry_id: int, *, by: Any) -> Entry | None:
    """A player leaves; never paired again (the current round's table, if any, stands).
    Before the start a drop is a withdrawal: the entry is deleted (returns ``None``)."""
    entry = _entry(t, entry_id)
    if not (is_organiser(by, t) or (entry.user_id and entry.user_id == by.pk)):
        raise TournamentError("not_your_entry", "only the player or the organiser may drop "
                              "this entry", 403)
    if t.status == Tournament.REGISTRATION:
        entry.delete()
        return None
    if t.status == Tournament.FINISHED:
        raise TournamentError("tournament_finished", "the tournament is over", 409)
    if entry.dropped:
        raise TournamentError("already_dropped", f"{entry.name} has already dropped", 409)
    entry.dropped_after = _last_number(t)
    entry.save(update_fields=["dropped_after"])
    if t.status == Tournament.FINAL:
        concede_for_dropped(t, by=by)
    return entry


def concede_for_dropped(t: Tournament, *, by: Any) -> list[str]:
    """A finalist who drops concedes the games left of each open series they are in
    (and of any series they reach later); returns what was recorded, for the organiser.
    The caller holds the tournament's lock."""
    dropped = set(t.entries.filter(dropped_after__isnull=False).values_list("pk", flat=True))
    names = dict(t.entries.values_list("pk", "name"))
    notes: list[str] = []
    for _ in range(8):  # each pass may open the next series (at most 4 series, 2 games)
        b = bracket(t)
        if b is None or b.finished:
            break
        todo = [(s.name, s.b if s.a in dropped else s.a) for s in b.open_series()
                if s.a in dropped or s.b in dropped]
        if not todo:
            break
        for series, winner in todo:
            record_final_win(t, series, winner, by=by)
            loser = next(x for x in (b.series[series].a, b.series[series].b) if x != winner)
            notes.append(f"{names[loser]} dropped: a game of {series} goes to {names[winner]}")
    return notes


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
        raise TournamentError("invalid", "missed: not_played or loss", 400,
                              {"field": "missed", "allowed": list(MISSED_CHOICES)})
    entry = _entry(t, entry_id)
    if not entry.dropped:
        raise TournamentError("not_dropped", f"{entry.name} has not dropped", 409)
    if t.status not in (Tournament.SWISS,):
        raise TournamentError("not_in_swiss", "a player can come back only during the Swiss "
                              "rounds", 409, {"status": t.status})
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
    entry = _entry(t, entry_id)
    if not (is_organiser(by, t) or (entry.user_id and entry.user_id == by.pk)):
        raise TournamentError("not_your_entry", "only the player or the organiser may check "
                              "this player in", 403)
    if t.status != Tournament.REGISTRATION:
        raise TournamentError("already_started", "check-in closes at the start", 409)
    entry.checked_in = bool(present)
    entry.save(update_fields=["checked_in"])
    return entry


def decklists(t: Tournament, *, user: Any) -> list[dict[str, Any]]:
    """Deck lists: the organiser's at any time; everyone's once the event is over and the
    organiser has chosen to publish them."""
    published = t.publish_decklists and t.status == Tournament.FINISHED
    if not (published or is_organiser(user, t)):
        raise TournamentError("decklists_not_published", "deck lists are published only "
                              "after the event, if the organiser chooses", 403)
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


# ---------------------------------------------------------------- the start


@locked
def start(t: Tournament, *, by: Any, drop_no_shows: bool = False) -> Tournament:
    """Close registration, lock every deck, announce the number of rounds.
    ``drop_no_shows``: players who have not checked in are withdrawn first."""
    require_organiser(by, t)
    if t.status != Tournament.REGISTRATION:
        raise TournamentError("already_started", "the tournament has already started", 409)
    if drop_no_shows:
        t.entries.filter(checked_in=False).delete()
    entries = list(t.entries.all())
    if len(entries) < 2:
        raise TournamentError("too_few_players", "a tournament needs at least two players", 409,
                              {"players": len(entries)})
    problems = [{"entry": e.pk, "name": e.name, "problem": p}
                for e in entries if (p := _deck_problem(t, e))]
    if problems:
        raise TournamentError("decks_not_ready", "some decks are missing or not legal; fix "
                              "them or drop those players", 409, {"entries": problems})
    t.entries.update(deck_locked=True)
    t.status = Tournament.SWISS
    t.started = timezone.now()
    if not t.rounds_planned:
        t.rounds_planned = swiss.suggested_rounds(len(entries))
    t.save(update_fields=["status", "started", "rounds_planned"])
    return t


# ---------------------------------------------------------------- the core's view of the rows


def history(t: Tournament, *, upto: int | None = None) -> swiss.History:
    """Players, confirmed results and byes, as the pure core wants them (plain tuples from
    the database: a 1024-player event loads in a few milliseconds, not model rows)."""
    players = tuple(swiss.Player(pk, name) for pk, name in
                    t.entries.order_by("id").values_list("pk", "name"))
    pairings = Pairing.objects.filter(round__tournament=t, status=Pairing.CONFIRMED)
    byes = Bye.objects.filter(tournament=t)
    if upto is not None:
        pairings = pairings.filter(round__number__lte=upto)
        byes = byes.filter(round_number__lte=upto)
    # (a confirmed table has both scores: the columns are nullable for unreported ones)
    results = tuple(swiss.Result(*row)  # type: ignore[arg-type]
                    for row in pairings.order_by("round__number", "table")
                    .values_list("round__number", "a_id", "b_id", "games_a", "games_b"))
    return swiss.History(players, results, tuple(
        swiss.Bye(n, e, swiss.ByeKind(k))
        for n, e, k in byes.values_list("round_number", "entry_id", "kind")), t.seed)


def active_for(t: Tournament, round_number: int) -> list[int]:
    """Who is paired in a round: entered by then and not dropped."""
    return list(t.entries.filter(first_round__lte=round_number, dropped_after__isnull=True)
                .values_list("pk", flat=True))


def _pct(x: Fraction) -> float:
    return round(float(x) * 100, 2)


def standings(t: Tournament, *, upto: int | None = None) -> list[dict[str, Any]]:
    """Every row with every tie-break figure (percentages rounded for reading, and the exact
    fraction beside each). Order: points, OMW%, GW%, OGW%, then the seeded lot.
    ``upto``: the standings after that round (results and byes of later rounds left out;
    players who entered later are left out too)."""
    entries = {pk: (name, dropped is not None and (upto is None or dropped < upto))
               for pk, name, dropped in t.entries.values_list("pk", "name", "dropped_after")}
    hist = history(t, upto=upto)
    if upto is not None:
        joined = set(t.entries.filter(first_round__lte=upto).values_list("pk", flat=True))
        hist = swiss.History(tuple(p for p in hist.players if p.id in joined), hist.results,
                             hist.byes, hist.seed)
    out = []
    for r in swiss.standings(hist, profile=t.tiebreaks):
        name, dropped = entries[r.player]
        out.append({
            "rank": r.rank, "entry": r.player, "name": name, "dropped": dropped,
            "points": r.points, "wins": r.wins, "losses": r.losses, "byes": r.byes,
            "played": r.played, "games_won": r.games_won, "games_lost": r.games_lost,
            "mw": _pct(r.mw), "omw": _pct(r.omw), "gw": _pct(r.gw), "ogw": _pct(r.ogw),
            "exact": {"mw": str(r.mw), "omw": str(r.omw), "gw": str(r.gw), "ogw": str(r.ogw)},
            "lot": str(r.lot),
        })
    return out


TIEBREAKS = [
    {"key": "points", "hu": "Meccspont (győzelem 3, vereség 0; a bye győzelem)",
     "en": "Match points (win 3, loss 0; a bye is a win)"},
    {"key": "omw", "hu": "Ellenfelek meccsgyőzelmi aránya (egyenként legalább 1/3, bye nélkül)",
     "en": "Opponents' match-win % (each floored at 1/3, byes left out)"},
    {"key": "gw", "hu": "Saját játszmagyőzelmi arány (a bye 2-0)",
     "en": "Game-win % (a bye counts as 2-0)"},
    {"key": "ogw", "hu": "Ellenfelek játszmagyőzelmi aránya (egyenként legalább 1/3)",
     "en": "Opponents' game-win % (each floored at 1/3)"},
    {"key": "lot", "hu": "Sorsolás a verseny magjából (determinisztikus)",
     "en": "Lot drawn from the event seed (deterministic)"},
]

# The MTR profile (MTG Tournament Rules, Appendix C) reads the same figures differently.
TIEBREAKS_MTR = [
    TIEBREAKS[0],
    {"key": "omw", "hu": "Ellenfelek meccsgyőzelmi aránya (MTR: az ellenfél bye-ja megnyert "
     "fordulónak számít; egyenként legalább 1/3)",
     "en": "Opponents' match-win % (MTR: an opponent's bye counts as a won round; each "
     "floored at 1/3)"},
    {"key": "gw", "hu": "Saját játszmagyőzelmi arány (a bye 2-0; legalább 1/3)",
     "en": "Game-win % (a bye counts as 2-0; floored at 1/3)"},
    {"key": "ogw", "hu": "Ellenfelek játszmagyőzelmi aránya (a bye-játszmákkal; egyenként "
     "legalább 1/3)", "en": "Opponents' game-win % (bye games included; each floored at 1/3)"},
    TIEBREAKS[4],
]

PROFILE_NAMES = {
    "kaosz": {"hu": "Kaosz (alapértelmezett)", "en": "Kaosz (default)"},
    "mtr": {"hu": "MTR (Magic versenyszabályzat, C. függelék)",
            "en": "MTR (Magic Tournament Rules, Appendix C)"},
}


def tiebreaks_of(t: Tournament) -> list[dict[str, str]]:
    """The documented order and meaning of the event's tie-breaks."""
    return TIEBREAKS_MTR if t.tiebreaks == "mtr" else TIEBREAKS


# ---------------------------------------------------------------- rounds


def _round(t: Tournament, number: Any) -> Round:
    n = as_id(number)
    rnd = t.rounds.filter(number=n).first() if n and n < 2**15 else None
    if rnd is None:
        raise TournamentError("not_found", f"no round {number} in this tournament", 404)
    return rnd


def no_valid_pairing_error(exc: swiss.NoValidPairing) -> TournamentError:
    """Never silent: say why, and which organiser decision would allow a pairing."""
    option = ("allow_second_bye" if exc.reason == swiss.NoValidPairingReason.NO_BYE_CANDIDATE
              else "allow_rematch")
    options = [] if exc.reason == swiss.NoValidPairingReason.TOO_FEW_PLAYERS else [option]
    if exc.reason == swiss.NoValidPairingReason.REMATCH_UNAVOIDABLE:
        options = ["allow_rematch", "allow_second_bye"]
    return TournamentError("no_valid_pairing", f"round {exc.round}: no valid pairing "
                           f"({exc.reason.value}). {exc.detail}. The organiser decides: pair "
                           "again allowing it, or end the Swiss stage.", 409,
                           {"reason": exc.reason.value, "round": exc.round,
                            "players": list(exc.players), "options": options})


def _pair(t: Tournament, number: int, allow_rematch: bool, allow_second_bye: bool) -> Round:
    hist = history(t, upto=number - 1)
    try:
        pairing = swiss.pair_round(hist, active_for(t, number), number,
                                   allow_rematch=allow_rematch,
                                   allow_second_bye=allow_second_bye,
                                   rows=swiss.standings(hist, profile=t.tiebreaks))
    except swiss.NoValidPairing as exc:
        raise no_valid_pairing_error(exc) from exc
    rnd, _ = Round.objects.update_or_create(
        tournament=t, number=number,
        defaults={"status": Round.PAIRED, "allow_rematch": allow_rematch,
                  "allow_second_bye": allow_second_bye,
                  "warnings": list(pairing.warnings), "manual_changes": [],
                  "rematches": [list(p) for p in pairing.rematches]})
    Pairing.objects.bulk_create([Pairing(round=rnd, table=i + 1, a_id=a, b_id=b)
                                 for i, (a, b) in enumerate(pairing.pairs)])
    if pairing.bye is not None:
        Bye.objects.create(tournament=t, round_number=number, entry_id=pairing.bye,
                           kind=Bye.PAIRING)
    return rnd


@locked
def pair_next_round(t: Tournament, *, by: Any = None, allow_rematch: bool = False,
                    allow_second_bye: bool = False, check: bool = True) -> Round:
    """Pair the next Swiss round; the previous one must be finished (every result in)."""
    if check:
        require_organiser(by, t)
    if t.status != Tournament.SWISS:
        raise TournamentError("not_in_swiss", f"the tournament is in {t.status}, not in the "
                              "Swiss rounds", 409, {"status": t.status})
    last = _last_round(t)
    if last is not None and last.status != Round.FINISHED:
        raise TournamentError("round_not_finished", f"round {last.number} is not finished", 409,
                              {"round": last.number})
    number = (last.number if last else 0) + 1
    if t.rounds_planned and number > t.rounds_planned:
        raise TournamentError("all_rounds_played", f"all {t.rounds_planned} Swiss rounds are "
                              "paired; start the final or raise rounds_planned", 409,
                              {"rounds_planned": t.rounds_planned})
    return _pair(t, number, allow_rematch, allow_second_bye)


@locked
def repair_round(t: Tournament, number: int, *, by: Any, allow_rematch: bool = False,
                 allow_second_bye: bool = False) -> Round:
    """Pair a round again (drops, late entries, a mistake) while it has not started."""
    require_organiser(by, t)
    rnd = _round(t, number)
    if rnd.status != Round.PAIRED:
        raise TournamentError("round_started", f"round {rnd.number} has already started", 409,
                              {"round": rnd.number, "status": rnd.status})
    rnd.pairings.all().delete()
    Bye.objects.filter(tournament=t, round_number=rnd.number, kind=Bye.PAIRING).delete()
    return _pair(t, rnd.number, allow_rematch, allow_second_bye)


def _met_before(t: Tournament, number: int) -> set[frozenset[int]]:
    pairs = Pairing.objects.filter(round__tournament=t, round__number__lt=number) \
        .values_list("a_id", "b_id")
    return {frozenset(p) for p in pairs}


@locked
def swap_players(t: Tournament, number: int, a: Any, b: Any, *, by: Any,
                 accept: bool = False) -> Round:
    """Hand pairing before a round starts: two players change places (tables, or a table
    and the bye). Every rule the change breaks (a rematch, a second bye) is named, and the
    change is made only when the organiser accepts them (``accept``)."""
    require_organiser(by, t)
    rnd = _round(t, number)
    if rnd.status != Round.PAIRED:
        raise TournamentError("round_started", f"round {rnd.number} has already started", 409)
    ea, eb = _entry(t, a), _entry(t, b)
    if ea.pk == eb.pk:
        raise TournamentError("invalid", "choose two different players", 400)
    tables = list(rnd.pairings.all())
    bye = Bye.objects.filter(tournament=t, round_number=rnd.number, kind=Bye.PAIRING).first()

    def place(e: Entry) -> tuple[Pairing | None, str]:
        for p in tables:
            if e.pk in (p.a_id, p.b_id):
                return p, "a" if p.a_id == e.pk else "b"
        if bye is not None and bye.entry_id == e.pk:
            return None, "bye"
        raise TournamentError("not_paired", f"{e.name} is not in round {rnd.number}'s "
                              "pairing", 409, {"entry": e.pk})

    (pa, sa), (pb, sb) = place(ea), place(eb)
    if pa is not None and pa is pb:
        raise TournamentError("same_table", f"{ea.name} and {eb.name} already play each "
                              "other", 409)
    if pa is not None:
        setattr(pa, f"{sa}_id", eb.pk)
    if pb is not None:
        setattr(pb, f"{sb}_id", ea.pk)
    names = dict(t.entries.values_list("pk", "name"))
    met = _met_before(t, rnd.number)
    broken = [f"rematch: {names[p.a_id]} v {names[p.b_id]}" for p in (pa, pb)
              if p is not None and frozenset((p.a_id, p.b_id)) in met]
    new_bye = eb if sa == "bye" else ea if sb == "bye" else None
    if new_bye is not None and Bye.objects.filter(tournament=t, entry=new_bye,
                                                  round_number__lt=rnd.number).exists():
        broken.append(f"second bye: {new_bye.name}")
    if broken and not accept:
        raise TournamentError("pairing_rule_broken", "this change breaks: " + "; ".join(broken)
                              + ". Accept it explicitly to make it.", 409, {"broken": broken})
    for p in (pa, pb):
        if p is not None:
            p.save(update_fields=["a", "b"])
    if bye is not None and new_bye is not None:
        bye.entry = new_bye
        bye.save(update_fields=["entry"])
    rnd.manual_changes = [*rnd.manual_changes,
                          {"kind": "swap", "a": ea.pk, "b": eb.pk, "a_name": ea.name,
                           "b_name": eb.name, "broken": broken}]
    rnd.save(update_fields=["manual_changes"])
    return rnd


@locked
def start_round(t: Tournament, number: int, *, by: Any) -> Round:
    """Results may be entered from now on; online, each table gets its KGK match."""
    require_organiser(by, t)
    rnd = _round(t, number)
    if rnd.status != Round.PAIRED:
        raise TournamentError("round_started", f"round {rnd.number} has already started", 409)
    if t.mode == Tournament.ONLINE:
        from matches.tournaments.online import create_round_matches

        create_round_matches(t, rnd)
    rnd.status, rnd.started_at = Round.STARTED, timezone.now()
    rnd.save(update_fields=["status", "started_at"])
    return rnd


@locked
def finish_round(t: Tournament, number: int, *, by: Any) -> Round:
    """A round ends only when every table has a result that stands."""
    require_organiser(by, t)
    rnd = _round(t, number)
    if rnd.status == Round.FINISHED:
        raise TournamentError("round_finished", f"round {rnd.number} is already finished", 409)
    if rnd.status == Round.PAIRED:
        raise TournamentError("round_not_started", f"round {rnd.number} has not started", 409)
    if t.mode == Tournament.ONLINE:
        from matches.tournaments.online import sync_round

        sync_round(rnd)
    open_tables = list(rnd.pairings.exclude(status=Pairing.CONFIRMED)
                       .values("table", "status"))
    if open_tables:
        raise TournamentError("round_incomplete", f"round {rnd.number} still has "
                              f"{len(open_tables)} table(s) without a result", 409,
                              {"round": rnd.number, "tables": open_tables})
    rnd.status = Round.FINISHED
    rnd.save(update_fields=["status"])
    return rnd


# ---------------------------------------------------------------- results


def _check_games(t: Tournament, games_a: Any, games_b: Any) -> tuple[int, int]:
    """A Swiss match is one game (1-0) or best of three (2-0, 2-1); never a draw (KG-13.4.3)."""
    need = 1 if t.games_per_match == 1 else 2
    ok = all(isinstance(g, int) and not isinstance(g, bool) for g in (games_a, games_b))
    if not ok or not (0 <= min(games_a, games_b) < max(games_a, games_b) == need):
        allowed = ["1-0", "0-1"] if need == 1 else ["2-0", "2-1", "1-2", "0-2"]
        raise TournamentError("invalid_result", "a result is the games each player won; no "
                              f"draws (KG-13.4.3); allowed: {', '.join(allowed)}", 400,
                              {"allowed": allowed})
    return games_a, games_b


def _pairing(t: Tournament, pairing_id: Any) -> Pairing:
    pk = as_id(pairing_id)
    p = (Pairing.objects.select_related("round", "a", "b")
         .filter(round__tournament=t, pk=pk).first()
         if pk else None)
    if p is None:
        raise TournamentError("not_found", f"no pairing {pairing_id} in this tournament", 404)
    return p


def _log(p: Pairing, by: Any, kind: str, before: Any, after: Any, note: str = "") -> None:
    ResultChange.objects.create(pairing=p, by=by if getattr(by, "is_authenticated", False)
                                else None, kind=kind, before=before, after=after,
                                note=note[:300])


def _result_of(p: Pairing) -> list[int | None] | None:
    return [p.games_a, p.games_b] if p.status == Pairing.CONFIRMED else None


def _accepting(t: Tournament, p: Pairing) -> None:
    if p.round.status == Round.PAIRED:
        raise TournamentError("round_not_started", f"round {p.round.number} has not started",
                              409)
    if t.status not in (Tournament.SWISS, Tournament.FINAL, Tournament.FINISHED):
        raise TournamentError("not_in_swiss", "no Swiss results now", 409)


@locked
def report_result(t: Tournament, pairing_id: int, *, by: Any, games_a: Any,
                  games_b: Any) -> Pairing:
    """A player reports their table (games as ``a``/``b`` of the pairing). When both
    reports agree the result stands; when they differ the table is flagged for the
    organiser. A result that stands is changed only by the organiser."""
    p = _pairing(t, pairing_id)
    side = ("a" if by.pk == p.a.user_id else "b" if by.pk == p.b.user_id else None) \
        if getattr(by, "is_authenticated", False) else None
    if side is None:
        raise TournamentError("not_your_table", "players report only their own results", 403)
    _accepting(t, p)
    if p.round.status != Round.STARTED or p.status == Pairing.CONFIRMED:
        raise TournamentError("result_final", "the result already stands; ask the organiser "
                              "for a correction", 409, {"result": _result_of(p)})
    if p.match_id is not None:
        raise TournamentError("online_table", "this table is an online match; its result "
                              "comes from the match", 409, {"match": p.match_id})
    report = list(_check_games(t, games_a, games_b))
    setattr(p, f"report_{side}", report)
    _log(p, by, "report", None, report, f"reported by {side}")
    if p.report_a is not None and p.report_b is not None:
        if p.report_a == p.report_b:
            p.status, (p.games_a, p.games_b) = Pairing.CONFIRMED, p.report_a
            _log(p, by, "agreed", None, report)
        else:
            p.status = Pairing.DISPUTED
            _log(p, by, "disputed", p.report_a, p.report_b, "the players' reports differ")
    else:
        p.status = Pairing.REPORTED
    p.save()
    return p


def forfeit_games(t: Tournament, winner_side: str) -> tuple[int, int]:
    """A match not played (no-show, forfeit) is a match win for the other player with the
    games of a clean win, as the MTR counts it: 2-0, or 1-0 in one-game matches."""
    need = 1 if t.games_per_match == 1 else 2
    return (need, 0) if winner_side == "a" else (0, need)


@locked
def set_result(t: Tournament, pairing_id: int, *, by: Any, games_a: Any = None,
               games_b: Any = None, note: str = "", outcome: str = Pairing.PLAYED,
               winner: str | None = None) -> Pairing:
    """The organiser enters, decides (a dispute, a game at time: KG-13.4.3-4) or corrects a
    result, at any time; standings follow at once (they are computed from the rows), the
    later rounds' pairings stand. ``outcome`` ``no_show``/``forfeit`` with ``winner``
    ``"a"``/``"b"`` records a match that was not played (see :func:`forfeit_games`)."""
    require_organiser(by, t)
    p = _pairing(t, pairing_id)
    _accepting(t, p)
    if outcome not in (Pairing.PLAYED, Pairing.NO_SHOW, Pairing.FORFEIT):
        raise TournamentError("invalid", "outcome: played, no_show or forfeit", 400,
                              {"field": "outcome"})
    if outcome == Pairing.PLAYED:
        result = list(_check_games(t, games_a, games_b))
    elif winner in ("a", "b"):
        result = list(forfeit_games(t, winner))
    else:
        raise TournamentError("invalid", "winner: a or b (the player who was there)", 400,
                              {"field": "winner"})
    before = _result_of(p)
    kind = "set" if before is None else "corrected"
    if before == result and p.outcome == outcome:
        return p
    p.games_a, p.games_b, p.status = result[0], result[1], Pairing.CONFIRMED
    p.outcome = outcome
    p.save(update_fields=["games_a", "games_b", "status", "outcome"])
    _log(p, by, kind if outcome == Pairing.PLAYED else outcome, before, result,
         str(note or ""))
    return p


def correction_notice(t: Tournament) -> str | None:
    """Said to the organiser when a Swiss result changes after the cut: the final's seeds
    were fixed at the cut and do not move; only the Swiss standings change."""
    if t.status in (Tournament.FINAL, Tournament.FINISHED) and t.final_seeds:
        return ("the final's seeds were fixed at the cut; this correction changes the Swiss "
                "standings (places below the final) only")
    return None


def result_history(t: Tournament, pairing_id: int, *, user: Any) -> list[dict[str, Any]]:
    """The audit trail of a table: the organiser and staff see all of it; the table's own
    players see its steps without the organiser's notes; nobody else sees it (public
    pages show results only)."""
    p = _pairing(t, pairing_id)
    if is_organiser(user, t):
        private = True
    elif getattr(user, "is_authenticated", False) and user.pk in (p.a.user_id, p.b.user_id):
        private = False
    else:
        raise TournamentError("not_your_table", "a table's history is for its players and "
                              "the organiser", 403)
    return [{"kind": c.kind, "by": c.by.username if c.by else None, "before": c.before,
             "after": c.after, "note": c.note if private or c.kind == "report" else "",
             "at": c.created}
            for c in p.changes.select_related("by")]


def record_online_result(p: Pairing, winner_side: str, note: str) -> bool:
    """Set a table's result from a finished online match (1-0); ``False`` if unchanged."""
    result = [1, 0] if winner_side == "a" else [0, 1]
    before = _result_of(p)
    if before == result:
        return False
    p.games_a, p.games_b, p.status = result[0], result[1], Pairing.CONFIRMED
    p.save(update_fields=["games_a", "games_b", "status"])
    _log(p, None, "online" if before is None else "corrected", before, result, note)
    return True


# ---------------------------------------------------------------- the top-4 final


def bracket(t: Tournament) -> swiss.FinalBracket | None:
    """The final's state, replayed from its seeds and recorded games."""
    if len(t.final_seeds) not in swiss.FINAL_SIZES:
        return None
    b = swiss.FinalBracket(list(t.final_seeds), third_place_match=t.third_place_match)
    for g in t.final_games.order_by("id"):
        b.record_game(g.series, g.winner_id)
    return b


def final_size_at_cut(chosen: int, players_left: int) -> int:
    """The final the players left allow: the chosen size, or the next smaller one
    (four → two → none); with fewer than two players left there is no final and the
    standings decide the champion."""
    for size in (4, 2):
        if chosen >= size and players_left >= size:
            return size
    return 0


@locked
def start_final(t: Tournament, *, by: Any) -> Tournament:
    """After the last Swiss round: the top players who have not dropped go to the final
    (KG-13.4.2: four; fewer when fewer remain or the organiser chose so); without a final
    the tournament ends on the Swiss standings."""
    require_organiser(by, t)
    if t.status != Tournament.SWISS:
        raise TournamentError("not_in_swiss", f"the tournament is in {t.status}", 409)
    last = _last_round(t)
    if last is None or last.status != Round.FINISHED:
        raise TournamentError("round_not_finished", "finish the current round first", 409,
                              {"round": last.number if last else None})
    dropped = set(t.entries.filter(dropped_after__isnull=False).values_list("pk", flat=True))
    ranked = [r.player for r in swiss.standings(history(t), profile=t.tiebreaks)
              if r.player not in dropped]
    size = final_size_at_cut(t.final_size, len(ranked))
    if size == 0:
        t.status, t.finished = Tournament.FINISHED, timezone.now()
        t.save(update_fields=["status", "finished"])
        return t
    t.final_seeds, t.status = ranked[:size], Tournament.FINAL
    t.save(update_fields=["final_seeds", "status"])
    if t.mode == Tournament.ONLINE:
        from matches.tournaments.online import create_final_matches

        create_final_matches(t)
    return t


@locked
def end_event(t: Tournament, *, by: Any, reason: str) -> Tournament:
    """The organiser ends the event early (weather, the venue closes): places decided so
    far stand, the Swiss standings order the rest; the reason is shown with the results."""
    require_organiser(by, t)
    reason = str(reason or "").strip()
    if not reason:
        raise TournamentError("invalid", "reason: say why the event ends early", 400,
                              {"field": "reason"})
    if t.status == Tournament.FINISHED:
        raise TournamentError("tournament_finished", "the tournament is over", 409)
    if t.status == Tournament.REGISTRATION:
        raise TournamentError("not_started", "the tournament has not started; delete it "
                              "instead", 409)
    t.status, t.finished, t.end_reason = Tournament.FINISHED, timezone.now(), reason[:300]
    t.save(update_fields=["status", "finished", "end_reason"])
    return t


@locked
def record_final_game(t: Tournament, series: str, winner: Any, *, by: Any) -> swiss.FinalBracket:
    """One game of a best-of-three series; no draws (a game at time is the judge's call)."""
    require_organiser(by, t)
    if t.status != Tournament.FINAL:
        raise TournamentError("not_in_final", f"the tournament is in {t.status}", 409)
    b = bracket(t)
    assert b is not None
    if series not in b.series:
        raise TournamentError("series_not_open", f"{series!r} is not open; open: "
                              f"{sorted(s.name for s in b.open_series())}", 409,
                              {"open": [s.name for s in b.open_series()]})
    s = b.series[series]
    if not isinstance(winner, int) or isinstance(winner, bool) or winner not in (s.a, s.b):
        raise TournamentError("invalid", f"winner: entry {s.a} or {s.b}", 400,
                              {"field": "winner", "allowed": [s.a, s.b]})
    if s.winner is not None:
        raise TournamentError("series_decided", f"{series} is already decided", 409)
    return record_final_win(t, series, winner, by=by)


def record_final_win(t: Tournament, series: str, winner: int, *, by: Any) -> swiss.FinalBracket:
    """Record a checked final game (the caller holds the lock). Online, the series' open
    match is settled by it (an organiser's decision supersedes the match) and the next
    games' matches are created."""
    b = bracket(t)
    assert b is not None
    b.record_game(series, winner)
    FinalGame.objects.create(tournament=t, series=series, winner_id=winner,
                             by=by if getattr(by, "is_authenticated", False) else None)
    if b.finished:
        t.status, t.finished = Tournament.FINISHED, timezone.now()
        t.save(update_fields=["status", "finished"])
    if t.mode == Tournament.ONLINE:
        from matches.tournaments.models import FinalMatch
        from matches.tournaments.online import create_final_matches

        FinalMatch.objects.filter(tournament=t, series=series, done=False).update(done=True)
        create_final_matches(t)
    return b


def bracket_data(t: Tournament) -> dict[str, Any] | None:
    b = bracket(t)
    if b is None:
        return None
    names = dict(t.entries.values_list("pk", "name"))
    online = dict(t.final_matches.filter(done=False).values_list("series", "match_id"))
    series = []
    for key in ("semi1", "semi2", "final", "third"):
        s = b.series.get(key)
        if s is None:
            continue
        series.append({"series": key, "a": s.a, "b": s.b, "a_name": names[s.a],
                       "b_name": names[s.b], "wins_a": s.wins_a, "wins_b": s.wins_b,
                       "games": s.games, "winner": s.winner,
                       "winner_name": names.get(s.winner) if s.winner else None,
                       "match": online.get(key)})
    return {"seeds": [{"seed": i + 1, "entry": e, "name": names[e]}
                      for i, e in enumerate(b.seeds)],
            "series": series, "open": [s.name for s in b.open_series()],
            "finished": b.finished, "placements": placements(t, b)}


def placements(t: Tournament, b: swiss.FinalBracket | None = None) -> list[dict[str, Any]]:
    """Final places: the bracket decides 1-4, the Swiss standings the rest."""
    b = b if b is not None else bracket(t)
    decided = b.placements() if b is not None else {}
    rows = standings(t)
    if b is None and t.status == Tournament.FINISHED:
        # No final (none chosen, too few players left, or ended before the cut): the
        # standings decide, dropped players after those who stayed.
        stayed = [r for r in rows if not r["dropped"]] + [r for r in rows if r["dropped"]]
        return [{"place": i + 1, "entry": r["entry"], "name": r["name"]}
                for i, r in enumerate(stayed)]
    if b is not None and not b.finished and t.status == Tournament.FINISHED:
        # Ended early during the final: decided places stand, the rest by the standings.
        taken = set(decided)
        rest = [r for r in rows if r["entry"] not in taken]
        out = [{"place": place, "entry": e,
                "name": next(r["name"] for r in rows if r["entry"] == e)}
               for e, place in sorted(decided.items(), key=lambda kv: kv[1])]
        return out + [{"place": len(out) + i + 1, "entry": r["entry"], "name": r["name"]}
                      for i, r in enumerate(rest)]
    out = [{"place": place, "entry": e, "name": next(r["name"] for r in rows if r["entry"] == e)}
           for e, place in sorted(decided.items(), key=lambda kv: kv[1])]
    if b is not None and b.finished:
        seeded = set(b.seeds)
        rest = [r for r in rows if r["entry"] not in seeded]
        out += [{"place": len(b.seeds) + 1 + i, "entry": r["entry"], "name": r["name"]}
                for i, r in enumerate(rest)]
    return out


# ---------------------------------------------------------------- reading


def rounds_data(t: Tournament, numbers: Iterable[int] | None = None) -> list[dict[str, Any]]:
    qs = t.rounds.select_related("tournament").prefetch_related(
        "pairings__a", "pairings__b").order_by("number")
    if numbers is not None:
        qs = qs.filter(number__in=list(numbers))
    byes: dict[int, list[Bye]] = {}
    for bye in Bye.objects.filter(tournament=t).select_related("entry"):
        byes.setdefault(bye.round_number, []).append(bye)
    return [round_data(r, byes.get(r.number, [])) for r in qs]


def round_ends_at(r: Round) -> Any:
    """The round timer: started_at plus the event's round length (None before the start)."""
    from datetime import timedelta

    if r.started_at is None:
        return None
    return r.started_at + timedelta(minutes=r.tournament.round_minutes)


def round_data(r: Round, byes: list[Bye]) -> dict[str, Any]:
    return {
        "number": r.number, "status": r.status, "allow_rematch": r.allow_rematch,
        "allow_second_bye": r.allow_second_bye, "warnings": r.warnings,
        "rematches": r.rematches, "manual_changes": r.manual_changes,
        "started_at": r.started_at, "ends_at": round_ends_at(r),
        "pairings": [pairing_data(p) for p in r.pairings.all()],
        "byes": [{"entry": b.entry_id, "name": b.entry.name, "kind": b.kind} for b in byes],
    }


def pairing_data(p: Pairing) -> dict[str, Any]:
    return {
        "id": p.pk, "table": p.table, "a": p.a_id, "b": p.b_id, "a_name": p.a.name,
        "b_name": p.b.name, "status": p.status, "games_a": p.games_a, "games_b": p.games_b,
        "report_a": p.report_a, "report_b": p.report_b, "disputed": p.status == Pairing.DISPUTED,
        "match": p.match_id, "outcome": p.outcome,
        "result": f"{p.games_a}-{p.games_b}" if p.status == Pairing.CONFIRMED else None,
    }


def pairings_by_name(rnd: dict[str, Any], points: dict[int, int]) -> list[dict[str, Any]]:
    """A round's pairings listed alphabetically by player, as posted at a venue: each
    player, their points before the round, their table and opponent (or the bye)."""
    rows = []
    for p in rnd["pairings"]:
        for me, other, name, other_name in ((p["a"], p["b"], p["a_name"], p["b_name"]),
                                            (p["b"], p["a"], p["b_name"], p["a_name"])):
            rows.append({"name": name, "points": points.get(me, 0), "table": p["table"],
                         "opponent": other_name, "opponent_points": points.get(other, 0)})
    for b in rnd["byes"]:
        rows.append({"name": b["name"], "points": points.get(b["entry"], 0), "table": None,
                     "opponent": None, "opponent_points": None})
    return sorted(rows, key=lambda r: r["name"].casefold())


def record_match_outcome(match: Any) -> Pairing | FinalMatch | None:
    """The hook for the matches app (see ``online.record_match_outcome``): call it when a
    match finishes; a tournament match's result becomes its table's result."""
    from matches.tournaments.online import record_match_outcome as record

    return record(match)


# ---------------------------------------------------------------- pairing as a task


def async_pairing_from() -> int:
    """Active players from which pairing runs as a Celery task (a large event)."""
    from django.conf import settings

    return int(getattr(settings, "KAOSZ_TOURNAMENT_ASYNC_PAIRING_FROM", 128))


def queue_pairing(t: Tournament, *, by: Any, allow_rematch: bool = False,
                  allow_second_bye: bool = False) -> Any:
    """Queue the next round's pairing as a task; the job row says how it went."""
    from matches.tournaments.models import PairingJob
    from matches.tournaments.tasks import pair_round_task

    require_organiser(by, t)
    if t.status != Tournament.SWISS:
        raise TournamentError("not_in_swiss", f"the tournament is in {t.status}", 409)

    def create() -> PairingJob:
        with transaction.atomic():
            _lock(t.pk)
            busy = t.pairing_jobs.filter(status__in=[PairingJob.PENDING, PairingJob.RUNNING])
            running = busy.first()
            if running is not None:
                raise TournamentError("pairing_in_progress", "a pairing job is already running",
                                      409, {"job": running.pk})
            return PairingJob.objects.create(tournament=t, allow_rematch=allow_rematch,
                                             allow_second_bye=allow_second_bye,
                                             created_by=by)

    job = _with_retry(create)
    # After commit: a real worker must find the job row (eager mode runs it right here).
    transaction.on_commit(lambda: pair_round_task.delay(job.pk))
    return job
