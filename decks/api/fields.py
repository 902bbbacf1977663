"""A deck as a request names it: a saved deck's id, or the list itself given inline (a
match seat, a tournament entry, a challenge, a simulation's entrant).

The inline document is ``DeckDocument`` in the API schema: exactly one of ``text``,
``cards`` or ``code`` (what ``decks.services.parse_input`` reads), and a ``name`` (shown as
the seat's deck). Its keys are checked here, so a misspelt key is named in a 400 instead
of being dropped unread; which one is given, and what it says, the deck service decides.
A deck that cannot be read is the deck service's ``deck_input`` wherever it is refused
(the field or the service), naming the field.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from decks.services import MAX_ENTRIES, MAX_TEXT
from web.api.errors import ApiError

DOCUMENT = "DeckDocument"

DECK_DOCUMENT: dict[str, Any] = {
    "type": "object",
    "description": "A deck given inline: exactly one of `text`, `cards` or `code`, and "
                   "optionally its `name`.",
    "properties": {
        "text": {"type": "string", "maxLength": MAX_TEXT,
                 "description": "One line per card: `3 Name`."},
        "cards": {"type": "array", "maxItems": MAX_ENTRIES, "items": {
            "type": "object", "required": ["card"], "additionalProperties": False,
            "properties": {
                "card": {"type": "string", "description": "The card's slug, or its name in "
                         "Hungarian or English (accents optional)."},
                "count": {"type": "integer", "minimum": 1, "maximum": 99,
                          "description": "Copies (default 1)."}}}},
        "code": {"type": "string", "description": "The deck code."},
        "name": {"type": "string", "description": "The deck's name, shown with the seat."},
    },
    "additionalProperties": False,
}

_SAVED = {"type": "integer", "description": "A saved deck's id."}
_DOCUMENT_REF = {"$ref": f"#/components/schemas/{DOCUMENT}"}
# (OpenAPI 3.0 has no nullable reference: a null is the union's third member)
_NULL_REF = {"$ref": "#/components/schemas/NullEnum"}
NULL_ENUM: dict[str, Any] = {"type": "string", "nullable": True, "enum": [None]}

_KEY_TYPES: dict[str, tuple[type, str]] = {
    "text": (str, "a string"), "cards": (list, "a list"), "code": (str, "a string"),
    "name": (str, "a string")}


def document_problem(value: dict[str, Any]) -> str | None:
    """Why an inline deck's keys cannot be read (None: they can)."""
    unknown = sorted(k for k in value if k not in _KEY_TYPES)
    if unknown:
        return (f"unknown key(s) {', '.join(map(repr, unknown))}: a deck is "
                '{"text"|"cards"|"code": ..., "name": ...}')
    for key, (kind, said) in _KEY_TYPES.items():
        if value.get(key) is not None and not isinstance(value[key], kind):
            return f"{key}: {said}"
    return None


@extend_schema_field({"oneOf": [_SAVED, _DOCUMENT_REF]})
class DeckSpecField(serializers.JSONField):
    """A deck: a saved deck's id or the list itself."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, bool) or not isinstance(data, int | dict):
            problem: str | None = 'a saved deck id or {"text"|"code"|"cards": ...}'
        else:
            problem = document_problem(data) if isinstance(data, dict) else None
        if problem:
            raise ApiError("deck_input", f"{self.field_name or 'deck'}: {problem}", 400,
                           {"field": self.field_name or "deck"})
        return super().to_internal_value(data)


@extend_schema_field({"oneOf": [_SAVED, _DOCUMENT_REF, _NULL_REF]})
class OptionalDeckSpecField(DeckSpecField):
    """A deck, or null (omitted: the ruleset's example deck, or no deck yet)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault("allow_null", True)
        super().__init__(**kwargs)
