"""Benchmark the Űrcsempészek engine; prints JSON.

* speed: games/s and steps/s on one core (process CPU time), random bots, stand-in
  data; a step is one applied action (automatic steps included in it);
* strength: the heuristic bot's win rate against random bots (one heuristic seat,
  rotating, the rest random) with a 95% Wilson interval. A shared win counts as a win.

Run: ``.venv/bin/python bench/engine_smugglers.py [--games 1000] [--players 4]``
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesets.smugglers import RULESET
from rulesets.smugglers.play import play
from rulesets.stats import wilson_rounded as wilson


def speed(players: int, games: int, options: dict[str, bool]) -> dict[str, float]:
    config = RULESET.example_config(players, **options)
    steps = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        steps += len(play(config, f"speed-{players}-{i}").actions)
    # Rates use this process's CPU time (one core): honest on a shared, loaded machine.
    took = time.process_time() - cpu
    return {"players": players, "games": games, "cpu_seconds": round(took, 3),
            "wall_seconds": round(time.perf_counter() - wall, 3),
            "games_per_s": round(games / took, 1), "steps_per_s": round(steps / took),
            "steps_per_game": round(steps / games, 1)}


def win_rate(players: int, games: int, options: dict[str, bool]) -> dict[str, object]:
    config = RULESET.example_config(players, **options)
    wins = 0
    for i in range(games):
        seat = i % players
        kinds = ["random"] * players
        kinds[seat] = "heuristic"
        out = RULESET.outcome(play(config, f"duel-{players}-{i}", kinds).state)
        assert out is not None  # (play runs the game to its end)
        wins += seat in out.winners
    return {"players": players, "options": options, "games": games, "heuristic_wins": wins,
            "win_rate": round(wins / games, 4), "ci95_wilson": wilson(wins, games),
            "chance_baseline": round(1 / players, 4)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1000, help="games for the win rate")
    ap.add_argument("--speed-games", type=int, default=300)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    out = {
        "ruleset": "smugglers",
        "python": sys.version.split()[0],
        "speed_random_bots": [speed(n, args.speed_games, {}) for n in range(2, 7)],
        "speed_random_bots_advanced_stacked": speed(args.players, args.speed_games,
                                                    {"advanced": True, "stacked_dice": True}),
        "heuristic_vs_random": [win_rate(args.players, args.games, {}),
                                win_rate(args.players, args.games, {"advanced": True})],
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
