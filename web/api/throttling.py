"""A scoped rate throttle with O(1) work per request and, mostly, no cache round trip.

DRF's ``SimpleRateThrottle`` keeps a list of every request time in the window, reads and
rewrites it (pickled) on each request: two round trips and work growing with the rate.

Here each client has one shared counter per fixed window; the limit applies to the sliding
estimate ``current + previous * (share of the previous window still inside the sliding
one)``. A process adds its requests to the shared counter in batches of at most 1% of the
limit (at least 1, so small limits are exact), and at least once a second. So a client
going through W processes may get up to W * (batch - 1) requests past the limit; it is
never refused early. The shared counters live in Redis when the project has it, else in the
Django cache (local memory: per process).

With Redis down the throttle fails open: each process goes on counting its own requests
against the limit (a client spread over W processes gets up to W times the rate) and logs
the outage (``rediskv.failed``) instead of failing the request.
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db import connection
from rest_framework.throttling import ScopedRateThrottle

from web.api import rediskv

KEY_PREFIX = "kaosz:throttle"
BATCH_SHARE = 0.01
SYNC_SECONDS = 1.0
MAX_TALLIES = 10_000


def _signed_in(request: Any) -> bool:
    return bool(request.user and request.user.is_authenticated)


@dataclass
class Tally:
    """One client's counts in one window, as this process knows them."""

    window: int
    total: int = 0  # the shared counter at the last sync (every process's requests)
    previous: int = 0  # the shared counter of the window before
    pending: int = 0  # counted here, not yet added to the shared counter
    synced: float = float("-inf")
    syncing: bool = False  # a request of this process is adding to the shared counter


class _Unsynced(Exception):
    """Redis is known to be down: count locally without trying."""


# What a sync may raise: Redis known to be down, or a Redis or network error.
_SYNC_ERRORS: tuple[type[BaseException], ...] = (_Unsynced, *rediskv.ERRORS)


class WindowRateThrottle(ScopedRateThrottle):
    scope_attr = "throttle_scope"
    # This process's tallies; a test can give a throttle its own to play another process.
    tallies: dict[str, Tally] = {}
    lock = threading.Lock()
    # Set by allow_request (DRF's parse_rate types them optional: None only without a rate)
    num_requests: int
    duration: int
    current: int
    previous: int
    elapsed: float

    def allow_request(self, request: Any, view: Any) -> bool:
        self.scope = self.scope_for(request, view)
        if not self.scope:
            return True
        self.rate = self.get_rate()
        num_requests, duration = self.parse_rate(self.rate)
        if self.rate is None or num_requests is None or duration is None:
            return True
        self.num_requests, self.duration = num_requests, duration
        ident = self.get_cache_key(request, view)
        if ident is None:
            return True
        now = self.timer()
        window = int(now // self.duration)
        batch = max(1, int(self.num_requests * BATCH_SHARE))
        with self.lock:
            tally, tail = self._tally(ident, window)
            tally.pending += 1
            handed = 0
            if not tally.syncing and (tally.pending >= batch
                                      or now - tally.synced >= SYNC_SECONDS):
                handed, tally.pending, tally.syncing = tally.pending, 0, True
            self.current = tally.total + tally.pending + handed
            self.previous = tally.previous
        # The round trips happen outside the lock: the lock guards this process's tallies,
        # and holding it across the network made every request of the process queue
        # behind one client's sync.
        if tail is not None:
            self._add_tail(*tail)
        if handed:
            self._sync_or_count_locally(ident, tally, handed, now)
            self.current = tally.total + tally.pending
            self.previous = tally.previous
        self.elapsed = now - window * self.duration
        estimate = self._estimate(self.elapsed)
        self._note(request, estimate)
        return estimate <= self.num_requests

    def _note(self, request: Any, estimate: float) -> None:
        """Keep the tightest of the request's limits for the IETF ``RateLimit`` headers
        (a client saw nothing before its 429); ``web.api.request_id`` writes
        them: ``RateLimit-Policy: "user";q=6000;w=60`` and ``RateLimit: "user";r=5990;t=42``."""
        remaining = max(0, self.num_requests - math.ceil(estimate))
        reset = max(1, math.ceil(self.duration - self.elapsed))
        django_request = getattr(request, "_request", request)
        known = getattr(django_request, "kaosz_rate_limit", None)
        if known is None or remaining < known[2]:
            django_request.kaosz_rate_limit = (self.scope, self.num_requests, remaining,
                                               self.duration, reset)

    def scope_for(self, request: Any, view: Any) -> str | None:
        return getattr(view, self.scope_attr, None)

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        if _signed_in(request):
            ident = f"user:{request.user.pk}"
        else:
            ident = f"anon:{self.get_ident(request)}"
        # Per database, like the rest of the project's keys: deployments (or parallel test
        # runs) sharing one Redis keep separate budgets.
        return f"{KEY_PREFIX}:{connection.settings_dict['NAME']}:{self.scope}:{ident}"

    def timer(self) -> float:
        return time.time()

    def _tally(self, ident: str, window: int) -> tuple[Tally, tuple[str, int] | None]:
        """The client's tally for this window (called under the lock), and the last
        window's unsynced tail to add to its shared counter, if any."""
        tally = self.tallies.get(ident)
        if tally is not None and tally.window == window:
            return tally, None
        tail = None
        if tally is not None and tally.pending and tally.window == window - 1:
            tail = (f"{ident}:{tally.window}", tally.pending)
        if len(self.tallies) >= MAX_TALLIES:
            for key in [k for k, t in self.tallies.items() if t.window < window - 1]:
                del self.tallies[key]
        tally = self.tallies[ident] = Tally(window)
        return tally, tail

    def _add_tail(self, key: str, amount: int) -> None:
        if rediskv.down():
            return
        try:
            self._add(key, amount)
        except rediskv.ERRORS as exc:
            rediskv.failed(exc, "the API throttle")

    def _sync_or_count_locally(self, ident: str, tally: Tally, handed: int,
                               now: float) -> None:
        """Add ``handed`` (the requests taken from ``tally.pending``) to the shared
        counter and read both windows; with Redis down, give them back to the pending
        count, which then limits this process alone."""
        try:
            if rediskv.client() is not None and rediskv.down():
                raise _Unsynced
            total, previous = self._sync(ident, tally.window, handed)
        except _SYNC_ERRORS as exc:
            if not isinstance(exc, _Unsynced):
                rediskv.failed(exc, "the API throttle")
            with self.lock:
                tally.pending += handed
                tally.synced, tally.syncing = now, False
            return
        with self.lock:
            tally.total, tally.previous = total, previous
            tally.synced, tally.syncing = now, False

    def _add(self, key: str, amount: int) -> int:
        r = rediskv.client()
        if r is None:
            cache.add(key, 0, 2 * self.duration)
            return cache.incr(key, amount)
        pipe = r.pipeline(transaction=False)
        pipe.incrby(key, amount)
        pipe.expire(key, 2 * self.duration)
        return int(pipe.execute()[0])

    def _sync(self, ident: str, window: int, amount: int) -> tuple[int, int]:
        """Add ``amount`` to the shared counter of ``window``; answer it and the window
        before's."""
        cur, prev = f"{ident}:{window}", f"{ident}:{window - 1}"
        r = rediskv.client()
        if r is None:
            return self._add(cur, amount), int(cache.get(prev) or 0)
        pipe = r.pipeline(transaction=False)
        pipe.incrby(cur, amount)
        pipe.expire(cur, 2 * self.duration)
        pipe.get(prev)
        total, _, previous = pipe.execute()
        return int(total), int(previous or 0)

    def _estimate(self, elapsed: float) -> float:
        return self.current + self.previous * max(0.0, 1 - elapsed / self.duration)

    def wait(self) -> float | None:
        """Seconds until the sliding estimate is back within the limit."""
        if self.current > self.num_requests:
            return self.duration - self.elapsed  # the current window alone is over
        if not self.previous:
            return None
        # previous * (1 - (elapsed + w) / duration) + current <= num_requests
        share = 1 - (self.num_requests - self.current) / self.previous
        return max(0.0, math.ceil(self.duration * share - self.elapsed))


class UserWindowThrottle(WindowRateThrottle):
    """The project-wide "user" rate for signed-in clients, counted as above (DRF's
    ``UserRateThrottle`` costs two cache round trips on every API request)."""

    def scope_for(self, request: Any, view: Any) -> str | None:
        return "user" if _signed_in(request) else None


class AnonWindowThrottle(WindowRateThrottle):
    """The project-wide "anon" rate for everyone else."""

    def scope_for(self, request: Any, view: Any) -> str | None:
        return None if _signed_in(request) else "anon"
