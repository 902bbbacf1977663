"""A scoped rate throttle that costs one cache round trip and O(1) work per request.

DRF's ``SimpleRateThrottle`` keeps a list of every request time in the window, reads and
rewrites it (pickled) on each request: two round trips and work growing with the rate. Here
each client has one counter per fixed window; the limit applies to a sliding estimate,
``current + previous * (share of the previous window still inside the sliding one)``.

With Redis the counter update and the read of the previous window go in one pipeline, and a
subclass can read a few more keys in the same round trip (``extra_reads``). Without Redis the
Django cache (local memory, per process) holds the counters.
"""

from __future__ import annotations

import math
import time
from typing import Any

from django.core.cache import cache
from django.db import connection
from rest_framework.throttling import ScopedRateThrottle

from kaosz.api import rediskv

KEY_PREFIX = "kaosz:throttle"


class WindowRateThrottle(ScopedRateThrottle):
    scope_attr = "throttle_scope"
    extra_reads: tuple[str, ...] = ()  # Redis keys read in the same round trip

    def allow_request(self, request: Any, view: Any) -> bool:
        self.extra_values: list[Any] = [None] * len(self.extra_reads)
        self.scope = getattr(view, self.scope_attr, None)
        if not self.scope:
            return True
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        if self.rate is None:
            return True
        ident = self.get_cache_key(request, view)
        if ident is None:
            return True
        now = self.timer()
        window = int(now // self.duration)
        current, previous = self._count(ident, window)
        self.elapsed = now - window * self.duration
        self.current, self.previous = current, previous
        return self._estimate(self.elapsed) <= self.num_requests

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        if request.user and request.user.is_authenticated:
            ident = f"user:{request.user.pk}"
        else:
            ident = f"anon:{self.get_ident(request)}"
        # Per database, like the rest of the project's keys: deployments (or parallel test
        # runs) sharing one Redis keep separate budgets.
        return f"{KEY_PREFIX}:{connection.settings_dict['NAME']}:{self.scope}:{ident}"

    def timer(self) -> float:
        return time.time()

    def _estimate(self, elapsed: float) -> float:
        return self.current + self.previous * max(0.0, 1 - elapsed / self.duration)

    def _count(self, ident: str, window: int) -> tuple[int, int]:
        cur, prev = f"{ident}:{window}", f"{ident}:{window - 1}"
        r = rediskv.client()
        if r is None:
            cache.add(cur, 0, 2 * self.duration)
            return cache.incr(cur), int(cache.get(prev) or 0)
        pipe = r.pipeline(transaction=False)
        pipe.incr(cur)
        pipe.expire(cur, 2 * self.duration)
        pipe.get(prev)
        for key in self.extra_reads:
            pipe.get(key)
        current, _, previous, *extra = pipe.execute()
        self.extra_values = extra
        return int(current), int(previous or 0)

    def wait(self) -> float | None:
        """Seconds until the sliding estimate is back within the limit."""
        if self.current > self.num_requests:
            return self.duration - self.elapsed  # the current window alone is over
        if not self.previous:
            return None
        # previous * (1 - (elapsed + w) / duration) + current <= num_requests
        share = 1 - (self.num_requests - self.current) / self.previous
        return max(0.0, math.ceil(self.duration * share - self.elapsed))
