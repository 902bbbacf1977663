"""``/readyz`` on the embedded default (``make run``: tasks run by the serving process's
in-process worker) reported every worker and beat as ``not_configured``, so a probe could
not tell a live worker from one whose threads had died with tasks piling up. It reports the
in-process worker's real state: each queue's threads (alive or not), its tasks queued and
running, and the embedded beat's thread."""

from __future__ import annotations

import threading

import pytest
from celery import shared_task
from django.test import Client

from kaosz import embedded_beat

GATE = threading.Event()
STARTED = threading.Event()


@shared_task(name="tests.readiness.noop")
def noop() -> None:
    return None


@shared_task(name="tests.readiness.wait_at_gate")
def wait_at_gate() -> None:
    STARTED.set()
    assert GATE.wait(60)


def _checks(query: str = "") -> tuple[int, dict]:
    answer = Client().get("/readyz" + query)
    return answer.status_code, answer.json()["checks"]


@pytest.fixture
def beat_thread(monkeypatch):
    """A stand-in for the embedded beat's thread: one that lives until the test ends."""
    done = threading.Event()
    thread = threading.Thread(target=done.wait, daemon=True)
    thread.start()
    monkeypatch.setattr(embedded_beat, "_thread", thread)
    monkeypatch.setattr(embedded_beat, "_woke", None)
    yield thread
    done.set()
    thread.join(5)


def test_readyz_reports_the_in_process_worker_s_queues(inprocess_worker, beat_thread):
    status, checks = _checks("?require=worker_bots,worker_mail,beat")
    assert status == 200, checks
    bots = checks["worker_bots"]
    assert bots["status"] == "ok" and bots["mode"] == "inprocess"
    assert bots["alive"] == bots["threads"] >= 1
    assert bots["queued"] == bots["running"] == 0
    assert checks["beat"]["status"] == "ok" and checks["beat"]["alive"] is True
    assert checks["broker"]["status"] == "not_configured"

    with inprocess_worker.paused():
        for _ in range(3):
            noop.apply_async(queue="bots")
        bots = _checks()[1]["worker_bots"]
        assert bots["queued"] == 3 and bots["running"] == 0 and bots["paused"] is True
        assert bots["oldest_queued_s"] >= 0
        assert _checks()[1]["worker_mail"]["queued"] == 0   # (queues are counted apart)
    inprocess_worker.wait_idle()

    GATE.clear()
    STARTED.clear()
    wait_at_gate.apply_async(queue="bots")
    try:
        assert STARTED.wait(60)
        bots = _checks()[1]["worker_bots"]
        assert bots["running"] == 1 and bots["queued"] == 0
    finally:
        GATE.set()
    inprocess_worker.wait_idle()
    assert _checks()[1]["worker_bots"]["running"] == 0


def test_readyz_says_down_when_the_worker_or_the_beat_has_stopped(inprocess_worker,
                                                                   beat_thread):
    inprocess_worker.worker.stop()
    status, checks = _checks("?require=worker_bots")
    assert status == 503
    assert checks["worker_bots"]["status"] == "down"
    assert checks["worker_bots"]["alive"] == 0
    assert checks["beat"]["status"] == "ok"

    ended = threading.Thread(target=lambda: None)
    ended.start()
    ended.join()
    embedded_beat._thread = ended   # (monkeypatched: restored after the test)
    status, checks = _checks("?require=beat")
    assert status == 503 and checks["beat"]["status"] == "down"


@pytest.mark.django_db
def test_readyz_says_down_when_a_serving_process_runs_no_worker(settings):
    """The embedded mode with no worker started: every task would wait for ever."""
    settings.KAOSZ_TASKS = "inprocess"
    status, checks = _checks("?require=worker_bots")
    assert status == 503
    assert checks["worker_bots"]["status"] == "down"
    assert "not running" in checks["worker_bots"]["error"]
    status, checks = _checks()
    assert status == 200, checks   # (reported, not required by default)
