"""The live endpoints: the events long-poll, the match event stream and the account event
stream. What a client sees and when a wait is over is ``matches.live``'s; who may watch
and as which seat is ``matches.api.views.watch_of``, the events view's checks, which the
long-poll runs as a DRF action and the match stream, a plain async view, runs once before
its first event (its ``Watch`` then reads each next answer).

How a request waits depends on the server:

- ASGI on PostgreSQL (``web.server.deferred``): on the event loop, woken by the process's
  one listening connection (``matches.live.hub``): a waiting long-poll or an open stream
  holds neither a thread nor a database connection;
- elsewhere (the threaded WSGI server of ``make run``, the test client, SQLite): in its
  thread (``matches.live.notify``: ``LISTEN`` on PostgreSQL, re-reads on SQLite). A stream
  there takes a thread for as long as it is open, so the pages long-poll instead (the
  probe says which is cheaper).

Waits and streams are capped per signed-in user and per anonymous address
(``matches.live.caps``).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import HttpRequest, HttpResponseBase, JsonResponse, StreamingHttpResponse
from rest_framework.exceptions import APIException, AuthenticationFailed, NotAuthenticated
from rest_framework.renderers import JSONRenderer

from kaosz.api.auth import CachedTokenAuthentication
from matches.api import match_stream
from matches.api.views import MatchViewSet, Watch, watch_of
from matches.api.waiting import LiveAnswer
from matches.live import account, caps, hub, presence
from web.api.errors import error_body, exception_handler
from web.domain import DomainError
from web.server.deferred import in_thread, release_thread

_drf_events = MatchViewSet.as_view({"get": "events"})

STREAM_KEEPALIVE = 20.0


# ------------------------------------------------------------------ who is waiting

def _client(request: HttpRequest) -> str:
    return request.META.get("REMOTE_ADDR") or "?"


def _token_user(request: HttpRequest) -> Any:
    """The user of the request's API token, or None (no token). A token that is not valid
    raises the API's refusal. A header alone says nothing: any string can be sent."""
    if "HTTP_AUTHORIZATION" not in request.META:
        return None
    found = CachedTokenAuthentication().authenticate(request)
    return found[0] if found else None


def _token_user_or_none(request: HttpRequest) -> Any:
    """The same, None for a token that is not valid (the view refuses that one itself)."""
    try:
        return _token_user(request)
    except APIException:
        return None


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
    return _token_user_or_none(request) or request.user


async def _user_async(request: HttpRequest) -> Any:
    """The signed-in user in an async view; raises the API's refusal of a bad token."""
    if "HTTP_AUTHORIZATION" in request.META:
        user = await sync_to_async(_token_user)(request)
        if user is not None:
            return user
    return await request.auser()


def _refusal(exc: Exception) -> HttpResponseBase:
    """An async view's refusal in the API's one error shape, as a DRF view answers it."""
    answer: Any = exception_handler(exc, {})
    assert answer is not None
    if isinstance(exc, (AuthenticationFailed, NotAuthenticated)):
        answer["WWW-Authenticate"] = "Token"  # (a 401 names its scheme, as DRF's views do)
    answer.accepted_renderer = JSONRenderer()
    answer.accepted_media_type = JSONRenderer.media_type
    answer.renderer_context = {}
    return answer.render()


def _too_many(key: str, limit: int) -> JsonResponse:
    who = "per account" if key.startswith("user:") else "per client without signing in"
    return JsonResponse(error_body(
        "too_many_waiters", f"at most {limit} waiting requests or streams {who}; wait for "
        "an answer before asking again", {"limit": limit}), status=429)


def _waits(request: HttpRequest) -> bool:
    raw = request.GET.get("wait") or "0"
    # (ASCII digits, a few: int() raises on '²' or on 5,000 digits)
    return raw.isascii() and raw.isdigit() and len(raw) < 10 and int(raw) > 0


def _on_the_event_loop(request: HttpRequest) -> bool:
    """Whether a wait can park on the event loop (ASGI on PostgreSQL)."""
    return isinstance(request, ASGIRequest) and connection.vendor == "postgresql"


# ------------------------------------------------------------------ the long-poll

def events(request: HttpRequest, pk: str) -> HttpResponseBase:
    """``GET .../events/``: the events view, its wait capped per client. Where the server
    settles deferred answers (ASGI on PostgreSQL) a waiting request comes back as a
    ``LiveAnswer`` that the server settles on the event loop, and the slot goes with it;
    elsewhere the view waits in this thread."""
    if not _waits(request):
        return _drf_events(request, pk=pk)
    key, limit = _slot_of(request, _user_now(request))
    slot = caps.take(key, limit)
    if slot is None:
        return _too_many(key, limit)
    try:
        response = _drf_events(request, pk=pk)
    except BaseException:
        slot.release()
        raise
    if isinstance(response, LiveAnswer) and response.wait is not None:
        connection.close()  # (a waiting request holds no connection)
        response.slot = slot  # (given back when its wait ends)
    else:
        slot.release()
    return response


# ------------------------------------------------------------------ the match stream

class EventStream(StreamingHttpResponse):
    """A stream of Server-Sent Events holding a waiting slot. The slot goes back when the
    stream ends (its generator's ``finally``) and, at the latest, when the response is
    closed: a stream never started (the client left before its first event) runs no
    ``finally``. (Django closes every response at the request's end; ``release`` is
    idempotent.)"""

    def __init__(self, events: Iterator[str] | AsyncIterator[str], slot: caps.Slot) -> None:
        super().__init__(events, content_type="text/event-stream")
        self.slot = slot
        self["Cache-Control"] = "no-cache"
        self["X-Accel-Buffering"] = "no"  # (nginx: pass each event on at once)

    def close(self) -> None:
        try:
            self.slot.release()
        finally:
            super().close()


def _only_get(request: HttpRequest) -> HttpResponseBase | None:
    """A stream is read with GET: any other method is refused before a slot is taken
    (an OPTIONS or a POST would otherwise open a stream like a GET and hold its slot)."""
    if request.method in ("GET", "HEAD"):
        return None
    refused = JsonResponse(error_body("method_not_allowed", "A stream is read with GET."),
                           status=405)
    refused["Allow"] = "GET, HEAD"
    return refused


async def stream(request: HttpRequest, pk: str) -> HttpResponseBase:
    """Server-Sent Events (``GET .../stream/?after=N``): one ``progress`` event (the events
    answer's JSON: events, last, more, version, status, to_act) whenever the match
    changes, a comment every ``STREAM_KEEPALIVE`` seconds otherwise; the stream ends with
    the match. ``?probe=1`` answers ``{"available": true|false}`` at once: whether a
    stream here costs no thread (ASGI on PostgreSQL), for the pages to choose between the
    stream and long-polls."""
    if (refused := _only_get(request)) is not None:
        return refused
    if request.GET.get("probe"):  # (a page asks first, so no failed request is logged)
        return JsonResponse({"available": _on_the_event_loop(request)})
    raw = request.GET.get("after") or "0"
    if not (raw.isascii() and raw.isdigit() and len(raw) < 11):
        return JsonResponse(error_body("invalid_parameter", "after: an integer",
                                       {"parameter": "after"}), status=400)
    try:
        user = await _user_async(request)
    except APIException as exc:
        return _refusal(exc)
    key, limit = _slot_of(request, user)
    # A spectator's stream shares each render with the process's other spectators
    # (``shared_renders``); a player's shows its own seat's view. Who is a spectator is
    # the authenticated user's answer, not whether an Authorization header was sent.
    public = not getattr(user, "is_authenticated", False) and set(request.GET) <= {"after"}
    slot = caps.take(key, limit)
    if slot is None:
        return _too_many(key, limit)
    def first() -> tuple[Watch, dict[str, Any] | None]:
        watch = watch_of(pk, user, request.GET)
        return watch, watch.read(int(raw))

    try:
        # On the event loop the connection goes back before the waits; a threaded stream
        # keeps its thread and its connection (closing it there would end the request's
        # transaction under it, e.g. a test's).
        watch, body = await (in_thread(first) if _on_the_event_loop(request)
                             else sync_to_async(first)())
    except (APIException, DomainError) as exc:
        slot.release()
        return _refusal(exc)
    except BaseException:
        slot.release()
        raise
    if body is None:  # (deleted meanwhile)
        slot.release()
        return JsonResponse(error_body("not_found", "no such match"), status=404)
    viewer = user.pk if getattr(user, "is_authenticated", False) else None
    steps = match_stream.steps(int(pk), body, STREAM_KEEPALIVE, viewer)
    if _on_the_event_loop(request):
        return EventStream(match_stream.on_the_loop(int(pk), steps, watch.read, public, slot),
                           slot)
    return EventStream(match_stream.in_this_thread(steps, watch.read, slot), slot)


# ------------------------------------------------------------------ the account stream

def _sse(kind: str, data: dict[str, Any]) -> str:
    return f"event: {kind}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


def _hello(user_id: int) -> str:
    return _sse("hello", {"user": user_id, **account.snapshot(user_id)})


def _account_threaded(user_id: int, slot: caps.Slot) -> Iterator[str]:
    listener = account.Listener(user_id)
    try:
        yield _hello(user_id)
        while True:
            presence.seen(user_id)   # (a page open with its header on is on the site)
            found = listener.next(STREAM_KEEPALIVE)
            if not found:
                yield ": keep-alive\n\n"
            for message in found:
                parsed = account.parse(message)
                if parsed is not None and parsed[0] == user_id:
                    yield _sse(parsed[1], parsed[2])
    finally:
        listener.close()
        slot.release()


async def _account_async(user_id: int, slot: caps.Slot) -> AsyncIterator[str]:
    release_thread()  # (as a match stream: see match_stream.on_the_loop)
    h = hub.hub()
    subscription = h.subscribe_account(user_id)
    try:
        # (the hello after the listener listens: what is published from then on comes
        # after it; the listener's "look again" at its start is the hello itself)
        await account.listening(h, STREAM_KEEPALIVE)
        while not subscription.empty():
            subscription.get_nowait()
        yield await in_thread(lambda: _hello(user_id))
        while True:
            presence.seen(user_id)   # (as above)
            found = await account.next_messages_async(subscription, STREAM_KEEPALIVE)
            if not found:
                yield ": keep-alive\n\n"
            for message in found:
                if message is None:  # (the listener reconnected: what is waiting now)
                    yield await in_thread(lambda: _hello(user_id))
                    continue
                parsed = account.parse(message)
                if parsed is not None:
                    yield _sse(parsed[1], parsed[2])
    finally:
        h.unsubscribe_account(user_id, subscription)
        slot.release()


async def account_stream(request: HttpRequest) -> HttpResponseBase:
    """Server-Sent Events for the signed-in user (``GET /api/v1/me/stream/``): first a
    ``hello`` event (the matches where it is their turn, the invitations waiting for them),
    then ``your_turn``, ``invitation`` and ``match_finished`` events as they happen (more
    kinds may come: a client ignores those it does not know), a comment every
    ``STREAM_KEEPALIVE`` seconds otherwise."""
    if (refused := _only_get(request)) is not None:
        return refused
    user = await _user_async(request)
    if not getattr(user, "is_authenticated", False):
        return JsonResponse(error_body("not_authenticated", "Log in to do that."),
                            status=401)
    key, limit = _slot_of(request, user)
    slot = caps.take(key, limit)
    if slot is None:
        return _too_many(key, limit)
    if _on_the_event_loop(request):
        return EventStream(_account_async(user.pk, slot), slot)
    return EventStream(_account_threaded(user.pk, slot), slot)

