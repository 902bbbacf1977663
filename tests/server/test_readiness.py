"""``/readyz`` answered 200 with no bots worker alive. Now it reports the
workers of each queue and beat from their heartbeats, and answers 503 when a part named
in ``KAOSZ_READY_REQUIRES`` or ``?require=`` is down. With real Celery processes (a bots
worker and beat) on Redis; their heartbeats under a key prefix of this test's own."""

from __future__ import annotations

import os
import time

import pytest
from django.conf import settings as django_settings
from django.test import Client

from tests.support import servers
from tests.support.waiting import until

pytestmark = [
    pytest.mark.celery,
    pytest.mark.skipif(not django_settings.REDIS_URL, reason="workers need Redis"),
]


def _ready(query: str = "") -> tuple[int, dict]:
    answer = Client().get("/readyz" + query)
    return answer.status_code, answer.json()["checks"]




@pytest.mark.django_db(transaction=True)
def test_readyz_tells_whether_bots_workers_and_beat_are_alive(settings):
    prefix = f"kaosz:heartbeat-test-{os.getpid()}-{time.time_ns()}"
    settings.KAOSZ_HEARTBEAT_PREFIX = prefix
    settings.KAOSZ_HEARTBEAT_STALE = 3.0
    env = {"DATABASE_URL": servers.test_db_url(), "KAOSZ_HEARTBEAT_PREFIX": prefix,
           "KAOSZ_HEARTBEAT_EVERY": "0.5", "KAOSZ_HEARTBEAT_STALE": "3",
           "KAOSZ_BOT_SWEEP_EVERY": "0.5"}
    status, checks = _ready("?require=worker_bots,beat")
    assert status == 503, checks  # (no worker, no beat yet)
    assert checks["worker_bots"]["status"] == checks["beat"]["status"] == "down"
    assert _ready()[0] == 200  # (the site itself: the workers are reported, not required)
    tag = time.time_ns()
    worker = servers.celery(f"celery-ready-{tag}", [
        "worker", "--pool=solo", "-Q", "bots", "-n", f"ready-{tag}@%h",
        "--loglevel=WARNING"], env)
    beat = servers.celery(f"beat-ready-{tag}", [
        "beat", "-s", str(servers.LOGS / f"beat-ready-{tag}"), "--loglevel=WARNING"], env)
    try:
        until(lambda: _ready("?require=worker_bots,beat")[0] == 200, every=0.2,
              what="ready with a bots worker and beat")
        checks = _ready()[1]
        assert checks["worker_bots"]["status"] == "ok" and checks["beat"]["status"] == "ok"
        assert checks["worker_sims"]["status"] == "down"  # (none started for it)
        worker.kill()
        until(lambda: _ready("?require=worker_bots")[0] == 503, every=0.2,
              what="not ready without the bots worker")
        assert _ready("?require=beat")[0] == 200
        beat.kill()
        until(lambda: _ready("?require=beat")[0] == 503, every=0.2, what="not ready without beat")
    finally:
        worker.stop()
        beat.stop()

