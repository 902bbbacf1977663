"""Template pieces of the players app: the waiting challenges (on /play/ too), names of
time controls in the page's language."""

from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime
from typing import Any

from django import template
from django.conf import settings
from django.utils import timezone
from django.utils.translation import get_language

from kaosz.models import SeatInvitation
from matches.timecontrol import choice_of
from players import challenges, notifications
from players.challenges import waiting
from players.mine import your_turn_count as count
from players.models import NotificationSetting, TurnClock

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


@register.simple_tag(takes_context=True)
def unseen_count(context: Any) -> int:
    """Your turns plus notifications not seen (the header's "Notifications (n)")."""
    request = context.get("request")
    return notifications.unseen_count(getattr(request, "user", None))


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


def viewer_zone(request: Any) -> zoneinfo.ZoneInfo:
    """The zone the viewer chose (their notification settings), else Europe/Budapest;
    read once per request."""
    zone = getattr(request, "_players_zone", None)
    if zone is None:
        name = settings.TIME_ZONE
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            row = NotificationSetting.objects.filter(user=user).only("time_zone").first()
            name = row.time_zone if row is not None else name
        try:
            zone = zoneinfo.ZoneInfo(name)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            zone = zoneinfo.ZoneInfo(settings.TIME_ZONE)
        if request is not None:
            request._players_zone = zone
    return zone


def in_zone(value: datetime | str | None, zone: zoneinfo.ZoneInfo) -> str:
    """A moment in ``zone`` with the zone's own abbreviation: "2026-12-02 05:00 CET"."""
    if not value:
        return "—"
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment, UTC)
    here = moment.astimezone(zone)
    return f"{here:%Y-%m-%d %H:%M} {here.tzname()}"


@register.simple_tag(takes_context=True)
def local_time(context: Any, value: datetime | str | None) -> str:
    """A moment in the viewer's time zone, labelled with that zone: every page shows the
    same instant the same way."""
    return in_zone(value, viewer_zone(context.get("request")))


register.simple_tag(challenges.open_seats, name="open_seats")
