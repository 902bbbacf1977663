"""One Redis client per process for the hot paths (search cache, throttle counters).

Django's Redis cache backend builds a new client object on every call and pickles values;
on a request that does nothing else that overhead is most of the cost. This client is made
once per process (the connection pool notices a fork) and speaks raw bytes and integers.
"""

from __future__ import annotations

import threading

import redis
from django.conf import settings

_lock = threading.Lock()
_clients: dict[str, redis.Redis] = {}


def client() -> redis.Redis | None:
    """The shared client for ``settings.REDIS_URL``, or None when the project runs without Redis."""
    url = getattr(settings, "REDIS_URL", "")
    if not url:
        return None
    found = _clients.get(url)
    if found is None:
        with _lock:
            found = _clients.get(url) or redis.Redis.from_url(url)
            _clients[url] = found
    return found
