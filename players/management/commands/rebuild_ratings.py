"""``manage.py rebuild_ratings``: every rating computed again from the finished matches."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from players.ratings.recording import rebuild


class Command(BaseCommand):
    help = "Recompute every rating from the log of finished rated matches."

    def handle(self, *args: Any, **options: Any) -> None:
        n = rebuild()
        self.stdout.write(f"rebuilt ratings from {n} rated matches")
