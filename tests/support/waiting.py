"""Waiting in tests: on a condition, with a deadline that holds on a loaded machine, never
on a bare sleep. A sleep that "gives the other thread time" passes without testing
anything when the machine is busy; a wait on the condition cannot.

- :func:`until`: poll a condition until it holds (its value is returned) or fail;
- :func:`wait_decisions`: every decision the live path's waits take (``Wait.over``), so a
  test can wait until a long-poll has looked at the match and gone (back) to sleep;
- :func:`listening`: whether a database session listens on a notification channel.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def until(condition: Callable[[], T | None], timeout: float = 60.0, every: float = 0.05,
          what: str = "the condition") -> T:
    """``condition()``'s first true value, asked every ``every`` seconds; an
    AssertionError naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"{what}: not within {timeout} s")
        time.sleep(every)


Decision = tuple[Any, bool]  # (the match's progress the wait saw, whether it ended the wait)


def wait_decisions(monkeypatch: Any) -> list[Decision]:
    """Record every ``matches.live.events.Wait.over`` decision from now on (the view's
    and the waiting loops'), in the order taken."""
    from matches.live.events import Wait

    taken: list[Decision] = []
    original = Wait.over

    def over(self: Wait, now: Any) -> bool:
        ended = original(self, now)
        taken.append((now, ended))
        return ended

    monkeypatch.setattr(Wait, "over", over)
    return taken


def asleep_at(decisions: list[Decision], version: int | None = None) -> bool:
    """Whether a wait has looked at the match (at ``version``, when given) and stayed
    asleep."""
    return any(not ended and now is not None and (version is None or now[1] == version)
               for now, ended in decisions)


def listening(channel: str) -> bool:
    """Whether a session of this database is listening on ``channel`` (PostgreSQL: the
    last statement a waiting session ran is its ``LISTEN``)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s "
                       "AND query = %s", [connection.settings_dict["NAME"],
                                          f'LISTEN "{channel}"'])
        return cursor.fetchone()[0] > 0
