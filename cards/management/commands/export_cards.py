import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from cards.exchange import export_records, to_csv


class Command(BaseCommand):
    help = "Export the whole catalogue as JSON or CSV (to a file or standard output)."

    def add_arguments(self, parser):
        parser.add_argument("--format", choices=["json", "csv"], default="json")
        parser.add_argument("--output", "-o")

    def handle(self, *args, **opts):
        records = export_records()
        if opts["format"] == "csv":
            text = to_csv(records)
        else:
            text = json.dumps(records, ensure_ascii=False, indent=1) + "\n"
        if opts["output"]:
            Path(opts["output"]).write_text(text, encoding="utf-8")
            self.stdout.write(f"wrote {len(records)} cards to {opts['output']}")
        else:
            sys.stdout.write(text)
