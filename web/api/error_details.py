"""What an error's ``details`` carries, as the API schema publishes it.

Each code names its own facts, and many codes share a few: the input refused (`fields`,
`field`, `parameter`, `position`), the values allowed, a limit reached, when to try
again, the match or seat concerned. Those are typed here once, each present only where a
code carries it; the details stay open to the facts of one code alone (an engine's, a
deck validator's), which the error catalogue's table describes. One shape for every code
keeps the one error shape one schema for a generated client.
"""

from __future__ import annotations

from typing import Any

_INT = {"type": "integer"}
_TEXT = {"type": "string"}
_TEXTS = {"type": "array", "items": _TEXT}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


# A refused body's fields: field → its messages, or the refusals inside it (a list's
# entries by position, an object's fields by name).
FIELD_ERRORS = {
    "type": "object",
    "description": "Field → what is wrong with it: its messages, or (for a list or an "
                   "object) the same again for what it holds.",
    "additionalProperties": {"oneOf": [
        _TEXT,
        {"type": "array", "items": {"oneOf": [_TEXT, _ref("FieldErrors")]}},
        _ref("FieldErrors")]}}

ERROR_DETAILS = {
    "type": "object",
    "description": "Code-specific facts; each key is present only where the code "
                   "carries it, and a code may add facts of its own (the catalogue says "
                   "which).",
    "properties": {
        "fields": {**_ref("FieldErrors")},
        "field": {"type": "string", "description": "The input refused (for a scenario: "
                  "the path of the field)."},
        "parameter": {"type": "string", "description": "The query parameter refused."},
        "position": {"type": "integer", "description": "The entry of a list refused."},
        "positions": {"type": "array", "items": _INT,
                      "description": "The entries of a list refused."},
        "allowed": {**_TEXTS, "description": "The values accepted."},
        "seat": {"type": "integer", "description": "The seat concerned."},
        "status": {"type": "string", "description": "The status that refused it (a "
                   "match's, a simulation's)."},
        "version": {"type": "integer", "description": "The match's version now."},
        "min": {"type": "integer", "description": "The least accepted."},
        "max": {"type": "integer", "description": "The most accepted."},
        "limit": {"type": "integer", "description": "The limit reached."},
        "retry_after_seconds": {"type": "integer", "description": "Every 429 and 503: "
                                "when to try again, as `Retry-After` says."},
        "code": {"type": "string", "description": "The code of the refusal inside (a "
                 "game's, a deck's)."},
        "closest": {**_TEXTS, "description": "The card slugs nearest the name given."},
        "candidates": {**_TEXTS, "description": "The card slugs the name may mean."},
    },
    # (said outright: validators such as Redocly's read an object that does not say so as
    # closed, and a code's own facts would then look like mistakes)
    "additionalProperties": True}

COMPONENTS: dict[str, dict[str, Any]] = {"ErrorDetails": ERROR_DETAILS,
                                         "FieldErrors": FIELD_ERRORS}
