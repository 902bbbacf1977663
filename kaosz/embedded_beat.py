"""Celery beat's schedule, kept by the embedded server itself (``make run``: SQLite and
in-process tasks, no Redis, so no beat process).

Without it, on the embedded default a turn-based deadline would never be enforced, no mail
held back by a down SMTP server would be sent again, and a bot move lost with a restarted
server would never be played (the beat's ``players.tasks.sweep_turns`` and
``matches.tasks.sweep_bots``). One daemon thread of the serving process hands each entry of
``CELERY_BEAT_SCHEDULE`` to the in-process worker (``kaosz.task_runner``) as often as the
schedule says, as beat hands it to the broker; an entry whose last run has not finished is
not handed again. With a broker the real beat does it and this thread never starts.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings

from kaosz import task_runner

log = logging.getLogger(__name__)

# This process's schedule thread, and when it last woke (``time.monotonic``): ``/readyz``
# reports them.
_thread: threading.Thread | None = None
_woke: float | None = None


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


class Handover:
    """Hands a schedule entry's task to the in-process worker, unless its last run is
    still queued or running (a sweep slower than its period is not stacked up)."""

    def __init__(self, worker: task_runner.InProcessWorker) -> None:
        self.worker = worker
        self.last: dict[str, threading.Event] = {}

    def __call__(self, name: str) -> None:
        from kaosz.celery import app  # (lazy: the tasks are registered once Django is up)

        last = self.last.get(name)
        if last is not None and not last.is_set():
            return
        task = app.tasks[name]
        job = self.worker.submit(task_runner.queue_of(task, {}), task, (), {},
                                 str(uuid.uuid4()))
        self.last[name] = job.done


def start() -> threading.Thread | None:
    """Start the schedule's thread, handing its tasks to this process's in-process worker."""
    entries = getattr(settings, "CELERY_BEAT_SCHEDULE", {})
    worker = task_runner.current()
    if not entries or worker is None:
        return None
    schedule = Schedule(entries, time.monotonic())
    hand_over = Handover(worker)

    def loop() -> None:
        global _woke
        while True:
            _woke = time.monotonic()
            time.sleep(schedule.pause(_woke))
            schedule.tick(time.monotonic(), hand_over)

    global _thread
    thread = threading.Thread(target=loop, name="embedded-beat", daemon=True)
    thread.start()
    _thread = thread
    log.info("embedded beat: %s", ", ".join(sorted(entries)))
    return thread


def state() -> dict[str, Any] | None:
    """Whether this process's schedule thread runs, and how long ago it last woke (it
    sleeps until the next entry is due, so at most the shortest period); None when this
    process started none."""
    thread, woke = _thread, _woke
    if thread is None:
        return None
    return {"alive": thread.is_alive(),
            "seconds_ago": None if woke is None else round(time.monotonic() - woke, 1)}
