"""The deck formats this server has, as enums in the API schema where a request body names
one, and the inline deck document (a drf-spectacular post-processing hook,
``SPECTACULAR_SETTINGS``)."""

from __future__ import annotations

from typing import Any

from decks.api.fields import DECK_DOCUMENT, DOCUMENT, NULL_ENUM
from decks.core.formats import all_formats

# Request bodies whose `format` is a deck format (the server refuses any other value).
DECK_FORMAT_BODIES = ("DeckRequest", "PatchedDeckRequest", "DeckInputRequest",
                      "BulkInputRequest", "TournamentCreateRequest")


def postprocess(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict:
    schemas = result.get("components", {}).get("schemas", {})
    keys = [f["key"] for f in all_formats()]
    for name in DECK_FORMAT_BODIES:
        prop = schemas.get(name, {}).get("properties", {}).get("format")
        if prop is not None:
            prop["enum"] = keys
            prop.pop("minLength", None)
    # the inline deck every deck field refers to (``decks.api.fields``)
    schemas[DOCUMENT] = DECK_DOCUMENT
    schemas.setdefault("NullEnum", NULL_ENUM)
    return result
