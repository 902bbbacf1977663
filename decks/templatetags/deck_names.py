"""Deck formats as people read them, Hungarian or English by the page's language:
`{{ format|format_name }}`. Built into every template
(``TEMPLATES["OPTIONS"]["builtins"]``)."""

from __future__ import annotations

from django import template
from django.utils.translation import get_language

from decks.core.formats import all_formats

register = template.Library()


@register.filter
def format_name(key: str | None) -> str:
    """A deck format's title in the page's language (``tournament-any4`` → its name)."""
    hu = (get_language() or "hu").startswith("hu")
    for f in all_formats():
        if f["key"] == key:
            return f["title"]["hu"] if hu else f["title"]["en"]
    return key or ""
