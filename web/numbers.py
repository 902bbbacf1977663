"""Whole numbers typed by people, read without surprises.

``str.isdigit()`` then ``int()`` was the pattern, and both halves fail on hostile input:
``isdigit`` is true for '²' and other non-ASCII digits that ``int`` refuses, and ``int``
raises on more than 4,300 digits. Each was a 500 where a field took a number.
"""

from __future__ import annotations

import re

_WHOLE = re.compile(r"[0-9]{1,18}")


def whole(raw: str) -> int | None:
    """``raw`` as a non-negative whole number of at most 18 ASCII digits, else None."""
    return int(raw) if _WHOLE.fullmatch(raw) else None
