"""One wait for a match to change, in two forms: :func:`wait_for_change` in a request's
thread (WSGI, the test client, SQLite: ``notify``'s ``LISTEN`` or re-reads), and
:func:`wait_for_change_async` on the event loop (ASGI on PostgreSQL: ``hub``, holding
neither a thread nor a database connection). Both answer the match's progress when the
wait ended (None: deleted); :func:`~matches.live.events.unchanged` then says whether
anything happened."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from asgiref.sync import sync_to_async
from django.db import connection

from kaosz.server.threads import let_go_of_thread
from matches import store
from matches.live import hub, notify
from matches.live.events import Progress, Wait

T = TypeVar("T")


def wait_for_change(wait: Wait) -> Progress | None:
    """Wait in this thread until ``wait`` is over or its deadline passes."""
    latest: list[Progress | None] = [wait.seen]

    def over(payload: str | None) -> bool:
        latest[0] = notify.progress(payload) or store.match_progress(wait.match_id)
        return wait.over(latest[0])

    if not wait.over(wait.seen):
        notify.wait_until(wait.match_id, over, wait.deadline)
    return latest[0]


def _then_release(fn: Callable[[], T]) -> Callable[[], T]:
    def run() -> T:
        try:
            return fn()
        finally:
            connection.close()  # (back to the pool: a waiting request holds none)
    return run


async def before_waiting(fn: Callable[[], T]) -> T:
    """``fn`` in the request's thread, then give back both its database connection and
    the thread (``kaosz.server.threads``): what follows is a wait that needs neither."""
    try:
        return await sync_to_async(_then_release(fn))()
    finally:
        let_go_of_thread()


async def wait_for_change_async(wait: Wait) -> Progress | None:
    """Wait on the event loop (PostgreSQL: the process's one listening connection) until
    ``wait`` is over or its deadline passes."""
    latest: list[Progress | None] = [wait.seen]

    def over(now: Progress | None) -> bool:
        latest[0] = now
        return wait.over(now)

    async def look() -> bool:
        return over(await before_waiting(lambda: store.match_progress(wait.match_id)))

    def heard(payload: str | None) -> bool:
        parsed: Any = notify.progress(payload)
        return over(parsed) if parsed is not None else False

    if not wait.over(wait.seen):
        await hub.wait_until(wait.match_id, heard, look, wait.deadline)
    return latest[0]
