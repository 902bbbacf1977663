"""What ``/readyz`` checks: the database, Redis (cache, throttles) and the Celery broker.

Each check is bounded by a short timeout, so a dead dependency makes the probe answer
"down" quickly instead of hanging the load balancer's request.
"""

from __future__ import annotations

import time
from typing import Any

from django.db import connection

from kaosz.api import rediskv

BROKER_TIMEOUT = 1.0


def _timed(fn: Any) -> dict[str, Any]:
    started = time.perf_counter()
    try:
        detail = fn()
    except Exception as exc:  # noqa: BLE001 - any failure is "down", reported with its name
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
    from kaosz.celery import app

    if app.conf.task_always_eager:
        return {"status": "not_configured", "note": "tasks run in-process"}

    def ping() -> None:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0,
                                   timeout=BROKER_TIMEOUT)
    return _timed(ping)


def check_all() -> dict[str, dict[str, Any]]:
    return {"database": check_database(), "redis": check_redis(), "broker": check_broker()}
