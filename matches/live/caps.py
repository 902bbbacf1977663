"""How many waits and streams one client may hold open at once.

Waiting long-polls and streams are limited per signed-in user (``KAOSZ_WAITERS_PER_USER``,
by session or API token) and, without an account, per address
(``KAOSZ_ANON_WAITERS_PER_CLIENT``): a wait costs little, but forty of them from one
address, or four hundred from one account, must not be free. Counted per process."""

from __future__ import annotations

import threading
from collections import Counter

_WAITERS: Counter[str] = Counter()
_LOCK = threading.Lock()


class Slot:
    """One taken waiting slot of ``key``; :meth:`release` gives it back (once)."""

    def __init__(self, key: str) -> None:
        self.key = key
        self._held = True

    def release(self) -> None:
        with _LOCK:
            if not self._held:
                return
            self._held = False
            _WAITERS[self.key] -= 1
            if _WAITERS[self.key] <= 0:
                del _WAITERS[self.key]

    def __enter__(self) -> Slot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def take(key: str, limit: int) -> Slot | None:
    """One of ``key``'s ``limit`` slots, or None when all are taken."""
    with _LOCK:
        if _WAITERS[key] >= limit:
            return None
        _WAITERS[key] += 1
    return Slot(key)
