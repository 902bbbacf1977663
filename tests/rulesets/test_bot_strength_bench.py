"""``bench/bot_strength.py``: logs that resume, several logs read as one, and ``--report``,
which plays nothing and sums up what the logs hold (how a measurement split over several
processes, or stopped part way, is reported)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCH = [sys.executable, str(ROOT / "bench" / "bot_strength.py"), "--game", "smugglers",
         "--a", "heuristic", "--b", "random", "--seed", "report-test"]


def _run(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*BENCH, *args], capture_output=True, text=True, check=check,
                          timeout=300)


def test_two_logs_report_as_one_measurement_without_playing(tmp_path: Path) -> None:
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    a = json.loads(_run("--games", "2", "--log", str(first)).stdout)
    b = json.loads(_run("--start", "2", "--games", "2", "--log", str(second)).stdout)
    assert (a["games"], b["games"]) == (2, 2)
    logged = first.read_text() + second.read_text()

    both = json.loads(_run("--report", "--games", "6", "--log", str(first),
                           "--log", str(second)).stdout)
    assert both["games"] == 4                  # the range's logged games only: none played
    assert both["a_wins"] == a["a_wins"] + b["a_wins"]
    assert both["a_seat0_wins"] + both["a_seat1_wins"] == both["a_wins"]
    assert first.read_text() + second.read_text() == logged      # the logs untouched

    # a resumed run with both logs skips what either holds and appends to the first
    again = json.loads(_run("--games", "5", "--log", str(first), "--log", str(second)).stdout)
    assert again["games"] == 5
    assert len(first.read_text().splitlines()) == 3 and second.read_text() == \
        logged[len(logged) - len(second.read_text()):]

    nothing = _run("--report", "--start", "50", "--games", "2", "--log", str(first),
                   check=False)
    assert nothing.returncode != 0 and "no game of this range is logged" in nothing.stderr


def test_checkouts_side_by_side_time_the_same_positions_and_moves() -> None:
    """``--root``: each checkout's child times the very positions a run alone times (the
    same moves, by their hash), taking turns position by position."""
    positions = ("--a", "search-easy", "--positions", "3", "--seed", "side-test")
    alone = json.loads(_run(*positions).stdout)
    side = json.loads(_run(*positions, "--root", str(ROOT), "--rounds", "2").stdout)
    assert side["same_moves"] and side["positions"] == 3 and side["rounds"] == 2
    assert [row["moves_sha256"] for row in side["checkouts"]] == [alone["moves_sha256"]] * 2
    assert all(row["median_s"] > 0 for row in side["checkouts"])
