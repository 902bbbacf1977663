"""Log entries: applying one to a state (live play and replay alike) and numbering its
events as one seat may see them."""

from __future__ import annotations

from typing import Any

from matches.models import MatchAction
from rulesets.base import Event, Ruleset, State


def apply_entry(rs: Ruleset, state: State, kind: str, seat: int | None,
                action: Any) -> tuple[State, list[Event]]:
    """Apply one log entry (the engine may update ``state`` in place or return a new one).
    Shared by live play and replay."""
    # (``seat`` is typed optional for adjudications, which have none; an action or a
    # resignation reaches here with the seat its caller resolved. Passed on unchecked,
    # as before: this is the replay's hot path.)
    if kind == MatchAction.ACTION:
        return rs.apply(state, seat, action)  # type: ignore[arg-type]
    if kind == MatchAction.RESIGN:
        return rs.resign(state, seat)  # type: ignore[arg-type]
    if kind == MatchAction.ADJUDICATE:
        return state, [{"type": "adjudicated", **action}]
    if kind == MatchAction.AUTO_PASS:       # the server passing at a window (stops)
        state, events = rs.apply(state, seat,  # type: ignore[arg-type]
                                 action if action is not None else {"type": "pass"})
        return state, [{**e, "auto": True} if e.get("type") == "pass" else e for e in events]
    raise ValueError(f"unknown log entry kind {kind!r}")


def seat_events(rs: Ruleset, events: list[Event], first: int,
                seat: int | None) -> list[dict[str, Any]]:
    """Events numbered from ``first`` as ``seat`` may see them (hidden ones dropped)."""
    out = []
    for i, event in enumerate(events):
        seen = event if event.get("type") == "adjudicated" else rs.event_view(event, seat)
        if seen is not None:
            out.append({"n": first + i, "event": seen})
    return out

