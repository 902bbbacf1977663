"""The tournament as read: the pure core's history rebuilt from the rows, standings and
their tie-breaks, the final's bracket and places, rounds and tables as plain data."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from fractions import Fraction
from typing import Any

from matches import swiss
from matches.tournaments.models import (
    Bye,
    Pairing,
    Round,
    Tournament,
)


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


def bracket(t: Tournament) -> swiss.FinalBracket | None:
    """The final's state, replayed from its seeds and recorded games."""
    if len(t.final_seeds) not in swiss.FINAL_SIZES:
        return None
    b = swiss.FinalBracket(list(t.final_seeds), third_place_match=t.third_place_match)
    for g in t.final_games.order_by("id"):
        b.record_game(g.series, g.winner_id)
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
