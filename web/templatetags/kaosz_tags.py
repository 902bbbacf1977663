"""Pages are Hungarian first, English second: `{% tr "Kártyák" "Cards" %}` picks by language.

Both texts sit side by side in the template, so a page can never miss a translation.
The words of one app's things (card types and races, bots) are that app's own libraries
(``cards/templatetags/card_names.py``, ``matches/templatetags/match_names.py``), built into
every template like this one (``TEMPLATES["OPTIONS"]["builtins"]``).
"""

from __future__ import annotations

from django import template
from django.utils.translation import get_language

from rulesets import registry
from web.messages import error_of

register = template.Library()


def _hu() -> bool:
    return (get_language() or "hu").startswith("hu")


@register.simple_tag
def tr(hu: str, en: str) -> str:
    return hu if _hu() else en


@register.simple_tag(takes_context=True)
def query_with(context, **kwargs) -> str:
    """The current query string with some parameters replaced (for sort and page links)."""
    params = context["request"].GET.copy()
    for key, value in kwargs.items():
        params[key] = value
    return "?" + params.urlencode()


@register.filter
def error_text(error) -> str:
    """An API refusal as a sentence in the page's language (never the bare code)."""
    if isinstance(error, str):
        return error
    return error_of(error)


@register.filter
def count_word(n: int, words: str) -> str:
    """``{{ n|count_word:"lap,card,cards" }}``: Hungarian keeps the singular after a number;
    English takes the plural unless the number is 1."""
    hu, one, many = words.split(",")
    if _hu():
        return f"{n} {hu}"
    return f"{n} {one if n == 1 else many}"


# Statuses of matches and simulations as people read them (the keys stay in data-status).
STATUSES = {
    "open": ("nyitott", "open"),
    "active": ("folyik", "in progress"),
    "finished": ("véget ért", "finished"),
    "pending": ("várakozik", "waiting"),
    "running": ("fut", "running"),
    "done": ("kész", "done"),
    "failed": ("sikertelen", "failed"),
}
@register.filter
def status_name(key: str | None) -> str:
    hu, en = STATUSES.get(key or "", (key or "", key or ""))
    return hu if _hu() else en


@register.filter
def ruleset_title(name: str | None) -> str:
    rs = registry.available().get(name or "")
    return rs.title if rs else (name or "")


@register.filter
def entrant_label(label: str) -> str:
    """A simulation entrant: ``seat 1`` / ``example 1`` / ``deck 1`` / ``player 1`` read in the page's
    language (a deck's own name is kept)."""
    words = {"seat": ("hely", "seat"), "example": ("gyakorló pakli", "example deck"),
             "deck": ("pakli", "deck"), "player": ("játékos", "player")}
    head, _, number = (label or "").partition(" ")
    if head in words and number.isdigit():
        hu, en = words[head]
        return f"{hu} {int(number) + 1}" if _hu() else f"{en} {int(number) + 1}"
    return label
