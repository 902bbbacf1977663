"""Results of Swiss tables: players' reports, the organiser's decisions and corrections,
each change logged; an online table's result from its match."""

from __future__ import annotations

from typing import Any

from matches.tournaments.models import (
    Pairing,
    ResultChange,
    Round,
    Tournament,
)
from matches.tournaments.services.common import (
    TournamentError,
    as_id,
    is_organiser,
    locked,
    require_organiser,
)


def _check_games(t: Tournament, games_a: Any, games_b: Any) -> tuple[int, int]:
    """A Swiss match is one game (1-0) or best of three (2-0, 2-1); never a draw (KG-13.4.3)."""
    need = 1 if t.games_per_match == 1 else 2
    ok = all(isinstance(g, int) and not isinstance(g, bool) for g in (games_a, games_b))
    if not ok or not (0 <= min(games_a, games_b) < max(games_a, games_b) == need):
        allowed = ["1-0", "0-1"] if need == 1 else ["2-0", "2-1", "1-2", "0-2"]
        raise TournamentError("invalid_result", "a result is the games each player won; no "
                              f"draws (KG-13.4.3); allowed: {', '.join(allowed)}",
                              {"allowed": allowed})
    return games_a, games_b


def _pairing(t: Tournament, pairing_id: Any) -> Pairing:
    pk = as_id(pairing_id)
    p = (Pairing.objects.select_related("round", "a", "b")
         .filter(round__tournament=t, pk=pk).first()
         if pk else None)
    if p is None:
        raise TournamentError("not_found", f"no pairing {pairing_id} in this tournament")
    return p


def _log(p: Pairing, by: Any, kind: str, before: Any, after: Any, note: str = "") -> None:
    ResultChange.objects.create(pairing=p, by=by if getattr(by, "is_authenticated", False)
                                else None, kind=kind, before=before, after=after,
                                note=note[:300])


def _result_of(p: Pairing) -> list[int | None] | None:
    return [p.games_a, p.games_b] if p.status == Pairing.CONFIRMED else None


def _accepting(t: Tournament, p: Pairing) -> None:
    if p.round.status == Round.PAIRED:
        raise TournamentError("round_not_started", f"round {p.round.number} has not started")
    if t.status not in (Tournament.SWISS, Tournament.FINAL, Tournament.FINISHED):
        raise TournamentError("not_in_swiss", "no Swiss results now")


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
        raise TournamentError("not_your_table", "players report only their own results")
    _accepting(t, p)
    if p.round.status != Round.STARTED or p.status == Pairing.CONFIRMED:
        raise TournamentError("result_final", "the result already stands; ask the organiser "
                              "for a correction", {"result": _result_of(p)})
    if p.match_id is not None:
        raise TournamentError("online_table", "this table is an online match; its result "
                              "comes from the match", {"match": p.match_id})
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
        raise TournamentError("invalid", "outcome: played, no_show or forfeit",
                              {"field": "outcome"})
    if outcome == Pairing.PLAYED:
        result = list(_check_games(t, games_a, games_b))
    elif winner in ("a", "b"):
        result = list(forfeit_games(t, winner))
    else:
        raise TournamentError("invalid", "winner: a or b (the player who was there)",
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
                              "the organiser")
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
