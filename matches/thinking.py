"""Where a bot thinks: in the worker that plays its move, or, in the embedded server, in
processes of their own at a lower CPU priority.

A search bot's choice is up to a second of pure CPU in the engines (``rulesets/``, which
know no Django). In the embedded server (``make run``) the in-process worker's threads
share the serving process's interpreter lock with the requests: a bot thinking there made
every click wait, each of its queries waiting up to the interpreter's switch interval to
get the lock back (a club night's clicks took a median 0.4 s). So there the choice is
computed in a small pool of processes (``KAOSZ_BOT_PROCESSES``, started at the first bot
move; ``KAOSZ_BOT_NICENESS`` can lower their CPU priority). The
pool gets the state as JSON text and gives the action back; reading the match, applying
the move, its signals and live events all stay with the worker, as before. Elsewhere (a
Celery worker, already a process of its own; the tests) the bot thinks where it is.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from rulesets import registry, search

log = logging.getLogger(__name__)

_pool: ProcessPoolExecutor | None = None
_lock = threading.Lock()


def _start_thinking(niceness: int) -> None:   # (in each of the pool's processes)
    with contextlib.suppress(OSError):   # (not allowed here: think at the same priority)
        os.nice(niceness)
    # A server killed without its exit handlers (SIGKILL, a reloader's restart) leaves its
    # pool behind: each process ends itself once its parent is gone.
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def choose(ruleset: str, text: str, seat: int, kind: str, seed: str,
           budget: float | None = None) -> Any:
    """The bot's action for ``seat`` in the state ``text`` (its ruleset's JSON), as
    ``Ruleset.bot_action`` chooses it, a search thinking at most ``budget`` CPU seconds
    (None: its level's whole work). Runs in the pool's processes."""
    rs = registry.get(ruleset)
    data = json.loads(text)
    state = data if getattr(rs, "plain_json_state", False) else rs.from_json(data)
    with search.cpu_budget(budget):
        return rs.bot_action(state, seat, kind, seed)


# The queue of the bots' moves (``matches.bots`` sends them there): its waiting tasks are
# bots waiting to move.
BOTS_QUEUE = "bots"


def _server() -> tuple[Any, Any]:
    """Django's settings and this process's in-process worker (None: it runs none)."""
    # (here, not at the top: the pool's processes import this module without Django)
    from django.conf import settings

    from kaosz import task_runner  # (the same: only the serving process needs it)

    return settings, task_runner.current()


def budget_now() -> float | None:
    """The CPU seconds a search bot may think for now: None (its level's whole work)
    unless other bot work waits in this process's in-process worker (the ``bots`` queue
    has tasks no thread has taken yet); then ``KAOSZ_BOT_BUSY_THINK_MS`` shared out, so
    that a round of every waiting bot costs about the same however many wait:
    ``busy × threads / (threads + waiting)``.

    On two cores, ten hard bots thinking a second each made their people wait a median
    12.6 s, some over 30 s: the search's work is fixed, so under a crowd every bot's turn
    waited for all the others' whole thinking. A busy server's bots think less, and so
    each answers soon; alone, a bot plays at its full level."""
    settings, worker = _server()
    busy = float(settings.KAOSZ_BOT_BUSY_THINK_MS) / 1000
    if worker is None or busy <= 0:
        return None
    queue = worker.queues().get(BOTS_QUEUE)
    if not queue or not queue["queued"]:
        return None
    threads = max(1, queue["threads"])
    return float(busy * threads / (threads + queue["queued"]))


def _wanted() -> tuple[int, int]:
    """How many thinking processes this process should use (0: think in place), and
    their niceness."""
    settings, worker = _server()
    if worker is None:
        return 0, 0
    return int(settings.KAOSZ_BOT_PROCESSES), int(settings.KAOSZ_BOT_NICENESS)


def _the_pool(size: int, niceness: int) -> ProcessPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            # spawn: a fresh interpreter, not a fork of a threaded server
            _pool = ProcessPoolExecutor(size, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_start_thinking,
                                        initargs=(niceness,))
            atexit.register(stop)
        return _pool


def stop() -> None:
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def bot_action(ruleset: str, rs: Any, state: Any, seat: int, kind: str, seed: str) -> Any:
    """The bot's action, thought out in the pool when this process has one, else here.
    Raises what ``bot_action`` raises (``ValueError`` for a state it cannot act in)."""
    size, niceness = _wanted()
    if size <= 0:
        return rs.bot_action(state, seat, kind, seed)
    data = state if getattr(rs, "plain_json_state", False) else rs.to_json(state)
    text = json.dumps(data, separators=(",", ":"))
    budget = budget_now()
    try:
        return _the_pool(size, niceness).submit(choose, ruleset, text, seat, kind, seed,
                                                budget).result()
    except BrokenProcessPool:
        # A thinking process died (killed, out of memory): a new pool next time; this
        # move is thought out here.
        log.warning("bot thinking pool broken; starting a new one")
        stop()
        return rs.bot_action(state, seat, kind, seed)
