"""A match's time control: live (both players at the board, the match's own clock) or
turn-based (a move within some hours or days).

Kept in the match's options as ``{"time_control": {"kind": "live"}}`` or
``{"time_control": {"kind": "turn", "preset": "1d"}}``; a match without one is live (every
match before). Ratings are kept per time-control *family*: "live" or "turn".
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


# Turn-based presets: a move within this many seconds. Every player also has a reserve
# (the weekend's, or a busy day's) drawn on once a deadline passes, before the timeout.
DAY = 24 * 3600
PRESETS: dict[str, int] = {"1d": DAY, "3d": 3 * DAY}
RESERVE_SECONDS = 2 * DAY
CHOICES = ("live", *PRESETS)


def control_of(choice: str, bot_on_timeout: bool = False) -> dict[str, Any]:
    """The options' ``time_control`` for a choice ("live", "1d", "3d"); ValueError else.
    ``bot_on_timeout``: a late player's move is played by a bot instead of losing."""
    if choice == LIVE:
        return {"kind": LIVE}
    if choice in PRESETS:
        return {"kind": TURN, "preset": choice, "on_timeout": "bot" if bot_on_timeout else "lose"}
    raise ValueError(choice)


def seconds_per_move(options: dict[str, Any] | None) -> int | None:
    """A turn-based match's time for one move (None for a live match)."""
    choice = choice_of(options)
    return PRESETS.get(choice)


def bot_on_timeout(options: dict[str, Any] | None) -> bool:
    control = (options or {}).get("time_control")
    return isinstance(control, dict) and control.get("on_timeout") == "bot"


def choice_of(options: dict[str, Any] | None) -> str:
    """The preset name of a match's time control ("live" for a live match)."""
    control = (options or {}).get("time_control")
    if isinstance(control, dict) and control.get("kind") == TURN and \
            control.get("preset") in PRESETS:
        return str(control["preset"])
    return LIVE


# Each choice's name on the pages, Hungarian and English.
NAMES = {"live": ("élő", "live"), "1d": ("1 nap lépésenként", "1 day a move"),
         "3d": ("3 nap lépésenként", "3 days a move")}


def name_of(choice: str, hu: bool) -> str:
    """A choice's name in Hungarian (``hu``) or English."""
    pair = NAMES.get(choice, (choice, choice))
    return pair[0] if hu else pair[1]
