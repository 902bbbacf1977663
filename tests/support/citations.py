"""What the rule-citation checks of every game share: the undefined citations, and a report
of them that names the file and the line."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar


class Numbered(Protocol):
    """A citation of any game (this module's, or the sister games')."""

    @property
    def number(self) -> str: ...


C = TypeVar("C", bound=Numbered)


def undefined(cited: Iterable[C], defined: Iterable[str]) -> list[C]:
    known = set(defined)
    return [c for c in cited if c.number not in known]


def report(lines: Iterable[object], limit: int = 60) -> str:
    shown = [str(x) for x in lines]
    more = f"\n… and {len(shown) - limit} more" if len(shown) > limit else ""
    return "\n".join(shown[:limit]) + more
