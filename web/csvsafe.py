"""CSV cells that a spreadsheet will not run as formulas (CSV/formula injection).

A text cell starting with ``= + - @``, a tab or a carriage return is a formula to Excel,
LibreOffice and Google Sheets: a player named ``=HYPERLINK(...)`` in a standings export
would run when the organiser opens it. Such cells get a leading apostrophe, which the
spreadsheets show as text; numbers are written as they are. ``unescape`` undoes it for
the project's own CSV import.
"""

from __future__ import annotations

from typing import Any

FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")


def cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(FORMULA_PREFIXES):
        return "'" + value
    return value


def row(values: list[Any]) -> list[Any]:
    return [cell(v) for v in values]


def unescape(value: str) -> str:
    if value.startswith("'") and value[1:].startswith(FORMULA_PREFIXES):
        return value[1:]
    return value
