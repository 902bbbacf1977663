"""Engine speed for every registered game through the ruleset protocol, on one core.

    .venv/bin/python bench/engine.py [--games kgk,smugglers,pulsar,roll] [--seconds 10]
        [--players 2] [--winrate 1000] [--profile kgk]

For each game: complete random-bot games per second and engine steps per second (a step is
one ``apply``) per CPU second of this process, measured by playing seeded games back to back
for ``--seconds`` of CPU time (wall-clock figures are reported beside them). With
``--winrate N`` it also plays N seeded games heuristic bot vs random bot (seats alternating)
and reports the heuristic's win rate with a 95 % Wilson interval. ``--profile GAME`` prints
where the time goes (cProfile, top 25 by cumulative time) for that game. Prints JSON.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", default=",".join(registry.names()))
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--winrate", type=int, default=0)
    ap.add_argument("--profile", default="")
    args = ap.parse_args()
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
