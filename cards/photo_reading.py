"""Reading a photo of cards as a task on its own queue, so that nobody's photos take the
web server from others.

A binder page costs a core for 15-20 s. The upload only stores the photo (in the cache,
shared by every process and node) and queues :func:`read_photo_task` on the ``photos``
queue; the page the person is sent to shows their place in the queue and, once their
photo is being read, its progress, until the review screen can be shown.

Limits, per person and for the server, each shared through the cache (Redis in
production):

- one reading at a time per person: a second upload while one waits or is read is
  refused (429 ``photo_reading_busy``), with the way to the one under way;
- ``PHOTO_READINGS_PER_HOUR`` readings an hour per person (429 ``photo_budget_spent``);
- at most ``PHOTO_QUEUE_MAX`` photos waiting on the server (503 ``photo_queue_full``):
  a longer wait than that is better answered at once than after many minutes.

A reading is idempotent: run twice (a redelivered task), the second finds it done and
stops. Lost (a worker killed without its redelivery), the person's slot expires after
``SLOT_SECONDS`` and they may upload again.
"""

from __future__ import annotations

import io
import logging
import threading
import time
from typing import Any

import cv2
from celery import shared_task
from django.conf import settings
from django.core.cache import cache
from django.db import connection

from cards.images import ImageRefused
from cards.photo.match import doubtful, matching_card, read_name
from cards.photo.pipeline import CardRead, load, read_photo
from web import rate_limits
from web.api import rediskv

log = logging.getLogger(__name__)

PENDING_SECONDS = 3600  # how long a reading waits for its review
SLOT_SECONDS = 600  # a person's "one at a time" slot, should its task be lost
PHOTO_SIDE = 1600  # the photo kept for the editors: long side, px
SECONDS_KEY = "kaosz:photo-seconds"  # how long the last readings took (their average)
TYPICAL_SECONDS = 18.0  # a binder page, before any reading was timed here

QUEUED, READING, DONE, REFUSED, FAILED = "queued", "reading", "done", "refused", "failed"


def key(token: str) -> str:
    return f"kaosz:photo-reading:{token}"


def _who(user_id: int) -> str:
    # Per database, like the API throttles: installations (or parallel test runs) sharing
    # one Redis keep their people apart.
    return f"{connection.settings_dict['NAME']}:{user_id}"


def _slot_key(user_id: int) -> str:
    return f"kaosz:photo-reading-user:{_who(user_id)}"


def queue_key() -> str:
    return f"kaosz:photo-queue:{connection.settings_dict['NAME']}"


class Refusal(Exception):
    """Why an upload is not queued: the code, HTTP status and details of the error shape."""

    def __init__(self, code: str, status: int, message: str, details: dict[str, Any],
                 retry_after: int) -> None:
        super().__init__(message)
        self.code, self.status, self.message = code, status, message
        self.details, self.retry_after = details, retry_after


# ---- the queue: who waits, in order -------------------------------------------------------
# In Redis (a sorted set by the time of upload) when the project has it; in the embedded
# default (one process, its in-process worker) a dict of this process.
_LOCAL: dict[str, float] = {}
_LOCAL_LOCK = threading.Lock()


def _redis() -> Any:
    r = rediskv.client()
    return None if r is None or rediskv.down() else r


def _queue_call(redis_op: Any, local_op: Any) -> Any:
    r = _redis()
    if r is not None:
        try:
            return redis_op(r)
        except rediskv.ERRORS as exc:
            rediskv.failed(exc, "the photo queue")
    with _LOCAL_LOCK:
        return local_op()


def _join(token: str) -> None:
    now = time.time()
    _queue_call(lambda r: r.zadd(queue_key(), {token: now}),
                lambda: _LOCAL.__setitem__(token, now))


def _leave(token: str) -> None:
    _queue_call(lambda r: r.zrem(queue_key(), token), lambda: _LOCAL.pop(token, None))


def _forget_stale() -> None:
    """Entries older than a slot's life are lost tasks: they must not hold the queue full."""
    oldest = time.time() - SLOT_SECONDS

    def local() -> None:
        for stale in [t for t, at in _LOCAL.items() if at < oldest]:
            del _LOCAL[stale]
    _queue_call(lambda r: r.zremrangebyscore(queue_key(), "-inf", oldest), local)


def waiting() -> int:
    """Photos waiting to be read on the whole server."""
    return int(_queue_call(lambda r: r.zcard(queue_key()), lambda: len(_LOCAL)))


def place(token: str) -> int | None:
    """1 for the next photo to be read, ...; None when it is not waiting (any more)."""
    def local() -> int | None:
        if token not in _LOCAL:
            return None
        at = _LOCAL[token]
        return sum(1 for other in _LOCAL.values() if other < at) + 1
    rank = _queue_call(lambda r: r.zrank(queue_key(), token), lambda: (
        None if (found := local()) is None else found - 1))
    return None if rank is None else int(rank) + 1


def typical_seconds() -> float:
    return float(cache.get(SECONDS_KEY) or TYPICAL_SECONDS)


def _timed(seconds: float) -> None:
    # A running average, so the progress shown follows this server's speed.
    cache.set(SECONDS_KEY, 0.7 * typical_seconds() + 0.3 * seconds, None)


# ---- the upload ---------------------------------------------------------------------------
def take_turn(user_id: int, token: str, queued: bool = True) -> None:
    """Take the person's one reading at a time, and one of their hourly budget, for
    ``token``; raise :class:`Refusal` when either is spent or (``queued``) the queue is
    full. :func:`release` gives the turn back."""
    busy = cache.get(_slot_key(user_id))
    if busy:
        raise _busy(busy)
    if queued:
        _forget_stale()
        if waiting() >= settings.PHOTO_QUEUE_MAX:
            raise Refusal("photo_queue_full", 503,
                          "too many photos are waiting to be read; try again in a few minutes",
                          {"waiting": settings.PHOTO_QUEUE_MAX}, 60)
    if not cache.add(_slot_key(user_id), token, SLOT_SECONDS):
        raise _busy(cache.get(_slot_key(user_id)))
    if not rate_limits.spend("photo_reading", _who(user_id)):
        cache.delete(_slot_key(user_id))
        limit, window = settings.KAOSZ_RATE_LIMITS["photo_reading"]
        raise Refusal("photo_budget_spent", 429,
                      f"you have had {limit} photos read in the last hour; wait a while",
                      {"limit": limit, "window_seconds": window}, window)


def _busy(token: Any) -> Refusal:
    return Refusal("photo_reading_busy", 429,
                   "one of your photos is being read; wait for it before the next",
                   {"reading": token or ""}, 10)


def queue_photo(data: bytes, user_id: int, token: str) -> None:
    """Store the photo and queue its reading, or raise :class:`Refusal`."""
    take_turn(user_id, token)
    cache.set(key(token), {"user": user_id, "state": QUEUED, "upload": data, "token": token,
                           "queued": time.time()}, PENDING_SECONDS)
    _join(token)
    try:
        read_photo_task.apply_async((token,))
    except Exception as exc:
        # The broker is down: nothing will read it. Say so now rather than let it wait.
        log.exception("the photo reading %s could not be queued", token)
        release(token, user_id)
        cache.delete(key(token))
        raise Refusal("photo_queue_unavailable", 503,
                      "photos cannot be read just now; try again in a minute", {}, 60) from exc


def release(token: str, user_id: int) -> None:
    _leave(token)
    if cache.get(_slot_key(user_id)) == token:
        cache.delete(_slot_key(user_id))


def state_of(token: str, user_id: int) -> dict[str, Any] | None:
    """The reading ``token`` of ``user_id`` (None: expired, or someone else's)."""
    pending = cache.get(key(token))
    if not isinstance(pending, dict) or pending.get("user") != user_id:
        return None
    return pending


def progress(pending: dict[str, Any]) -> dict[str, Any]:
    """What the waiting page shows: the state, the place in the queue, the progress."""
    token_place = None
    share = 0.0
    if pending["state"] == QUEUED:
        token_place = place(pending.get("token", ""))
    elif pending["state"] == READING:
        elapsed = time.time() - float(pending.get("started") or time.time())
        # Never 100% before it is done: the last tenth waits for the reading itself.
        share = min(0.9, elapsed / max(1.0, typical_seconds()))
    return {"state": pending["state"], "place": token_place, "percent": round(share * 100),
            "typical_seconds": round(typical_seconds())}


# ---- the reading --------------------------------------------------------------------------
def photo_jpeg(data: bytes) -> bytes:
    """The uploaded photo at web size, re-encoded from its pixels (so without EXIF)."""
    image = load(io.BytesIO(data))
    h, w = image.shape[:2]
    scale = min(1.0, PHOTO_SIDE / max(h, w))
    if scale < 1:
        image = cv2.resize(image, (round(w * scale), round(h * scale)),
                           interpolation=cv2.INTER_AREA)
    ok, out = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 85])
    return out.tobytes() if ok else b""


def pending_from(reads: list[CardRead], photo: bytes, user_id: int) -> dict[str, Any]:
    cards = []
    for read in reads:
        values = dict(read.reading.values)
        card = matching_card(read_name(values))
        # Values that differ from the catalogue only as OCR misreads are shown as doubtful,
        # not offered as a change; a name read with little confidence marks the whole card.
        record = {k: int(v) if k in ("cost", "speed", "firepower", "armor", "bombard")
                  and str(v).isdigit() else v for k, v in values.items()}
        cards.append({"crop": read.crop_jpeg(), "values": values,
                      "raw": read.reading.raw_text, "match": card.slug if card else None,
                      "doubtful": doubtful(card, record) if card else [],
                      "unsure": bool(getattr(read, "doubtful", False))})
    return {"user": user_id, "state": DONE, "photo": photo, "cards": cards,
            "dropped": int(getattr(reads, "dropped", 0))}


def read_now(token: str) -> str:
    """Read the waiting photo ``token``; its state afterwards."""
    pending = cache.get(key(token))
    if not isinstance(pending, dict) or pending.get("state") not in (QUEUED, READING):
        return "gone"  # done already (a redelivered task), or expired
    user_id = int(pending["user"])
    _leave(token)
    data = pending["upload"]
    started = time.time()
    cache.set(key(token), {**pending, "state": READING, "started": started}, PENDING_SECONDS)
    try:
        result = pending_from(read_photo(io.BytesIO(data)), photo_jpeg(data), user_id)
        _timed(time.time() - started)
    except ImageRefused as exc:
        result = {"user": user_id, "state": REFUSED, "code": exc.code,
                  "hu": exc.hu, "en": exc.en}
    except Exception:
        log.exception("reading the photo %s failed", token)
        result = {"user": user_id, "state": FAILED}
    cache.set(key(token), result, PENDING_SECONDS)
    release(token, user_id)
    return str(result["state"])


@shared_task(name="cards.tasks.read_photo", acks_late=True, reject_on_worker_lost=True,
             ignore_result=True)
def read_photo_task(token: str) -> str:
    """Read one uploaded photo (queue ``photos``; CELERY_TASK_ROUTES)."""
    return read_now(token)
