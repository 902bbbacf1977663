"""Template pieces of the players app: the waiting challenges (on /play/ too), names of
time controls in the page's language."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import get_language

from matches.timecontrol import choice_of

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
    from players.challenges import waiting

    return {"waiting": waiting(), "user": context.get("user"),
            "csrf_token": context.get("csrf_token")}
