"""Bot work shared fairly between the people who asked for it.

Every match with a person in it wants its bots' moves played on the ``bots`` queue. Were
each match its own task, a person with ten matches of hard bots would hold ten places in
the queue for each of another person's one, and that person's bot would answer after all
of them. So the queue holds **at most one task per owner** (the person who made the
match): the matches of an owner that want moves wait in a set of their own, and the
owner's task plays one of them for a short slice (``KAOSZ_BOT_SLICE_SECONDS``), then, if
the owner still has matches wanting moves, queues itself again at the back. With W owners
wanting moves, anyone's bot waits for at most W - 1 slices, however many matches each runs.

The sets and each owner's turn live in Redis, shared by every web process, worker and node
(in the embedded default, one process: in a dict of its own). A task renews
its owner's turn at every slice; a turn not renewed for ``TURN_STALE_SECONDS`` is taken
for a lost task's (a killed worker) when the bot sweeper finds one of the owner's matches
stalled, and the sweeper queues the owner again (the turn also expires after
``TURN_SECONDS``). A repeated task is harmless:
the moves go in with ``expected_version`` and their deterministic ``client_action_id``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from django.db import connection

from web.api import rediskv

TURN_SECONDS = 60
# A turn not renewed for this long is taken for a lost task's when the sweeper finds one
# of the owner's matches stalled (a live task renews it at every slice).
TURN_STALE_SECONDS = 10.0
_LOCAL_SETS: dict[str, set[int]] = {}
_LOCAL_TURNS: dict[str, float] = {}  # owner's turn -> when it was last renewed
_LOCK = threading.Lock()


def _ns() -> str:
    return f"kaosz:bot-turns:{connection.settings_dict['NAME']}"


def _redis() -> Any:
    r = rediskv.client()
    return None if r is None or rediskv.down() else r


def _call(redis_op: Callable[[Any], Any], local_op: Callable[[], Any]) -> Any:
    r = _redis()
    if r is not None:
        try:
            return redis_op(r)
        except rediskv.ERRORS as exc:
            rediskv.failed(exc, "the bots' fair queue")
    with _LOCK:
        return local_op()


def want(owner: str, match_id: int, force: bool = False) -> bool:
    """Note that ``match_id`` of ``owner`` wants bot moves; True when the caller must queue
    the owner's task: the owner had no turn in the queue, or (``force``: the sweeper found
    the match's bot stalled) the turn held has not been renewed for TURN_STALE_SECONDS,
    so it is a lost task's."""
    wanting, turn = f"{_ns()}:wanting:{owner}", f"{_ns()}:turn:{owner}"

    def in_redis(r: Any) -> bool:
        pipe = r.pipeline(transaction=False)
        pipe.sadd(wanting, match_id)
        pipe.expire(wanting, 24 * 3600)
        pipe.set(turn, time.time(), nx=True, ex=TURN_SECONDS)
        if pipe.execute()[2]:
            return True
        if not force:
            return False
        renewed = r.get(turn)
        if renewed is not None and time.time() - float(renewed) < TURN_STALE_SECONDS:
            return False
        r.set(turn, time.time(), ex=TURN_SECONDS)
        return True

    def local() -> bool:
        _LOCAL_SETS.setdefault(wanting, set()).add(match_id)
        renewed = _LOCAL_TURNS.get(turn)
        if renewed is not None and (not force
                                    or time.time() - renewed < TURN_STALE_SECONDS):
            return False
        _LOCAL_TURNS[turn] = time.time()
        return True
    return bool(_call(in_redis, local))


def next_match(owner: str) -> int | None:
    """One of the owner's matches wanting moves, taken out of the set (the task puts it
    back when it still wants more after its slice); renews the owner's turn."""
    wanting, turn = f"{_ns()}:wanting:{owner}", f"{_ns()}:turn:{owner}"

    def in_redis(r: Any) -> int | None:
        pipe = r.pipeline(transaction=False)
        pipe.spop(wanting)
        pipe.set(turn, time.time(), ex=TURN_SECONDS)
        found = pipe.execute()[0]
        return int(found) if found is not None else None

    def local() -> int | None:
        _LOCAL_TURNS[turn] = time.time()
        found = _LOCAL_SETS.get(wanting)
        return found.pop() if found else None
    result = _call(in_redis, local)
    return None if result is None else int(result)


def put_back(owner: str, match_id: int) -> None:
    wanting = f"{_ns()}:wanting:{owner}"
    _call(lambda r: r.sadd(wanting, match_id),
          lambda: _LOCAL_SETS.setdefault(wanting, set()).add(match_id))


def turn_over(owner: str) -> bool:
    """The owner's task is done with its slice: True when it must queue the owner again
    (matches still want moves, and no other task holds the turn)."""
    wanting, turn = f"{_ns()}:wanting:{owner}", f"{_ns()}:turn:{owner}"

    def in_redis(r: Any) -> bool:
        if r.scard(wanting):
            r.set(turn, time.time(), ex=TURN_SECONDS)
            return True
        r.delete(turn)
        # A match wanted between the count and the delete found the turn still held and
        # queued nothing: take the turn back for it.
        return bool(r.scard(wanting)) and bool(r.set(turn, time.time(), nx=True,
                                                     ex=TURN_SECONDS))

    def local() -> bool:
        if _LOCAL_SETS.get(wanting):
            _LOCAL_TURNS[turn] = time.time()
            return True
        _LOCAL_SETS.pop(wanting, None)
        _LOCAL_TURNS.pop(turn, None)
        return False
    return bool(_call(in_redis, local))


def forget_local() -> None:
    """Drop this process's sets and turns (tests)."""
    with _LOCK:
        _LOCAL_SETS.clear()
        _LOCAL_TURNS.clear()
