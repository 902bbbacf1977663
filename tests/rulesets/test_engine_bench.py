"""``bench/engine.py --root``: the side-by-side engine bench plays the same seeded games in
each checkout, each sample in its own process, and reports per checkout."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_side_by_side_times_each_checkout_on_the_same_games():
    run = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "engine.py"), "--games", "smugglers",
         "--root", str(ROOT), "--rounds", "2", "--count", "1"],
        capture_output=True, text=True, check=True, timeout=120)
    out = json.loads(run.stdout)
    rows = out["smugglers"]
    assert [r["root"] for r in rows] == [str(ROOT), str(ROOT)]
    assert [r["samples"] for r in rows] == [2, 2]          # each checkout its own samples
    assert rows[0]["steps"] == rows[1]["steps"] > 0          # the same seeded games
    assert rows[0]["median_ratio_to_first"] == rows[0]["best_ratio_to_first"] == 1.0
    assert all(r["us_per_step_best"] <= r["us_per_step_median"] for r in rows)
