"""Template pieces of the players app: the waiting challenges (on /play/ too), names of
time controls in the page's language."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import get_language

from matches.timecontrol import choice_of
from players import challenges
from players.challenges import waiting
from players.mine import your_turn_count as count
from players.models import TurnClock

register = template.Library()

CONTROL_NAMES = {"live": ("élő", "live"), "1d": ("1 nap lépésenként", "1 day a move"),
                 "3d": ("3 nap lépésenként", "3 days a move")}


def time_control_name(choice: str) -> str:
    hu = (get_language() or "hu").startswith("hu")
    pair = CONTROL_NAMES.get(choice, (choice, choice))
    return pair[0] if hu else pair[1]


@register.filter
def time_control(options: dict[str, Any] | None) -> str:
    """A match's time control in words ("1 nap lépésenként")."""
    return time_control_name(choice_of(options))


@register.inclusion_tag("players/_waiting.html", takes_context=True)
def waiting_challenges(context: Any) -> dict[str, Any]:
    return {"waiting": waiting(), "user": context.get("user"),
            "csrf_token": context.get("csrf_token")}


@register.simple_tag(takes_context=True)
def your_turn_count(context: Any) -> int:
    """How many matches wait for the signed-in person's move (the site header shows it)."""
    request = context.get("request")
    return count(getattr(request, "user", None))


@register.inclusion_tag("players/_turn_clock.html", takes_context=True)
def turn_clock_line(context: Any, match: Any) -> dict[str, Any]:
    """A turn-based match's deadline and what the clock did (bot moves, loss on time),
    for the board."""
    clock = TurnClock.objects.filter(match_id=match.pk).first() \
        if choice_of(match.options) != "live" else None
    seats = {s.index: s for s in match.seats.all()}

    def name(index: int | None) -> str:
        seat = seats.get(index) if index is not None else None
        return seat.label() if seat is not None else ""

    return {"match": match, "clock": clock, "control": time_control(match.options),
            "turn_based": choice_of(match.options) != "live",
            "bot_moves": [{"version": v, "name": name(s)} for v, s in (clock.bot_moves if clock else [])],
            "timed_out": name(clock.timed_out_seat) if clock and clock.timed_out_seat is not None
            else "", "on_timeout_bot": (match.options or {}).get("time_control", {})
            .get("on_timeout") == "bot"}


register.simple_tag(challenges.open_seats, name="open_seats")
