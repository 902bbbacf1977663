"""How strong the bots are: seeded matches of two bot kinds, seats alternating, on one
core; the win rate with its 95 % Wilson interval and the CPU each search decision took
(the thread's own CPU time, so other load on the machine does not change it; the
levels count their budgets in iterations, so it does not change the moves either).

    nice -n 10 .venv/bin/python bench/bot_strength.py --game kgk --a search --b heuristic \\
        [--games 200] [--seed strength] [--log results.jsonl]

Game ``g`` is played from the seed ``{seed}:{g}`` with ``--a`` in seat ``g % 2`` (two
players), so each kind sits first as often as second, as in ``manage.py simulate`` (this
is its pure-engine loop, with the CPU per decision measured; no database). A shared win
counts for both, as there. With ``--log`` every finished game is appended to that file as
one JSON line and a rerun skips the games already in it, so a long measurement can be
stopped and resumed, and partial figures read at any time. ``--log`` may be given several
times (the logs of processes that played parts of one measurement): games are read from
all, and new ones appended to the first. ``--report`` plays nothing: it prints the figures
of the games logged in the range ``--start`` .. ``--start + --games - 1`` (a partial or
merged measurement). Prints JSON: games, ``a``'s
wins, win rate and Wilson interval, and per kind the CPU seconds per decision (median,
90th percentile, max, count; only decisions with more than one legal action, since a
single one is played without searching) and the most CPU one seat spent in one game.
``--positions N`` only times ``--a``'s decisions at N positions of seeded heuristic games
(``--b`` is then unused): the CPU of an expensive level without whole matches, and a
SHA-256 of the moves chosen there. With ``--root OTHER_CHECKOUT`` (repeatable) the same
positions are timed on each checkout's engines too, one child process a checkout, taking
turns position by position (the order turned at each position) for ``--rounds`` rounds;
a position's figure is its least CPU over the rounds. Each checkout's median, its ratio
to this one's, and whether every checkout chose the same moves (the levels' budgets are
iterations, so a faster search must choose the same). Turns a position long, not a
checkout's whole run long: this machine's speed drifts by 15 % over minutes, and whole
runs taking turns put the drift between the checkouts.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

# The checkout whose engines are measured: this one, or the one ``--root`` names for a
# child process (ROOT_ENV).
sys.path.insert(0, os.environ.get("KAOSZ_BENCH_ROOT") or str(Path(__file__).resolve().parents[1]))

from rulesets import registry
from rulesets.rng import Arrival
from rulesets.stats import wilson

HERE = Path(__file__).resolve()
ROOT_ENV = "KAOSZ_BENCH_ROOT"


def play(game: str, kinds: tuple[str, str], seed: str, g: int, max_steps: int = 20_000,
         arrival: str = "random") -> dict[str, Any]:
    """Game ``g``: kind ``kinds[0]`` ("a") in seat ``g % 2``. When several seats may act
    at once, ``arrival`` says who moves: ``random``, one drawn by a driver generator of
    its own (a fair arrival order, as ``manage.py simulate`` and
    ``rulesets/smugglers/play.py`` draw it; the game's generator is never touched), or
    ``first``, the first listed (as the host and the simulations did before they were
    made fair: seat 0 then wins every race to an Űrcsempészek sector)."""
    rs = registry.get(game)
    order = Arrival(f"{seed}:{g}")
    seat_of_a = g % 2
    by_seat = [kinds[0], kinds[1]] if seat_of_a == 0 else [kinds[1], kinds[0]]
    state = rs.new_game(rs.example_config(2), f"{seed}:{g}")
    cpu: list[list[float]] = [[], []]
    steps = 0
    while steps < max_steps:
        to_act = rs.to_act(state)
        if not to_act:
            break
        seat = order.first(to_act) if arrival == "random" else to_act[0]
        several = len(rs.legal_actions(state, seat)) > 1
        t0 = time.thread_time()
        action = rs.bot_action(state, seat, by_seat[seat], f"{seed}:{g}:{steps}")
        spent = time.thread_time() - t0
        if several:
            cpu[seat].append(spent)
        state, _ = rs.apply(state, seat, action)
        steps += 1
    out = rs.outcome(state)
    winners = list(out.winners) if out else []
    return {"game": g, "a_seat": seat_of_a, "winners": winners,
            "a_won": seat_of_a in winners, "shared": len(winners) > 1,
            "reason": out.reason if out else "unfinished", "steps": steps,
            "cpu_a": cpu[seat_of_a], "cpu_b": cpu[1 - seat_of_a]}


def _positions(game: str, count: int, seed: str) -> Iterator[tuple[Any, int, str]]:
    """``count`` positions with a choice, taken every few moves from seeded
    heuristic-vs-heuristic games: the state (played on after it is yielded: copy it to
    keep it), the seat to decide and the seed of its decision."""
    rs = registry.get(game)
    found = 0
    g = 0
    while found < count:
        state = rs.new_game(rs.example_config(2), f"{seed}:pos:{g}")
        step = 0
        while rs.to_act(state) and found < count:
            seat = rs.to_act(state)[0]
            if step % 7 == 3 and len(rs.legal_actions(state, seat)) > 1:
                found += 1
                yield state, seat, f"{seed}:{g}:{step}"
            state, _ = rs.apply(state, seat, rs.bot_action(state, seat, "heuristic",
                                                           f"{seed}:{g}:{step}:h"))
            step += 1
        g += 1


def _decide(rs: Any, kind: str, state: Any, seat: int, seed: str) -> tuple[float, Any]:
    """``kind``'s move for ``seat`` and the CPU it took (the bot's call alone)."""
    t0 = time.thread_time()
    move = rs.bot_action(state, seat, kind, seed)
    return time.thread_time() - t0, move


def cpu_at_positions(game: str, kind: str, count: int, seed: str) -> dict[str, Any]:
    """The CPU ``kind`` takes per decision at ``count`` positions with a choice
    (``_positions``; no whole games played by ``kind``: a quick figure for the expensive
    levels)."""
    rs = registry.get(game)
    spent: list[float] = []
    moves = hashlib.sha256()
    for state, seat, dseed in _positions(game, count, seed):
        cpu, move = _decide(rs, kind, state, seat, dseed)
        spent.append(cpu)
        moves.update(json.dumps(move, sort_keys=True).encode() + b"\n")
    each = list(spent)
    spent.sort()
    return {"game": game, "kind": kind, "positions": len(spent),
            "median_s": round(statistics.median(spent), 4),
            "p90_s": round(spent[int(0.9 * (len(spent) - 1))], 4), "max_s": round(spent[-1], 4),
            "moves_sha256": moves.hexdigest(), "each_s": each}


def serve_positions(game: str, kind: str, count: int, seed: str) -> None:
    """A child of ``cpu_side_by_side``: the positions kept, then one decision timed per
    position number read from stdin, answered on stdout as a JSON line (its CPU and the
    move), each on a fresh copy of the position."""
    rs = registry.get(game)
    # (kept in the stored form: a compiled build's states cannot be deep-copied)
    kept = [(json.dumps(rs.to_json(st)), seat, dseed)
            for st, seat, dseed in _positions(game, count, seed)]
    print("ready", flush=True)
    for line in sys.stdin:
        stored, seat, dseed = kept[int(line)]
        cpu, move = _decide(rs, kind, rs.from_json(json.loads(stored)), seat, dseed)
        print(json.dumps({"s": cpu, "move": move}), flush=True)


def cpu_side_by_side(args: argparse.Namespace) -> dict[str, Any]:
    """Each position timed on this checkout and each ``--root``, one child process a
    checkout (``serve_positions``) taking turns position by position, ``--rounds`` times."""
    roots = [str(HERE.parent.parent), *(str(Path(r).resolve()) for r in args.root)]
    children = [subprocess.Popen(
        [sys.executable, str(HERE), "--game", args.game, "--a", args.a, "--b", args.b,
         "--positions", str(args.positions), "--seed", args.seed, "--serve"],
        env={**os.environ, ROOT_ENV: root}, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        text=True) for root in roots]
    try:
        for child in children:
            assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        best: list[list[float]] = [[math.inf] * args.positions for _ in roots]
        moves: list[list[str]] = [[""] * args.positions for _ in roots]
        for r in range(args.rounds):
            for i in range(args.positions):
                order = list(range(len(roots)))
                if (i + r) % 2:
                    order.reverse()
                for k in order:
                    child = children[k]
                    assert child.stdin is not None and child.stdout is not None
                    child.stdin.write(f"{i}\n")
                    child.stdin.flush()
                    out = json.loads(child.stdout.readline())
                    best[k][i] = min(best[k][i], out["s"])
                    moves[k][i] = json.dumps(out["move"], sort_keys=True)
    finally:
        for child in children:
            if child.stdin is not None:
                child.stdin.close()
            child.wait()
    rows: list[dict[str, Any]] = []
    for k, root in enumerate(roots):
        digest = hashlib.sha256("".join(m + "\n" for m in moves[k]).encode()).hexdigest()
        rows.append({"root": root, "median_s": round(statistics.median(best[k]), 4),
                     "moves_sha256": digest})
    for row in rows:
        row["ratio_to_first"] = round(row["median_s"] / rows[0]["median_s"], 3)
    return {"game": args.game, "kind": args.a, "positions": args.positions,
            "rounds": args.rounds, "same_moves": len({r["moves_sha256"] for r in rows}) == 1,
            "checkouts": rows}


def summary(results: list[dict[str, Any]], kinds: tuple[str, str]) -> dict[str, Any]:
    n = len(results)
    wins = sum(1 for r in results if r["a_won"])
    lo, hi = wilson(wins, n)

    def cpu(key: str) -> dict[str, Any]:
        all_ = sorted(x for r in results for x in r[key])
        if not all_:
            return {"decisions": 0}
        return {"decisions": len(all_), "median_s": round(statistics.median(all_), 4),
                "p90_s": round(all_[int(0.9 * (len(all_) - 1))], 4),
                "max_s": round(all_[-1], 4),
                "per_game_max_s": round(max(sum(r[key]) for r in results), 2),
                "per_game_mean_s": round(sum(sum(r[key]) for r in results) / n, 2)}

    return {"a": kinds[0], "b": kinds[1], "games": n, "a_wins": wins,
            "shared": sum(1 for r in results if r["shared"]),
            "unfinished": sum(1 for r in results if r["reason"] == "unfinished"),
            "a_win_rate": round(wins / n, 4) if n else None,
            "ci95": [round(lo, 4), round(hi, 4)],
            "a_seat0_wins": sum(1 for r in results if r["a_won"] and r["a_seat"] == 0),
            "a_seat1_wins": sum(1 for r in results if r["a_won"] and r["a_seat"] == 1),
            "cpu_a": cpu("cpu_a"), "cpu_b": cpu("cpu_b")}


def _play_missing(args: argparse.Namespace, kinds: tuple[str, str],
                  done: dict[int, dict[str, Any]], log: Path | None) -> None:
    """Play the range's games not in ``done``, adding each to it and to ``log``."""
    for g in range(args.start, args.start + args.games):
        if g in done:
            continue
        r = play(args.game, kinds, args.seed, g, arrival=args.arrival)
        done[g] = r
        if log:
            with log.open("a") as f:
                f.write(json.dumps({**r, "kinds": list(kinds), "seed": args.seed,
                                    "arrival": args.arrival}) + "\n")
        sys.stderr.write(f"\r{len(done)} games, {sum(x['a_won'] for x in done.values())} "
                         f"won by {args.a}")
        sys.stderr.flush()
    sys.stderr.write("\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True, choices=registry.names())
    ap.add_argument("--a", required=True, help="bot kind measured (e.g. search)")
    ap.add_argument("--b", required=True, help="its opponent (e.g. heuristic)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--start", type=int, default=0, help="first game number")
    ap.add_argument("--seed", default="strength")
    ap.add_argument("--arrival", choices=("first", "random"), default="random",
                    help="who moves when several seats may: the first listed, or one at random")
    ap.add_argument("--log", action="append", default=[],
                    help="JSON-lines file: resume from it (repeatable: read them all), "
                         "append to the first")
    ap.add_argument("--report", action="store_true",
                    help="play nothing: the figures of the logged games in the range")
    ap.add_argument("--positions", type=int, default=0,
                    help="only time --a's decisions at this many positions (no matches)")
    ap.add_argument("--root", action="append", default=[],
                    help="with --positions: another checkout timed side by side (repeatable)")
    ap.add_argument("--rounds", type=int, default=1,
                    help="with --root: rounds of the checkouts taking turns")
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.positions and args.serve:
        serve_positions(args.game, args.a, args.positions, args.seed)
        return
    if args.positions and args.root:
        print(json.dumps(cpu_side_by_side(args)))
        return
    if args.positions:
        print(json.dumps(cpu_at_positions(args.game, args.a, args.positions, args.seed)))
        return
    kinds = (args.a, args.b)
    done: dict[int, dict[str, Any]] = {}
    logs = [Path(x) for x in args.log]
    for path in logs:
        if not path.exists():
            continue
        for line in path.read_text().splitlines():
            r = json.loads(line)
            if r.get("kinds") == list(kinds) and r.get("seed") == args.seed \
                    and r.get("arrival", "first") == args.arrival:
                done[r["game"]] = r
    if not args.report:
        _play_missing(args, kinds, done, logs[0] if logs else None)
    chosen = [done[g] for g in range(args.start, args.start + args.games) if g in done]
    if not chosen:
        sys.exit("no game of this range is logged")
    print(json.dumps({"game": args.game, "seed": args.seed, "arrival": args.arrival,
                      **summary(chosen, kinds)}))


if __name__ == "__main__":
    main()
