"""Smoke test of the in-process benchmark (the numbers themselves are not asserted)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "validate.py"


def test_bench_runs_and_prints_json(capsys) -> None:
    spec = importlib.util.spec_from_file_location("bench_validate", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--decks", "300", "--repeat", "1", "--playability", "dummy"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["decks"] == 300 and 0 < out["valid_decks"] < 300
    assert out["decks_per_cpu_second"] > 0 and out["target_per_second"] == 20000
