"""A match's time control: live (both players at the board, the match's own clock) or
turn-based (a move within some hours or days).

Kept in the match's options as ``{"time_control": {"kind": "live"}}`` or
``{"time_control": {"kind": "turn", "preset": "1d"}}``; a match without one is live (every
match before issue 30). Ratings are kept per time-control *family*: "live" or "turn".
"""

from __future__ import annotations

from typing import Any

LIVE = "live"
TURN = "turn"
FAMILIES = (LIVE, TURN)


def family_of(options: dict[str, Any] | None) -> str:
    """The rating family of a match's options: "turn" for turn-based, else "live"."""
    control = (options or {}).get("time_control")
    if isinstance(control, dict) and control.get("kind") == TURN:
        return TURN
    return LIVE
