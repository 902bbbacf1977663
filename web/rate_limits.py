"""Small fixed-window counters for the actions people can repeat to do harm: sign-ups,
password-reset e-mails, invalid API tokens, CSV contributions.

Each counter lives in the cache (Redis in production, shared by every process; local
memory otherwise, per process). With Redis down the cache answers misses and the counters
fail open, like the API's throttles, rather than refusing people.

Addresses are counted as a client has them to spend: an IPv4 address, or an IPv6 /64 (one
home or one server gets a whole /64, so counting single IPv6 addresses counts nothing).
"""

from __future__ import annotations

import hashlib
import ipaddress
from typing import Any

from django.conf import settings
from django.core.cache import cache

KEY_PREFIX = "kaosz:rate"


def client_address(request: Any) -> str:
    """The client's address as counted: IPv4 as it is, IPv6 as its /64 network."""
    raw = (request.META.get("REMOTE_ADDR") or "?") if request is not None else "?"
    try:
        address = ipaddress.ip_address(raw.split("%", 1)[0])
    except ValueError:
        return raw[:64]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def _key(bucket: str, who: str) -> str:
    return f"{KEY_PREFIX}:{bucket}:" + hashlib.sha256(who.encode("utf-8", "replace")).hexdigest()


def count(bucket: str, who: str, window: int) -> int:
    """Add one to ``who``'s count in ``bucket``; the count in the current window."""
    key = _key(bucket, who)
    cache.add(key, 0, window)
    try:
        return int(cache.incr(key))
    except ValueError:  # (expired between add and incr, or the cache is down)
        cache.set(key, 1, window)
        return 1


def current(bucket: str, who: str) -> int:
    return int(cache.get(_key(bucket, who)) or 0)


def spend(bucket: str, who: str) -> bool:
    """Count one more of ``bucket`` for ``who``: False when that is over the limit set in
    ``settings.KAOSZ_RATE_LIMITS[bucket]`` (``(limit, window seconds)``)."""
    limit, window = settings.KAOSZ_RATE_LIMITS[bucket]
    return count(bucket, who, window) <= limit


def spent(bucket: str, who: str) -> bool:
    """Whether ``who`` has used up ``bucket`` (without counting)."""
    limit, _ = settings.KAOSZ_RATE_LIMITS[bucket]
    return current(bucket, who) >= limit


def retry_after(bucket: str) -> int:
    return int(settings.KAOSZ_RATE_LIMITS[bucket][1])
