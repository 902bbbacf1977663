"""Waking long-polls the moment a match changes.

On PostgreSQL a trigger on the match row (migration 0003) sends ``pg_notify`` on the
match's channel whenever its version or status changes, delivered when that change
commits; a waiting request ``LISTEN``s on that channel: it wakes within milliseconds and
costs nothing while it waits. Elsewhere (SQLite, or a request inside a transaction, where a
``LISTEN`` would not take effect until commit) the waiter re-reads one row every
``POLL_EVERY`` seconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.db import connection

POLL_EVERY = 0.2
# Longest sleep between two re-reads on the LISTEN path: a safety net should a
# notification ever be missed (e.g. the connection dropped), not the wake-up mechanism.
LISTEN_SLICE = 5.0


def channel(match_id: int) -> str:
    return f"kaosz_match_{int(match_id)}"


def _listening() -> bool:
    return connection.vendor == "postgresql" and not connection.in_atomic_block


def wait_until(match_id: int, changed: Callable[[], bool], deadline: float) -> None:
    """Return when ``changed()`` is true or ``time.monotonic()`` passes ``deadline``."""
    if not _listening():
        while not changed() and time.monotonic() < deadline:
            time.sleep(min(POLL_EVERY, max(0.0, deadline - time.monotonic())))
        return
    connection.ensure_connection()
    pg = connection.connection
    name = channel(match_id)
    with connection.cursor() as cursor:
        cursor.execute(f'LISTEN "{name}"')
    try:
        # A notification that arrives while ``changed()`` runs its query waits in
        # psycopg's backlog and ends the next ``notifies()`` at once: none is lost.
        while not changed():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            for _ in pg.notifies(timeout=min(remaining, LISTEN_SLICE), stop_after=1):
                pass
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f'UNLISTEN "{name}"')
