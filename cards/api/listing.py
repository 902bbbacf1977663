"""Search result items as plain dicts: the output of ``CardListSerializer``, built directly.

DRF's per-field machinery costs about a quarter of a millisecond per card, several
milliseconds for a page. A search page is the hottest thing the API renders, so it is built
here field by field; a test holds it equal to the serializer (which stays the schema).
"""

from __future__ import annotations

import re
from typing import Any

from django.urls import get_script_prefix
from django.utils import timezone
from rest_framework.reverse import reverse

from cards import vocabulary as vocab
from cards.images import uris_for_cards
from cards.models import Card

_PLACEHOLDER = "card-slug-placeholder"
_PLAIN_SLUG = re.compile(r"^[-A-Za-z0-9_]+$")  # reversed into the URL unchanged
_detail_paths: dict[str, str] = {}


def _detail_path() -> str:
    """The detail URL path with a placeholder slug, reversed once per script prefix."""
    prefix = get_script_prefix()
    path = _detail_paths.get(prefix)
    if path is None:
        path = reverse("api-card-detail", kwargs={"slug": _PLACEHOLDER})
        _detail_paths[prefix] = path
    return path


def _datetime(value: Any) -> str | None:
    """As DRF's DateTimeField renders it: current time zone, ISO 8601, UTC as Z."""
    if not value:
        return None
    text = timezone.localtime(value, timezone.get_current_timezone()).isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def _int(value: Any) -> int | None:
    return None if value is None else int(value)


def _str(value: Any) -> str | None:
    return None if value is None else str(value)


def card_items(cards: list[Card], request: Any) -> list[dict[str, Any]]:
    template = request.build_absolute_uri(_detail_path())
    uris = uris_for_cards(cards, request.build_absolute_uri)  # one query for the page
    return [card_item(card, request, template, uris.get(card.pk)) for card in cards]


def card_item(card: Card, request: Any, template: str,
              image_uris: dict[str, str] | None = None) -> dict[str, Any]:
    slug = card.slug
    if _PLAIN_SLUG.match(slug):
        url = template.replace(_PLACEHOLDER, slug)
    else:
        url = reverse("api-card-detail", kwargs={"slug": slug}, request=request)
    card_type = card.type
    return {
        "id": card.id,
        "slug": slug,
        "url": url,
        "name_hu": _str(card.name_hu),
        "name_en": _str(card.name_en),
        "official": bool(card.official),
        "type": card_type,
        "type_hu": vocab.TYPES[card_type][0] if card_type in vocab.TYPES else None,
        "subtype": card.subtype,
        "subtype_hu": vocab.subtype_name(card_type, card.subtype, "hu"),
        "race": card.race,
        "race_hu": vocab.RACES[card.race][0] if card.race else None,
        "clan": _str(card.clan),
        "rarity": card.rarity,
        "cost": _int(card.cost),
        "cost_rule": _str(card.cost_rule),
        "speed": _int(card.speed),
        "firepower": _int(card.firepower),
        "armor": _int(card.armor),
        "bombard": _int(card.bombard),
        "size": card.effective_size,
        "modifiers": card.modifiers,
        "dev_limit": _str(card.dev_limit),
        "abilities": card.abilities,
        "text_hu": _str(card.text_hu),
        "text_en": _str(card.text_en),
        "complete": bool(card.complete),
        "missing": card.missing_fields(),
        "sets": card.set_slugs.split(),
        "image_uris": image_uris,
        "updated": _datetime(card.updated),
    }
