"""The live server's requests counted, so that a test ends only after its requests have.

pytest-django's ``live_server`` is one threaded WSGI server for the whole session, each
request in a thread of its own. A request the page sent just before its test ended (a move,
a bot's answer after it) would otherwise go on using the database while the next test's
``transactional_db`` empties it, or after: a failure of some other test, by order.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class InFlight:
    """Wraps a WSGI application: the requests being answered, by path."""

    def __init__(self, app: WSGIApp) -> None:
        self.app = app
        self._cond = threading.Condition()
        self._paths: dict[int, str] = {}
        self._next = 0

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]
                 ) -> Iterable[bytes]:
        with self._cond:
            key, self._next = self._next, self._next + 1
            self._paths[key] = environ.get("PATH_INFO", "") + "?" + environ.get(
                "QUERY_STRING", "")
        try:
            result = self.app(environ, start_response)
        except BaseException:
            self._done(key)
            raise
        return _Answer(result, lambda: self._done(key))

    def _done(self, key: int) -> None:
        with self._cond:
            self._paths.pop(key, None)
            self._cond.notify_all()

    def busy(self, ignore: Callable[[str], bool] = lambda path: False) -> list[str]:
        with self._cond:
            return [p for p in self._paths.values() if not ignore(p)]

    def wait_idle(self, timeout: float, ignore: Callable[[str], bool] = lambda p: False
                  ) -> list[str]:
        """Wait until no request (but the ignored ones) is being answered; returns those
        still running at the timeout (empty: idle)."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                left = [p for p in self._paths.values() if not ignore(p)]
                remaining = deadline - time.monotonic()
                if not left or remaining <= 0:
                    return left
                self._cond.wait(remaining)


class _Answer:
    """The application's answer, passed on; done when the server closes it (wsgiref closes
    it once the body is sent or the client is gone), after Django's request_finished."""

    def __init__(self, result: Iterable[bytes], done: Callable[[], None]) -> None:
        self.result, self.done = result, done

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.result)

    def close(self) -> None:
        try:
            close = getattr(self.result, "close", None)
            if close is not None:
                close()
        finally:
            self.done()


def long_poll(path: str) -> bool:
    """An events long-poll: it only reads, and ends by itself once its match is gone (the
    next test's empty database answers it 404) or its wait is over."""
    if "/events/" not in path:
        return False
    query = path.partition("?")[2]
    return any(part.startswith("wait=") and part != "wait=0" for part in query.split("&"))


def counted(live_server: Any) -> InFlight:
    """The live server's application, wrapped once for the session."""
    httpd = live_server.thread.httpd
    app = httpd.get_app()
    if not isinstance(app, InFlight):
        app = InFlight(app)
        httpd.set_app(app)
    return app
