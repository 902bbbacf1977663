"""decks.core is pure: no Django anywhere, even with the engine's playability hook loaded."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "decks" / "core"

SCRIPT = """
import sys
import decks.core as dc
from decks.core.validation import default_playability
default_playability("kgk", {"rules": "official"})  # imports the rules engine, pure too
idx = dc.CardIndex([{"slug": "synth-a", "name_hu": "Szint A", "type": "ship", "cost": 1}])
dc.validate({"synth-a": 45}, "tournament", idx)
bad = sorted(m for m in sys.modules if m == "django" or m.startswith("django."))
print(",".join(bad))
"""


def test_no_django_import_at_runtime() -> None:
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == ""


def test_no_django_in_source() -> None:
    for path in CORE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import django" not in text and "from django" not in text, path.name
