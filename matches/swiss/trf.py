"""Export the event history in FIDE's TRF16 (TRF-2016) layout, for external checkers.

KGK has no colours and no draws, so the file uses 1/0 results with a nominal colour:
the first-listed player of each result is ``w``. Codes: ``1``/``0`` played win/loss,
``U`` pairing-allocated bye, ``F`` full-point bye granted by the organiser, ``Z`` for a
round the player was not in the event (before a late entry, after a drop). Points use
1 per win or bye, which bbpPairings and JaVaFo read without a point-system line.

A player who will not be in the next round (dropped) gets a ``0000 - Z`` cell for it
too, as the JaVaFo/bbpPairings TRF(x) convention marks a player absent from the round to
be paired: an outside engine then leaves them out, as the event itself does.

Player line columns (1-based, as in the FIDE handbook / JaVaFo TRF(x)): ``001`` 1-3,
start number 5-8, name 15-47, rating 49-52, points 81-84, rank 86-89; round cells
of 10 characters from column 92: opponent 92-95, colour 97, result 99.
"""

from __future__ import annotations

from collections.abc import Iterable

from .model import ByeKind, History
from .standings import standings

MAX_START_NUMBER = 9999  # four columns for a start number (TRF16)


class TrfTooLarge(ValueError):
    """The event has more players than TRF16's four-digit start numbers can hold."""

    def __init__(self, players: int):
        self.players = players
        super().__init__(f"TRF16 start numbers stop at {MAX_START_NUMBER}; "
                         f"this event has {players} players")


def _put(line: list[str], col: int, text: str) -> None:
    for i, ch in enumerate(text):
        line[col - 1 + i] = ch


def export_trf(history: History, *, name: str = "KGK Swiss", rounds: int | None = None,
               absent_next: Iterable[int] = ()) -> str:
    """TRF16 text; ``rounds`` (announced total) defaults to the last round played.

    ``absent_next``: players who will not be paired in the next round (dropped); when a
    next round remains (``rounds`` beyond the last played), each gets a ``Z`` cell for it.
    """
    players = history.players
    if len(players) > MAX_START_NUMBER:
        raise TrfTooLarge(len(players))
    start = {p.id: i + 1 for i, p in enumerate(players)}
    played = max([r.round for r in history.results] + [b.round for b in history.byes], default=0)
    total = rounds if rounds is not None else played
    cells: dict[tuple[int, int], tuple[str, str, str]] = {}
    for r in history.results:
        win_a = r.winner == r.a
        cells[(r.a, r.round)] = (f"{start[r.b]:4d}", "w", "1" if win_a else "0")
        cells[(r.b, r.round)] = (f"{start[r.a]:4d}", "b", "0" if win_a else "1")
    for b in history.byes:
        code = {ByeKind.PAIRING: "U", ByeKind.AWARDED: "F", ByeKind.ZERO: "Z"}[b.kind]
        cells[(b.player, b.round)] = ("0000", "-", code)
    absent = set(absent_next) if total > played else set()
    rank = {row.player: row.rank for row in standings(history)}
    lines = [
        f"012 {name}",
        f"062 {len(players)}",
        "092 Swiss (KGK: no colours, no draws)",
        f"XXR {total}",
    ]
    for p in players:
        line = [" "] * (91 + 10 * played)
        _put(line, 1, "001")
        _put(line, 5, f"{start[p.id]:4d}")
        _put(line, 15, (p.name or f"Player {p.id}")[:33])
        if p.rating:
            _put(line, 49, f"{p.rating:4d}")
        score = 0
        for rnd in range(1, played + 1):
            opp, colour, code = cells.get((p.id, rnd), ("0000", "-", "Z"))
            score += code in "1UF"
            col = 92 + 10 * (rnd - 1)
            _put(line, col, opp)
            _put(line, col + 5, colour)
            _put(line, col + 7, code)
        if p.id in absent:
            line += [" "] * 10
            _put(line, 92 + 10 * played, "0000 - Z")
        _put(line, 81, f"{score:4.1f}")
        _put(line, 86, f"{rank[p.id]:4d}")
        lines.append("".join(line).rstrip())
    return "\n".join(lines) + "\n"


def check_trf(text: str) -> list[str]:
    """Self-check in the spirit of bbpPairings ``-c``: scores follow from results and
    every played game appears on both players' lines with opposite results."""
    problems: list[str] = []
    rows: dict[int, tuple[float, list[tuple[int, str, str]]]] = {}
    for line in text.splitlines():
        if not line.startswith("001"):
            continue
        sn = int(line[4:8])
        pts = float(line[80:84])
        cells = []
        col = 91
        while col < len(line):
            cell = line[col : col + 10].ljust(10)
            cells.append((int(cell[0:4]), cell[5], cell[7]))
            col += 10
        rows[sn] = (pts, cells)
    for sn, (pts, cells) in rows.items():
        got = sum(1 for _o, _c, code in cells if code in "1UF+W")
        if abs(got - pts) > 1e-9:
            problems.append(f"{sn}: points {pts} but results give {got}")
        for rnd, (opp, colour, code) in enumerate(cells, start=1):
            if opp == 0:
                continue
            other = rows.get(opp)
            if other is None or len(other[1]) < rnd:
                problems.append(f"{sn}: round {rnd} opponent {opp} has no entry")
                continue
            o_opp, o_colour, o_code = other[1][rnd - 1]
            if o_opp != sn or {code, o_code} != {"1", "0"} or {colour, o_colour} != {"w", "b"}:
                problems.append(f"{sn}: round {rnd} does not match opponent {opp}")
    return problems
