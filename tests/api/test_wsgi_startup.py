"""The WSGI entry point does its one-off work at start-up, not in the first requests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import gc, json
import kaosz.wsgi
from django.conf import settings
from django.urls import get_resolver
print(json.dumps({"reverse_maps": sorted(get_resolver()._reverse_dict),
                  "languages": sorted(code for code, _ in settings.LANGUAGES),
                  "frozen": gc.get_freeze_count()}))
"""


def test_start_up_builds_every_languages_url_map_and_freezes_the_heap():
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="kaosz.settings")
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True, timeout=120).stdout
    seen = json.loads(out.strip().splitlines()[-1])
    assert seen["reverse_maps"] == seen["languages"] == ["en", "hu"]
    assert seen["frozen"] > 10_000  # Django, DRF and every view module, out of the GC's walk
