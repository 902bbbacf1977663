"""Positions for the rule tests of sections 7-13: two or
more seats set up with the scenario format (``rulesets/kgk/SCENARIOS.md``) from the
shipped cards, and the few reads and moves every module makes through the protocol."""

from __future__ import annotations

from typing import Any

from rulesets.kgk import shipped_cards
from rulesets.kgk.scenario import card_ids

from .helpers import R, act

DANI, LACI = 0, 1
FILL = "practice-kikepzo-kolibri"          # 5-1-1-1 scout, no ability


def seat(credits: int = 10, **zones: Any) -> dict[str, Any]:
    return {"credits": credits, "colony": [{"card": FILL, "count": 10}], **zones}


def position(*seats: dict[str, Any], **top: Any) -> tuple[Any, dict[str, int]]:
    """The first seat's (Dani's) main phase in turn 7, everyone past the first turns;
    returns the game and the ids of the labelled cards."""
    doc = {"format": "kgk-scenario/1", "turn": 7, "first": 0, "active": DANI,
           "phase": "main", "seats": list(seats), **top}
    return R.new_game({"scenario": doc, "cards": shipped_cards()}, "rules-b"), card_ids(doc)


def asked_position(*seats: dict[str, Any], **top: Any) -> tuple[Any, dict[str, int]]:
    """:func:`position` with auto-pass off: every window a seat may answer is asked."""
    return position(*seats, **{"options": {"auto_pass": False}, **top})


def dec(s: Any) -> dict[str, Any] | None:
    return R.view(s, DANI)["decision"]


def me(s: Any, q: int) -> dict[str, Any]:
    """Seat ``q`` as it sees itself."""
    return R.view(s, q)["players"][q]


def settle(s: Any) -> list[dict[str, Any]]:
    """Pass every open interrupt window; the events of those passes."""
    events: list[dict[str, Any]] = []
    while (d := dec(s)) and d["kind"] == "prio":
        events += act(s, d["seat"], {"type": "pass"})
    return events
