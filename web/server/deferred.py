"""The contract between the live views and this server: an answer settled after the
middleware chain, and waits that hold neither a thread nor a database connection.

Under ASGI (``web.server.threads``) a sync view's request makes one trip to a thread for
the whole middleware chain and the view. The events long-poll must then wait without that
thread: its view answers a response that is also a :class:`DeferredAnswer`, the handler
gives the thread back and awaits :meth:`DeferredAnswer.settle` on the event loop, and sends
what it returns. A view answers one only when :func:`settles_deferred` says the server
will settle it; elsewhere (WSGI, the test client) the view waits in its own thread.

The event streams are async views that wait on the event loop themselves: they read with
:func:`in_thread` (one trip, then the connection and the thread go back) and give the
request's thread back with :func:`release_thread` before their first wait.

This module is the whole of what views know about the server; it imports nothing of it
(``web.server.threads`` registers the request's thread here, :func:`serving`).
"""

from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import TypeVar

from asgiref.sync import sync_to_async
from django.db import connection
from django.http.response import HttpResponseBase

T = TypeVar("T")

# How to give the current request's thread back (set by the server for each request).
_RELEASE: ContextVar[Callable[[], None] | None] = ContextVar("kaosz_release_thread",
                                                             default=None)


class DeferredAnswer(ABC):
    """A response whose final form is decided on the event loop, after the chain."""

    @abstractmethod
    async def settle(self) -> HttpResponseBase:
        """The answer to send. Called once, after the middleware chain has run and the
        request's thread has been given back; any database work goes through
        :func:`in_thread`."""


@contextlib.contextmanager
def serving(release: Callable[[], None]) -> Iterator[None]:
    """The server's side: while a request is served, ``release`` gives its thread back."""
    token = _RELEASE.set(release)
    try:
        yield
    finally:
        _RELEASE.reset(token)


def settles_deferred() -> bool:
    """Whether this request is served by the server that settles a
    :class:`DeferredAnswer` and lends threads it can be given back."""
    return _RELEASE.get() is not None


def release_thread() -> None:
    """Give the current request's thread back before a long wait (a no-op elsewhere).
    Only for a request that holds nothing on that thread: its sync work done and its
    database connection closed."""
    release = _RELEASE.get()
    if release is not None:
        release()


def _then_close(fn: Callable[[], T]) -> Callable[[], T]:
    def run() -> T:
        try:
            return fn()
        finally:
            connection.close()  # (back to the pool: a waiting request holds none)
    return run


async def in_thread(fn: Callable[[], T]) -> T:
    """``fn`` in the request's thread, then give back both its database connection and
    the thread: what follows is a wait that needs neither."""
    try:
        return await sync_to_async(_then_close(fn))()
    finally:
        release_thread()
