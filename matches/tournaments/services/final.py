"""The top-4 (or top-2) final (KG-13.4.2): the cut, best-of-three series, an early end."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from matches import swiss
from matches.tournaments.models import (
    FinalGame,
    FinalMatch,
    Round,
    Tournament,
)
from matches.tournaments.services.common import (
    TournamentError,
    last_round,
    locked,
    require_organiser,
)
from matches.tournaments.services.online_matches import create_final_matches
from matches.tournaments.services.reading import bracket, history


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
        raise TournamentError("not_in_swiss", f"the tournament is in {t.status}")
    last = last_round(t)
    if last is None or last.status != Round.FINISHED:
        raise TournamentError("round_not_finished", "finish the current round first",
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
        create_final_matches(t)
    return t


@locked
def end_event(t: Tournament, *, by: Any, reason: str) -> Tournament:
    """The organiser ends the event early (weather, the venue closes): places decided so
    far stand, the Swiss standings order the rest; the reason is shown with the results."""
    require_organiser(by, t)
    reason = str(reason or "").strip()
    if not reason:
        raise TournamentError("invalid", "reason: say why the event ends early",
                              {"field": "reason"})
    if t.status == Tournament.FINISHED:
        raise TournamentError("tournament_finished", "the tournament is over")
    if t.status == Tournament.REGISTRATION:
        raise TournamentError("not_started", "the tournament has not started; delete it "
                              "instead")
    t.status, t.finished, t.end_reason = Tournament.FINISHED, timezone.now(), reason[:300]
    t.save(update_fields=["status", "finished", "end_reason"])
    return t


@locked
def record_final_game(t: Tournament, series: str, winner: Any, *, by: Any) -> swiss.FinalBracket:
    """One game of a best-of-three series; no draws (a game at time is the judge's call)."""
    require_organiser(by, t)
    if t.status != Tournament.FINAL:
        raise TournamentError("not_in_final", f"the tournament is in {t.status}")
    b = bracket(t)
    assert b is not None
    if series not in b.series:
        raise TournamentError("series_not_open", f"{series!r} is not open; open: "
                              f"{sorted(s.name for s in b.open_series())}",
                              {"open": [s.name for s in b.open_series()]})
    s = b.series[series]
    if not isinstance(winner, int) or isinstance(winner, bool) or winner not in (s.a, s.b):
        raise TournamentError("invalid", f"winner: entry {s.a} or {s.b}",
                              {"field": "winner", "allowed": [s.a, s.b]})
    if s.winner is not None:
        raise TournamentError("series_decided", f"{series} is already decided")
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
        FinalMatch.objects.filter(tournament=t, series=series, done=False).update(done=True)
        create_final_matches(t)
    return b
