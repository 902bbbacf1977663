"""Django's Redis cache backend, keeping one client object per connection pool.

The stock backend builds a new ``redis.Redis`` for every cache call, and building one
fills a table of some 170 response callbacks: on a cheap request (a match action's token
lookup, a cached search page) that was a measurable share of the work. A client is only a
handle on its pool and is safe to share between threads, and the pool itself notices a
fork, so one per pool is enough.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache as _RedisCache
from django.core.cache.backends.redis import RedisCacheClient as _RedisCacheClient


class RedisCacheClient(_RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:  # (a race builds two equal clients; either serves)
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class RedisCache(_RedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = RedisCacheClient
