"""Template pieces of the players app: the waiting challenges (on /play/ too), names of
time controls in the page's language."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import get_language

from kaosz.models import SeatInvitation
from players.challenges import services as challenges
from players.challenges.services import waiting
from players.mine import your_turn_count as count
from players.models import TurnClock
from players.notifications import kept
from players.turns.timecontrol import choice_of, name_of

register = template.Library()

def time_control_name(choice: str) -> str:
    return name_of(choice, (get_language() or "hu").startswith("hu"))


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


@register.simple_tag(takes_context=True)
def unseen_count(context: Any) -> int:
    """Your turns plus notifications not seen (the header's "Notifications (n)")."""
    request = context.get("request")
    return kept.unseen_count(getattr(request, "user", None))


@register.inclusion_tag("players/_challenge_panel.html", takes_context=True)
def challenge_panel(context: Any, match: Any) -> dict[str, Any]:
    """A waiting match's panel: who is awaited ("waiting for Cili", or anyone), and for its
    maker the link to share, withdraw, and "open to anyone" once a named player declined."""
    request = context.get("request")
    user = getattr(request, "user", None)
    kept = list(SeatInvitation.objects.filter(match=match).exclude(
        status=SeatInvitation.ACCEPTED).select_related("user").order_by("seat"))
    return {"match": match, "request": request, "csrf_token": context.get("csrf_token"),
            "waiting_for": [i.user.username for i in kept if i.status == SeatInvitation.PENDING],
            "declined_by": [i.user.username for i in kept if i.status == SeatInvitation.DECLINED],
            "is_maker": user is not None and match.created_by_id == getattr(user, "pk", None),
            "is_challenge": bool((match.options or {}).get("seek")),
            "share_url": request.build_absolute_uri(f"/play/{match.pk}/") if request else ""}


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
            "request": context.get("request"),
            "turn_based": choice_of(match.options) != "live",
            "bot_moves": [{"version": v, "name": name(s)} for v, s in (clock.bot_moves if clock else [])],
            "timed_out": name(clock.timed_out_seat) if clock and clock.timed_out_seat is not None
            else "", "on_timeout_bot": (match.options or {}).get("time_control", {})
            .get("on_timeout") == "bot"}


register.simple_tag(challenges.open_seats, name="open_seats")
