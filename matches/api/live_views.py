"""The events long-poll as an async view: under ASGI a waiting request is a coroutine
parked on the process's one listening connection (``matches.live_async``), holding
neither a thread nor a database connection. Everything else about the request (who may
watch, which events a seat sees, the answer's shape) is the DRF view's
(``MatchViewSet.events``), called once to check and once to answer.

Without ASGI (the threaded server, the test client) or without PostgreSQL, the DRF view
waits itself, in its thread (``matches.live``).

Anonymous waiters are limited per client (``KAOSZ_ANON_WAITERS_PER_CLIENT``, by address):
a long-poll costs little now, but forty of them from one address must not be free.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse

from matches import live_async
from matches.api.views import MatchViewSet

T = TypeVar("T")
_drf_events = MatchViewSet.as_view({"get": "events"})
_ANON: Counter[str] = Counter()
_ANON_LOCK = threading.Lock()


def _client(request: HttpRequest) -> str:
    return request.META.get("REMOTE_ADDR") or "?"


@contextmanager
def _anonymous_slot(request: HttpRequest, anonymous: bool) -> Iterator[bool]:
    """Take one of the client's anonymous waiting slots (yields False when none is free)."""
    if not anonymous:
        yield True
        return
    key = _client(request)
    limit = settings.KAOSZ_ANON_WAITERS_PER_CLIENT
    with _ANON_LOCK:
        if _ANON[key] >= limit:
            free = False
        else:
            _ANON[key] += 1
            free = True
    try:
        yield free
    finally:
        if free:
            with _ANON_LOCK:
                _ANON[key] -= 1
                if _ANON[key] <= 0:
                    del _ANON[key]


def _too_many(limit: int) -> JsonResponse:
    return JsonResponse({"error": {
        "code": "too_many_waiters",
        "message": f"at most {limit} waiting requests per client without signing in; "
                   "sign in, or wait for an answer before asking again",
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


def _waits(request: HttpRequest) -> bool:
    raw = request.GET.get("wait") or "0"
    return raw.isdigit() and int(raw) > 0


async def events(request: HttpRequest, pk: str) -> HttpResponse:
    if not _waits(request):
        return await sync_to_async(_drf_events)(request, pk=pk)
    anonymous = "HTTP_AUTHORIZATION" not in request.META and \
        not (await request.auser()).is_authenticated
    with _anonymous_slot(request, anonymous) as free:
        if not free:
            return _too_many(settings.KAOSZ_ANON_WAITERS_PER_CLIENT)
        if not isinstance(request, ASGIRequest) or connection.vendor != "postgresql":
            return await sync_to_async(_drf_events)(request, pk=pk)
        request.kaosz_defer_wait = True
        response = await sync_to_async(_then_release(lambda: _drf_events(request, pk=pk)))()
        plan = getattr(request, "kaosz_wait", None)
        if plan is None:  # answered (or refused) at once
            return response
        match_id, changed, deadline = plan
        await live_async.wait_until(
            match_id, changed, sync_to_async(_then_release(lambda: changed(None))), deadline)
    # The answer: the events as they now are (the same view, without a wait).
    request.kaosz_defer_wait, request.kaosz_wait = False, None
    query = request.GET.copy()
    query["wait"] = "0"
    request.GET = query
    return await sync_to_async(_drf_events)(request, pk=pk)
