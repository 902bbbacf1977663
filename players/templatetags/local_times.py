"""Times as the viewer reads them, in every template without a ``{% load %}`` (a builtin
library): ``{% local_time value %}`` writes a moment in the viewer's zone with the zone's
label; ``{% viewer_zone as zone %}`` names the zone (``base.html`` makes it the active one
for the page, so a date Django formats is in it too)."""

from __future__ import annotations

import zoneinfo
from datetime import datetime
from typing import Any

from django import template

from players import zones

register = template.Library()


@register.simple_tag(takes_context=True)
def local_time(context: Any, value: datetime | str | None) -> str:
    """A moment in the viewer's time zone, labelled with that zone: every page shows the
    same instant the same way."""
    return zones.in_zone(value, zones.viewer_zone(context.get("request")))


@register.simple_tag(takes_context=True)
def viewer_zone(context: Any) -> zoneinfo.ZoneInfo:
    return zones.viewer_zone(context.get("request"))
