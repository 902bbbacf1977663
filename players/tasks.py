"""The players app's beat task (issue 30): turn deadlines, ratings left behind."""

from __future__ import annotations

from celery import shared_task

from players import ratings, turns


@shared_task(name="players.tasks.sweep_turns")
def sweep_turns() -> dict[str, int]:
    """Enforce expired turn deadlines (a deadline passed while no worker ran is enforced
    now), then rate finished rated matches not rated yet."""
    return {"timeouts": turns.sweep(), "rated": ratings.record_pending()}
