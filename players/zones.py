"""The time zone a person reads times in: their account's choice (kept with their
notification settings), else the site's, Europe/Budapest. Every time a page shows is in it
and labelled with the zone's own abbreviation, so the same instant reads the same on every
page, in every e-mail and on the board's clock."""

from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.utils import timezone

from players.models import NotificationSetting


def zone_named(name: str) -> zoneinfo.ZoneInfo:
    """The zone of that IANA name; the site's for a name this machine does not know."""
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo(settings.TIME_ZONE)


def zone_of(user: Any) -> zoneinfo.ZoneInfo:
    """``user``'s zone (the site's for someone signed out or who never chose)."""
    name = settings.TIME_ZONE
    if user is not None and user.is_authenticated:
        row = NotificationSetting.objects.filter(user=user).only("time_zone").first()
        name = row.time_zone if row is not None else name
    return zone_named(name)


def viewer_zone(request: Any) -> zoneinfo.ZoneInfo:
    """The zone of whoever asked, read once per request."""
    zone = getattr(request, "_players_zone", None)
    if zone is None:
        zone = zone_of(getattr(request, "user", None))
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
