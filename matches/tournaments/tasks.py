"""The app's Celery tasks, where Celery's autodiscovery looks for them: pairing a round of
a large event off the request lives with the rounds (``services.rounds``)."""

from __future__ import annotations

from matches.tournaments.services.rounds import pair_round_task

__all__ = ["pair_round_task"]
