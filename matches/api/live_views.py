"""The events long-poll as an async view: under ASGI a waiting request is a coroutine
parked on the process's one listening connection (``matches.live_async``), holding
neither a thread nor a database connection. Everything else about the request (who may
watch, which events a seat sees, the answer's shape) is the DRF view's
(``MatchViewSet.events``), called once to check and once to answer.

Without ASGI (the threaded server, the test client) or without PostgreSQL, the DRF view
waits itself, in its thread (``matches.live``).

Waiting long-polls and streams are limited per signed-in user (``KAOSZ_WAITERS_PER_USER``,
by session or API token) and, without an account, per address
(``KAOSZ_ANON_WAITERS_PER_CLIENT``): a long-poll costs little now, but forty of them from
one address, or four hundred from one account, must not be free.
"""

from __future__ import annotations

import functools
import json
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    JsonResponse,
    StreamingHttpResponse,
)
from rest_framework.exceptions import APIException

from kaosz.api.auth import CachedTokenAuthentication
from kaosz.server.threads import let_go_of_thread
from matches import live, live_async, store
from matches.api import shared_renders
from matches.api.views import MatchViewSet

T = TypeVar("T")
_drf_events = MatchViewSet.as_view({"get": "events"})
# Waiting long-polls and open streams, per signed-in user ("user:<id>") or, without an
# account, per address ("addr:<ip>").
_WAITERS: Counter[str] = Counter()
_WAITERS_LOCK = threading.Lock()


def _client(request: HttpRequest) -> str:
    return request.META.get("REMOTE_ADDR") or "?"


def _token_user(request: HttpRequest) -> Any:
    """The user of the request's API token, or None (no token, or one that is not valid:
    the view refuses that one itself). A header alone says nothing: any string can be
    sent, and the cap once trusted it (issue 27)."""
    if "HTTP_AUTHORIZATION" not in request.META:
        return None
    try:
        found = CachedTokenAuthentication().authenticate(request)
    except APIException:
        return None
    return found[0] if found else None


def _slot_of(request: HttpRequest, user: Any) -> tuple[str, int]:
    """Whose waiting slots a request takes, and how many there are: a signed-in user's
    (``KAOSZ_WAITERS_PER_USER``, wherever they come from), else the address's
    (``KAOSZ_ANON_WAITERS_PER_CLIENT``)."""
    if user is not None and getattr(user, "is_authenticated", False):
        return f"user:{user.pk}", settings.KAOSZ_WAITERS_PER_USER
    return f"addr:{_client(request)}", settings.KAOSZ_ANON_WAITERS_PER_CLIENT


def _user_now(request: HttpRequest) -> Any:
    """The signed-in user (API token, else session) in a sync chain. (The token first: a
    token client's answer must not read the session, which would add ``Vary: Cookie``.)"""
    return _token_user(request) or request.user


async def _user_async(request: HttpRequest) -> Any:
    if "HTTP_AUTHORIZATION" in request.META:
        user = await sync_to_async(_token_user)(request)
        if user is not None:
            return user
    return await request.auser()


@contextmanager
def _waiting_slot(key: str, limit: int) -> Iterator[bool]:
    """Take one of ``key``'s waiting slots (yields False when none is free)."""
    with _WAITERS_LOCK:
        if _WAITERS[key] >= limit:
            free = False
        else:
            _WAITERS[key] += 1
            free = True
    try:
        yield free
    finally:
        if free:
            with _WAITERS_LOCK:
                _WAITERS[key] -= 1
                if _WAITERS[key] <= 0:
                    del _WAITERS[key]


def _too_many(key: str, limit: int) -> JsonResponse:
    who = "per account" if key.startswith("user:") else "per client without signing in"
    return JsonResponse({"error": {
        "code": "too_many_waiters",
        "message": f"at most {limit} waiting requests or streams {who}; wait for an "
                   "answer before asking again",
        "details": {"limit": limit}}}, status=429)


def _then_release(fn: Callable[[], T]) -> Callable[[], T]:
    """``fn``, then give the database connection back (to the pool) before the request
    parks: a waiting request must hold none."""
    def run() -> T:
        try:
            return fn()
        finally:
            connection.close()
    return run


async def _before_waiting(fn: Callable[[], T]) -> T:
    """``fn`` in the request's thread, then give back both the database connection and the
    thread (``kaosz.server.threads``): what follows is a wait that needs neither."""
    try:
        return await sync_to_async(_then_release(fn))()
    finally:
        let_go_of_thread()


# The notes between this module and the DRF view, kept on the request
# (``kaosz_defer_wait``: hand the wait over; ``kaosz_wait``: what to wait for), are attributes
# HttpRequest does not declare, and ``request.GET`` is replaced by a changed copy (Django
# allows it; its stubs type GET as immutable): hence the ``type: ignore`` on those lines.


def _answer_without_waiting(request: HttpRequest) -> None:
    """Ready ``request`` for the view's answer after its wait: the same request, without
    the wait (and without handing a wait over)."""
    request.kaosz_defer_wait, request.kaosz_wait = False, None  # type: ignore[attr-defined]
    query = request.GET.copy()
    query["wait"] = "0"
    request.GET = query  # type: ignore[assignment]


def _waits(request: HttpRequest) -> bool:
    raw = request.GET.get("wait") or "0"
    # (ASCII digits, a few: '²' or 5,000 digits made int() raise, a 500; issue 27)
    return raw.isascii() and raw.isdigit() and len(raw) < 10 and int(raw) > 0


async def events(request: HttpRequest, pk: str) -> HttpResponse:
    if not _waits(request):
        return await sync_to_async(_drf_events)(request, pk=pk)
    key, limit = _slot_of(request, await _user_async(request))
    with _waiting_slot(key, limit) as free:
        if not free:
            return _too_many(key, limit)
        if not isinstance(request, ASGIRequest) or connection.vendor != "postgresql":
            return await sync_to_async(_drf_events)(request, pk=pk)
        request.kaosz_defer_wait = True  # type: ignore[attr-defined]
        response = await _before_waiting(lambda: _drf_events(request, pk=pk))
        plan = getattr(request, "kaosz_wait", None)
        if plan is None:  # answered (or refused) at once
            return response
        match_id, changed, deadline, unchanged = plan
        await live_async.wait_until(
            match_id, changed, lambda: _before_waiting(lambda: changed(None)), deadline)
        if response.data is not None and unchanged():
            return response  # (the view's answer for "nothing new")
    # The answer: the events as they now are (the same view, without a wait).
    _answer_without_waiting(request)
    return await sync_to_async(_drf_events)(request, pk=pk)


def events_sync_first(request: HttpRequest, pk: str) -> HttpResponse:
    """:func:`events` for ``kaosz.server.threads``' sync middleware chain: everything up to the
    wait runs there (one trip to a thread, as any sync view); a request that has to wait
    comes back with a :class:`WaitThenAnswer`, which the handler awaits on the event loop,
    holding neither thread nor connection; it is then answered with the view's "nothing new"
    answer if nothing changed, or passes through the chain again (``wait=0``)."""
    if not _waits(request):
        return _drf_events(request, pk=pk)
    key, limit = _slot_of(request, _user_now(request))
    slot = _waiting_slot(key, limit)
    if not slot.__enter__():
        slot.__exit__(None, None, None)
        return _too_many(key, limit)
    if connection.vendor != "postgresql":  # (waits in this thread: SQLite re-reads)
        try:
            return _drf_events(request, pk=pk)
        finally:
            slot.__exit__(None, None, None)
    try:
        request.kaosz_defer_wait = True  # type: ignore[attr-defined]
        response = _then_release(lambda: _drf_events(request, pk=pk))()
        plan = getattr(request, "kaosz_wait", None)
    except BaseException:
        slot.__exit__(None, None, None)
        raise
    if plan is None:  # answered (or refused) at once
        slot.__exit__(None, None, None)
        return response
    return WaitThenAnswer(request, plan, response, lambda: slot.__exit__(None, None, None))


WaitPlan = tuple[int, Callable[[Any], bool], float, Callable[[], bool]]


class WaitThenAnswer(HttpResponse):
    """What a request waits for before it is answered (see :func:`events_sync_first`).

    It carries the view's answer for "nothing new" when the view gave one, and passes the
    middleware chain as that answer. ``kaosz_then(again)`` waits; if nothing changed
    meanwhile (most long-polls that time out) it is itself the answer, with no second
    trip to a thread and no database read; otherwise it answers through ``again()`` (the
    chain once more) with the same request, without a wait."""

    def __init__(self, request: HttpRequest, plan: WaitPlan, quiet: Any,
                 done: Callable[[], object]) -> None:
        self.quiet = getattr(quiet, "data", None) is not None
        if self.quiet:
            quiet.render()
            super().__init__(quiet.content, status=quiet.status_code)
            for header, value in quiet.items():
                self[header] = value
        else:
            super().__init__(status=204)
        self.request, self.plan, self.done = request, plan, done

    async def kaosz_then(self, again: Callable[[], Any]) -> HttpResponse:
        try:
            match_id, changed, deadline, unchanged = self.plan
            let_go_of_thread()  # (the chain has run: nothing of this request is on it)
            await live_async.wait_until(
                match_id, changed, lambda: _before_waiting(lambda: changed(None)), deadline)
        finally:
            self.done()
        if self.quiet and unchanged():
            return self
        request = self.request
        _answer_without_waiting(request)
        return await again()


# Under kaosz.server.threads the sync chain calls this instead of the async view.
events.kaosz_sync_view = events_sync_first  # type: ignore[attr-defined]


STREAM_KEEPALIVE = 20.0


def _events_now(request: HttpRequest, pk: str, after: int) -> tuple[int, bytes]:
    """The events answer as it is now (the DRF view without a wait), rendered."""
    query = request.GET.copy()
    query["after"], query["wait"] = str(after), "0"
    query.pop("until", None)
    request.GET = query  # type: ignore[assignment]
    response = _drf_events(request, pk=pk)
    response.render()
    return response.status_code, response.content


_QUIET = object()  # (a wait that ended with nothing new)


async def _next_move(pk: int, version: int, state: str) -> Any:
    """Wait (up to ``STREAM_KEEPALIVE``) for the match to leave ``version``/``state``;
    its progress row then (None if it was deleted), or ``_QUIET``."""
    change: list[Any] = []

    def moved(row: Any) -> bool:
        if row is None or row[1] != version or row[2] != state:
            change.append(row)
            return True
        return False

    async def look() -> bool:
        return moved(await _before_waiting(lambda: store.match_progress(pk)))

    await live_async.wait_until(pk, lambda payload: moved(live.progress(payload)), look,
                                time.monotonic() + STREAM_KEEPALIVE)
    return change[-1] if change else _QUIET


async def _progress_events(request: HttpRequest, pk: str, body: bytes, public: bool,
                           done: Callable[[], object]) -> Any:
    """The stream's events: ``body`` (the answer at connecting), then one answer per
    change, a keep-alive comment when nothing happened for a while."""

    async def render(after: int) -> tuple[int, bytes]:
        return await _before_waiting(lambda: _events_now(request, pk, after))

    # The middleware chain's answer to this request took a thread; a stream waiting with
    # it would keep it for as long as it is open, and with as many streams open as the
    # process lends threads (KAOSZ_ASGI_THREADS) every other request would wait.
    let_go_of_thread()
    try:
        seen = None
        while True:
            answer = json.loads(body)
            mark = (answer["last"], answer["version"], answer["status"])
            if mark != seen:
                seen = mark
                yield f"event: progress\ndata: {body.decode()}\n\n"
            after = mark[0]
            if answer["more"]:  # (a long match: the next page at once)
                status, body = await render(after)
            elif answer["status"] == "finished":
                return
            else:
                row = await _next_move(int(pk), answer["version"], answer["status"])
                if row is _QUIET:  # (keep the connection open; nothing to render)
                    yield ": keep-alive\n\n"
                    continue
                if public and row is not None:
                    status, body = await shared_renders.render_once(
                        (int(pk), after, row[1], row[2]), functools.partial(render, after))
                else:
                    status, body = await render(after)
            if status != 200:
                return
    finally:
        done()


async def stream(request: HttpRequest, pk: str) -> HttpResponseBase:
    """Server-Sent Events for the pages (``GET .../stream/?after=N``): one ``progress``
    event (the events answer's JSON: events, last, version, status, to_act) whenever the
    match changes, a comment every ``STREAM_KEEPALIVE`` seconds otherwise. Served under
    ASGI on PostgreSQL only (a stream waits like a long-poll: no thread, no connection);
    elsewhere it answers 501 ``stream_unavailable`` and the page long-polls.
    ``?probe=1`` answers ``{"available": true|false}`` at once."""
    available = isinstance(request, ASGIRequest) and connection.vendor == "postgresql"
    if request.GET.get("probe"):  # (a page asks first, so no failed request is logged)
        return JsonResponse({"available": available})
    if not available:
        return JsonResponse({"error": {
            "code": "stream_unavailable", "message": "event streams need the ASGI server; "
            "use events?wait= (long-poll)", "details": {}}}, status=501)
    raw = request.GET.get("after") or "0"
    if not raw.isdigit():
        return JsonResponse({"error": {"code": "invalid_parameter", "message": "after: an "
                                       "integer", "details": {"parameter": "after"}}},
                            status=400)
    user = await _user_async(request)
    key, limit = _slot_of(request, user)
    # A spectator's stream shares each render with the process's other spectators
    # (``shared_renders``); a player's shows its own seat's view. Who is a spectator is
    # the authenticated user's answer, not whether an Authorization header was sent.
    public = not getattr(user, "is_authenticated", False) and set(request.GET) <= {"after"}
    slot = _waiting_slot(key, limit)
    if not slot.__enter__():
        slot.__exit__(None, None, None)
        return _too_many(key, limit)
    status, body = await _before_waiting(lambda: _events_now(request, pk, int(raw)))
    if status != 200:  # (not found, not allowed: the one error shape, as the view says)
        slot.__exit__(None, None, None)
        return HttpResponse(body, status=status, content_type="application/json")

    events = _progress_events(request, pk, body, public,
                              lambda: slot.__exit__(None, None, None))
    response = StreamingHttpResponse(events, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # (nginx: pass each event on at once)
    return response

