"""Who is on the site: when each signed-in person was last seen, for the "your turn" mail
(the players app's ``notify`` holds a due mail while its person is here, and sends it once they have
been away ``KAOSZ_TURN_MAIL_AWAY`` seconds).

A person is seen by any request that knows them (a page, an API call, a long-poll: the
middleware below) and by their open streams (the account and match streams, at each
event and keep-alive), so a person sitting at an open board is here. It is kept in the
cache, not the database: seeing someone is the most frequent write there would be. Each
process writes a person at most once every ``KAOSZ_PRESENCE_EVERY`` seconds (the last
time seen may be that much behind the truth, never ahead of it). When the cache is lost
or down, nobody is here: the mails go out as they would without presence, which is the
safe side.

A tab left open in the background keeps its person here: the header's count and the
browser notification tell them, as they do whoever is on the site.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponseBase
from django.utils.functional import empty

log = logging.getLogger(__name__)

_KEY = "kaosz:seen:{}"
# When this process last wrote each person ({user id: time.time()}), so that a person
# seen a hundred times a minute costs one cache write a minute.
_written: dict[int, float] = {}
_written_lock = threading.Lock()
_WRITTEN_KEPT = 10_000
# The request being answered (set by the middleware), for ``see_requester``.
_request: ContextVar[HttpRequest | None] = ContextVar("kaosz_presence_request", default=None)


def away_after() -> float:
    """Seconds without being seen after which a person is away (0: presence is not
    asked, every due mail goes out at once)."""
    return float(settings.KAOSZ_TURN_MAIL_AWAY)


def seen(user_id: int, now: float | None = None) -> None:
    """Note that the person is on the site now (cheap: at most one cache write per
    ``KAOSZ_PRESENCE_EVERY`` seconds per process)."""
    if away_after() <= 0:
        return
    now = time.time() if now is None else now
    with _written_lock:
        last = _written.get(user_id)
        if last is not None and now - last < settings.KAOSZ_PRESENCE_EVERY:
            return
        if len(_written) >= _WRITTEN_KEPT:
            _written.clear()
        _written[user_id] = now
    try:
        cache.set(_KEY.format(user_id), now, timeout=int(away_after() * 2) + 60)
    except Exception as exc:   # (no cache: the person counts as away, mails go out)
        log.warning("presence not kept: %s", exc)


def last_seen(user_id: int) -> float | None:
    """When the person was last seen (``time.time()``), or None (not lately)."""
    try:
        found = cache.get(_KEY.format(user_id))
    except Exception as exc:
        log.warning("presence not read: %s", exc)
        return None
    return float(found) if isinstance(found, (int, float)) else None


def here_until(user_id: int, now: float | None = None) -> float | None:
    """When the person will count as away if not seen again (``time.time()``), or None
    when they are away now."""
    away = away_after()
    last = last_seen(user_id) if away > 0 else None
    if last is None:
        return None
    now = time.time() if now is None else now
    return last + away if now < last + away else None


def forget(user_id: int) -> None:
    """The person is not on the site (as far as anyone knows): nothing kept of them."""
    with _written_lock:
        _written.pop(user_id, None)
    try:
        cache.delete(_KEY.format(user_id))
    except Exception as exc:
        log.warning("presence not forgotten: %s", exc)


def see_requester() -> None:
    """See the signed-in person of the request being answered, if it knows them. Called
    when their request has changed a match, before a turn mail is queued: the worker may
    look at presence before the request's answer (and the middleware) is done."""
    request = _request.get()
    user_id = _known_user_id(request) if request is not None else None
    if user_id is not None:
        seen(user_id)


def _known_user_id(request: HttpRequest) -> int | None:
    """The signed-in user the request has already looked up, without looking it up
    (a request that never needed its user costs no query here)."""
    user: Any = request.__dict__.get("user")
    if user is None:
        return None
    wrapped = getattr(user, "_wrapped", user)
    if wrapped is empty or not getattr(wrapped, "is_authenticated", False):
        return None
    return int(wrapped.pk)


class PresenceMiddleware:
    """Sees the signed-in person of every request that knew them (a page visit, an API
    call with a token, a long-poll). Works in both middleware modes."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        if self.is_async:
            return self._acall(request)
        token = _request.set(request)
        try:
            response = self.get_response(request)
        finally:
            _request.reset(token)
        self._see(request)
        return response

    async def _acall(self, request: HttpRequest) -> HttpResponseBase:
        get_response: Callable[[HttpRequest], Awaitable[HttpResponseBase]] = self.get_response
        token = _request.set(request)
        try:
            response = await get_response(request)
        finally:
            _request.reset(token)
        self._see(request)   # (one cache write a minute at most: not worth a thread)
        return response

    @staticmethod
    def _see(request: HttpRequest) -> None:
        user_id = _known_user_id(request)
        if user_id is not None:
            seen(user_id)
