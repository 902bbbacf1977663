"""Hungarian-first names for tournament and round states (``{{ t.status|state_name }}``)."""

from __future__ import annotations

from django import template
from django.utils.translation import get_language

register = template.Library()

STATES = {
    "registration": ("nevezés", "registration"),
    "swiss": ("svájci fordulók", "Swiss rounds"),
    "final": ("négyes döntő", "top-4 final"),
    "finished": ("véget ért", "finished"),
    "paired": ("párosítva", "paired"),
    "started": ("folyik", "in progress"),
    "paper": ("papír", "paper"),
    "online": ("online", "online"),
}


@register.filter
def state_name(key: str) -> str:
    hu, en = STATES.get(key, (key, key))
    return hu if (get_language() or "hu").startswith("hu") else en
