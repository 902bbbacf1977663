"""Django's Redis cache backend, keeping one client object per connection pool, and failing
soft: with Redis down every read is a miss and every write is dropped (logged), so what the
cache fronts (token lookups, pages) is computed from the database instead of erroring.

The stock backend builds a new ``redis.Redis`` for every cache call, and building one
fills a table of some 170 response callbacks: on a cheap request (a match action's token
lookup, a cached search page) that was a measurable share of the work. A client is only a
handle on its pool and is safe to share between threads, and the pool itself notices a
fork, so one per pool is enough.

Django keeps its cache objects per thread, and under ASGI per request: every request runs
in a fresh context, so the stock backend builds a new client, a new connection pool and a
new TCP connection to Redis for each request, and drops them afterwards. Under load that
connecting was the largest single cost of a match action's token lookup. Here the client
(and so its pool) is shared by every cache object of the process with the same servers and
options.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.redis import RedisCache as _RedisCache
from django.core.cache.backends.redis import RedisCacheClient as _RedisCacheClient
from django.utils.functional import cached_property

from web.api import rediskv


class RedisCacheClient(_RedisCacheClient):
    # Django's private attributes, which django-stubs leave out
    _client: Callable[..., Any]
    _get_connection_pool: Callable[[bool], Any]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("socket_connect_timeout", rediskv.CONNECT_TIMEOUT)
        kwargs.setdefault("socket_timeout", rediskv.SOCKET_TIMEOUT)
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:  # (a race builds two equal clients; either serves)
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


def _soft(name: str, fallback: Any) -> Any:
    """Wrap ``RedisCache.name``: while Redis is down, or when the call fails, answer
    ``fallback(*args, **kwargs)`` instead of raising."""
    original = getattr(_RedisCache, name)

    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        if rediskv.down():
            return fallback(*args, **kwargs)
        try:
            return original(self, *args, **kwargs)
        except rediskv.ERRORS as exc:
            rediskv.failed(exc, f"cache.{name}")
            return fallback(*args, **kwargs)

    method.__name__ = name
    return method


def _default(key: Any, default: Any = None, version: Any = None) -> Any:
    return default


def _none(*args: Any, **kwargs: Any) -> None:
    return None


def _false(*args: Any, **kwargs: Any) -> bool:
    return False


def _empty(*args: Any, **kwargs: Any) -> dict:
    return {}


def _unset(data: Any, *args: Any, **kwargs: Any) -> list:
    return list(data)  # set_many: the keys that were not set


def _incr(key: Any, delta: int = 1, version: Any = None) -> int:
    return delta


_SHARED: dict[tuple[Any, ...], RedisCacheClient] = {}
_SHARED_LOCK = threading.Lock()


def shared_client(servers: list[str], options: dict[str, Any]) -> RedisCacheClient:
    """The process's one client (and connection pool) for these servers and options."""
    key = (tuple(servers), repr(sorted(options.items())))
    client = _SHARED.get(key)
    if client is None:
        with _SHARED_LOCK:
            client = _SHARED.get(key)
            if client is None:
                client = _SHARED[key] = RedisCacheClient(servers, **options)
    return client


class RedisCache(_RedisCache):
    # Django's private attributes, which django-stubs leave out
    _servers: list[str]
    _options: dict[str, Any]

    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = RedisCacheClient

    @cached_property  # (the stock one built a client per cache object: per request)
    def _cache(self) -> RedisCacheClient:
        return shared_client(self._servers, self._options)

    get = _soft("get", _default)
    set = _soft("set", _none)
    add = _soft("add", _false)
    touch = _soft("touch", _false)
    delete = _soft("delete", _false)
    get_many = _soft("get_many", _empty)
    set_many = _soft("set_many", _unset)
    delete_many = _soft("delete_many", _none)
    has_key = _soft("has_key", _false)
    incr = _soft("incr", _incr)
    clear = _soft("clear", _false)
