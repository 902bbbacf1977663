"""Engine speed for every registered game through the ruleset protocol, on one core.

    .venv/bin/python bench/engine.py [--games kgk,smugglers,pulsar,roll] [--seconds 10]
        [--players 2] [--winrate 1000] [--profile kgk]
        [--root OTHER_CHECKOUT[:compiled] ... [--rounds 10] [--count 20]]

For each game: complete random-bot games per second and engine steps per second (a step is
one ``apply``) per CPU second of this process, measured by playing seeded games back to back
for ``--seconds`` of CPU time (wall-clock figures are reported beside them). With
``--winrate N`` it also plays N seeded games heuristic bot vs random bot (seats alternating)
and reports the heuristic's win rate with a 95 % Wilson interval. ``--profile GAME`` prints
where the time goes (cProfile, top 25 by cumulative time) for that game. Prints JSON.

Side by side (``--root``, repeatable: other checkouts of this project, e.g. the commit
before a change): each round plays the same ``--count`` seeded random-bot games
(``side-0``, ``side-1``, ...) once per checkout, each in a fresh process pinned to one
core, alternating the order from round to round so drift on a shared machine hits every
checkout alike. It reports each checkout's CPU microseconds per step, median and best
over ``--rounds``, and their ratio to this checkout's (below 1: faster than this one).
The best of many rounds is the steadier figure on a noisy machine: noise only adds time.
A root written ``PATH:compiled`` (``.:compiled`` for this checkout) is measured with its
compiled build (``make compiled``, ``rulesets/compiled.py``); the sample fails rather than
measure pure Python when that build is missing or stale.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import statistics
import subprocess
import sys
import time
from pathlib import Path

# A side-by-side child measures another checkout's engines: its root goes first on the path.
CHILD = len(sys.argv) == 5 and sys.argv[1] == "--child"
sys.path.insert(0, sys.argv[2] if CHILD else str(Path(__file__).resolve().parent.parent))

from rulesets import registry  # noqa: E402
from rulesets.base import Outcome  # noqa: E402
from rulesets.stats import wilson_rounded as wilson  # noqa: E402

MAX_STEPS = 200_000  # a guard: a game that never ends is a bug to report, not to wait for


def play(ruleset, config: dict, seed: str, bots: list[str]) -> tuple[int, Outcome]:
    """One game with the given bot kind per seat; returns (steps, outcome)."""
    outcome, to_act, bot_action, apply = (ruleset.outcome, ruleset.to_act, ruleset.bot_action,
                                          ruleset.apply)   # bound once: time the engine
    state = ruleset.new_game(config, seed)
    steps = 0
    while outcome(state) is None:
        seats = to_act(state)
        if not seats:
            raise RuntimeError(f"{ruleset.name}: nobody to act in an unfinished game ({seed})")
        seat = seats[steps % len(seats)]
        state, _ = apply(state, seat, bot_action(state, seat, bots[seat], f"{seed}:{steps}"))
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"{ruleset.name}: game {seed} did not end in {MAX_STEPS} steps")
    return steps, outcome(state)


def speed(ruleset, players: int, seconds: float) -> dict:
    config = ruleset.example_config(players)
    games = steps = 0
    # Rates use this process's CPU time: on a shared machine wall time also counts the
    # time other processes held the core. Wall time is reported beside it.
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.process_time() - cpu0 < seconds or games == 0:
        n, _ = play(ruleset, config, f"bench-{games}", ["random"] * players)
        games += 1
        steps += n
    cpu = time.process_time() - cpu0
    wall = time.perf_counter() - wall0
    return {"games": games, "cpu_seconds": round(cpu, 2), "wall_seconds": round(wall, 2),
            "games_per_second": round(games / cpu, 2),
            "steps_per_second": round(steps / cpu, 1),
            "wall_games_per_second": round(games / wall, 2),
            "mean_steps_per_game": round(steps / games, 1)}


def winrate(ruleset, players: int, n: int) -> dict:
    config = ruleset.example_config(players)
    wins = 0.0
    for i in range(n):
        hero = i % players
        bots = ["random"] * players
        bots[hero] = "heuristic"
        _, outcome = play(ruleset, config, f"winrate-{i}", bots)
        if hero in outcome.winners:
            wins += 1 / len(outcome.winners)  # a shared win counts as a share
    low, high = wilson(round(wins), n)
    return {"games": n, "heuristic_win_rate": round(wins / n, 4), "ci95": [low, high],
            "fair_share": round(1 / players, 4)}


def child(game: str, count: int) -> None:
    """One side-by-side sample: CPU time of ``count`` seeded games, after one to warm up."""
    ruleset = registry.get(game)
    if os.environ.get("KAOSZ_COMPILED"):   # measure the build, or say why not
        from rulesets import compiled  # (a checkout without it has no build to measure)
        # An unusable build leaves every module pure Python (install() warned why).
        pure = [m for m, built in compiled.loaded().items() if not built]
        if pure:
            sys.exit(f"the compiled build is not in use ({compiled.problems()[:3]}): {pure[:3]}")
    config = ruleset.example_config(2)
    play(ruleset, config, "side-warm-up", ["random", "random"])
    cpu0 = time.process_time()
    steps = sum(play(ruleset, config, f"side-{i}", ["random", "random"])[0]
                for i in range(count))
    print(json.dumps({"cpu": time.process_time() - cpu0, "steps": steps}))


COMPILED = ":compiled"   # a root given as PATH:compiled runs its compiled build (make compiled)


def _root(arg: str) -> str:
    """A ``--root`` argument resolved, its ``:compiled`` kept."""
    built = arg.endswith(COMPILED)
    return str(Path(arg.removesuffix(COMPILED)).resolve()) + (COMPILED if built else "")


def side_by_side(game: str, roots: list[str], rounds: int, count: int) -> list[dict]:
    here = Path(__file__).resolve()
    pin = ["taskset", "-c", str(max(os.sched_getaffinity(0)))] if _has_taskset() else []
    samples: list[list[float]] = [[] for _ in roots]      # by position: a root may repeat
    steps = [0] * len(roots)
    order = list(range(len(roots)))
    for r in range(rounds):
        for i in order if r % 2 == 0 else order[::-1]:
            env = {**os.environ, "KAOSZ_COMPILED": "1" if roots[i].endswith(COMPILED) else ""}
            run = subprocess.run([*pin, sys.executable, str(here), "--child",
                                  roots[i].removesuffix(COMPILED), game, str(count)],
                                 capture_output=True, text=True, check=True, env=env)
            got = json.loads(run.stdout)
            samples[i].append(got["cpu"] / got["steps"] * 1e6)
            steps[i] = got["steps"]
    first_median, first_best = statistics.median(samples[0]), min(samples[0])
    return [{"root": str(root), "steps": steps[i], "samples": len(samples[i]),
             "us_per_step_median": round(statistics.median(samples[i]), 3),
             "us_per_step_best": round(min(samples[i]), 3),
             "median_ratio_to_first": round(statistics.median(samples[i]) / first_median, 4),
             "best_ratio_to_first": round(min(samples[i]) / first_best, 4)}
            for i, root in enumerate(roots)]


def _has_taskset() -> bool:
    from shutil import which
    return which("taskset") is not None


def main() -> None:
    if CHILD:
        child(sys.argv[3], int(sys.argv[4]))
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", default=",".join(registry.names()))
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--winrate", type=int, default=0)
    ap.add_argument("--profile", default="")
    ap.add_argument("--root", action="append", default=[],
                    help="another checkout to measure side by side with this one (repeatable;"
                         " PATH:compiled measures its compiled build, e.g. .:compiled)")
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--count", type=int, default=20, help="games per side-by-side sample")
    args = ap.parse_args()
    if args.root:
        roots = [str(Path(__file__).resolve().parent.parent), *map(_root, args.root)]
        side = {"benchmark": "engine_side_by_side", "python": sys.version.split()[0],
                "rounds": args.rounds, "games_per_sample": args.count}
        for name in args.games.split(","):
            side[name] = side_by_side(name, roots, args.rounds, args.count)
        print(json.dumps(side, indent=1))
        return
    out: dict = {"benchmark": "engine", "players": args.players, "python": sys.version.split()[0],
                "executable": sys.executable}
    for name in args.games.split(","):
        ruleset = registry.get(name)
        entry = speed(ruleset, args.players, args.seconds)
        if args.winrate:
            entry["bots"] = winrate(ruleset, args.players, args.winrate)
        out[name] = entry
    if args.profile:
        ruleset = registry.get(args.profile)
        profiler = cProfile.Profile()
        profiler.enable()
        speed(ruleset, args.players, min(args.seconds, 5))
        profiler.disable()
        text = io.StringIO()
        pstats.Stats(profiler, stream=text).sort_stats("cumulative").print_stats(25)
        print(text.getvalue(), file=sys.stderr)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
