"""The one wait for a match to change. It is a coroutine; a caller in a thread (WSGI, the
test client) runs it with ``async_to_sync``. It answers the match's progress when the wait
ended (None: deleted); :func:`~matches.live.events.unchanged` then says whether anything
happened.

Two ways to be woken, one loop each (``Wait.over`` decides in both):

- on the event loop (``listen=True``, ASGI on PostgreSQL): the process's one listening
  connection (``hub``), holding neither a thread nor a database connection;
- in the request's thread (``listen=False``): ``notify``'s ``LISTEN`` on the thread's own
  connection, or re-reads of the row on SQLite and inside a transaction.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import sync_to_async

from matches import store
from matches.live import hub, notify
from matches.live.events import Progress, Wait
from web import db_outage
from web.server.deferred import in_thread


async def wait_for_change(wait: Wait, *, listen: bool) -> Progress | None:
    """Wait until ``wait`` is over or its deadline passes; the match's progress then."""
    latest: list[Progress | None] = [wait.seen]
    if wait.over(wait.seen):
        return wait.seen

    def over(now: Progress | None) -> bool:
        latest[0] = now
        return wait.over(now)

    if listen:
        async def look() -> bool:
            return over(await in_thread(lambda: db_outage.read_retrying(
                lambda: store.match_progress(wait.match_id))))

        def heard(payload: str | None) -> bool:
            parsed: Any = notify.progress(payload)
            return over(parsed) if parsed is not None else False

        await hub.wait_until(wait.match_id, heard, look, wait.deadline)
    else:
        def read_or_heard(payload: str | None) -> bool:
            return over(notify.progress(payload) or store.match_progress(wait.match_id))

        await sync_to_async(notify.wait_until)(wait.match_id, read_or_heard, wait.deadline)
    return latest[0]
