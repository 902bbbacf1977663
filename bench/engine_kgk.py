"""KGK engine benchmark (not a test).

    python bench/engine_kgk.py [--games N] [--seconds S] [--winrate-games M] [--profile]

Reports, as JSON on stdout:
* complete random-bot matches per second and engine steps per second on one core
  (CPU time of this process; each step = bot choice + ``legal_actions`` + ``apply``);
* the heuristic bot's win rate against the random bot over M seeded matches
  (seats alternate), with a 95 % Wilson interval.
``--profile`` adds a cProfile summary of the random-match loop (top functions by
own time) on stderr.
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

from rulesets.kgk import RULESET as R
from rulesets.stats import wilson_rounded as wilson


def play(config, seed, kinds):
    s = R.new_game(config, seed)
    steps = 0
    while R.outcome(s) is None:
        seat = R.to_act(s)[0]
        a = R.bot_action(s, seat, kinds[seat], f"{seed}:{steps}")
        R.apply(s, seat, a)
        steps += 1
    return R.outcome(s), steps


def random_matches(config, games, seconds):
    done = steps = 0
    t0 = time.process_time()
    w0 = time.perf_counter()
    while done < games and time.process_time() - t0 < seconds:
        _, k = play(config, f"bench-{done}", ("random", "random"))
        steps += k
        done += 1
    cpu = time.process_time() - t0
    return {"matches": done, "steps": steps, "cpu_seconds": round(cpu, 3),
            "wall_seconds": round(time.perf_counter() - w0, 3),
            "matches_per_second": round(done / cpu, 2), "steps_per_second": round(steps / cpu),
            "steps_per_match": round(steps / max(done, 1), 1)}


def winrate(config, games):
    wins = 0
    t0 = time.process_time()
    for g in range(games):
        hseat = g % 2                                     # alternate seats
        kinds = ("heuristic", "random") if hseat == 0 else ("random", "heuristic")
        out, _ = play(config, f"wr-{g}", kinds)
        if hseat in out.winners:
            wins += 1
    lo, hi = wilson(wins, games)
    return {"games": games, "heuristic_wins": wins, "win_rate": round(wins / max(games, 1), 4),
            "wilson95": [lo, hi], "cpu_seconds": round(time.process_time() - t0, 2)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="random-vs-random matches (max)")
    ap.add_argument("--seconds", type=float, default=30.0, help="time budget for them (CPU s)")
    ap.add_argument("--winrate-games", type=int, default=1000)
    ap.add_argument("--rules", default="official", choices=("official", "quick_start"))
    ap.add_argument("--simplified-combat", action="store_true")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    config = R.example_config(2)
    config["options"].update({"rules": args.rules, "simplified_combat": args.simplified_combat})
    if args.simplified_combat:      # KG-13.2.4: no speed or return-fire cards in the decks
        from rulesets.kgk.cards import refers_to_speed_or_return_fire
        config["decks"] = [[c for c in deck if not refers_to_speed_or_return_fire(c)]
                           for deck in config["decks"]]
    out = {"engine": "kgk", "config": config["options"]}
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
    out["random_vs_random"] = random_matches(config, args.games, args.seconds)
    if args.profile:
        prof.disable()
        buf = io.StringIO()
        pstats.Stats(prof, stream=buf).sort_stats("tottime").print_stats(20)
        print(buf.getvalue(), file=sys.stderr)
    if args.winrate_games:
        out["heuristic_vs_random"] = winrate(config, args.winrate_games)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
