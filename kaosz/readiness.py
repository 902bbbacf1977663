"""What ``/readyz`` checks: the database, Redis (cache, throttles), the Celery broker, and
the workers of each queue and beat: Celery's processes (from their heartbeats) or, on the
embedded default, this process's own in-process worker and schedule thread.

Each check is bounded by a short timeout, so a dead dependency makes the probe answer
"down" quickly instead of hanging the load balancer's request.
"""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.db import connection

from kaosz import embedded_beat, heartbeats, task_runner
from kaosz.celery import app as celery_app
from web.api import rediskv

BROKER_TIMEOUT = 1.0


def _timed(fn: Any) -> dict[str, Any]:
    started = time.perf_counter()
    try:
        detail = fn()
    except Exception as exc:  # (the cache down: every part unknown, down)  # (any failure is "down", reported with its name)
        return {"status": "down", "error": f"{type(exc).__name__}: {exc}"[:300],
                "ms": round((time.perf_counter() - started) * 1000, 1)}
    out = {"status": "ok", "ms": round((time.perf_counter() - started) * 1000, 1)}
    if detail:
        out.update(detail)
    return out


def check_database() -> dict[str, Any]:
    def ping() -> None:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    return _timed(ping)


def check_redis() -> dict[str, Any]:
    r = rediskv.client()
    if r is None:
        return {"status": "not_configured"}

    def ping() -> None:
        r.ping()
        rediskv.reset()  # it answers again: stop falling back at once
    return _timed(ping)


def check_broker() -> dict[str, Any]:
    app = celery_app
    if app.conf.task_always_eager:
        return {"status": "not_configured", "note": "no broker: tasks run in-process"}

    def ping() -> None:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0,
                                   timeout=BROKER_TIMEOUT)
    return _timed(ping)


def _heartbeat(key: str, what: str) -> dict[str, Any]:
    age = heartbeats.ages([key])[key]
    stale = settings.KAOSZ_HEARTBEAT_STALE
    if age is None:
        return {"status": "down", "error": f"no heartbeat from {what}"}
    if age > stale:
        return {"status": "down", "error": f"{what} silent for {age:.0f} s",
                "seconds_ago": round(age, 1)}
    return {"status": "ok", "seconds_ago": round(age, 1)}


def check_inprocess(parts: list[str]) -> dict[str, dict[str, Any]]:
    """This process's in-process worker (each queue's threads, alive or not, and its
    tasks queued and running) and embedded beat. ``down`` when a queue has no live
    thread or the worker stopped (its tasks would wait for ever), or when the beat's
    thread has died (no sweep would pick up a lost bot move or mail); ``down`` for all
    of them when this serving process runs no worker at all."""
    worker = task_runner.current()
    if worker is None:
        return {name: {"status": "down", "error": "the in-process worker is not running",
                       "mode": "inprocess"} for name in parts}
    out: dict[str, dict[str, Any]] = {}
    for queue, state in worker.queues().items():
        dead = state["stopped"] or state["alive"] == 0
        out[f"worker_{queue}"] = {
            "status": "down" if dead else "ok", "mode": "inprocess", **state,
            **({"error": "the queue's threads have stopped"} if dead else {})}
    beat = embedded_beat.state()
    if beat is None:
        out["beat"] = {"status": "down", "error": "the embedded beat is not running",
                       "mode": "inprocess"}
    else:
        out["beat"] = {"status": "ok" if beat["alive"] else "down", "mode": "inprocess",
                       **beat, **({} if beat["alive"] else
                                  {"error": "the embedded beat's thread has stopped"})}
    return out


def check_workers() -> dict[str, dict[str, Any]]:
    """The workers of each queue and beat: Celery's, from their heartbeats
    (kaosz.heartbeats); the in-process worker's, from the worker itself
    (:func:`check_inprocess`); ``not_configured`` when tasks run at once (``eager``)."""
    parts = {f"worker_{q}": (heartbeats.queue_key(q), f"a worker of the {q} queue")
             for q in heartbeats.QUEUES}
    parts["beat"] = (heartbeats.beat_key(), "celery beat")
    if settings.KAOSZ_TASKS == "inprocess":
        return check_inprocess(list(parts))
    if celery_app.conf.task_always_eager:
        return {name: {"status": "not_configured", "note": "tasks run at once, in the caller"}
                for name in parts}
    try:
        return {name: _heartbeat(key, what) for name, (key, what) in parts.items()}
    except Exception as exc:
        return {name: {"status": "down", "error": f"{type(exc).__name__}: {exc}"[:300]}
                for name in parts}


def check_all() -> dict[str, dict[str, Any]]:
    return {"database": check_database(), "redis": check_redis(), "broker": check_broker(),
            **check_workers()}
