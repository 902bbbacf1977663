"""Online mode, the outcomes half: a finished match's result flows back into its table, or
into a game of a final series.

The hook for the matches app: call :func:`record_match_outcome` when a match finishes.
Until it does, :func:`sync_round` pulls finished outcomes (the organiser's page and
``finish_round`` call it), so no result is lost either way.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from matches.tournaments.models import FinalMatch, Pairing, Round, Tournament
from matches.tournaments.services.common import lock, with_retry
from matches.tournaments.services.final import record_final_win
from matches.tournaments.services.results import record_online_result


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
                t = lock(fm.tournament_id)
                fresh = FinalMatch.objects.get(pk=fm.pk)
                _apply_final(t, fresh, match)
                fresh.refresh_from_db()
                return fresh

        return with_retry(run_final)

    def run() -> Pairing:
        with transaction.atomic():
            lock(p.round.tournament_id)
            fresh = Pairing.objects.select_related("round").get(pk=p.pk)
            _apply(fresh, match)
            return fresh

    return with_retry(run)


def sync_round(rnd: Round) -> int:
    """Pull every finished match of a round into its table; the number of tables changed."""
    changed = 0
    for p in rnd.pairings.select_related("match").exclude(match=None):
        if p.status != Pairing.CONFIRMED and _apply(p, p.match):
            changed += 1
    return changed
