"""Celery beat's schedule, kept by the embedded server itself (``make run``: SQLite and
in-process tasks, no Redis, so no beat process).

Without it, on the embedded default a turn-based deadline was never enforced and no
"your turn" e-mail went out (both are the beat's ``players.tasks.sweep_turns``), and a bot
move left behind was never retried (``matches.tasks.sweep_bots``). One daemon thread of
the development server runs each entry of ``CELERY_BEAT_SCHEDULE`` in-process as often as
the schedule says. With a broker (production, the PostgreSQL tests) the real beat does it
and this thread never starts; nor does it in tests, which call the tasks themselves.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.conf import settings
from django.db import close_old_connections

log = logging.getLogger(__name__)


def wanted(argv: Sequence[str], environ: Mapping[str, str], eager: bool) -> bool:
    """Whether this process keeps the schedule: the development server's serving process
    (the autoreloader's child, or the only one with ``--noreload``) of an embedded site."""
    if not eager or len(argv) < 2 or argv[1] != "runserver":
        return False
    return environ.get("RUN_MAIN") == "true" or "--noreload" in argv


class Schedule:
    """The beat's entries and when each is next due, on a clock given in seconds."""

    def __init__(self, entries: Mapping[str, Mapping[str, Any]], now: float) -> None:
        self.every = {name: float(e["schedule"]) for name, e in entries.items()}
        self.task = {name: str(e["task"]) for name, e in entries.items()}
        self.due = {name: now + every for name, every in self.every.items()}

    def tick(self, now: float, run: Callable[[str], Any]) -> list[str]:
        """Run every entry due by ``now`` (its task's name given to ``run``); return them."""
        ran = []
        for name, due in sorted(self.due.items()):
            if due <= now:
                self.due[name] = now + self.every[name]
                try:
                    run(self.task[name])
                except Exception:   # (a failing sweep must not end the schedule)
                    log.exception("embedded beat: %s failed", self.task[name])
                ran.append(name)
        return ran

    def pause(self, now: float) -> float:
        return max(0.0, min(self.due.values(), default=now + 60) - now)


def _run_task(name: str) -> None:
    from kaosz.celery import app  # (lazy: only the beat thread needs Celery, once serving)

    try:
        app.tasks[name].apply()
    finally:
        close_old_connections()


def start() -> threading.Thread | None:
    """Start the schedule's thread when this process should keep it."""
    entries = getattr(settings, "CELERY_BEAT_SCHEDULE", {})
    if not entries or not wanted(sys.argv, os.environ, settings.CELERY_TASK_ALWAYS_EAGER):
        return None
    schedule = Schedule(entries, time.monotonic())

    def loop() -> None:
        while True:
            time.sleep(schedule.pause(time.monotonic()))
            schedule.tick(time.monotonic(), _run_task)

    thread = threading.Thread(target=loop, name="embedded-beat", daemon=True)
    thread.start()
    log.info("embedded beat: %s", ", ".join(sorted(entries)))
    return thread
