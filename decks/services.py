"""Deck input in any shape -> {slug: count}; saving revisions; resolving decks for matches."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from cards.models import Card, CollectionEntry
from decks.catalog import card_index
from decks.core import (
    DeckCodeError,
    UnknownFormat,
    decode_deck_code,
    expand_deck,
    get_format,
    import_text,
    validate,
)
from decks.core.formats import format_keys
from decks.core.messages import reasons
from decks.models import Deck, DeckRevision

MAX_TEXT = 20_000
MAX_ENTRIES = 500


class DeckError(Exception):
    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details or {}


@dataclass
class ParsedDeck:
    cards: dict[str, int]
    import_errors: list[dict[str, Any]]


def check_format(key: Any) -> str:
    if not isinstance(key, str):
        raise DeckError("unknown_format", "format: a format key", {"field": "format"})
    try:
        get_format(key)
    except UnknownFormat as exc:
        raise DeckError("unknown_format", f"unknown format {key!r}",
                        {"field": "format", "allowed": format_keys()}) from exc
    return key


def parse_input(data: dict[str, Any]) -> ParsedDeck:
    """A deck from exactly one of ``text``, ``cards`` (``[{card, count}]``) or ``code``."""
    given = [k for k in ("text", "cards", "code") if data.get(k) not in (None, "")]
    if len(given) != 1:
        raise DeckError("deck_input", "give exactly one of text, cards or code",
                        {"given": given})
    index = card_index()
    kind = given[0]
    if kind == "text":
        text = data["text"]
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise DeckError("deck_input", f"text: a deck list of at most {MAX_TEXT} characters",
                            {"field": "text"})
        parsed = import_text(text, index)
        return ParsedDeck(parsed["deck"], parsed["errors"])
    if kind == "code":
        code = data["code"]
        try:
            if not isinstance(code, str):
                raise DeckCodeError("deck_code_invalid")
            return ParsedDeck(decode_deck_code(code.strip()), [])
        except DeckCodeError as exc:
            raise DeckError("deck_code_invalid", "that deck code cannot be read",
                            {"field": "code", **exc.as_dict()}) from exc
    entries = data["cards"]
    if not isinstance(entries, list) or len(entries) > MAX_ENTRIES:
        raise DeckError("deck_input", f"cards: a list of at most {MAX_ENTRIES} entries",
                        {"field": "cards"})
    cards: dict[str, int] = {}
    errors: list[dict[str, Any]] = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict) or not isinstance(entry.get("card"), str) or \
                isinstance(entry.get("count", 1), bool) or \
                not isinstance(entry.get("count", 1), int):
            raise DeckError("deck_input", "each card entry is {\"card\": slug or name, "
                            "\"count\": n}", {"field": "cards", "position": i})
        count = entry.get("count", 1)
        if not 1 <= count <= 99:
            raise DeckError("deck_input", "count: 1 to 99", {"field": "cards", "position": i})
        card = index.get(entry["card"]) or index.find(entry["card"])
        if card is None:
            suggestions = index.closest_names(entry["card"])
            errors.append({"code": "deck_unknown_card",
                           "message": {"hu": f"Ismeretlen lap: {entry['card']}",
                                       "en": f"Unknown card: {entry['card']}"},
                           "details": {"position": i, "name": entry["card"],
                                       "suggestions": suggestions},
                           "cards": [], "rule": None})
            continue
        cards[card["slug"]] = cards.get(card["slug"], 0) + count
    return ParsedDeck(cards, errors)


def validate_cards(cards: dict[str, int], format_key: str,
                   import_errors: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The validator's answer, with any import problems (unknown names) as errors too."""
    result = validate(cards, format_key, card_index())
    if import_errors:
        result = dict(result)
        result["errors"] = list(import_errors) + list(result["errors"])
        result["valid"] = False
    return result


def save_revision(deck: Deck, cards: dict[str, int], note: str = "") -> DeckRevision | None:
    """A new revision when the list changed; ``None`` when it is the same as the latest."""
    with transaction.atomic():
        latest = deck.revisions.select_for_update().order_by("-number").first()
        if latest is not None and latest.cards == cards:
            return None
        number = latest.number + 1 if latest else 1
        return DeckRevision.objects.create(deck=deck, number=number, cards=cards, note=note)


@dataclass
class ResolvedDeck:
    records: list[dict[str, Any]]
    validation: dict[str, Any]
    name: str
    cards: dict[str, int]


def resolve_deck(spec: Any, user: Any, format_key: str) -> ResolvedDeck:
    """A deck for a match seat: a saved deck id the user may read, or ``{text|cards|code}``."""
    check_format(format_key)
    if isinstance(spec, bool):
        raise DeckError("deck_input", "deck: a saved deck id or {text|cards|code}")
    if isinstance(spec, int):
        deck = Deck.objects.filter(pk=spec).first()
        readable = deck is not None and (deck.public or (
            getattr(user, "is_authenticated", False) and deck.owner_id == user.pk))
        if deck is None or not readable:
            raise DeckError("deck_not_found", f"no deck {spec} that you may use",
                            {"deck": spec})
        cards, errors, name = deck.cards, [], deck.name
    elif isinstance(spec, dict):
        parsed = parse_input(spec)
        cards, errors, name = parsed.cards, parsed.import_errors, str(spec.get("name", ""))
    else:
        raise DeckError("deck_input", "deck: a saved deck id or {text|cards|code}")
    validation = validate_cards(cards, format_key, errors)
    records = expand_deck(cards, card_index()) if validation["valid"] else []
    return ResolvedDeck(records=records, validation=validation, name=name, cards=cards)


def missing_cards(cards: dict[str, int], user: Any) -> list[dict[str, Any]]:
    """Which printed cards of a deck the user lacks, and how many (from their collection).

    Unofficial practice cards are left out: nobody can own a printed copy of them.
    """
    owned = dict(CollectionEntry.objects.filter(user=user, card__slug__in=list(cards))
                 .values_list("card__slug", "owned"))
    unofficial = set(Card.objects.filter(slug__in=list(cards), official=False)
                     .values_list("slug", flat=True))
    index = card_index()
    out = []
    for slug, count in sorted(cards.items()):
        if slug in unofficial:
            continue
        have = owned.get(slug, 0)
        if have < count:
            card = index.get(slug)
            out.append({"slug": slug, "name_hu": card["name_hu"] if card else slug,
                        "need": count, "owned": have, "missing": count - have})
    return out


def waiting_cards(validation: dict[str, Any]) -> list[dict[str, Any]]:
    """The cards of a validated deck that the rules engine cannot play yet (a printed value
    nobody has entered), each once: slug, name, the reasons, and where to contribute the
    missing value. A format that only warns about them (paper tournaments) still calls the
    deck legal, but a match cannot start with it."""
    out: dict[str, dict[str, Any]] = {}
    for v in [*validation.get("errors", []), *validation.get("warnings", [])]:
        if v.get("code") != "deck_card_unplayable":
            continue
        for slug in v.get("cards", []):
            why = reasons(list(v["details"]["reasons"]))
            out.setdefault(slug, {"slug": slug, "name": v["details"]["name"],
                                  "reasons": list(v["details"]["reasons"]),
                                  "why_hu": why["hu"], "why_en": why["en"],
                                  "contribute": f"/contribute/?card={slug}"})
    return list(out.values())
