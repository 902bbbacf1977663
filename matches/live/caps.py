"""How many waits and streams one client may hold open at once.

Waiting long-polls and streams are limited per signed-in user (``KAOSZ_WAITERS_PER_USER``,
by session or API token) and, without an account, per address
(``KAOSZ_ANON_WAITERS_PER_CLIENT``): a wait costs little, but forty of them from one
address, or four hundred from one account, must not be free.

Counted across every process and node through Redis: per client a hash of each process's
slots, summed over the processes still alive. A process says it is alive every
``ALIVE_EVERY`` seconds (a key that lives ``ALIVE_SECONDS``), so the slots of a killed
process stop counting within that time instead of holding its clients out for good.
Without Redis (the embedded default, one process), or while Redis is down, each process
counts its own slots.
"""

from __future__ import annotations

import os
import secrets
import socket
import threading
from collections import Counter
from typing import Any

from django.db import connection

from web.api import rediskv

ALIVE_SECONDS = 30
ALIVE_EVERY = 10
# This process's own slots per client (all of them, when there is no Redis).
_WAITERS: Counter[str] = Counter()
_LOCK = threading.Lock()
_process: tuple[int, str] | None = None
_alive = threading.Event()


def _me() -> str:
    """This process's name in the shared counts (a forked child gets its own)."""
    global _process
    pid = os.getpid()
    if _process is None or _process[0] != pid:
        _process = (pid, f"{socket.gethostname()}:{pid}:{secrets.token_hex(3)}")
        _alive.clear()
    return _process[1]


def _alive_key(process: str) -> str:
    return f"kaosz:waiters-alive:{process}"


def _shared_key(key: str) -> str:
    return f"kaosz:waiters:{connection.settings_dict['NAME']}:{key}"


def _say_alive(r: Any) -> None:
    r.set(_alive_key(_me()), 1, ex=ALIVE_SECONDS)


def _keep_saying_alive() -> None:
    """Once per process: a thread renewing this process's alive key."""
    if _alive.is_set():
        return
    _alive.set()
    me = _me()

    def run() -> None:
        stop = threading.Event()
        while not stop.wait(ALIVE_EVERY):
            if _me() != me:
                return  # (a forked child: its own thread says so)
            r = rediskv.client()
            if r is None:
                return
            try:
                _say_alive(r)
            except rediskv.ERRORS as exc:
                rediskv.failed(exc, "the waiters' caps")
    threading.Thread(target=run, name="kaosz-caps-alive", daemon=True).start()


class Slot:
    """One taken waiting slot of ``key``; :meth:`release` gives it back (once)."""

    def __init__(self, key: str, shared: bool = False) -> None:
        self.key = key
        self.shared = shared
        self._held = True

    def release(self) -> None:
        with _LOCK:
            if not self._held:
                return
            self._held = False
            _WAITERS[self.key] -= 1
            if _WAITERS[self.key] <= 0:
                del _WAITERS[self.key]
        if self.shared:
            r = rediskv.client()
            if r is None:
                return
            try:
                r.hincrby(_shared_key(self.key), _me(), -1)
            except rediskv.ERRORS as exc:
                rediskv.failed(exc, "the waiters' caps")

    def __enter__(self) -> Slot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _take_shared(r: Any, key: str, limit: int) -> bool:
    """Count the slot in Redis; False (counted back) when the client is over ``limit``."""
    shared, me = _shared_key(key), _me()
    pipe = r.pipeline(transaction=False)
    pipe.hincrby(shared, me, 1)
    pipe.hgetall(shared)
    pipe.expire(shared, 24 * 3600)
    pipe.set(_alive_key(me), 1, ex=ALIVE_SECONDS)
    _, counts, _, _ = pipe.execute()
    others = {p.decode(): int(n) for p, n in counts.items()
              if p.decode() != me and int(n) > 0}
    total = int(counts.get(me.encode(), 0))
    if others:
        names = list(others)
        alive = r.mget([_alive_key(p) for p in names])
        dead = [p for p, a in zip(names, alive, strict=True) if a is None]
        total += sum(others[p] for p, a in zip(names, alive, strict=True) if a is not None)
        if dead:
            r.hdel(shared, *dead)
    if total > limit:
        r.hincrby(shared, me, -1)
        return False
    return True


def take(key: str, limit: int) -> Slot | None:
    """One of ``key``'s ``limit`` slots, or None when all are taken."""
    r = rediskv.client()
    if r is not None and not rediskv.down():
        try:
            _keep_saying_alive()
            if not _take_shared(r, key, limit):
                return None
            with _LOCK:
                _WAITERS[key] += 1
            return Slot(key, shared=True)
        except rediskv.ERRORS as exc:
            rediskv.failed(exc, "the waiters' caps")
    with _LOCK:
        if _WAITERS[key] >= limit:
            return None
        _WAITERS[key] += 1
    return Slot(key)
