"""The order of a run (``--shuffle SEED``) and the long property sweeps (``@pytest.mark.slow``) stay out of a run unless asked for, also
when the run filters by another marker (``-m "not browser"`` once ran all of them)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.support.selection import shuffled, slow_tests_run

ROOT = Path(__file__).resolve().parents[2]
# A module with one slow test (parametrized 400 times) and some quick ones; no database.
SWEEP = "tests/swiss/test_properties.py"


@pytest.mark.parametrize(("markexpr", "env", "runs"), [
    ("", {}, False),
    ("not browser", {}, False),
    ("browser or postgres", {}, False),
    ("slow", {}, True),
    ("slow and not kgk", {}, True),
    ("not slow", {}, True),               # the expression itself deselects them
    ("not browser", {"KAOSZ_SLOW": "1"}, True),
    ("", {"KAOSZ_SLOW": "1"}, True),
    ("slowly", {}, False),                # a word, not the marker
])
def test_who_decides_about_the_slow_tests(markexpr, env, runs):
    assert slow_tests_run(markexpr, env) is runs


def collected(*args: str) -> tuple[list[str], int]:
    env = {k: v for k, v in os.environ.items() if k != "KAOSZ_SLOW"}
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         "-p", "no:randomly", SWEEP, *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120).stdout
    ids = [line for line in out.splitlines() if line.startswith(SWEEP + "::")]
    m = re.search(r"(\d+) deselected", out)
    return ids, int(m.group(1)) if m else 0


def test_another_marker_filter_leaves_the_slow_tests_deselected():
    plain, plain_dropped = collected()
    filtered, filtered_dropped = collected("-m", "not browser")
    assert plain_dropped >= 100, "the sweep module has its slow tests"
    assert filtered == plain and filtered_dropped == plain_dropped
    assert not [i for i in filtered if "test_random_tournaments_heavy" in i]
    asked, asked_dropped = collected("-m", "slow")
    assert len(asked) == plain_dropped and asked_dropped == len(plain)


def test_a_shuffled_order_keeps_every_test_and_each_module_together():
    items = [SimpleNamespace(nodeid=f"tests/m{m}.py::test_{t}") for m in range(6)
             for t in range(8)]
    first = shuffled(list(items), "7")
    assert sorted(i.nodeid for i in first) == sorted(i.nodeid for i in items)
    assert [i.nodeid for i in first] != [i.nodeid for i in items]
    assert [i.nodeid for i in shuffled(list(items), "7")] == [i.nodeid for i in first]
    assert [i.nodeid for i in shuffled(list(items), "8")] != [i.nodeid for i in first]
    modules = [i.nodeid.split("::")[0] for i in first]
    runs = [m for k, m in enumerate(modules) if k == 0 or modules[k - 1] != m]
    assert len(runs) == 6, "each module's tests run together"
