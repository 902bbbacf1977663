from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards.exchange import FormatError, read_file
from cards.services import CatalogueError, import_records


class Command(BaseCommand):
    help = ("Import cards from JSON or CSV. Every row is validated first; errors are reported "
            "by row and field and nothing is applied unless every row is valid. Re-running "
            "updates in place (by slug) and never duplicates.")

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+")
        parser.add_argument("--format", choices=["json", "csv"])
        parser.add_argument("--set", dest="set_slug", help="Printing set slug for CSV rows")
        parser.add_argument("--source", default="import", help="Source note for the history")

    def handle(self, *args, **opts):
        for raw in opts["paths"]:
            path = Path(raw)
            if not path.exists():
                raise CommandError(f"{path}: no such file")
            try:
                records, set_data = read_file(path, opts["format"])
                if set_data is None and opts["set_slug"]:
                    set_data = {"slug": opts["set_slug"]}
                result = import_records(records, set_data=set_data, source=opts["source"])
            except (FormatError, CatalogueError) as exc:
                for e in exc.errors:
                    where = f"row {e['row']}" if e.get("row") else "file"
                    self.stderr.write(f"{path}: {where}, field {e['field'] or '-'}: {e['message']}")
                raise CommandError(f"{path}: {len(exc.errors)} error(s); nothing imported") from exc
            self.stdout.write(f"{path}: {result['created']} created, {result['updated']} updated, "
                              f"{result['unchanged']} unchanged")
