"""The app's Celery tasks, where Celery's autodiscovery looks for them.

Each task lives with the job it runs (bots, simulations) and keeps its ``matches.tasks.*``
name. All are idempotent and acked late: a crashed worker's task is redelivered and finds
its work either not done (does it) or done (does nothing).
"""

from __future__ import annotations

from matches.bots import play_bots, play_owner_bots, sweep_bots
from matches.simulation import run_simulation_chunk

__all__ = ["play_bots", "play_owner_bots", "run_simulation_chunk", "sweep_bots"]
