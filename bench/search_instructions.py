"""The searching bot's cost per decision in machine instructions (callgrind): repeatable
whatever the machine's load, where ``bot_strength.py --positions`` times the CPU.

    .venv/bin/python bench/search_instructions.py [--games pulsar] [--count 4]
        [--kind search-hard] [--root OTHER_CHECKOUT ...]

Takes the first ``--count`` positions ``bot_strength.py --positions`` takes (seeded
heuristic games, seed ``cpu``, a position with a choice every seventh move) and lets the
``--kind`` bot decide at each, under ``valgrind --tool=callgrind``; once more without the
decisions, and reports the difference per decision, with a hash of the moves chosen (the
levels count iterations, so every checkout must choose the same). Each ``--root`` is
another checkout measured the same way, side by side, with its ratio to the first.
Needs ``valgrind``; about 50 times slower than native.
"""

from __future__ import annotations

import argparse
import hashlib
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


def decide(root: str, game: str, count: int, kind: str, search: bool) -> str:
    """The child's work: walk to ``count`` positions as ``bot_strength.cpu_at_positions``
    does, deciding at each with ``kind`` when ``search``; the hash of the moves."""
    sys.path.insert(0, root)
    from rulesets import registry

    rs = registry.get(game)
    moves = hashlib.sha256()
    done = g = 0
    while done < count:
        state = rs.new_game(rs.example_config(2), f"cpu:pos:{g}")
        step = 0
        while rs.to_act(state) and done < count:
            seat = rs.to_act(state)[0]
            if step % 7 == 3 and len(rs.legal_actions(state, seat)) > 1:
                if search:
                    move = rs.bot_action(state, seat, kind, f"cpu:{g}:{step}")
                    moves.update(json.dumps(move, sort_keys=True).encode() + b"\n")
                done += 1
            state, _ = rs.apply(state, seat, rs.bot_action(state, seat, "heuristic",
                                                           f"cpu:{g}:{step}:h"))
            step += 1
        g += 1
    return moves.hexdigest()


def collected(root: Path, game: str, count: int, kind: str, search: bool) -> tuple[int, str]:
    """Instructions callgrind counts for one child run, and its moves' hash."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    with tempfile.TemporaryDirectory() as tmp:
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out",
               sys.executable, str(HERE), "--child", str(root), game, str(count), kind,
               str(int(search))]
        run = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    found = COLLECTED.findall(run.stderr)
    if not found:
        raise RuntimeError(f"no callgrind total in:\n{run.stderr[-2000:]}")
    return int(found[-1]), json.loads(run.stdout)["moves_sha256"]


def main() -> None:
    if len(sys.argv) == 7 and sys.argv[1] == "--child":
        _, _, where, game, count, kind, search = sys.argv
        print(json.dumps({"moves_sha256": decide(where, game, int(count), kind, search == "1")}))
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", default="pulsar")
    ap.add_argument("--count", type=int, default=4)
    ap.add_argument("--kind", default="search-hard")
    ap.add_argument("--root", action="append", default=[],
                    help="another checkout to measure beside this one (repeatable)")
    args = ap.parse_args()
    roots = [ROOT, *(Path(r).resolve() for r in args.root)]
    out: dict = {"benchmark": "search_instructions", "python": sys.version.split()[0],
                 "kind": args.kind, "positions": args.count}
    for game in args.games.split(","):
        rows = []
        for root in roots:
            full, moves = collected(root, game, args.count, args.kind, True)
            base, _ = collected(root, game, args.count, args.kind, False)
            rows.append({"root": str(root), "moves_sha256": moves,
                         "instructions_per_decision": round((full - base) / args.count)})
        first = rows[0]["instructions_per_decision"]
        for row in rows:
            row["ratio_to_first"] = round(row["instructions_per_decision"] / first, 4)
        out[game] = {"same_moves": len({r["moves_sha256"] for r in rows}) == 1, "checkouts": rows}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
