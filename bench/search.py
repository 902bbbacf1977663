"""Card search through the whole HTTP stack on PostgreSQL with a 100,000-card catalogue.

    .venv/bin/python bench/search.py [--cards 100000] [--database-url postgres://...]
        [--redis-url redis://127.0.0.1:6379/1] [--seconds 10] [--clients 8]

Builds a synthetic catalogue (clearly synthetic names, `official` true so the default search
sees them) in its own database, serves it with gunicorn, and reports p50/p99 latency of ten
representative queries (first request of each = cold, then warm repeats) and search
throughput as a ratio to the trivial endpoint (/healthz) on the same server in the same run
(measured in alternating half-second slices, so both see the same machine). Prints one JSON
object with the load average before and after. Targets: p99 <= 50 ms, ratio >= 0.5.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.httpbench import (
    gunicorn,
    request,
    summary_ms,
    throughput,
    throughput_interleaved,
)

QUERIES = [
    "t:ship",
    "halalszarny",
    "t:űrhajó ár<=5 faj:ember",
    "race:zarg -t:ship order:-cost",
    "ability:salvo fp>=4",
    '"szintetikus lap 0421"',
    "o:pajzs or o:rakéta",
    "st:trap is:complete",
    "(faj:xeno or faj:zarg) seb>3 bb<2",
    "r:rare cost>=8 order:cost",
]


def ensure_database(url: str) -> None:
    import psycopg

    dbname = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (dbname,)).fetchone():
            conn.execute(f'CREATE DATABASE "{dbname}"')


def build_catalogue(n: int) -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from cards.models import Card

    call_command("migrate", verbosity=0)
    if Card.objects.count() < n:
        _insert_cards(n)
    # A catalogue that has been in place a while has been vacuumed by autovacuum (visibility
    # map set, statistics fresh); a run right after the build, or after a server restart
    # that lost the statistics, measures that steady state too.
    with connection.cursor() as cur:
        cur.execute("VACUUM ANALYZE cards_card")


def _insert_cards(n: int) -> None:
    from cards import vocabulary as vocab
    from cards.models import Card
    from rulesets.rng import Rng

    Card.objects.all().delete()
    rng = Rng.from_seed("bench-search")
    types = list(vocab.TYPES)
    races = list(vocab.RACES)
    rarities = list(vocab.RARITIES)
    abilities = list(vocab.ABILITIES)
    words = ["pajzs", "rakéta", "lézer", "bázis", "kalóz", "csillag", "hajó", "raj", "mag"]
    batch = []
    for i in range(n):
        t = rng.choice(types)
        card = Card(slug=f"synthetic-{i:06d}", name_hu=f"Szintetikus lap {i:04d}",
                    name_en=f"Synthetic card {i}", official=True, type=t,
                    subtype=rng.choice(vocab.subtype_keys(t)), race=rng.choice(races),
                    rarity=rng.choice(rarities), cost=rng.below(16),
                    text_hu=" ".join(rng.choice(words) for _ in range(6)))
        if t == "ship":
            card.speed, card.firepower = rng.below(6), rng.below(6)
            card.armor, card.bombard = rng.below(6), rng.below(6)
            card.abilities = [rng.choice(abilities)] if rng.below(3) == 0 else []
        card.refresh_search_fields()
        batch.append(card)
        if len(batch) == 5000:
            Card.objects.bulk_create(batch)
            batch = []
    Card.objects.bulk_create(batch)


def warm_up(base: str, workers: int) -> None:
    """Warm every worker process (imports, URL map, serializers, database connection) with
    searches that are not among the measured ones, so "cold" below means a cold query.

    The searches return cards (a search without results never builds a card URL), and go
    out ``workers`` at a time for a few rounds so that each worker gets some.
    """
    urls = [f"{base}/api/v1/cards/?q={quote(f'cost={i}')}" for i in range(4 * workers)]
    urls += [f"{base}/api/v1/cards/?q={quote(f'warm-up-{i}')}" for i in range(4 * workers)]

    def run(k: int) -> None:
        for url in urls[k::workers]:
            status, body = request("GET", url)
            assert status == 200, (url, status, body[:300])

    threads = [threading.Thread(target=run, args=(k,)) for k in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cards", type=int, default=100_000)
    ap.add_argument("--database-url",
                    default="postgres://kaosz:kaosz@127.0.0.1:5432/kaosz_bench_search")
    ap.add_argument("--redis-url", default=os.environ.get("REDIS_URL", ""),
                    help="a Redis db of the bench's own: it is emptied at the start")
    ap.add_argument("--repeats", type=int, default=30)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--port", type=int, default=8791)
    ap.add_argument("--sequential", action="store_true",
                    help="measure search then /healthz throughput one after the other")
    args = ap.parse_args()

    os.environ["DATABASE_URL"] = args.database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kaosz.settings")
    env = {"DATABASE_URL": args.database_url, "THROTTLE_ANON": "100000000/min",
           "THROTTLE_SEARCH": "100000000/min", "DEBUG": "0"}
    if args.redis_url:
        os.environ["REDIS_URL"] = env["REDIS_URL"] = args.redis_url
    load_before = [round(x, 2) for x in os.getloadavg()]
    ensure_database(args.database_url)
    if args.redis_url:
        import redis

        # The first request of each query must really be cold: empty the bench's cache db.
        redis.Redis.from_url(args.redis_url).flushdb()
    t0 = time.time()
    build_catalogue(args.cards)
    build_seconds = round(time.time() - t0, 1)

    with gunicorn(env, args.port, workers=args.workers) as base:
        urls = [f"{base}/api/v1/cards/?q={quote(q)}" for q in QUERIES]
        warm_up(base, args.workers)
        cold: list[float] = []
        warm: list[float] = []
        per_query = {}
        for q, url in zip(QUERIES, urls, strict=True):
            times = []
            for i in range(args.repeats + 1):
                start = time.perf_counter()
                status, body = request("GET", url)
                elapsed = time.perf_counter() - start
                assert status == 200, (q, status, body[:300])
                (cold if i == 0 else warm).append(elapsed)
                times.append(elapsed)
            per_query[q] = {"count": json.loads(body)["count"], **summary_ms(times[1:]),
                            "cold_ms": round(times[0] * 1000, 2)}
        groups = {"search": urls, "trivial": [f"{base}/healthz"]}
        if args.sequential:  # the former way: all of one, then all of the other
            search, trivial = (throughput(u, args.clients, args.seconds) for u in groups.values())
        else:
            # Half-second slices of each, alternating, so both see the same share of whatever
            # else the machine is doing.
            rates = throughput_interleaved(groups, args.clients, args.seconds)
            search, trivial = rates["search"], rates["trivial"]
    everything = cold + warm
    print(json.dumps({
        "benchmark": "search", "cards": args.cards, "build_seconds": build_seconds,
        "cache": "redis" if args.redis_url else "local-memory per worker",
        "workers": args.workers, "clients": args.clients,
        "throughput_mode": "sequential" if args.sequential else "interleaved",
        "latency_all": summary_ms(everything), "latency_cold": summary_ms(cold),
        "latency_warm": summary_ms(warm), "queries": per_query,
        "throughput_search": search, "throughput_trivial": trivial,
        "ratio": round(search["rps"] / trivial["rps"], 3) if trivial["rps"] else None,
        "load_average": {"before": load_before, "after": [round(x, 2) for x in os.getloadavg()]},
    }, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
