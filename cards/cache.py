"""Search responses cached per catalogue version: a change bumps the version, old keys die.

The version itself is cached briefly so a cache hit costs one cache read, not a query. With
Redis every worker sees a bump at once (the key is deleted on commit); with the per-process
local-memory cache of the embedded default the short timeout bounds any staleness.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.cache import cache
from django.db import transaction

VERSION_KEY = "cards:data-version"
VERSION_TTL = 5
RESPONSE_TTL = 300


def catalogue_version() -> int:
    version = cache.get(VERSION_KEY)
    if version is None:
        from cards.models import DataVersion

        version = DataVersion.current().version
        cache.set(VERSION_KEY, version, VERSION_TTL)
    return version


def forget_version() -> None:
    cache.delete(VERSION_KEY)
    transaction.on_commit(lambda: cache.delete(VERSION_KEY))


def response_key(kind: str, params: dict[str, Any], lang: str) -> str:
    raw = "&".join(f"{k}={v}" for k, v in sorted(params.items()))
    digest = hashlib.sha1(raw.encode("utf-8")).hexdigest()
    return f"cards:{kind}:{catalogue_version()}:{lang}:{digest}"


def get(key: str) -> Any:
    return cache.get(key)


def put(key: str, value: Any) -> None:
    cache.set(key, value, RESPONSE_TTL)
