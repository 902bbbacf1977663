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


# The final's series as the organiser reads them (the keys are the API's).
SERIES = {
    "semi1": ("1. elődöntő (1. – 4.)", "Semi-final 1 (1st v 4th)"),
    "semi2": ("2. elődöntő (2. – 3.)", "Semi-final 2 (2nd v 3rd)"),
    "final": ("Döntő (1–2. hely)", "Final (1st–2nd)"),
    "third": ("A 3. helyért", "For 3rd place"),
}


@register.filter
def series_name(key: str) -> str:
    hu, en = SERIES.get(key, (key, key))
    return hu if (get_language() or "hu").startswith("hu") else en


@register.filter
def lookup(mapping: dict, key: object) -> object:
    """``{{ points|lookup:p.a }}``: a dict entry by a variable key (empty when missing)."""
    return mapping.get(key, "") if isinstance(mapping, dict) else ""


OUTCOMES = {"no_show": ("meg nem jelent", "no-show"), "forfeit": ("feladta", "forfeit")}


@register.filter
def outcome_name(key: str) -> str:
    """A result not played, in words (empty for a played match)."""
    if key not in OUTCOMES:
        return ""
    hu, en = OUTCOMES[key]
    return hu if (get_language() or "hu").startswith("hu") else en
