"""Django's ASGI handler with its request threads kept and reused.

Django runs each ASGI request's synchronous work (the ``request_started`` and
``request_finished`` receivers, a sync view, a template's rendering) in a thread of its
own: ``ASGIHandler.__call__`` opens a ``ThreadSensitiveContext``, for which asgiref makes a
new ``ThreadPoolExecutor(max_workers=1)`` at the request's first sync call and shuts it
down (a thread start and a join) when the request ends. Profiled under uvicorn on a
match action, starting, handing work to and joining that thread were about a quarter of
the process's CPU, the main reason a request cost about twice what it costs under WSGI.

Here each request borrows a single-thread executor from the process's free list at its
first sync call and gives it back at its end: the same guarantee (one request's sync work
runs on one thread, so its database connection and its ``request_finished`` close are
the same), without a thread per request. asgiref 3.13's ``ThreadSensitiveContext(
executor=...)`` is the documented way to supply that executor.

A request that waits (the events long-poll and the event streams) gives its thread back
for the wait through the contract in ``web.server.deferred``: a waiting request then
holds neither a connection nor a thread, and its next sync call borrows whichever thread
is free. Where this handler leans on Django beyond its documented API is
``web.server.django_hooks``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from contextvars import ContextVar
from typing import Any

from asgiref.sync import ThreadSensitiveContext, iscoroutinefunction, sync_to_async
from django.conf import settings
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler
from django.core.handlers.base import BaseHandler
from django.http import FileResponse, HttpRequest
from django.http.response import HttpResponseBase
from django.urls import Resolver404, get_resolver, get_urlconf, set_script_prefix

from web import body_limit
from web.server import deferred
from web.server.django_hooks import finished_by, get_script_prefix


class ThreadPool:
    """The free single-thread executors of this process (most recently used first), and
    the requests waiting for one when ``most`` are lent out (0: no limit)."""

    def __init__(self, keep_idle: int, most: int = 0) -> None:
        self.keep_idle, self.most = keep_idle, most
        self._free: list[ThreadPoolExecutor] = []
        self._waiting: deque[Lease] = deque()
        self._lock = threading.Lock()
        self.lent = 0
        self.made = 0  # (how many were ever made: a test reads it)

    def take(self, lease: Lease) -> ThreadPoolExecutor | None:
        """A thread for ``lease``, or None: all are lent out, and ``lease`` is given the
        next one given back (:meth:`Lease.receive`)."""
        with self._lock:
            if self.most and self.lent >= self.most:
                self._waiting.append(lease)
                return None
            self.lent += 1
            if self._free:
                return self._free.pop()
            self.made += 1
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="kaosz-request")

    def give_back(self, executor: ThreadPoolExecutor) -> None:
        with self._lock:
            while self._waiting:
                if self._waiting.popleft().receive(executor):
                    return  # (handed straight on: still lent)
            self.lent -= 1
            if len(self._free) < self.keep_idle:
                self._free.append(executor)
                return
        executor.shutdown(wait=False)

    def idle(self) -> int:
        return len(self._free)


# Idle threads kept for reuse (KAOSZ_ASGI_IDLE_THREADS), and at most KAOSZ_ASGI_THREADS
# lent out at once (by default the database pool's size: a request then never waits for a
# connection in a thread, where the pool's timeout would answer 503; it waits for a thread
# on the event loop, where waiting costs nothing).
POOL = ThreadPool(getattr(settings, "KAOSZ_ASGI_IDLE_THREADS", 64),
                  getattr(settings, "KAOSZ_ASGI_THREADS", 0))


class Lease(Executor):
    """One request's thread: borrowed at its first sync call, given back at its end (or
    earlier, by a view about to wait). When none is free the calls wait in ``backlog``
    (their futures pending) until one is handed over."""

    def __init__(self, pool: ThreadPool) -> None:
        self.pool = pool
        self.executor: ThreadPoolExecutor | None = None
        self.backlog: list[tuple[Future[Any], Callable[..., Any], tuple, dict]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self.executor is None and not self.backlog:
            self.executor = self.pool.take(self)
        if self.executor is None:
            waiting: Future[Any] = Future()
            self.backlog.append((waiting, fn, args, kwargs))
            return waiting
        return self.executor.submit(fn, *args, **kwargs)

    def receive(self, executor: ThreadPoolExecutor) -> bool:
        """Take ``executor`` and run the waiting calls on it; False (not taken) when every
        one of them was cancelled meanwhile (the client went away)."""
        live = [item for item in self.backlog if item[0].set_running_or_notify_cancel()]
        self.backlog.clear()
        if not live:
            return False
        self.executor = executor
        for waiting, fn, args, kwargs in live:
            executor.submit(fn, *args, **kwargs).add_done_callback(
                functools.partial(_settle, waiting))
        return True

    def give_back(self) -> None:
        if self.executor is not None:
            executor, self.executor = self.executor, None
            self.pool.give_back(executor)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.give_back()


def _settle(waiting: Future[Any], done: Future[Any]) -> None:
    error = done.exception()
    if error is not None:
        waiting.set_exception(error)
    else:
        waiting.set_result(done.result())


# The body limit of the request being read (web.body_limit), set in handle().
_BODY_LIMIT: ContextVar[int] = ContextVar("kaosz_body_limit", default=2_621_440)


@functools.lru_cache(maxsize=4096)  # (the URLconf does not change; the chain resolves again)
def _async_view(path: str) -> bool:
    """Whether ``path`` goes to an async view."""
    try:
        match = get_resolver(get_urlconf()).resolve(path)
    except Resolver404:
        return False
    return iscoroutinefunction(match.func)


class PooledThreadsASGIHandler(ASGIHandler):
    def __init__(self) -> None:
        super().__init__()  # (the async middleware chain, for async views)
        self._sync_handler = BaseHandler()
        self._sync_handler.load_middleware(is_async=False)

    async def handle(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        """A request, its body refused when over the limit (see :meth:`_handle`)."""
        path, root = scope.get("path", ""), scope.get("root_path", "")
        path = path[len(root):] if root and path.startswith(root) else path
        # A body over the limit is refused before it is read (Django reads the whole
        # body to a temporary file first): by its Content-Length, or, chunked, as
        # soon as it passes the limit (read_body below).
        # A body a little over it is read and thrown away first, so that a client which
        # sends all before reading gets the 413 (``body_limit.LINGER_FACTOR``).
        declared = body_limit.declared_too_large(scope)
        if declared is not None:
            if body_limit.worth_lingering(scope, declared):
                await body_limit.discard_rest(receive, body_limit.LINGER_FACTOR * declared)
            await self.send_response(body_limit.refusal(path, declared), send)
            return
        limit = _BODY_LIMIT.set(body_limit.scope_limit(scope))
        try:
            await self._handle(scope, receive, send, path)
        except body_limit.BodyTooLarge as exc:
            await body_limit.discard_rest(receive, body_limit.LINGER_FACTOR * exc.limit)
            await self.send_response(body_limit.refusal(path, exc.limit), send)
        finally:
            _BODY_LIMIT.reset(limit)

    async def read_body(self, receive: Any) -> Any:
        """Django's reader, stopping at the request's body limit (``web.body_limit``)."""
        return await body_limit.read_limited(receive, _BODY_LIMIT.get())

    async def _handle(self, scope: dict[str, Any], receive: Any, send: Any,
                      path: str) -> None:
        """Django's ``ASGIHandler.handle`` for a sync view's request, which passes the
        whole middleware chain and the view in ONE trip to the request's thread, as under
        WSGI. (Django's async chain runs each built-in middleware's ``process_request`` and
        ``process_response`` in that thread one after another: about twenty trips to a
        thread and back per request, which cost more CPU than a match action's own work.)
        Django's handler also made a trip of its own for the ``request_started``
        receivers and one for the response's ``close()`` (the ``request_finished``
        receivers); here they go in the same trip as the chain: the
        response is closed before it is sent, which is safe for a response whose content
        is already in memory (a streamed or file response is closed after it is sent, as
        Django does). The disconnect listener is left out: a sync view cannot be stopped
        half way, and the answer to a client that left is dropped by the server. Async
        views (the event stream) take Django's own path."""
        if _async_view(path):
            await super().handle(scope, receive, send)
            return
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        set_script_prefix(get_script_prefix(scope))
        try:
            request, response = await sync_to_async(self._serve, thread_sensitive=True)(
                scope, body_file)
            if isinstance(response, deferred.DeferredAnswer) and request is not None:
                # (a long-poll: the chain has run and nothing of the request is on its
                # thread; it waits here, on the event loop, then is answered)
                deferred.release_thread()
                response = await response.settle()
            with contextlib.suppress(asyncio.CancelledError):  # (the client left)
                await self.send_response(response, send)
            if not response.closed:
                await sync_to_async(response.close)()
        finally:
            body_file.close()

    def _serve(self, scope: dict[str, Any],
               body_file: Any) -> tuple[HttpRequest | None, HttpResponseBase]:
        """In the request's thread: ``request_started``, the request, the chain and the
        view, and the close of an answer that is all in memory."""
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, refused = self.create_request(scope, body_file)
        if request is None:  # (a body that cannot be read: 400 or 413)
            assert refused is not None
            return None, self._finished(refused)
        return request, self._finished(self._sync_handler.get_response(request))

    def _finished(self, response: HttpResponseBase) -> HttpResponseBase:
        finished_by(response, self.__class__)
        if isinstance(response, FileResponse):
            response.block_size = self.chunk_size
        elif not response.streaming:
            response.close()  # (request_finished: the connection goes back to the pool)
        return response

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not "
                             f"{scope['type']}.")
        lease = Lease(POOL)
        try:
            with deferred.serving(lease.give_back):
                async with ThreadSensitiveContext(executor=lease):
                    await self.handle(scope, receive, send)
        finally:
            lease.give_back()
