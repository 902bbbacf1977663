"""Timestamps as the API writes them: ISO 8601 in UTC ending in ``Z``, the way Django REST
framework writes the datetimes of serializers, also where a view builds the text itself."""

from __future__ import annotations

from datetime import UTC, datetime


def utc_text(moment: datetime | None) -> str | None:
    """``moment`` as ``2026-12-02T03:11:09.123456Z`` (None stays None)."""
    if moment is None:
        return None
    text = moment.astimezone(UTC).isoformat()
    return text.removesuffix("+00:00") + "Z"
