"""Per-seat clocks: charged while a seat is to act; the match's time limit."""

from __future__ import annotations

import time
from typing import Any

from matches.models import Match


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

