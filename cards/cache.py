"""Search responses cached per catalogue version: a change bumps the version, old keys die.

Two levels: a per-process LRU of rendered bodies, then Redis when the project has it (shared
by every worker). Keys include the catalogue version, so an entry is never served once the
catalogue changed: every lookup goes by the current version, read for each request.

The version lives in the database (``DataVersion``). With Redis it is mirrored under
``version_key()``, so reading it is one small GET. The mirror only ever grows ("set if
greater", on commit of a bump), so a reader that fetched an older value from the database
just before a bump cannot overwrite the newer one, and a value read inside a transaction
(maybe our own uncommitted bump) is never shared. A bump is published before its request
answers, so the client that made it, and anyone after, gets the new version. Without Redis
each lookup reads the database row: the local-memory cache is per process and cannot hear
about another process's bump.

(Following announcements over pub/sub instead of a GET per request was tried: it saves the
round trip but a reader can poll its subscription after the bumping request has answered
and before Redis has written it the announcement, so it could serve the old version.)
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass

from django.db import connection, transaction

from cards.models import DataVersion
from web.api import rediskv

VERSION_TTL = 7 * 24 * 3600  # only bounds a forgotten key; a bump rewrites it
RESPONSE_TTL = 300
LOCAL_MAX_BYTES = 32 * 1024 * 1024

# Set KEYS[1] to ARGV[1] unless it already holds a greater version; return what it holds.
_MAX_SET = """
local cur = tonumber(redis.call('GET', KEYS[1]) or '0')
local new = tonumber(ARGV[1])
if new > cur then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
  return new
end
return cur
"""


def namespace() -> str:
    """Keys are per database: deployments, or test runs, sharing a Redis never mix."""
    return f"kaosz:cards:{connection.settings_dict['NAME']}"


def version_key() -> str:
    return f"{namespace()}:data-version"


def _database_version() -> int:
    return DataVersion.current().version


def _publish(version: int) -> int:
    r = rediskv.client()
    if r is None:
        return version
    return int(r.eval(_MAX_SET, 1, version_key(), version, VERSION_TTL))


def _redis():
    """The Redis client, or None without Redis or while it is down (``rediskv.down``)."""
    r = rediskv.client()
    return None if r is None or rediskv.down() else r


def catalogue_version() -> int:
    """The current catalogue version (from the database while Redis is down)."""
    r = _redis()
    if r is None:
        return _database_version()
    global _republish
    try:
        if _republish and not connection.in_atomic_block:
            # A bump this process made while Redis was down: raise the mirror first.
            _publish(_database_version())
            _republish = False
        mirrored = r.get(version_key())
    except rediskv.ERRORS as exc:
        rediskv.failed(exc, "the search cache")
        return _database_version()
    if mirrored is not None:
        return int(mirrored)
    version = _database_version()
    # Inside a transaction the row may carry our own uncommitted bump: other processes must
    # not learn that version before the data behind it is visible to them.
    if connection.in_atomic_block:
        return version
    try:
        return _publish(version)
    except rediskv.ERRORS as exc:
        rediskv.failed(exc, "the search cache")
        return version


def bump() -> None:
    """A catalogue change: the version rises by one and the cache hears of it.

    Every change to the catalogue calls this (inside its transaction); the model only
    counts, so that the cache (which reads the model) is the one module that knows both.
    """
    DataVersion.increment()
    version_changed()


def version_changed() -> None:
    """Called by ``bump`` (inside its transaction).

    The mirror is dropped at once, so this process's next reads see the bump (from the
    database), and set again from the database once the change is committed.
    """
    r = rediskv.client()
    if r is not None:
        # With Redis down the old mirror may outlive the bump: while the breaker is open
        # every reader goes to the database, and this process publishes the new version
        # on its first read after Redis is back (the mirror only ever rises).
        try:
            r.delete(version_key())
        except rediskv.ERRORS as exc:
            rediskv.failed(exc, "the search cache")
        transaction.on_commit(_publish_quietly)


# A bump whose publication failed (Redis down): the next read that reaches Redis publishes.
_republish = False


def _publish_quietly() -> None:
    global _republish
    try:
        _publish(_database_version())
    except rediskv.ERRORS as exc:
        _republish = True
        rediskv.failed(exc, "the search cache")


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
    r = _redis()
    try:
        body = r.get(key) if r is not None else None
    except rediskv.ERRORS as exc:
        rediskv.failed(exc, "the search cache")
        body = None
    if body is None:
        return None
    entry = make_entry(body)
    local.put(key, entry)
    return entry


def put(key: str, body: bytes) -> Entry:
    entry = make_entry(body)
    local.put(key, entry)
    r = _redis()
    if r is not None:
        try:
            r.set(key, body, ex=RESPONSE_TTL)
        except rediskv.ERRORS as exc:
            rediskv.failed(exc, "the search cache")
    return entry
