"""A PostgreSQL restart or outage is a 503, not a 500.

After a restart every pooled connection is dead; the audit saw 7 of 80 reads fail with 500
a minute later, and every request fail with 500 while PostgreSQL was down. Three parts:

- connections are checked as they leave the pool (``settings``: the pool's ``check``;
  without a pool, Django's ``CONN_HEALTH_CHECKS``), so a dead one is replaced, not used;
- :class:`RetryReadOnDeadConnection`: a read (GET, HEAD, OPTIONS) that still meets a dead
  connection mid-request (PostgreSQL went away after the check) is run once more on a
  fresh connection, outside any transaction only;
- :func:`read_retrying`: the same for a read made outside the view (the events long-poll's
  look and second pass after its wait, on the event loop's thread trips);
- ``kaosz.views.server_error`` answers an ``OperationalError`` that remains (PostgreSQL
  down) with 503 ``database_unavailable`` in the error shape, and pages with a 503 page,
  both with ``Retry-After``.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from typing import Any, TypeVar

from asgiref.sync import iscoroutinefunction
from django.db import InterfaceError, OperationalError, connection
from django.http import HttpRequest

from web.server.middleware import BothModes

T = TypeVar("T")
logger = logging.getLogger("kaosz.database")
READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
RETRY_AFTER_SECONDS = 5


def outage_in(exc: BaseException | None) -> bool:
    """Whether ``exc`` (or what caused it) is the database being unreachable or a dead
    connection, rather than a bug."""
    while exc is not None:
        if isinstance(exc, (OperationalError, InterfaceError)):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def handling_outage() -> bool:
    """Whether the exception being handled is a database outage."""
    return outage_in(sys.exc_info()[1])


def _dead_connection() -> bool:
    raw = connection.connection
    return raw is None or bool(getattr(raw, "closed", False) or getattr(raw, "broken", False))


class RetryReadOnDeadConnection(BothModes):
    """Runs a read's view once more when its database connection died under it."""

    def __call__(self, request: HttpRequest) -> Any:
        # (nothing before or after the view: the view itself, or in async mode its
        # coroutine, without the base's extra step)
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view: Callable[..., Any], args: Any,
                     kwargs: Any) -> Any:
        if request.method not in READ_METHODS or iscoroutinefunction(view):
            return None
        try:
            return view(request, *args, **kwargs)
        except (OperationalError, InterfaceError):
            if connection.in_atomic_block or not _dead_connection():
                raise
            logger.warning("a dead database connection under %s %s: trying it once more",
                           request.method, request.path)
            connection.close()  # (given back to the pool, which drops it)
            return view(request, *args, **kwargs)


def read_retrying(read: Callable[[], T]) -> T:
    """Run ``read`` (database reads only); when its connection died under it (PostgreSQL
    restarted while a long-poll waited), once more on a fresh connection. An outage that
    remains is raised (:func:`outage_in` tells it from a bug)."""
    try:
        return read()
    except (OperationalError, InterfaceError):
        if connection.in_atomic_block or not _dead_connection():
            raise
        logger.warning("a dead database connection under a read: trying it once more")
        connection.close()
        return read()
