"""What an API refusal says to a person on a page, Hungarian first.

The API's JSON keeps its English ``message`` (clients may show or log it); a page shows the
sentence for the error's ``code`` from the app's catalogue in the page's language, and never the
code itself. A code missing here falls back to a general Hungarian sentence with the API's
English words after it, so nothing is ever lost; the table is meant to cover every code a
page can meet (``tests/pages/test_site_bugs.py`` checks the common ones).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import get_language

from web.error_catalogue import Column

# code -> (magyar, English): the page sentences of every app's codes that have one
# (``<app>/error_codes.py``, registered into ``web.error_catalogue``)
ERRORS: Mapping[str, tuple[str, str]] = Column(lambda e: (e.hu, e.en), keep=lambda e: bool(e.hu))


# Refusals whose English message names what is wrong (players, rules): a Hungarian page
# shows those words after its own sentence rather than lose them.
KEEP_DETAIL = {"pairing_rule_broken", "same_table", "not_paired"}


def _hu() -> bool:
    return (get_language() or "hu").startswith("hu")


def error_text(code: str, message: str = "") -> str:
    """The sentence a page shows for an error: the table's, in the page's language."""
    known = ERRORS.get(code)
    if _hu():
        if known:
            return f"{known[0]} ({message})" if code in KEEP_DETAIL and message else known[0]
        return f"A kérés nem sikerült. ({message})" if message else "A kérés nem sikerült."
    return message or (known[1] if known else "The request failed.")


def error_of(exc: Any) -> str:
    """The sentence for an ``ApiError`` (or anything with ``error_code``/``code`` and
    ``message``)."""
    code = getattr(exc, "error_code", None) or getattr(exc, "code", "") or ""
    return error_text(str(code), str(getattr(exc, "message", "") or ""))
