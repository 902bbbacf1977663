"""Heartbeats of the Celery workers and of beat, for ``/readyz`` (it answered 200
with no bots worker alive, so an orchestrator could not tell).

Each worker process writes, every ``KAOSZ_HEARTBEAT_EVERY`` seconds, the time into one
cache key per queue it consumes (``bots``, ``sims``, ``celery``); beat writes its key each
time it sends a task (the bot sweeper, every ``KAOSZ_BOT_SWEEP_EVERY`` seconds). A part
whose key is older than ``KAOSZ_HEARTBEAT_STALE`` seconds, or missing, is down. The cache
is Redis in production, shared by every process; connected in ``kaosz.celery``.
"""

from __future__ import annotations

import contextlib
import threading
import time
from typing import Any

from celery.signals import beat_init, before_task_publish, worker_ready, worker_shutdown
from django.conf import settings
from django.core.cache import cache

QUEUES = ("bots", "sims", "celery", "mail", "photos")
_stop = threading.Event()


def _key(part: str) -> str:
    return f"{settings.KAOSZ_HEARTBEAT_PREFIX}:{part}"


def beat_key() -> str:
    return _key("beat")


def queue_key(queue: str) -> str:
    return _key(f"queue:{queue}")


def _write(keys: list[str]) -> None:
    now = time.time()
    ttl = int(settings.KAOSZ_HEARTBEAT_STALE * 4) + 1
    cache.set_many({key: now for key in keys}, ttl)


def ages(parts: list[str]) -> dict[str, float | None]:
    """Seconds since each key's last heartbeat (None: never, or expired)."""
    found = cache.get_many(parts)
    now = time.time()
    return {part: (now - float(found[part])) if part in found else None for part in parts}


def _beating(queues: list[str]) -> None:
    keys = [queue_key(q) for q in queues]
    while not _stop.is_set():
        with contextlib.suppress(Exception):  # (the cache down: again at the next beat)
            _write(keys)
        _stop.wait(settings.KAOSZ_HEARTBEAT_EVERY)


def on_worker_ready(sender: Any = None, **kwargs: Any) -> None:
    queues = sorted(sender.app.amqp.queues.consume_from) if sender is not None else []
    _stop.clear()
    threading.Thread(target=_beating, args=(queues,), name="kaosz-heartbeat",
                     daemon=True).start()


def on_worker_shutdown(**kwargs: Any) -> None:
    _stop.set()


def on_beat_init(**kwargs: Any) -> None:
    # Only in beat's own process: every process publishes tasks (the web hands bots their
    # turn), but only beat's publishing says beat is alive.
    before_task_publish.connect(on_beat_publish, weak=False,
                                dispatch_uid="kaosz-heartbeat-beat")
    _write([beat_key()])


def on_beat_publish(**kwargs: Any) -> None:
    with contextlib.suppress(Exception):  # (the cache down: the next publish tries again)
        _write([beat_key()])


def connect() -> None:
    worker_ready.connect(on_worker_ready, weak=False, dispatch_uid="kaosz-heartbeat-worker")
    worker_shutdown.connect(on_worker_shutdown, weak=False,
                            dispatch_uid="kaosz-heartbeat-worker-stop")
    beat_init.connect(on_beat_init, weak=False, dispatch_uid="kaosz-heartbeat-beat-init")
