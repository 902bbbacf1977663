"""Online mode: each table of a started round is a KGK match on the server, and the match's
outcome flows back into the tournament.

Kept apart from paper mode on purpose: this is the only module that imports the matches
app (``matches.store.create_match``; it holds the seats' decks as the validator resolved
them). The match row points back at its table through ``Pairing.match``
(``match.tournament_pairing``) and carries the organiser (``Match.organiser``), who may
therefore adjudicate it when the hour runs out (KG-13.4.3).

The hook for the matches app: call :func:`record_match_outcome` when a match finishes.
Until it does, :func:`sync_round` pulls finished outcomes (the organiser's page and
``finish_round`` call it), so no result is lost either way.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from matches.tournaments.models import Entry, FinalMatch, Pairing, Round, Tournament
from matches.tournaments.services import (
    ONLINE_RULESET,
    TournamentError,
    _lock,
    _with_retry,
    bracket,
    record_final_win,
    record_online_result,
)


def _seat(entry: Entry, fmt: str) -> Any:
    from decks.services import DeckError, resolve_deck
    from matches.store import SeatSpec

    if entry.user is None or not entry.deck:
        raise TournamentError("online_entry_incomplete", f"{entry.name} has no account or no "
                              "deck for an online match", 409, {"entry": entry.pk})
    try:  # the locked list, resolved to card records by the one validator
        deck = resolve_deck({"cards": [{"card": s, "count": n} for s, n in entry.deck.items()]},
                            entry.user, fmt)
    except DeckError as exc:
        raise TournamentError(exc.code, exc.message, 400, exc.details) from exc
    if not deck.validation.get("valid"):
        raise TournamentError("deck_invalid", f"{entry.name}'s deck is not legal", 409,
                              {"entry": entry.pk, "validation": deck.validation})
    return SeatSpec(user=entry.user, deck=deck.records, deck_name=entry.deck_name or entry.name)


def _create(t: Tournament, a: Entry, b: Entry) -> Any:
    from matches import store

    return store.create_match(
        # The round timer is the match's clock: the organiser's timer and the server agree.
        ONLINE_RULESET, {"format": t.format, "time_limit_seconds": t.round_minutes * 60},
        [_seat(a, t.format), _seat(b, t.format)], created_by=t.organiser, organiser=t.organiser)


def create_round_matches(t: Tournament, rnd: Round) -> list[int]:
    """One KGK match per table (seat 0 = ``a``, seat 1 = ``b``); runs inside the caller's
    transaction, so a failure creates no match at all."""
    ids = []
    for p in rnd.pairings.select_related("a__user", "b__user"):
        if p.match_id is not None:
            continue
        match = _create(t, p.a, p.b)
        p.match = match
        p.save(update_fields=["match"])
        ids.append(match.pk)
    return ids


def _winner_side(match: Any) -> str | None:
    outcome = match.outcome or {}
    winners = list(outcome.get("winners") or [])
    if match.status != "finished" or len(winners) != 1 or winners[0] not in (0, 1):
        return None  # not finished, or a shared result: the organiser decides (no draws)
    return "a" if winners[0] == 0 else "b"


def _apply(p: Pairing, match: Any) -> bool:
    side = _winner_side(match)
    if side is None:
        return False
    reason = (match.outcome or {}).get("reason", "")
    return record_online_result(p, side, f"match {match.pk} ({reason})"[:300])


def create_final_matches(t: Tournament) -> list[int]:
    """The next game of every open final series, each a match (KG-13.4.2: best of three,
    game by game). Runs inside the caller's locked transaction."""
    b = bracket(t)
    if b is None or t.status != Tournament.FINAL:
        return []
    ids = []
    entries = {e.pk: e for e in t.entries.select_related("user")}
    for s in b.open_series():
        if FinalMatch.objects.filter(tournament=t, series=s.name, done=False).exists():
            continue
        match = _create(t, entries[s.a], entries[s.b])
        FinalMatch.objects.create(tournament=t, series=s.name, a_id=s.a, b_id=s.b, match=match)
        ids.append(match.pk)
    return ids


def _apply_final(t: Tournament, fm: FinalMatch, match: Any) -> bool:
    side = _winner_side(match)
    if fm.done or side is None:
        return False
    record_final_win(t, fm.series, fm.a_id if side == "a" else fm.b_id, by=None)
    return True


def sync_final(t: Tournament) -> int:
    """Pull finished final matches into the bracket (the fallback for the hook)."""
    changed = 0
    for fm in FinalMatch.objects.filter(tournament=t, done=False).select_related("match"):
        if fm.match.status == "finished":
            settled = record_match_outcome(fm.match)
            changed += bool(isinstance(settled, FinalMatch) and settled.done)
    return changed


def record_match_outcome(match: Any) -> Pairing | FinalMatch | None:
    """For the matches app: a tournament match finished; its result becomes the table's
    result (1-0, an online Swiss match is one game), or a game of a final series. Returns
    the table (or final game), ``None`` when the match is not a tournament's. Idempotent."""
    if (match.options or {}).get("sandbox"):      # a set-up position never counts
        return None
    p = Pairing.objects.filter(match_id=match.pk).select_related("round").first()
    if p is None:
        fm = FinalMatch.objects.filter(match_id=match.pk).first()
        if fm is None:
            return None

        def run_final() -> FinalMatch:
            with transaction.atomic():
                t = _lock(fm.tournament_id)
                fresh = FinalMatch.objects.get(pk=fm.pk)
                _apply_final(t, fresh, match)
                fresh.refresh_from_db()
                return fresh

        return _with_retry(run_final)

    def run() -> Pairing:
        with transaction.atomic():
            _lock(p.round.tournament_id)
            fresh = Pairing.objects.select_related("round").get(pk=p.pk)
            _apply(fresh, match)
            return fresh

    return _with_retry(run)


def sync_round(rnd: Round) -> int:
    """Pull every finished match of a round into its table; the number of tables changed."""
    changed = 0
    for p in rnd.pairings.select_related("match").exclude(match=None):
        if p.status != Pairing.CONFIRMED and _apply(p, p.match):
            changed += 1
    return changed

