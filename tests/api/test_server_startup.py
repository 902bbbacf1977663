"""Both entry points (WSGI and ASGI) do their one-off work at start-up, not in the first
requests, and keep start-up's objects out of the garbage collector's walks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import gc, json
import kaosz.ENTRY
from django.conf import settings
from django.urls import get_resolver
print(json.dumps({"reverse_maps": sorted(get_resolver()._reverse_dict),
                  "languages": sorted(code for code, _ in settings.LANGUAGES),
                  "frozen": gc.get_freeze_count()}))
"""


ENTRY_POINTS = pytest.mark.parametrize("entry", ["wsgi", "asgi"])


def _probe(script: str, entry: str) -> dict:
    """What ``script`` prints last (JSON), run in a fresh process that imports
    ``kaosz.<entry>`` (its ``ENTRY``)."""
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="kaosz.settings")
    out = subprocess.run([sys.executable, "-c", script.replace("ENTRY", entry)], cwd=ROOT,
                         env=env, check=True, capture_output=True, text=True,
                         timeout=120).stdout
    return json.loads(out.strip().splitlines()[-1])


@ENTRY_POINTS
def test_start_up_builds_every_languages_url_map_and_freezes_the_heap(entry):
    seen = _probe(PROBE, entry)
    assert seen["reverse_maps"] == seen["languages"] == ["en", "hu"]
    assert seen["frozen"] > 10_000  # Django, DRF and every view module, out of the GC's walk


SETTLING = """
import gc, json
import kaosz.ENTRY
from web.server import heap
kept, counts = [], []
for _ in range(heap.SETTLE_COLLECTIONS + 1):
    kept.append([{"n": [i]} for i in range(10_000)])  # long-lived, made after start-up
    gc.collect()
    counts.append(gc.get_freeze_count())
print(json.dumps({"counts": counts, "settle": heap.SETTLE_COLLECTIONS,
                  "unfrozen": len(gc.get_objects())}))
"""


@ENTRY_POINTS
def test_the_first_full_collections_after_start_up_freeze_what_survived_them(entry):
    seen = _probe(SETTLING, entry)
    counts, settle = seen["counts"], seen["settle"]
    # Each of the first collections freezes the 20,000 objects made before it (a frozen
    # object still dies when its last reference goes: what a server thread had in
    # flight at a freeze may be freed, so the counts are not exact)...
    assert all(b - a >= 10_000 for a, b in zip(counts, counts[1:settle], strict=False))
    # ...and then no more: later ones leave the heap to the collector.
    assert counts[settle] <= counts[settle - 1]
    assert seen["unfrozen"] >= 10_000  # the last batch, still walked by the collector
