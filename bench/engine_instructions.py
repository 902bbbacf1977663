"""Engine cost in machine instructions (callgrind): repeatable whatever the machine's load.

    .venv/bin/python bench/engine_instructions.py [--games kgk] [--count 12]
        [--root OTHER_CHECKOUT ...] [--keep DIR]

Plays ``--count`` seeded random-bot games per game (seeds ``instr-0``, ``instr-1``, ...,
two players, the game's ``example_config``, the same loop as ``bench/engine.py``) through
the registry's ``RULESET`` under ``valgrind --tool=callgrind``, once with the games and once
with none, and reports the difference: the instructions the games cost, without Python's
start-up and imports. ``PYTHONHASHSEED=0`` so the two runs hash strings alike.

Each ``--root`` is another checkout of this project (e.g. main) whose ``rulesets`` package
is measured with the same interpreter and the same loop, side by side with this one; the
figure for each is printed as JSON with the ratio to the first. ``--keep DIR`` keeps the
callgrind files, the games' and the start-up's (``callgrind_annotate DIR/<name>.out`` shows
where the instructions go).
Needs ``valgrind`` (Debian package ``valgrind``); it runs about 50 times slower than
native, so 12 KGK games take a few minutes.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parent.parent
COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def play_games(root: str, game: str, count: int) -> int:
    """The child's work: ``count`` seeded games of ``game`` from the checkout at ``root``."""
    sys.path.insert(0, root)
    from rulesets import registry

    ruleset = registry.get(game)
    config = ruleset.example_config(2)
    total = 0
    for i in range(count):
        seed = f"instr-{i}"
        state = ruleset.new_game(config, seed)
        steps = 0
        while ruleset.outcome(state) is None:
            seats = ruleset.to_act(state)
            seat = seats[steps % len(seats)]
            action = ruleset.bot_action(state, seat, "random", f"{seed}:{steps}")
            state, _ = ruleset.apply(state, seat, action)
            steps += 1
        total += steps
    return total


def collected(root: Path, game: str, count: int, out_file: str) -> tuple[int, int]:
    """Instructions callgrind counts for one child run, and the steps it played."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}",
           sys.executable, str(HERE), "--child", str(root), game, str(count)]
    run = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    found = COLLECTED.findall(run.stderr)
    if not found:
        raise RuntimeError(f"no callgrind total in:\n{run.stderr[-2000:]}")
    return int(found[-1]), json.loads(run.stdout)["steps"]


def measure(root: Path, game: str, count: int, keep: Path | None, label: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        full = str((keep or Path(tmp)) / f"{label}-{game}.out")
        empty = str((keep or Path(tmp)) / f"{label}-{game}-startup.out")
        games, steps = collected(root, game, count, full)
        base, _ = collected(root, game, 0, empty)
    return {"root": str(root), "games": count, "steps": steps,
            "instructions": games - base, "instructions_per_step": round((games - base) / steps),
            "startup_instructions": base}


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--child":
        steps = play_games(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        print(json.dumps({"steps": steps}))
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", default="kgk")
    ap.add_argument("--count", type=int, default=12)
    ap.add_argument("--root", action="append", default=[],
                    help="another checkout to measure beside this one (repeatable)")
    ap.add_argument("--keep", type=Path, default=None)
    args = ap.parse_args()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    roots = [ROOT, *(Path(r).resolve() for r in args.root)]
    out: dict = {"benchmark": "engine_instructions", "python": sys.version.split()[0],
                 "seeds": f"instr-0..instr-{args.count - 1}"}
    for game in args.games.split(","):
        rows = []
        for i, root in enumerate(roots):
            rows.append(measure(root, game, args.count, args.keep, f"root{i}"))
        first = rows[0]["instructions"]
        for row in rows:
            row["ratio_to_first"] = round(row["instructions"] / first, 4)
        out[game] = rows
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
