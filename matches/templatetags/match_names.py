"""Bots and seats as people read them, Hungarian or English by the page's language:
`{{ seat|seat_name }}`, `{{ kind|bot_name }}`. Built into every template
(``TEMPLATES["OPTIONS"]["builtins"]``)."""

from __future__ import annotations

from django import template
from django.utils.translation import get_language

from matches.bot_kinds import BOT_KINDS

register = template.Library()


def _hu() -> bool:
    return (get_language() or "hu").startswith("hu")


# Bot kinds as people read them: one name everywhere (matches/bot_kinds.py).
BOTS = {kind: (v[0], v[1]) for kind, v in BOT_KINDS.items()}


@register.filter
def bot_name(kind: str | None) -> str:
    hu, en = BOTS.get(kind or "", (kind or "", kind or ""))
    return hu if _hu() else en


@register.filter
def bot_line(kind: str | None) -> str:
    """How the bot plays, in a few words (empty for an unknown kind)."""
    v = BOT_KINDS.get(kind or "")
    return "" if v is None else (v[2] if _hu() else v[3])


@register.filter
def seat_name(seat) -> str:
    """A seat as a person reads it: the player's name, or which bot plays it."""
    if getattr(seat, "bot", None):
        return bot_name(seat.bot)
    user = getattr(seat, "user", None)
    return user.username if user is not None else ""


@register.filter
def bot_names(kinds) -> str:
    return ", ".join(bot_name(k) for k in (kinds or []))
