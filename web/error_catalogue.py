"""Every error code the site answers with, each owned by the app that raises it.

An app lists its codes in its own ``error_codes.py`` (the HTTP status, what the code means
for a client, and a page's sentence in both languages) and registers them from its
``AppConfig.ready()``; a ruleset (which knows no Django) hands its plain-data messages to
the app that runs it, which registers them the same way. The three readers look codes up
here, never in a table of their own:

- the API edge: the status a domain refusal is answered with (``web.api.domain_status``);
- the API description: the catalogue table and ``x-error-codes`` (``web.api.schema``);
- the pages: the sentence shown for a refusal (``web.messages``).

A code registered twice must say the same thing both times: two apps that need one code
share its meaning, or one of them names its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class ErrorCode:
    """One code: its HTTP status, what it means for a client (the API description's table),
    and the sentence a page shows for it in Hungarian and English (none: the page's general
    sentence with the API's words)."""

    status: int        # the HTTP status the API answers with
    meaning: str       # for a client: what it means and what to do (English)
    hu: str = ""       # the sentence a page shows, Hungarian ("" : the general sentence)
    en: str = ""       # ... and English


class CodeClash(ValueError):
    """One code registered by two owners with different entries."""


_CODES: dict[str, ErrorCode] = {}
_OWNERS: dict[str, str] = {}

CODES: Mapping[str, ErrorCode] = MappingProxyType(_CODES)   # every registered code


def register(owner: str, codes: Mapping[str, ErrorCode]) -> None:
    """Add ``owner``'s codes (an app label, or ``app:ruleset`` for a game's own)."""
    for code, entry in codes.items():
        known = _CODES.get(code)
        if known is not None and known != entry:
            raise CodeClash(f"error code {code!r}: {_OWNERS[code]} and {owner} say different "
                            "things; share one entry or choose another code")
        if bool(entry.hu) != bool(entry.en):
            raise CodeClash(f"error code {code!r} ({owner}): a page sentence in one language "
                            "only")
        _CODES[code] = entry
        _OWNERS.setdefault(code, owner)


def owner_of(code: str) -> str | None:
    return _OWNERS.get(code)


class Column(Mapping[str, T]):
    """A read-only view of one column of the catalogue, in the shape a reader wants (the
    codes ``keep`` accepts, each as ``pick`` makes it); it follows later registrations."""

    def __init__(self, pick: Callable[[ErrorCode], T],
                 keep: Callable[[ErrorCode], bool] = lambda entry: True) -> None:
        self._pick, self._keep = pick, keep

    def __getitem__(self, code: str) -> T:
        entry = _CODES[code]
        if not self._keep(entry):
            raise KeyError(code)
        return self._pick(entry)

    def __iter__(self) -> Iterator[str]:
        return iter([code for code, entry in _CODES.items() if self._keep(entry)])

    def __len__(self) -> int:
        return sum(1 for entry in _CODES.values() if self._keep(entry))
