"""Exports: standings and pairings as CSV, the Swiss history as FIDE TRF16 (``export_trf``)."""

from __future__ import annotations

import csv
import io
from typing import Any

from matches import swiss
from matches.tournaments import services
from matches.tournaments.models import Tournament
from web import csvsafe

STANDINGS_COLUMNS = ["rank", "name", "points", "wins", "losses", "byes", "played", "games_won",
                     "games_lost", "mw", "omw", "gw", "ogw", "lot", "dropped", "entry"]
PAIRINGS_COLUMNS = ["round", "table", "player_a", "player_b", "games_a", "games_b", "status"]


def _csv(header: list[str], rows: list[list[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    # Player names are typed by players: no formula may run when the organiser opens it.
    writer.writerows(csvsafe.row(r) for r in rows)
    return out.getvalue()


def standings_csv(t: Tournament, upto: int | None = None) -> str:
    """Every tie-break figure; percentages as shown on the page (2 decimals)."""
    return _csv(STANDINGS_COLUMNS, [[r[c] for c in STANDINGS_COLUMNS[:-1]] + [r["entry"]]
                                    for r in services.standings(t, upto=upto)])


def pairings_csv(t: Tournament, number: int | None = None) -> str:
    rows: list[list[Any]] = []
    for rnd in services.rounds_data(t, [number] if number is not None else None):
        for p in rnd["pairings"]:
            rows.append([rnd["number"], p["table"], p["a_name"], p["b_name"],
                         p["games_a"] if p["status"] == "confirmed" else "",
                         p["games_b"] if p["status"] == "confirmed" else "", p["status"]])
        for b in rnd["byes"]:
            rows.append([rnd["number"], "", b["name"], "BYE", "", "", b["kind"]])
    return _csv(PAIRINGS_COLUMNS, rows)


def trf(t: Tournament) -> str:
    """The Swiss stage as TRF16 (results that stand, and byes); the final is not in it."""
    dropped = t.entries.filter(dropped_after__isnull=False).values_list("pk", flat=True)
    return swiss.export_trf(services.history(t), name=t.name[:60],
                            rounds=t.rounds_planned or None, absent_next=list(dropped))
