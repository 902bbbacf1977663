"""Waking long-polls the moment a match changes.

On PostgreSQL a trigger on the match row (migrations 0003, 0005) sends ``pg_notify`` on
the match's channel whenever its version or status changes, delivered when that change
commits; a waiting request ``LISTEN``s on that channel: it wakes within milliseconds and
costs nothing while it waits. The notification carries the row's progress, so a waiter
woken by a change that does not concern it (the other side's next move) goes back to
sleep without a query. Elsewhere (SQLite, or a request inside a transaction, where a
``LISTEN`` would not take effect until commit) the waiter re-reads one row every
``POLL_EVERY`` seconds.
"""

from __future__ import annotations

import json
import select
import time
from collections.abc import Callable
from typing import Any

from django.db import connection

POLL_EVERY = 0.2
# Longest sleep between two re-reads on the LISTEN path: a safety net should a
# notification ever be missed (e.g. the connection dropped), not the wake-up mechanism.
LISTEN_SLICE = 5.0


def channel(match_id: int) -> str:
    return f"kaosz_match_{int(match_id)}"


def _listening() -> bool:
    return connection.vendor == "postgresql" and not connection.in_atomic_block


def progress(payload: str | None) -> tuple[int, int, str, list[int]] | None:
    """(event_count, version, status, to_act) from a notification's payload
    ("version|status|event_count|to_act"; migration 0005), or None if it has none."""
    if not payload:
        return None
    try:
        version, status, count, to_act = payload.split("|", 3)
        seats = json.loads(to_act)
        return int(count), int(version), status, [int(s) for s in seats]
    except (ValueError, TypeError):
        return None


def _newest(pg: Any, name: str) -> str | None:
    """The payload of the newest notification on channel ``name`` that has already
    arrived (None if none has), without waiting.

    Everything that arrived is read: several notifications can come in one packet (two
    moves committed within a millisecond), and the newest says where the match is now;
    acting on the first and dropping the rest left a waiter asleep on a stale "not your
    turn". Notifications of other channels are a previous long-poll's leftovers on this
    connection (read with its UNLISTEN), about another match: skipped."""
    payload = None
    for note in pg.notifies(timeout=0):
        if note.channel == name:
            payload = note.payload
    return payload


def _next_payload(pg: Any, name: str, timeout: float) -> str | None:
    """The payload of the newest notification on channel ``name``, or None after
    ``timeout`` seconds (or when what arrived was none of the channel's).

    The wait is one ``select()`` on the connection's socket, which sleeps without the GIL
    until something arrives. psycopg's own ``notifies(timeout=...)`` wakes every 0.1 s to
    look for a keyboard interrupt: 25 waiting long-polls made their process take the GIL
    from the requests being served 250 times a second."""
    payload = _newest(pg, name)  # (any read with a query meanwhile)
    if payload is None:
        ready, _, _ = select.select([pg.fileno()], [], [], timeout)
        if ready:
            payload = _newest(pg, name)
    return payload


def wait_until(match_id: int, changed: Callable[[str | None], bool], deadline: float) -> None:
    """Return when ``changed(payload)`` is true or ``time.monotonic()`` passes
    ``deadline``. ``payload`` is the notification that woke the waiter (see
    :func:`progress`), or None when there is none: then ``changed`` reads the row."""
    if not _listening():
        while not changed(None) and time.monotonic() < deadline:
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
        payload = None
        while not changed(payload):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            payload = _next_payload(pg, name, min(remaining, LISTEN_SLICE))
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f'UNLISTEN "{name}"')
