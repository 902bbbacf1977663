"""Celery tasks. All are idempotent and acked late: a crashed worker's task is redelivered
and finds its work either not done (does it) or done (does nothing)."""

from __future__ import annotations

from celery import shared_task

from matches import bots, simulation


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def play_bots(match_id: int, version: int) -> int:
    """Play the pending bot moves of a match (``version`` is informational: the store's
    expected_version check makes a stale task harmless)."""
    return bots.play_pending(match_id)


@shared_task(ignore_result=True)
def sweep_bots() -> int:
    """Beat's periodic task: schedule the move of every bot that should have moved by now
    (a killed worker, a broker outage at the hand-over). Returns how many it scheduled."""
    return bots.sweep()


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def run_simulation_chunk(simulation_id: int, index: int) -> bool:
    """Play one chunk of a simulation and record it exactly once."""
    request = run_simulation_chunk.request
    worker = "eager" if request.is_eager else request.hostname
    return simulation.run_chunk(simulation_id, index, worker=worker)
