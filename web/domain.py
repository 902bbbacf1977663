"""Refusals of the domain, free of HTTP.

Services and stores raise a :class:`DomainError` subclass (``matches.errors.MatchError``,
``matches.store.StoreError``): a stable code, a sentence, details. Whoever calls them
decides what a refusal becomes: the API answers it in the one error shape with the HTTP
status its code maps to (``web.api.domain_status``, the one table), a page shows its
sentence (``web.messages.error_of``), a task records or ignores it.
"""

from __future__ import annotations

from typing import Any


class DomainError(Exception):
    """A refusal: ``code`` (stable, in the error catalogue), ``message``, ``details``."""

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details or {}

    @property
    def error_code(self) -> str:
        """The same code under the name ``ApiError`` gives it (pages and tasks read either)."""
        return self.code
