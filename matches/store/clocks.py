"""Per-seat clocks: charged while a seat is to act; the match's time limit; and reading
them with a turn-based match's deadline."""

from __future__ import annotations

import time
from typing import Any

from matches.models import Match
from matches.store.rows import with_retry


def now_ms() -> int:
    return int(time.time() * 1000)


def tick_clocks(clocks: dict[str, Any], before: list[int], after: list[int], n: int,
                at: int) -> dict[str, Any]:
    """Charge each seat for the time it was to act; start clocks of seats now to act."""
    used = list(clocks.get("used_ms") or [0] * n)
    since = list(clocks.get("since") or [None] * n)
    for s in range(n):
        if s in before and s not in after and since[s] is not None:
            used[s] += max(0, at - since[s])
            since[s] = None
        elif s in after and since[s] is None:
            since[s] = at
    return {"used_ms": used, "since": since}


def clock_view(match: Match, at: int | None = None) -> dict[str, Any]:
    at = at or now_ms()
    clocks = match.clocks or {}
    used = list(clocks.get("used_ms") or [])
    since = clocks.get("since") or []
    running = [s for s, t in enumerate(since) if t is not None]
    if match.status == Match.ACTIVE:
        used = [u + (at - since[s] if s < len(since) and since[s] is not None else 0)
                for s, u in enumerate(used)]
    out: dict[str, Any] = {"used_ms": used, "running": running if match.status == Match.ACTIVE
                           else [], "time_limit_seconds": match.time_limit_seconds,
                           "remaining_ms": None, "time_up": False}
    if match.time_limit_seconds and match.started:
        end = match.started.timestamp() * 1000 + match.time_limit_seconds * 1000
        out["remaining_ms"] = max(0, int(end - at))
        out["time_up"] = match.status == Match.ACTIVE and at >= end
    return out



# A turn-based match's deadline is the players app's (``TurnClock``, set in the move's own
# transaction through ``match_writing``). It is read by the match's relation to it, in the
# statement that reads the match's progress and its own clocks, so all are of one version;
# the store imports nothing of the app above it.
_READ = ("event_count", "version", "to_act", "clocks", "time_limit_seconds", "started",
         "status", "turn_clock__version", "turn_clock__to_act", "turn_clock__deadline",
         "turn_clock__reserve_ms", "turn_clock__done")

# (event_count, version, status, to_act): ``matches.live.events.Progress``
Progress = tuple[int, int, str, list[int]]


def progress_and_clocks(match_id: int,
                        at: int | None = None) -> tuple[Progress, dict[str, Any]] | None:
    """The match's progress and its clocks as they stand now (:func:`clock_view`) with its
    ``turn``: a turn-based match's deadline, who must move by it, each seat's reserve and
    the version it was set at (None: a live match, or no move due). One statement, so the
    deadline is the one of the version read. None when there is no match."""
    def read() -> Any:
        return Match.objects.filter(pk=match_id).values_list(*_READ).first()

    row = with_retry(read)  # (SQLite's shared-cache test database: a writer may hold it)
    if row is None:
        return None
    count, version, to_act, clocks, limit, started, status, *turn = row
    out = clock_view(Match(pk=match_id, clocks=clocks, time_limit_seconds=limit,
                           started=started, status=status), at)
    out["turn"] = _turn(status, *turn)
    return (count, version, status, list(to_act)), out


def _turn(status: str, version: int | None, to_act: list[int] | None, deadline: Any,
          reserve_ms: list[int] | None, done: bool | None) -> dict[str, Any] | None:
    if version is None or done or status != Match.ACTIVE:
        return None
    return {"to_act": list(to_act or []), "deadline": deadline, "version": version,
            "reserve_ms": list(reserve_ms or [])}
