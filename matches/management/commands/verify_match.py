"""Replay matches from seed + log and compare with the stored state.

    manage.py verify_match 17 18        # given matches
    manage.py verify_match --all        # every started match
Exits non-zero when any match does not verify.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from matches import store
from matches.models import Match


class Command(BaseCommand):
    help = "Replay matches from seed + log and compare with the stored snapshots."

    def add_arguments(self, parser) -> None:
        parser.add_argument("ids", nargs="*", type=int)
        parser.add_argument("--all", action="store_true")

    def handle(self, *args: Any, **o: Any) -> None:
        qs = Match.objects.exclude(status=Match.OPEN)
        if not o["all"]:
            if not o["ids"]:
                raise CommandError("give match ids or --all")
            qs = qs.filter(pk__in=o["ids"])
            missing = set(o["ids"]) - set(qs.values_list("pk", flat=True))
            if missing:
                raise CommandError(f"no started match {sorted(missing)}")
        bad = 0
        for match in qs.order_by("pk").iterator():
            report = store.verify(match)
            bad += not report["ok"]
            self.stdout.write(json.dumps({"match": match.pk, **report}))
        if bad:
            raise CommandError(f"{bad} match(es) did not verify")
