"""Card types, subtypes, races, rarities and abilities as people read them, Hungarian or
English by the page's language: `{{ card.type|type_name }}`. Built into every template
(``TEMPLATES["OPTIONS"]["builtins"]``)."""

from __future__ import annotations

from django import template
from django.utils.translation import get_language

from cards import vocabulary as vocab

register = template.Library()


def _hu() -> bool:
    return (get_language() or "hu").startswith("hu")


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
