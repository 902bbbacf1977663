"""Time to pair round 5 of Swiss events of 100, 1,000 and 10,000 players.

Rounds 1-4 are paired with the same engine and random results (seeded), then round 5
is paired ``--repeat`` times; the best and worst wall times are printed as JSON. The
timed call includes computing the standings that order the field; the time of the
pairing alone (standings passed in, as ``Tournament`` does) is reported beside it.

    .venv/bin/python bench/pairing.py [--sizes 100 1000 10000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from matches.swiss import Bye, History, Player, Result, pair_round, standings


def build_history(n: int, rounds: int, seed: int) -> History:
    rnd = random.Random(seed)
    players = tuple(Player(i) for i in range(1, n + 1))
    results: list[Result] = []
    byes: list[Bye] = []
    active = [p.id for p in players]
    for r in range(1, rounds + 1):
        pairing = pair_round(History(players, tuple(results), tuple(byes), "bench"), active, r)
        for a, b in pairing.pairs:
            loser_games = rnd.randint(0, 1)
            if rnd.random() < 0.5:
                results.append(Result(r, a, b, 2, loser_games))
            else:
                results.append(Result(r, a, b, loser_games, 2))
        if pairing.bye is not None:
            byes.append(Bye(r, pairing.bye))
    return History(players, tuple(results), tuple(byes), "bench")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    results: list[dict[str, object]] = []
    out = {"python": platform.python_version(), "round": 5, "results": results}
    for n in args.sizes:
        history = build_history(n, 4, args.seed + n)
        active = [p.id for p in history.players]
        times, only = [], []
        pairing = None
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            pairing = pair_round(history, active, 5)
            times.append(time.perf_counter() - t0)
            rows = standings(history)
            t1 = time.perf_counter()
            pair_round(history, active, 5, rows=rows)
            only.append(time.perf_counter() - t1)
        assert pairing is not None
        results.append(
            {
                "players": n,
                "best_s": round(min(times), 4),
                "worst_s": round(max(times), 4),
                "pairing_without_standings_best_s": round(min(only), 4),
                "pairs": len(pairing.pairs),
                "bye": pairing.bye is not None,
                "cross_group_pairs": len(pairing.floats) // 2,
            }
        )
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
