"""Pulsar 2849 engine benchmark: prints JSON.

Speed: random bots, one core, games/s and steps/s per player count.
Strength: heuristic bot vs random bot, heads-up over seeded games with alternating seats,
win rate with a 95% Wilson interval (plus one heuristic among random bots at 3-4 players).

    .venv/bin/python bench/engine_pulsar.py [--speed-games 200] [--duel-games 1000] [--multi-games 200]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rulesets.pulsar.bots import play_match
from rulesets.pulsar.scoring import decide
from rulesets.stats import wilson


def speed(players: int, games: int) -> dict:
    steps = 0
    t0 = time.process_time()
    w0 = time.perf_counter()
    for g in range(games):
        steps += play_match(["random"] * players, f"speed-{players}-{g}").steps or 0
    cpu = time.process_time() - t0
    return {"players": players, "games": games, "steps": steps, "cpu_s": round(cpu, 3),
            "wall_s": round(time.perf_counter() - w0, 3),
            "games_per_s": round(games / cpu, 2), "steps_per_s": round(steps / cpu, 1),
            "mean_steps_per_game": round(steps / games, 1)}


def strength(players: int, games: int) -> dict:
    wins = 0
    t0 = time.process_time()
    margin = 0.0
    for g in range(games):
        h = g % players
        kinds = ["random"] * players
        kinds[h] = "heuristic"
        s = play_match(kinds, f"duel-{players}-{g}")
        out = decide(s, "most_points")
        wins += h in out.winners
        scores = out.scores
        assert scores is not None  # (decide always scores)
        others = [x for i, x in enumerate(scores) if i != h]
        margin += scores[h] - max(others)
    lo, hi = wilson(wins, games)
    return {"players": players, "games": games, "heuristic_wins": wins,
            "win_rate": round(wins / games, 4), "wilson95": [round(lo, 4), round(hi, 4)],
            "chance_rate": round(1 / players, 4), "mean_margin_vp": round(margin / games, 1),
            "cpu_s": round(time.process_time() - t0, 1)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--speed-games", type=int, default=200)
    ap.add_argument("--duel-games", type=int, default=1000)
    ap.add_argument("--multi-games", type=int, default=200)
    args = ap.parse_args()
    out = {
        "engine": "pulsar",
        "components": "stand-in set (rulesets/pulsar/data/standin.json)",
        "python": platform.python_version(),
        "speed_random_bots": [speed(n, args.speed_games) for n in (2, 3, 4)],
        "heuristic_vs_random": [strength(2, args.duel_games)]
        + [strength(n, args.multi_games) for n in (3, 4) if args.multi_games],
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
