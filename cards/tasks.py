"""The app's Celery tasks, where Celery's autodiscovery looks for them (each lives with the
job it runs)."""

from __future__ import annotations

from cards.photo_reading import read_photo_task

__all__ = ["read_photo_task"]
