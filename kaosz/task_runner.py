"""Who runs the Celery tasks: Celery's workers, a worker inside the serving process, or
the caller at once (``settings.KAOSZ_TASKS``).

* ``celery`` (``REDIS_URL`` set): the task goes on the broker; worker processes run it.
* ``inprocess`` (the embedded default, ``make run``): the serving process (uvicorn through
  ``kaosz.asgi``, a WSGI server or runserver through ``kaosz.wsgi``) starts an
  :class:`InProcessWorker`, a few threads per queue, and :meth:`Task.apply_async` hands
  the task to it. The request that enqueued it answers without waiting: a bot's move, a
  mail, a photo being read run after the answer, as they do with a real worker.
* ``eager``: the task runs inside ``apply_async`` (the test settings, and any process of
  the embedded default that serves nothing, such as a ``manage.py`` command).

The task code is the same in all three, and so are its guarantees: a task may run twice
or be lost (a server restarted mid-move), so every task is idempotent (the store's
``expected_version`` and ``client_action_id``, mail through its outbox) and the beat's
sweeps pick up what was lost. The embedded server keeps the beat's schedule itself
(``kaosz.embedded_beat``) and runs its sweeps on this same worker.

Nothing here imports the beat: the serving entry points start both.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import threading
import time
import uuid
from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import celery
from django.conf import settings
from django.db import close_old_connections, connections, transaction

log = logging.getLogger(__name__)
MODES = ("celery", "inprocess", "eager")

_worker: InProcessWorker | None = None
_started = threading.Lock()


@dataclass
class _Job:
    task: celery.Task
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    task_id: str
    done: threading.Event = field(default_factory=threading.Event)
    queued_at: float = field(default_factory=time.monotonic)


class InProcessWorker:
    """A few daemon threads per queue, each taking the queue's next task in turn.

    One queue's threads never run another queue's tasks, so a slow SMTP server or a long
    simulation does not hold up a bot's move, as with one Celery worker per queue."""

    def __init__(self, threads: Mapping[str, int], default_queue: str = "celery") -> None:
        if default_queue not in threads:
            raise ValueError(f"no threads for the default queue {default_queue!r}")
        self.default_queue = default_queue
        self._cond = threading.Condition()
        self._queues: dict[str, deque[_Job]] = {q: deque() for q in threads}
        self._running: dict[str, int] = dict.fromkeys(threads, 0)
        self._unfinished = 0          # queued or running
        self._paused = False
        self._stopping = False
        self._threads_of = {
            queue: [threading.Thread(target=self._serve, args=(queue,), daemon=True,
                                     name=f"kaosz-task-{queue}-{n}")
                    for n in range(max(1, count))]
            for queue, count in threads.items()}
        self._threads = [t for ts in self._threads_of.values() for t in ts]
        for thread in self._threads:
            thread.start()

    def submit(self, queue: str, task: celery.Task, args: tuple[Any, ...],
               kwargs: dict[str, Any], task_id: str) -> _Job:
        job = _Job(task, tuple(args), dict(kwargs), task_id)
        with self._cond:
            if self._stopping:
                raise RuntimeError("the in-process worker has stopped")
            self._queues.get(queue, self._queues[self.default_queue]).append(job)
            self._unfinished += 1
            self._cond.notify_all()
        return job

    def _next(self, queue: str) -> _Job | None:
        with self._cond:
            while not self._stopping and (self._paused or not self._queues[queue]):
                self._cond.wait()
            if self._stopping:
                return None
            self._running[queue] += 1
            return self._queues[queue].popleft()

    def _serve(self, queue: str) -> None:
        try:
            while (job := self._next(queue)) is not None:
                try:
                    self._run(job)
                finally:
                    job.done.set()
                    with self._cond:
                        self._running[queue] -= 1
                        self._unfinished -= 1
                        self._cond.notify_all()
        finally:
            connections.close_all()   # (this thread's kept connection, once it stops)

    @staticmethod
    def _run(job: _Job) -> None:
        close_old_connections()   # (as a request does: this thread's connection is fresh)
        try:
            job.task.apply(job.args, job.kwargs, task_id=job.task_id, throw=True)
        except Exception:
            # A lost task is what a crashed worker leaves too; the sweeps retry the job.
            log.exception("task %s[%s] failed", job.task.name, job.task_id)
        finally:
            close_old_connections()

    def busy(self) -> int:
        """Tasks queued or running."""
        with self._cond:
            return self._unfinished

    def queues(self) -> dict[str, dict[str, Any]]:
        """Each queue's state as ``/readyz`` reports it: its threads (and how many are
        alive), the tasks queued and running, and how long the oldest queued one has
        waited (seconds; 0 with none queued)."""
        now = time.monotonic()
        with self._cond:
            out = {q: {"threads": len(self._threads_of[q]),
                       "alive": sum(t.is_alive() for t in self._threads_of[q]),
                       "queued": len(jobs),
                       "running": self._running[q],
                       "oldest_queued_s": round(now - jobs[0].queued_at, 1) if jobs else 0.0}
                   for q, jobs in self._queues.items()}
            stopping, paused = self._stopping, self._paused
        for state in out.values():
            state["stopped"], state["paused"] = stopping, paused
        return out

    def wait_idle(self, timeout: float, left: int = 0) -> bool:
        """Wait until no task (or no more than ``left``) is queued or running, tasks that
        tasks enqueue included; False if that has not come by ``timeout``."""
        with self._cond:
            return self._cond.wait_for(lambda: self._unfinished <= left, timeout)

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        """No task starts while this lasts (those running finish); they queue up."""
        with self._cond:
            self._paused = True
        try:
            yield
        finally:
            with self._cond:
                self._paused = False
                self._cond.notify_all()

    def stop(self, timeout: float = 5.0) -> bool:
        """Let the running tasks finish (up to ``timeout``), drop the queued ones (the
        sweeps pick their work up after a restart) and end the threads."""
        finished = self.wait_idle(timeout) if not self._paused else False
        with self._cond:
            self._stopping = True
            for jobs in self._queues.values():
                self._unfinished -= len(jobs)
                jobs.clear()
            self._cond.notify_all()
        for thread in self._threads:
            thread.join(timeout=max(0.1, timeout))
        return finished


def current() -> InProcessWorker | None:
    """The worker tasks are handed to in this process, if one runs."""
    return _worker


def install(worker: InProcessWorker | None) -> InProcessWorker | None:
    """Make ``worker`` the one tasks go to (None: back to Celery's own ``apply_async``);
    returns the one it replaces."""
    global _worker
    previous, _worker = _worker, worker
    return previous


def threads_per_queue() -> dict[str, int]:
    return dict(settings.KAOSZ_INPROCESS_THREADS)


def serve() -> InProcessWorker | None:
    """Called by the serving process once its application is loaded: in the ``inprocess``
    mode, start the worker (once per process). The process then starts the beat's
    schedule on it (``kaosz.embedded_beat.start``)."""
    if settings.KAOSZ_TASKS != "inprocess":
        return None
    with _started:
        if _worker is not None:
            return _worker
        worker = InProcessWorker(threads_per_queue(), settings.CELERY_TASK_DEFAULT_QUEUE)
        install(worker)
        atexit.register(worker.stop)
    log.info("in-process tasks: %s", ", ".join(f"{q}×{n}" for q, n in
                                                threads_per_queue().items()))
    return worker


def queue_of(task: celery.Task, options: Mapping[str, Any]) -> str:
    """The queue a task goes to, as Celery routes it: the call's ``queue``, else
    ``CELERY_TASK_ROUTES``, else the task's own, else the default queue."""
    conf = task.app.conf
    route = (conf.task_routes or {}).get(task.name) or {}
    return str(options.get("queue") or route.get("queue") or getattr(task, "queue", None)
               or conf.task_default_queue)


class Task(celery.Task):
    """The base of every task of the project (``Celery(task_cls=...)``): with an
    in-process worker running, ``apply_async`` (and ``delay``) hand the task to it once
    the caller's transaction has committed, instead of to the broker."""

    def apply_async(self, args: Any = None, kwargs: Any = None, task_id: str | None = None,
                    producer: Any = None, link: Any = None, link_error: Any = None,
                    shadow: Any = None, **options: Any) -> Any:
        worker = _worker
        if worker is None:
            return super().apply_async(args, kwargs, task_id, producer, link, link_error,
                                       shadow, **options)
        task_id = task_id or str(uuid.uuid4())
        queue = queue_of(self, options)
        call = (tuple(args or ()), dict(kwargs or {}))
        # (outside a transaction on_commit runs it at once; inside, the task would
        # otherwise read rows its caller has not committed yet)
        transaction.on_commit(lambda: worker.submit(queue, self, *call, task_id),
                              robust=True)
        return self.AsyncResult(task_id)
