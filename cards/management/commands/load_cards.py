from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Load every card fixture under fixtures/cards/ (idempotent)."

    def handle(self, *args, **opts):
        paths = sorted(str(p) for p in (Path(settings.BASE_DIR) / "fixtures" / "cards")
                       .glob("*.json"))
        call_command("import_cards", *paths, source="fixtures", stdout=self.stdout,
                     stderr=self.stderr)
