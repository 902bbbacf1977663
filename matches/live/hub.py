"""Waiting for a match (or an account) to change without a thread or a database connection (ASGI).

Each server process keeps ONE PostgreSQL connection that ``LISTEN``s on ``kaosz_matches``,
where the trigger (migration 0007) announces every committed change of every match with
its progress. A :class:`Hub` reads it and fans each notification out to the coroutines
waiting on that match in this process. A waiting long-poll is then a coroutine parked on
an ``asyncio.Queue``: no thread, no connection, a few kilobytes.

Why PostgreSQL's LISTEN and not Redis pub/sub: the notification is sent by the database
in the same commit as the change (a trigger), so it can neither get ahead of the data nor
be forgotten by a code path that writes the row; Redis would need every writer to publish
after its commit, and a crash between the two would lose the wake-up.

The hub also remembers the newest progress of each match it has heard of, so a waiter
that subscribes just after a change it has not seen yet decides at once (no missed
wake-up, no query). A dropped listening connection is reopened; every waiter is then told
to look at the database once (``None``), since notifications sent meanwhile are lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from django.db import connection

log = logging.getLogger(__name__)

CHANNEL = "kaosz_matches"
ACCOUNTS = "kaosz_accounts"  # (account events: matches.live.account)
# Longest sleep between two looks at the database should no notification come: a safety
# net (a lost notification), not the wake-up mechanism.
SAFETY_SLICE = 10.0
KNOWN_MAX = 20_000
RECONNECT_EVERY = 1.0


def split(payload: str) -> tuple[int, str] | None:
    """("id|version|status|count|to_act") -> (match id, the per-match payload)."""
    head, _, rest = payload.partition("|")
    try:
        return int(head), rest
    except ValueError:
        return None


class Hub:
    """One listening connection per process (per event loop), fanning out to waiters."""

    def __init__(self, conninfo: dict[str, Any]) -> None:
        self.conninfo = conninfo
        self.waiters: dict[int, set[asyncio.Queue[str | None]]] = {}
        # Account streams, by user id: each queue gets every event of its user.
        self.accounts: dict[int, set[asyncio.Queue[str | None]]] = {}
        self.known: OrderedDict[int, str] = OrderedDict()
        self.listening = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        # (imported here: only a PostgreSQL deployment listens; the embedded default never does)
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                        **self.conninfo, autocommit=True) as conn:
                    await conn.execute(f'LISTEN "{CHANNEL}"')
                    await conn.execute(f'LISTEN "{ACCOUNTS}"')
                    self.known.clear()  # (what was missed while not listening is unknown)
                    self.listening.set()
                    self._wake_all()
                    async for note in conn.notifies():
                        if note.channel == ACCOUNTS:
                            self._dispatch_account(note.payload)
                        else:
                            self._dispatch(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the match listener lost its connection; reconnecting")
            self.listening.clear()
            self.known.clear()
            await asyncio.sleep(RECONNECT_EVERY)

    def _dispatch(self, payload: str) -> None:
        parsed = split(payload)
        if parsed is None:
            return
        match_id, progress = parsed
        self.known[match_id] = progress
        self.known.move_to_end(match_id)
        while len(self.known) > KNOWN_MAX:
            self.known.popitem(last=False)
        for queue in self.waiters.get(match_id, ()):
            queue.put_nowait(progress)

    def _dispatch_account(self, payload: str) -> None:
        head, _, _ = payload.partition("|")
        if head.isdigit():
            for queue in self.accounts.get(int(head), ()):
                queue.put_nowait(payload)

    def _wake_all(self) -> None:
        for queues in (*self.waiters.values(), *self.accounts.values()):
            for queue in queues:
                queue.put_nowait(None)

    def subscribe(self, match_id: int) -> asyncio.Queue[str | None]:
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.waiters.setdefault(match_id, set()).add(queue)
        return queue

    def unsubscribe(self, match_id: int, queue: asyncio.Queue[str | None]) -> None:
        queues = self.waiters.get(match_id)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self.waiters[match_id]

    def subscribe_account(self, user_id: int) -> asyncio.Queue[str | None]:
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.accounts.setdefault(user_id, set()).add(queue)
        return queue

    def unsubscribe_account(self, user_id: int, queue: asyncio.Queue[str | None]) -> None:
        queues = self.accounts.get(user_id)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self.accounts[user_id]

    def waiting(self) -> int:
        return sum(len(q) for q in self.waiters.values())


_HUBS: dict[int, Hub] = {}


def conninfo() -> dict[str, Any]:
    db = connection.settings_dict
    info = {"dbname": db["NAME"], "user": db.get("USER") or None,
            "password": db.get("PASSWORD") or None, "host": db.get("HOST") or None,
            "port": db.get("PORT") or None}
    return {k: v for k, v in info.items() if v is not None}


def hub() -> Hub:
    """This event loop's hub (started on first use)."""
    loop = asyncio.get_running_loop()
    found = _HUBS.get(id(loop))
    if found is None:
        found = _HUBS[id(loop)] = Hub(conninfo())
    found.start()
    return found


async def wait_until(match_id: int, changed: Callable[[str | None], bool],
                     look: Callable[[], Awaitable[bool]], deadline: float) -> None:
    """Return when the match's progress satisfies ``changed(payload)`` (a pure check of a
    notification's payload) or ``look()`` (an awaitable check against the database, used
    only when the hub has no word of the match) says so, or ``time.monotonic()`` passes
    ``deadline``."""
    h = hub()
    queue = h.subscribe(match_id)
    try:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(h.listening.wait(), max(0.0, deadline - time.monotonic()))
        latest = h.known.get(match_id)
        if (changed(latest) if latest is not None else await look()):
            return
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            try:
                arrived = [await asyncio.wait_for(queue.get(), min(remaining, SAFETY_SLICE))]
            except TimeoutError:
                arrived = [None]
            while not queue.empty():  # several arrived: the newest says where it is now
                arrived.append(queue.get_nowait())
            # (None: a safety look, or the listener reconnected and may have missed some.)
            if (await look() if None in arrived else changed(arrived[-1])):
                return
    finally:
        h.unsubscribe(match_id, queue)
