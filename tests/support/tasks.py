"""The in-process task worker (``kaosz.task_runner``) in a test: what ``make run`` serves
with. Tasks go to its threads after the caller's commit, as in the embedded server, instead
of running at enqueue (the test settings' eager mode)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kaosz import task_runner


class Worker:
    """The running worker, with ways to wait on it (never a sleep)."""

    def __init__(self, worker: task_runner.InProcessWorker) -> None:
        self.worker = worker

    def wait_idle(self, timeout: float = 60.0, left: int = 0) -> None:
        """Return once no task (or no more than ``left``) is queued or running; fail the
        test after ``timeout``."""
        assert self.worker.wait_idle(timeout, left), (
            f"the in-process worker still had {self.worker.busy()} task(s) after {timeout} s")

    def paused(self):  # type: ignore[no-untyped-def]
        """No task starts while this lasts: what is enqueued waits, observably."""
        return self.worker.paused()

    def busy(self) -> int:
        return self.worker.busy()


@pytest.fixture
def inprocess_worker(transactional_db, settings) -> Iterator[Worker]:
    """The real in-process worker for this test (its tasks commit, so the database is a
    transactional one), idle and stopped again at teardown."""
    settings.KAOSZ_TASKS = "inprocess"
    worker = task_runner.InProcessWorker(task_runner.threads_per_queue(),
                                         settings.CELERY_TASK_DEFAULT_QUEUE)
    previous = task_runner.install(worker)
    handle = Worker(worker)
    try:
        yield handle
        handle.wait_idle()
    finally:
        task_runner.install(previous)
        worker.stop()
