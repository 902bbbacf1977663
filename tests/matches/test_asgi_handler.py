"""The ASGI application in process (``kaosz.asgi.application``), without a server: every
middleware works in both modes (none is adapted from one to the other), a request's sync
work runs on one reused thread instead of a new thread per request, a sync view's request
takes the sync chain, and the async paths of our middlewares answer as their sync paths
do (static files, the input guard, the payload release). The server-level behaviour (waiters holding no thread) is in test_asgi.py."""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from pathlib import Path
from typing import Any

from django.core.signals import request_finished, request_started
from django.http import HttpResponse
from django.test import RequestFactory
from django.utils.module_loading import import_string

from tests.support import asgi_client
from web.api.guard import InputGuardMiddleware
from web.server import threads as asgi_threads
from web.server.release import ReleaseRenderedPayload
from web.server.static_files import StaticFilesMiddleware
from web.server.threads import PooledThreadsASGIHandler

BOARD_JS = Path(__file__).resolve().parents[2] / "matches" / "static" / "matches" / "board.js"


def ask(path: str, **kwargs: Any) -> tuple[int, dict, bytes]:
    return asyncio.run(asgi_client.ask(path, **kwargs))


def test_every_middleware_runs_in_both_modes(settings, caplog):
    for path in settings.MIDDLEWARE:
        cls = import_string(path)
        assert getattr(cls, "async_capable", False) and getattr(cls, "sync_capable", True), \
            f"{path} is not async-capable: every ASGI request would hop to a thread for it"
    # Django says (with DEBUG on) when it has to adapt a middleware to the other mode.
    settings.DEBUG = True
    with caplog.at_level(logging.DEBUG, logger="django.request"):
        PooledThreadsASGIHandler()
    adapted = [r.getMessage() for r in caplog.records if "adapted for" in r.getMessage()]
    assert adapted == [], adapted


def test_a_requests_sync_work_runs_on_one_reused_thread():
    seen: list[tuple[str, threading.Thread]] = []

    def started(**kwargs: Any) -> None:
        seen.append(("started", threading.current_thread()))

    def finished(**kwargs: Any) -> None:
        seen.append(("finished", threading.current_thread()))

    request_started.connect(started)
    request_finished.connect(finished)
    try:
        ask("/healthz")  # (the first may make the thread)
        made = asgi_threads.POOL.made
        seen.clear()
        for _ in range(20):
            status, _, body = ask("/healthz")
            assert status == 200 and body == b'{"ok": true}'
    finally:
        request_started.disconnect(started)
        request_finished.disconnect(finished)
    assert len(seen) == 40
    # Each request's start and finish ran on the same thread (its database connection is
    # closed where it was opened), and no request made a thread of its own.
    assert all(seen[i][1] is seen[i + 1][1] for i in range(0, 40, 2))
    assert all(t.name.startswith("kaosz-request") for _, t in seen)
    assert asgi_threads.POOL.made == made
    assert len({id(t) for _, t in seen}) == 1


def test_a_sync_views_request_is_one_trip_to_its_thread(monkeypatch):
    """The request_started receivers, the middleware chain with the view, and the
    response's close (the request_finished receivers) go to the request's thread
    together: Django's handler made three trips, each a hand-over between the event loop
    and the thread."""
    trips = []
    submit = asgi_threads.Lease.submit

    def counted(self, fn, /, *args, **kwargs):
        trips.append(fn)
        return submit(self, fn, *args, **kwargs)

    monkeypatch.setattr(asgi_threads.Lease, "submit", counted)
    for path in ("/healthz", "/api/v1/no-such-endpoint/"):
        trips.clear()
        status, _, _ = ask(path)
        assert status in (200, 404) and len(trips) == 1, (path, trips)


def test_a_lease_borrows_at_the_first_call_and_gives_back_at_the_end():
    pool = asgi_threads.ThreadPool(keep_idle=1)
    lease = asgi_threads.Lease(pool)
    assert lease.executor is None and pool.idle() == 0
    first = lease.submit(threading.current_thread).result(5)
    assert lease.submit(threading.current_thread).result(5) is first  # (one thread)
    lease.give_back()
    assert pool.idle() == 1 and lease.executor is None
    other = asgi_threads.Lease(pool)
    assert other.submit(threading.current_thread).result(5) is first  # (reused)
    busy = asgi_threads.Lease(pool)
    assert busy.submit(threading.current_thread).result(5) is not first  # (none free)
    other.give_back()
    busy.give_back()  # (beyond keep_idle: shut down, not kept)
    assert pool.idle() == 1 and pool.made == 2


def test_beyond_the_limit_a_call_waits_for_a_thread_given_back():
    pool = asgi_threads.ThreadPool(keep_idle=4, most=1)
    holder, waiter, gone = (asgi_threads.Lease(pool) for _ in range(3))
    first = holder.submit(threading.current_thread).result(5)
    later = waiter.submit(threading.current_thread)  # (none free: it waits, unblocking)
    cancelled = gone.submit(threading.current_thread)
    assert not later.done() and waiter.executor is None
    holder.give_back()  # handed straight to the first waiting request
    assert later.result(5) is first and pool.made == 1
    assert cancelled.cancel()  # (its client went away while it waited)
    waiter.give_back()  # the cancelled one is skipped; the thread goes back to the free list
    assert pool.idle() == 1 and pool.lent == 0
    assert waiter.submit(threading.current_thread).result(5) is first


def test_static_files_under_asgi():
    status, headers, body = ask("/static/matches/board.js")
    assert status == 200 and body == BOARD_JS.read_bytes()
    assert "javascript" in headers["content-type"]
    assert int(headers["content-length"]) == len(body)
    # Conditional, partial and HEAD requests as WhiteNoise answers them.
    etag = headers.get("etag")
    if etag:
        assert ask("/static/matches/board.js",
                   headers=[(b"if-none-match", etag.encode())])[0] == 304
    status, headers, part = ask("/static/matches/board.js", headers=[(b"range", b"bytes=0-9")])
    assert status == 206 and part == body[:10]
    status, headers, empty = ask("/static/matches/board.js", method="HEAD")
    assert status == 200 and empty == b""
    assert ask("/static/matches/no-such-file.js")[0] == 404


def test_the_input_guard_under_asgi():
    status, headers, body = ask("/api/v1/cards/", query=b"q=%00")
    assert status == 400 and headers["content-type"] == "application/json"
    assert b'"malformed_request"' in body


def test_sync_views_take_the_sync_chain_and_the_stream_the_async_one():
    from web.server.threads import _async_view

    assert not _async_view("/healthz")
    assert not _async_view("/api/v1/matches/1/actions/")
    assert not _async_view("/api/v1/matches/1/events/")  # (its sync-first variant)
    assert _async_view("/api/v1/matches/1/stream/")
    assert not _async_view("/no/such/page/")


async def _passed(request: Any) -> HttpResponse:
    return HttpResponse("passed on")


def test_our_middlewares_in_async_mode():
    """Their async paths, as Django's async chain calls them (the event stream's
    requests): each is a coroutine function there and answers as its sync path does."""
    from asgiref.sync import iscoroutinefunction

    factory = RequestFactory()
    static = StaticFilesMiddleware(_passed)
    guard = InputGuardMiddleware(_passed)
    release = ReleaseRenderedPayload(_passed)
    assert all(iscoroutinefunction(m) for m in (static, guard, release))
    served = asyncio.run(static(factory.get("/static/matches/board.js")))
    assert served.status_code == 200 and served.content == BOARD_JS.read_bytes()
    assert asyncio.run(static(factory.get("/elsewhere/"))).content == b"passed on"
    refused = asyncio.run(guard(factory.get("/api/v1/cards/", {"q": "\x00"})))
    assert refused.status_code == 400
    assert json.loads(refused.content)["error"]["code"] == "malformed_request"
    assert asyncio.run(guard(factory.get("/api/v1/cards/"))).content == b"passed on"

    async def rendered(request: Any) -> HttpResponse:
        response = HttpResponse("{}")
        response.data, response.renderer_context = {"big": "payload"}, {"view": None}  # type: ignore[attr-defined]
        return response

    request = factory.get("/api/v1/rulesets/")
    request.user = object()
    answer = asyncio.run(ReleaseRenderedPayload(rendered)(request))
    assert answer.data is None and answer.renderer_context is None
    assert "user" not in request.__dict__


def test_the_both_modes_base_runs_before_and_after_in_each_mode():
    """``web.server.middleware.BothModes``: a subclass's ``before`` may answer at once and
    its ``after`` sees the view's response, in the sync and the async chain alike."""
    from asgiref.sync import iscoroutinefunction

    from web.server.middleware import BothModes

    class Marking(BothModes):
        def before(self, request: Any) -> HttpResponse | None:
            return HttpResponse("stopped") if request.GET.get("stop") else None

        def after(self, request: Any, response: Any) -> Any:
            response["X-Seen"] = "yes"
            return response

    def sync_view(request: Any) -> HttpResponse:
        return HttpResponse("sync view")

    async def async_view(request: Any) -> HttpResponse:
        return HttpResponse("async view")

    factory = RequestFactory()
    sync_mw, async_mw = Marking(sync_view), Marking(async_view)
    assert not iscoroutinefunction(sync_mw) and iscoroutinefunction(async_mw)
    plain = sync_mw(factory.get("/"))
    assert plain.content == b"sync view" and plain["X-Seen"] == "yes"
    awaited = asyncio.run(async_mw(factory.get("/")))
    assert awaited.content == b"async view" and awaited["X-Seen"] == "yes"
    assert sync_mw(factory.get("/", {"stop": "1"})).content == b"stopped"
    stopped = asyncio.run(async_mw(factory.get("/", {"stop": "1"})))
    assert stopped.content == b"stopped" and not stopped.has_header("X-Seen")
