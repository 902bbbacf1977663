"""The match stream's one loop, whatever the server: :func:`steps` says what to send, what to
read and what to wait for; :func:`in_this_thread` (WSGI, SQLite) and :func:`on_the_loop`
(ASGI on PostgreSQL: no thread nor connection held while waiting, spectators sharing each
render) only do those steps. The view that opens a stream is ``live_views.stream``."""

from __future__ import annotations

import functools
import json
import time
from collections.abc import AsyncIterator, Generator, Iterator
from dataclasses import dataclass
from typing import Any

from asgiref.sync import async_to_sync

from matches.api import shared_renders
from matches.api.waiting import Read
from matches.live import caps, presence
from matches.live.events import Progress, Wait, unchanged
from matches.live.wait import wait_for_change
from web.server.deferred import in_thread, release_thread


def _progress(body: dict[str, Any]) -> str:
    return f"event: progress\ndata: {json.dumps(body, separators=(',', ':'))}\n\n"


def _next_wait(pk: int, body: dict[str, Any], keepalive: float) -> Wait:
    after = body["last"]
    seen = (after, body["version"], body["status"], list(body["to_act"]))
    return Wait(pk, seen, after, time.monotonic() + keepalive)


def _sends(body: dict[str, Any], sent: tuple[int, int, str] | None) -> bool:
    return (body["last"], body["version"], body["status"]) != sent


@dataclass(frozen=True)
class _Read:
    """A step of the stream: read the answer after event ``after``; ``now`` is the match's
    progress as the wait that asked for it left it (None: a further page)."""

    after: int
    now: Progress | None = None


# What the stream's one loop asks of the server: send a text, read an answer (the server
# hands back the events answer, or None for a deleted match), or wait (back: the match's
# progress when the wait ended).
Step = str | _Read | Wait


def steps(pk: int, body: dict[str, Any] | None, keepalive: float,
          viewer: int | None = None) -> Generator[Step, Any, None]:
    """The match stream, whatever the server: ``body`` (the answer at connecting), then
    one answer per change, a keep-alive comment after ``keepalive`` seconds of nothing. Ends
    with the match, or when the server closes it (the client went away). How a read or a
    wait is done, in this thread or on the event loop, is the server's
    (:func:`in_this_thread`, :func:`on_the_loop`)."""
    sent = None
    while body is not None:
        if viewer is not None:   # (a person at an open board is on the site)
            presence.seen(viewer)
        if _sends(body, sent):
            sent = (body["last"], body["version"], body["status"])
            yield _progress(body)
        if body["more"]:  # (a long match: the next page at once)
            body = yield _Read(body["last"])
        elif body["status"] == "finished":
            return
        else:
            wait = _next_wait(pk, body, keepalive)
            now = yield wait
            if unchanged(wait.seen, now):
                yield ": keep-alive\n\n"
            else:
                body = yield _Read(wait.after, now)


def in_this_thread(steps: Generator[Step, Any, None], read: Read,
                    slot: caps.Slot) -> Iterator[str]:
    """The stream's steps done in this thread (WSGI, SQLite): it reads and waits here."""
    try:
        answer: Any = None
        while True:
            step = steps.send(answer)
            if isinstance(step, str):
                yield step
                answer = None
            elif isinstance(step, Wait):
                answer = async_to_sync(wait_for_change)(step, listen=False)
            else:
                answer = read(step.after)
    except StopIteration:
        return
    finally:
        steps.close()
        slot.release()


async def on_the_loop(pk: int, steps: Generator[Step, Any, None], read: Read,
                       public: bool, slot: caps.Slot) -> AsyncIterator[str]:
    """The stream's steps done on the event loop (ASGI on PostgreSQL): the waits hold
    neither a thread nor a connection, and spectators' streams share each render
    (``shared_renders``)."""

    async def render(after: int) -> tuple[int, bytes]:
        found = await in_thread(functools.partial(read, after))
        return (200, json.dumps(found).encode()) if found is not None else (404, b"")

    # The middleware chain's answer to this request took a thread; a stream waiting with
    # it would keep it for as long as it is open, and with as many streams open as the
    # process lends threads (KAOSZ_ASGI_THREADS) every other request would wait.
    release_thread()
    try:
        answer: Any = None
        while True:
            step = steps.send(answer)
            if isinstance(step, str):
                yield step
                answer = None
            elif isinstance(step, Wait):
                answer = await wait_for_change(step, listen=True)
            elif public and step.now is not None:
                status, raw = await shared_renders.render_once(
                    (pk, step.after, step.now[1], step.now[2]),
                    functools.partial(render, step.after))
                answer = json.loads(raw) if status == 200 else None
            else:
                answer = await in_thread(functools.partial(read, step.after))
    except StopIteration:
        return
    finally:
        steps.close()
        slot.release()
