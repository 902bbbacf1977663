"""Template words for card pages: `{{ "race"|field_label }}`, `{% value_words "race" v card.type %}`."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils import timezone
from django.utils.translation import get_language

from cards import wording
from cards.images import image_uris

register = template.Library()


def _lang() -> str:
    return "hu" if (get_language() or "hu").startswith("hu") else "en"


@register.filter
def field_label(field: str) -> str:
    return wording.field_label(field, _lang())


@register.simple_tag
def value_words(field: str, value: Any, card_type: str | None = None) -> str:
    return wording.value_words(field, value, _lang(), card_type)


@register.simple_tag
def provenance_words(entry: dict | None, sources: list | None = None) -> str:
    return wording.provenance_words(entry, _lang(), sources)


@register.filter
def status_words(status: str) -> str:
    return wording.status_words(status, _lang())


@register.filter
def kind_words(kind: str) -> str:
    return wording.pick(wording.KIND_WORDS.get(kind, (kind, kind)), _lang())


@register.filter
def revision_kind_words(kind: str) -> str:
    return wording.pick(wording.REVISION_KIND_WORDS.get(kind, (kind, kind)), _lang())


@register.filter
def field_labels(fields: list[str]) -> str:
    return ", ".join(wording.field_label(f, _lang()) for f in fields)


@register.simple_tag
def card_thumb_url(card) -> str:
    """The card's thumbnail (or a practice card's generated face), '' when it has none.

    For other pages that show cards (the deck builder's preview, boards): one query per card.
    """
    uris = image_uris(card)
    return uris["small"] if uris else ""


@register.simple_tag
def revision_source(revision) -> str:
    """A revision's source in words: imports and reverts have fixed machine-made sources."""
    hu = _lang() == "hu"
    if revision.kind == "revert":
        undone = revision.reverts.first()
        when = timezone.localtime(undone.created).strftime("%Y-%m-%d %H:%M") if undone else ""
        return f"a(z) {when} változás visszavonása" if hu else f"undoes the change of {when}"
    if revision.kind == "import" and revision.source in ("fixtures", "import") \
            or revision.source.endswith(".json"):
        return "a projekt kártyaadatai" if hu else "the project's card data"
    return revision.source


@register.filter
def note_words(note: str) -> str:
    """A card's data note in the page's language (Hungarian notes: cards/notes_hu.py)."""
    return wording.note_words(note or "", _lang())
