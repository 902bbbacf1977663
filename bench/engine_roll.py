"""Roll for the Galaxy engine benchmark (not a test).

    python bench/engine_roll.py [--games N] [--seconds S] [--players P] [--winrate-games M]

Reports, as JSON on stdout:
* complete random-bot games per second and engine steps per second on one core
  (CPU time of this process; each step = bot choice + ``legal_actions`` + ``apply``);
* the heuristic bot's win rate against random bots over M seeded games (the
  heuristic seat rotates), with a 95 % Wilson interval. A shared win counts as a
  win only when it is not shared.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesets.roll import RULESET as R
from rulesets.stats import wilson_rounded as wilson


def play(players: int, seed: str, kinds: list[str]):
    s = R.new_game(R.example_config(players), seed)
    steps = 0
    while R.outcome(s) is None:
        seat = R.to_act(s)[0]
        a = R.bot_action(s, seat, kinds[seat], f"{seed}:{steps}")
        R.apply(s, seat, a)
        steps += 1
    return R.outcome(s), steps, s.round


def random_games(players: int, games: int, seconds: float) -> dict:
    done = steps = rounds = 0
    t0 = time.process_time()
    w0 = time.perf_counter()
    while done < games and time.process_time() - t0 < seconds:
        _, k, r = play(players, f"bench-{done}", ["random"] * players)
        steps += k
        rounds += r
        done += 1
    cpu = time.process_time() - t0
    return {"players": players, "games": done, "steps": steps, "cpu_seconds": round(cpu, 3),
            "wall_seconds": round(time.perf_counter() - w0, 3),
            "games_per_second": round(done / cpu, 2), "steps_per_second": round(steps / cpu),
            "steps_per_game": round(steps / max(done, 1), 1),
            "rounds_per_game": round(rounds / max(done, 1), 1)}


def win_rate(players: int, games: int) -> dict:
    wins = shared = 0
    t0 = time.process_time()
    for i in range(games):
        seat = i % players
        kinds = ["random"] * players
        kinds[seat] = "heuristic"
        o, _k, _r = play(players, f"winrate-{players}-{i}", kinds)
        if seat in o.winners:
            if len(o.winners) == 1:
                wins += 1
            else:
                shared += 1
    lo, hi = wilson(wins, games)
    return {"players": players, "games": games, "heuristic_wins": wins, "shared_wins": shared,
            "win_rate": round(wins / max(games, 1), 4), "wilson95": [lo, hi],
            "baseline_if_equal": round(1 / players, 4),
            "cpu_seconds": round(time.process_time() - t0, 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200, help="random-bot games for speed")
    ap.add_argument("--seconds", type=float, default=60.0, help="CPU-time cap for the speed run")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--winrate-games", type=int, default=1000)
    ap.add_argument("--winrate-players", type=int, nargs="*", default=[2])
    args = ap.parse_args()
    out = {"ruleset": "roll", "python": sys.version.split()[0],
           "speed": random_games(args.players, args.games, args.seconds),
           "heuristic_vs_random": [win_rate(p, args.winrate_games) for p in args.winrate_players]}
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
