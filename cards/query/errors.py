"""The two ways a query talks back: a syntax error (HTTP 400) and a warning (ignored part)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class QuerySyntaxError(ValueError):
    """The text cannot be parsed. `position`/`length` are character offsets into the query."""

    def __init__(self, message: str, position: int, length: int = 1, message_hu: str = ""):
        super().__init__(message)
        self.message = message
        self.message_hu = message_hu or message
        self.position = position
        self.length = max(0, length)

    def as_dict(self) -> dict[str, Any]:
        return {
            "message": self.message,
            "message_hu": self.message_hu,
            "position": self.position,
            "length": self.length,
        }


@dataclass(frozen=True)
class QueryWarning:
    """Part of the query was not understood and was ignored (or matches nothing, see code)."""

    code: str  # unknown_keyword | unknown_value | ambiguous_value | bad_operator | ...
    message: str
    message_hu: str
    position: int | None = None
    length: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "message_hu": self.message_hu,
            "position": self.position,
            "length": self.length,
        }
