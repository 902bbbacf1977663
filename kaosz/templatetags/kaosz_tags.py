"""Pages are Hungarian first, English second: `{% tr "Kártyák" "Cards" %}` picks by language.

Both texts sit side by side in the template, so a page can never miss a translation.
"""

from __future__ import annotations

from django import template
from django.utils.translation import get_language

from cards import vocabulary as vocab

register = template.Library()


def _hu() -> bool:
    return (get_language() or "hu").startswith("hu")


@register.simple_tag
def tr(hu: str, en: str) -> str:
    return hu if _hu() else en


@register.filter
def type_name(key: str | None) -> str:
    if key not in vocab.TYPES:
        return "?"
    hu, en, _ = vocab.TYPES[key]
    return hu if _hu() else en


@register.simple_tag
def subtype_name(card_type: str, subtype: str | None) -> str:
    return vocab.subtype_name(card_type, subtype, "hu" if _hu() else "en") or ""


@register.filter
def race_name(key: str | None) -> str:
    if key not in vocab.RACES:
        return ""
    hu, en = vocab.RACES[key]
    return hu if _hu() else en


@register.filter
def rarity_name(key: str | None) -> str:
    if key not in vocab.RARITIES:
        return ""
    hu, en = vocab.RARITIES[key]
    return hu if _hu() else en


@register.filter
def ability_name(key: str) -> str:
    hu, en = vocab.ABILITIES.get(key, (key, key))
    return hu if _hu() else en


@register.simple_tag(takes_context=True)
def query_with(context, **kwargs) -> str:
    """The current query string with some parameters replaced (for sort and page links)."""
    params = context["request"].GET.copy()
    for key, value in kwargs.items():
        params[key] = value
    return "?" + params.urlencode()
