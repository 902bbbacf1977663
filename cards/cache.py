"""Search responses cached per catalogue version: a change bumps the version, old keys die.

Two levels: a per-process LRU of rendered bodies, then Redis when the project has it (shared
by every worker). Keys include the catalogue version, so an entry is never served once the
catalogue changed: every lookup goes by the current version.

The version lives in the database (``DataVersion``). With Redis it is mirrored under
``version_key()``, and each change is announced on ``version_channel()``. A process learns
the version once and then follows the announcements: it drains its subscription with a
non-blocking read before each use, so a cached search costs no round trip, and it reads the
mirror again at least once a second and after any reconnect, in case an announcement was
lost. The mirror only ever grows ("set if greater", on commit of a bump), so a reader that
fetched an older value from the database just before a bump cannot overwrite the newer one,
and a value read inside a transaction (maybe our own uncommitted bump) is never shared.
A bump is announced before its request answers, so the client that made it, and anyone
after, gets the new version. Without Redis each lookup reads the database row: the
local-memory cache is per process and cannot hear about another process's bump.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

import redis
from django.db import connection, transaction

from kaosz.api import rediskv

VERSION_TTL = 7 * 24 * 3600  # only bounds a forgotten key; a bump rewrites it
REVALIDATE_SECONDS = 1.0
RESPONSE_TTL = 300
LOCAL_MAX_BYTES = 32 * 1024 * 1024

# Set KEYS[1] to ARGV[1] unless it already holds a greater version, and announce a raise on
# channel ARGV[3]; return the version the key holds.
_MAX_SET = """
local cur = tonumber(redis.call('GET', KEYS[1]) or '0')
local new = tonumber(ARGV[1])
if new > cur then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
  redis.call('PUBLISH', ARGV[3], ARGV[1])
  return new
end
return cur
"""


def namespace() -> str:
    """Keys are per database: deployments, or test runs, sharing a Redis never mix."""
    return f"kaosz:cards:{connection.settings_dict['NAME']}"


def version_key() -> str:
    return f"{namespace()}:data-version"


def version_channel() -> str:
    return f"{namespace()}:data-version-changed"


def _database_version() -> int:
    from cards.models import DataVersion

    return DataVersion.current().version


def _publish(version: int) -> int:
    r = rediskv.client()
    if r is None:
        return version
    return int(r.eval(_MAX_SET, 1, version_key(), version, VERSION_TTL, version_channel()))


class _Watch(redis.client.PubSub):
    """The subscription to version announcements. A (re)connect makes the version unknown:
    announcements made while disconnected are lost."""

    owner: _VersionWatch

    def on_connect(self, conn) -> None:
        self.owner.version = None
        super().on_connect(conn)


class _VersionWatch:
    """This process's knowledge of the catalogue version (None: unknown, read it)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.pubsub: _Watch | None = None
        self.pid = 0
        self.version: int | None = None
        self.announced = 0  # the highest version announced since we subscribed
        self.checked = 0.0

    def known(self, r: redis.Redis) -> int | None:
        with self.lock:
            try:
                if self.pubsub is None or self.pid != os.getpid():
                    self._subscribe(r)
                assert self.pubsub is not None
                while (message := self.pubsub.get_message(timeout=0)) is not None:
                    if message["type"] == "message":
                        self._raise(int(message["data"]))
            except redis.RedisError:
                self._drop()
                return None
            if self.version is None or time.monotonic() - self.checked >= REVALIDATE_SECONDS:
                return None
            return self.version

    def _raise(self, version: int) -> None:
        self.announced = max(self.announced, version)
        if self.version is not None:
            self.version = max(self.version, version)

    def _subscribe(self, r: redis.Redis) -> None:
        if self.pid != os.getpid():
            self.pubsub = None  # a forked child must not read its parent's socket
        self.pid = os.getpid()
        self.version, self.announced = None, 0
        self.pubsub = _Watch(r.connection_pool)
        self.pubsub.owner = self
        self.pubsub.subscribe(version_channel())
        # Only once the server confirms is every later announcement ours: read after that.
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline:
            message = self.pubsub.get_message(timeout=0.1)
            if message is not None and message["type"] == "subscribe":
                return
        raise redis.TimeoutError("no confirmation of the version subscription")

    def learned(self, version: int) -> None:
        """``version`` was read (committed) after ``known`` said unknown."""
        with self.lock:
            if self.pubsub is not None:
                # An announcement drained meanwhile (by another thread) may be newer.
                self.version = max(version, self.announced)
                self.checked = time.monotonic()

    def forget(self) -> None:
        with self.lock:
            self.version = None

    def _drop(self) -> None:
        if self.pubsub is not None:
            with contextlib.suppress(redis.RedisError):
                self.pubsub.close()
        self.pubsub, self.version = None, None

    def close(self) -> None:
        with self.lock:
            self._drop()


watch = _VersionWatch()


def catalogue_version() -> int:
    """The current catalogue version."""
    r = rediskv.client()
    if r is None:
        return _database_version()
    known = watch.known(r)
    if known is not None:
        return known
    mirrored = r.get(version_key())
    if mirrored is not None:
        version = int(mirrored)
    else:
        version = _database_version()
        # Inside a transaction the row may carry our own uncommitted bump: other processes
        # must not learn that version before the data behind it is visible to them.
        if connection.in_atomic_block:
            return version
        version = _publish(version)
    if not connection.in_atomic_block:
        watch.learned(version)
    return version


def version_changed() -> None:
    """Called by ``DataVersion.bump`` (inside its transaction).

    The mirror is dropped at once, so this process's next reads see the bump (from the
    database), and set again and announced from the database once the change is committed.
    """
    r = rediskv.client()
    if r is not None:
        watch.forget()
        r.delete(version_key())
        transaction.on_commit(lambda: _publish(_database_version()))


@dataclass(frozen=True)
class Entry:
    body: bytes
    etag: str  # what ConditionalGetMiddleware would compute, so it need not hash each hit


def make_entry(body: bytes) -> Entry:
    return Entry(body, f'"{hashlib.md5(body, usedforsecurity=False).hexdigest()}"')


class _LocalLRU:
    """Rendered bodies of this process, bounded by total size."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.size = 0
        self.items: OrderedDict[str, Entry] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str) -> Entry | None:
        with self.lock:
            entry = self.items.get(key)
            if entry is not None:
                self.items.move_to_end(key)
            return entry

    def put(self, key: str, entry: Entry) -> None:
        with self.lock:
            old = self.items.pop(key, None)
            if old is not None:
                self.size -= len(old.body)
            self.items[key] = entry
            self.size += len(entry.body)
            while self.size > self.max_bytes and len(self.items) > 1:
                _, dropped = self.items.popitem(last=False)
                self.size -= len(dropped.body)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()
            self.size = 0


local = _LocalLRU(LOCAL_MAX_BYTES)


def response_key(kind: str, version: int, parts: list[tuple[str, object]]) -> str:
    """A key for one response: its kind, the catalogue version and everything it depends on."""
    raw = json.dumps(sorted(parts), ensure_ascii=False)  # unambiguous, whatever the values
    digest = hashlib.sha1(raw.encode("utf-8")).hexdigest()
    return f"{namespace()}:{kind}:{version}:{digest}"


def get(key: str) -> Entry | None:
    entry = local.get(key)
    if entry is not None:
        return entry
    r = rediskv.client()
    body = r.get(key) if r is not None else None
    if body is None:
        return None
    entry = make_entry(body)
    local.put(key, entry)
    return entry


def put(key: str, body: bytes) -> Entry:
    entry = make_entry(body)
    local.put(key, entry)
    r = rediskv.client()
    if r is not None:
        r.set(key, body, ex=RESPONSE_TTL)
    return entry
