"""One Redis client per process for the hot paths (search cache, throttle counters), and
the process's view of whether Redis is up.

Django's Redis cache backend builds a new client object on every call and pickles values;
on a request that does nothing else that overhead is most of the cost. This client is made
once per process (the connection pool notices a fork) and speaks raw bytes and integers.

Redis is a cache, a throttle store and a broker here, never the only copy of anything a
request needs: when a call fails, ``failed()`` logs it (at most once per
``RETRY_SECONDS``) and the callers take their Redis-less path for ``RETRY_SECONDS``
(``down()``), so a dead Redis costs one failed connection per period, not one per call.
Short timeouts keep a Redis that hangs, rather than refuses, from holding requests up.
"""

from __future__ import annotations

import logging
import threading
import time

import redis
from django.conf import settings

log = logging.getLogger("kaosz.redis")
_lock = threading.Lock()
_clients: dict[str, redis.Redis] = {}
CONNECT_TIMEOUT = 0.5
SOCKET_TIMEOUT = 2.0
RETRY_SECONDS = 5.0
_down_until = 0.0
_logged_at = float("-inf")
# What a failing Redis raises (a refused or dropped connection, a timeout, a reply error).
ERRORS: tuple[type[BaseException], ...] = (redis.RedisError, OSError)


def client() -> redis.Redis | None:
    """The shared client for ``settings.REDIS_URL``, or None when the project runs without Redis."""
    url = getattr(settings, "REDIS_URL", "")
    if not url:
        return None
    found = _clients.get(url)
    if found is None:
        with _lock:
            found = _clients.get(url) or redis.Redis.from_url(
                url, socket_connect_timeout=CONNECT_TIMEOUT, socket_timeout=SOCKET_TIMEOUT)
            _clients[url] = found
    return found


def down() -> bool:
    """True for ``RETRY_SECONDS`` after a failed call: skip Redis, take the fallback."""
    return time.monotonic() < _down_until


def failed(exc: BaseException, what: str) -> None:
    """Note a failed Redis call (``what``: who called) and open the breaker."""
    global _down_until, _logged_at
    now = time.monotonic()
    _down_until = now + RETRY_SECONDS
    if now - _logged_at >= RETRY_SECONDS:
        _logged_at = now
        log.warning("Redis unavailable (%s: %s): %s falls back without it for %.0f s",
                    type(exc).__name__, exc, what, RETRY_SECONDS)


def reset() -> None:
    """Forget a past failure (tests, and ``/readyz`` when a ping succeeds)."""
    global _down_until
    _down_until = 0.0
