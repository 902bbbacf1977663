"""Benchmark: deck validations per second, in process, on one core.

    .venv/bin/python bench/validate.py [--decks 20000] [--format tournament] [--no-stats]
                                       [--playability none|dummy|engine] [--repeat 3]

Validates a fixed, seeded mix of decks (about half legal, the rest with the usual mistakes:
wrong size, a 4th copy, opposed races, an unofficial or unknown card) against a synthetic
400-card catalogue, or with ``--cards fixtures`` variations of the shipped practice decks
against the shipped cards (use ``--format practice --playability engine`` for the setting
the site plays in), and prints one JSON object. Target: >= 20,000 decks/s.

With ``--api`` it also serves the project with gunicorn on an embedded SQLite database (the
shipped cards loaded) and reports validations per second through ``POST
/api/v1/decks/validate/`` with ``--clients`` concurrent clients, plus the same run's
``/healthz`` rate for comparison.
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

from decks.core.cardindex import CardIndex
from decks.core.formats import RACES, TYPE_ORDER, get_format
from decks.core.textformat import import_text
from decks.core.validation import DEFAULT, default_playability, validate

LEGAL_RACES = ["ember", "inszektoid", "cerebrita", "triciplita"]


def catalogue(rng: random.Random, per_race: int = 50) -> CardIndex:
    cards = []
    for race in RACES:
        for i in range(per_race):
            cards.append({"slug": f"bench-{race}-{i}", "name_hu": f"Bench {race} {i}",
                          "name_en": None, "official": i % 10 != 9,
                          "type": TYPE_ORDER[i % len(TYPE_ORDER)] if i % 2 else "ship",
                          "subtype": None, "race": race if i % 25 else None,
                          "cost": rng.randint(0, 12) if i % 7 else None})
    return CardIndex(cards)


def make_deck(rng: random.Random, index: CardIndex) -> dict[str, int]:
    official = [s for s, i in index.info.items() if i.official and i.race in LEGAL_RACES]
    deck: dict[str, int] = {}
    for slug in rng.sample(official, 15):
        deck[slug] = 3
    roll = rng.random()
    if roll < 0.5:
        return deck  # legal (maybe with a race-unknown warning)
    slug = next(iter(deck))
    if roll < 0.6:
        deck[slug] = 2                                  # 44 cards
    elif roll < 0.7:
        deck[slug] = 4                                  # a 4th copy, 46 cards
    elif roll < 0.8:
        deck.pop(slug)
        deck["bench-xeno-0"] = 3                        # opposed races
    elif roll < 0.9:
        deck.pop(slug)
        deck["bench-ember-9"] = 3                       # unofficial
    else:
        deck.pop(slug)
        deck["bench-nope"] = 3                          # unknown
    return deck


ROOT = Path(__file__).resolve().parent.parent


def fixture_catalogue() -> tuple[CardIndex, list[dict[str, int]]]:
    """The shipped cards (rulebook + practice set) and the two shipped practice decks."""
    cards = []
    for name in ("rulebook.json", "practice.json"):
        cards += json.loads((ROOT / "fixtures" / "cards" / name).read_text("utf-8"))["cards"]
    index = CardIndex(cards)
    bases = [import_text((ROOT / "fixtures" / "decks" / f"practice-{x}.txt").read_text("utf-8"),
                         index)["deck"] for x in "ab"]
    return index, bases


def make_fixture_deck(rng: random.Random, index: CardIndex,
                      bases: list[dict[str, int]]) -> dict[str, int]:
    deck = dict(rng.choice(bases))
    roll = rng.random()
    slug = rng.choice(sorted(deck))
    if roll < 0.5:
        return deck                                      # legal in practice
    if roll < 0.6:
        deck[slug] -= 1                                  # 44 cards
    elif roll < 0.7:
        deck[slug] = 4                                   # a 4th copy
    elif roll < 0.8:
        deck.pop(slug)
        deck[rng.choice([s for s, i in index.info.items()
                         if i.race in ("xeno", "zarg")])] = 3   # opposed races
    elif roll < 0.9:
        deck.pop(slug)
        deck[rng.choice([s for s, i in index.info.items() if i.official])] = 3  # rulebook card
    else:
        deck.pop(slug)
        deck["practice-nope"] = 3                        # unknown
    return deck


def run(n: int, fmt: str, with_stats: bool, playability: str, repeat: int,
        cards: str = "synthetic") -> dict:
    rng = random.Random(20261126)
    if cards == "fixtures":
        index, bases = fixture_catalogue()
        decks = [make_fixture_deck(rng, index, bases) for _ in range(n)]
    else:
        index = catalogue(rng)
        decks = [make_deck(rng, index) for _ in range(n)]
    if playability == "engine":
        hook = DEFAULT  # rulesets.kgk.playability when importable (production default)
    elif playability == "dummy":
        hook = lambda card: ["bench: no effect"] if card.get("cost") is None else []  # noqa: E731
    else:
        hook = None
    f = get_format(fmt)
    best = best_cpu = float("inf")
    valid = 0
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        valid = 0
        for deck in decks:
            valid += validate(deck, f, index, playability=hook, with_stats=with_stats)["valid"]
        best = min(best, time.perf_counter() - start)
        best_cpu = min(best_cpu, time.process_time() - start_cpu)
    return {
        "benchmark": "decks.core.validate (in process, one core)",
        "format": fmt,
        "cards": cards,
        "catalogue_size": len(index),
        "decks": n,
        "valid_decks": valid,
        "with_stats": with_stats,
        "playability_hook": playability,
        "engine_hook_found": default_playability(get_format(fmt).engine,
                                                  get_format(fmt).engine_options) is not None,
        "repeat": repeat,
        "best_wall_seconds": round(best, 4),
        "best_cpu_seconds": round(best_cpu, 4),
        # CPU time is what one core delivers even on a shared, busy machine.
        "decks_per_cpu_second": round(n / best_cpu),
        "decks_per_wall_second": round(n / best),
        "target_per_second": 20000,
        "meets_target": n / best_cpu >= 20000,
        "python": platform.python_version(),
        "command": "bench/validate.py " + " ".join(sys.argv[1:]),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--decks", type=int, default=20000)
    p.add_argument("--format", default="tournament")
    p.add_argument("--no-stats", action="store_true")
    p.add_argument("--playability", choices=["none", "dummy", "engine"], default="none",
                   help="no hook, a dummy hook, or the rules engine's own (if importable)")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--cards", choices=["synthetic", "fixtures"], default="synthetic",
                   help="a synthetic 400-card catalogue, or the shipped fixtures and decks")
    p.add_argument("--api", action="store_true", help="also measure through the HTTP API")
    p.add_argument("--clients", type=int, default=8)
    p.add_argument("--seconds", type=float, default=10)
    args = p.parse_args(argv)
    out = run(args.decks, args.format, not args.no_stats, args.playability, args.repeat,
              args.cards)
    if args.api:
        out["api"] = api_run(args.clients, args.seconds)
    print(json.dumps(out, indent=2))
    return 0


def api_run(clients: int, seconds: float) -> dict:
    """Validations per second through the API (gunicorn, SQLite with the shipped cards)."""
    import os
    import subprocess
    import tempfile
    import threading

    from bench.httpbench import gunicorn, request, throughput

    root = Path(__file__).resolve().parent.parent
    tmp = tempfile.mkdtemp(prefix="kaosz-bench-validate-")
    env = {"DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3", "KAOSZ_VAR_DIR": tmp,
           "THROTTLE_ANON": "100000000/min", "DEBUG": "0", "REDIS_URL": ""}
    full_env = dict(os.environ, **env)
    for cmd in (["migrate", "-v0"], ["load_cards"]):
        subprocess.run([sys.executable, "manage.py", *cmd], cwd=root, env=full_env, check=True,
                       stdout=subprocess.DEVNULL)
    texts = [(root / "fixtures" / "decks" / f"practice-{x}.txt").read_text(encoding="utf-8")
             for x in "ab"]
    bodies = [{"format": "practice", "text": t} for t in texts] + \
             [{"format": "tournament", "text": t} for t in texts]
    done = [0] * clients
    with gunicorn(env, 8793) as base:
        for body in bodies * 4:  # warm every worker: imports, URL map, card index
            request("POST", f"{base}/api/v1/decks/validate/", body)
        stop = time.time() + seconds

        def client(i: int) -> None:
            k = i
            while time.time() < stop:
                status, _ = request("POST", f"{base}/api/v1/decks/validate/", bodies[k % 4])
                assert status == 200
                done[i] += 1
                k += 1

        threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
        start = time.time()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.time() - start
        trivial = throughput([f"{base}/healthz"], clients, seconds)
    rate = sum(done) / elapsed
    return {"clients": clients, "validations": sum(done),
            "validations_per_second": round(rate, 1), "healthz_rps": trivial["rps"],
            "ratio_to_trivial": round(rate / trivial["rps"], 3) if trivial["rps"] else None}


if __name__ == "__main__":
    raise SystemExit(main())
