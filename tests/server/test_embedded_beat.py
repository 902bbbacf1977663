"""The embedded server keeps Celery beat's schedule itself (``make run`` has no beat
process): turn-based deadlines and "your turn" e-mails work on the embedded default too."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from kaosz import task_runner
from kaosz.embedded_beat import Schedule
from tests.support.processes import stop
from tests.support.waiting import until

ROOT = Path(__file__).resolve().parents[2]


def test_only_a_serving_process_of_the_embedded_default_runs_tasks_itself(settings):
    """``serve()`` (called by kaosz.asgi and kaosz.wsgi) starts the worker and the schedule
    in the in-process mode only: with a broker the real workers and beat do it, and the
    test settings run tasks at once."""
    assert task_runner.current() is None
    for mode in ("celery", "eager"):
        settings.KAOSZ_TASKS = mode
        assert task_runner.serve() is None and task_runner.current() is None


def test_each_entry_runs_as_often_as_the_schedule_says():
    entries = {"turns": {"task": "players.tasks.sweep_turns", "schedule": 20.0},
               "bots": {"task": "matches.tasks.sweep_bots", "schedule": 30.0}}
    schedule = Schedule(entries, now=0.0)
    ran: list[str] = []
    for t in range(0, 121):
        schedule.tick(float(t), ran.append)
    assert ran.count("players.tasks.sweep_turns") == 6 and ran.count("matches.tasks.sweep_bots") == 4
    assert schedule.pause(120.0) == 20.0


def test_a_failing_task_does_not_end_the_schedule():
    schedule = Schedule({"x": {"task": "t", "schedule": 1}}, now=0.0)

    def boom(name: str) -> None:
        raise RuntimeError("SMTP down")

    assert schedule.tick(1.0, boom) == ["x"] and schedule.tick(2.0, boom) == ["x"]


SETUP = """
from datetime import timedelta
from django.contrib.auth.models import User
from django.utils import timezone
from players.challenges import services as challenges
from players.turns import clocks
from players.models import TurnClock
anna = User.objects.create_user("anna")
bela = User.objects.create_user("bela")
match = challenges.create(anna, "smugglers", time_control="1d", rated=True)
challenges.accept(match.pk, bela)
clocks.update_clock(match.pk)
past = timezone.now() - timedelta(days=9)
TurnClock.objects.filter(match=match).update(deadline=past, expires=past)
print(match.pk)
"""


def test_make_run_s_server_enforces_a_turn_deadline_by_itself(tmp_path):
    """The real thing: ``manage.py runserver --noreload`` on its own SQLite file, with the
    turn sweep every second, ends a turn-based match whose deadline has passed, with no
    beat process and nobody asking."""
    db = tmp_path / "beat.sqlite3"
    env = dict(os.environ, DEBUG="1", DATABASE_URL=f"sqlite:///{db}",
               KAOSZ_TURN_SWEEP_EVERY="1", DJANGO_SETTINGS_MODULE="kaosz.settings")
    env.pop("REDIS_URL", None)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env,
                   check=True, timeout=300)
    made = subprocess.run([sys.executable, "manage.py", "shell", "-c", SETUP], cwd=ROOT,
                          env=env, check=True, timeout=120, capture_output=True, text=True)
    match_id = int(made.stdout.strip().splitlines()[-1])
    assert _status(db, match_id) == "active"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = tmp_path / "server.log"
    with open(log, "w") as out:
        server = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        with contextlib.suppress(AssertionError):  # (the server's log says why)
            until(lambda: _status(db, match_id) == "finished", timeout=90, every=0.25)
        assert _status(db, match_id) == "finished", log.read_text()[-3000:]
    finally:
        assert stop(server), "the server did not stop on SIGTERM"


def test_a_server_that_inherited_an_ignored_sigint_still_stops():
    """The runner above once hung for a whole timeout: started with ``nohup … &``, the test
    run ignored SIGINT, so did the server it started, and SIGINT was how it stopped it."""
    child = subprocess.Popen(
        [sys.executable, "-c", "import time; print('up', flush=True); time.sleep(600)"],
        stdout=subprocess.PIPE, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    assert child.stdout is not None and child.stdout.readline() == b"up\n"
    started = time.monotonic()
    assert stop(child, grace=10)
    assert child.returncode == -signal.SIGTERM and time.monotonic() - started < 10


def _status(db: Path, match_id: int) -> str:
    with sqlite3.connect(db, timeout=20) as con:
        return con.execute("SELECT status FROM matches_match WHERE id = ?",
                           (match_id,)).fetchone()[0]
