"""Matches under load: N concurrent bot clients playing through HTTP against the server
(ASGI: uvicorn, docs/operating.md's production setup; or WSGI: gunicorn threads) and PostgreSQL.

    .venv/bin/python bench/load.py [--clients 50] [--seconds 30] [--ruleset kgk]
        [--database-url postgres://kaosz:kaosz@127.0.0.1:5432/kaosz_load]
        [--redis-url redis://127.0.0.1:6379/5] [--server asgi|wsgi] [--workers 2]
        [--threads 32] [--pool 10] [--think-ms 0] [--warmup 5] [--spectators 0]
        [--client-processes 1] [--root PATH]

``--server asgi`` (default): ``uvicorn --workers N`` with the database pool
(``DB_POOL_MAX=--pool``); ``--server wsgi``: gunicorn with N workers x ``--threads``
threads (before the pooled ASGI threads). ``--root`` serves another checkout of the project
(e.g. a worktree of main, to compare old and new code in the same window).
``--spectators S`` adds S idle watchers of the matches (anonymous), each holding an event
stream open as the board page does (``--spectate sse``, the default) or one events
long-poll after another (``--spectate poll``), and reports the server processes' memory
and CPU with and without them.

Clients pair up: each pair plays one match (both seats held by people, each client a
random "bot" that picks one of its legal actions and posts it with expected_version and
a client_action_id, exactly like any REST client); a finished match is replaced by a new
one. The first matches are created, and the first ``--warmup`` seconds played, before the
measured window opens: latency is the steady state's, not the start-up burst's. A client
asks for its legal actions only when a match begins: every action's answer carries the next ones
(``include_legal_actions``), and a client whose turn it is not waits on the events
long-poll with ``until=turn``, whose answer carries them too. A client keeps the number of
the last event it has seen, from the long-poll's answers and from its own actions' answers
(which number their events), and long-polls for what comes after it.

``--client-processes K`` spreads the pairs over K client processes: a thousand client
threads in one Python process wait for its one interpreter lock, and the time a thread
waits for it after its answer has arrived would be counted as the server's latency.

``--think-ms 0`` (the default) is a closed loop: every client acts the moment it may, so
latency measures the server's queue at saturation and actions per second its capacity.
``--think-ms T`` paces each client like a person: it waits a random time (exponential,
mean T ms) before each action.

Reports actions per second and p50/p99 latency of the action POSTs, then, on the same
server in the same run, /healthz throughput with the same number of clients and the ratio.
Prints one JSON object on its last line. Target: p99 <= 50 ms at 50 clients.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.httpbench import ROOT, request, summary_ms, throughput


@contextmanager
def serve(kind: str, env: dict[str, str], port: int, workers: int, threads: int,
          root: Path) -> Iterator[tuple[str, subprocess.Popen]]:
    """The project at ``root`` served on 127.0.0.1:port (ASGI: uvicorn; WSGI: gunicorn)."""
    if kind == "asgi":
        cmd = [sys.executable, "-m", "uvicorn", "kaosz.asgi:application", "--port", str(port),
               "--workers", str(workers), "--log-level", "warning", "--lifespan", "off",
               "--no-access-log", "--backlog", "4096", "--timeout-graceful-shutdown", "10"]
    else:
        cmd = [sys.executable, "-m", "gunicorn", "kaosz.wsgi:application", "--bind",
               f"127.0.0.1:{port}", "--workers", str(workers), "--threads", str(threads),
               "--log-level", "warning", "--timeout", "120", "--worker-class", "gthread"]
    proc = subprocess.Popen(cmd, cwd=root, env=dict(os.environ, **env))
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if request("GET", f"http://127.0.0.1:{port}/healthz")[0] == 200:
                    break
            except OSError:
                time.sleep(0.2)
        else:
            raise RuntimeError(f"the {kind} server did not start")
        yield f"http://127.0.0.1:{port}", proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:  # (open event streams hold a graceful shutdown)
            proc.kill()
            proc.wait(timeout=30)


def server_usage(root_pid: int) -> dict[str, float]:
    """Resident memory (MiB) and CPU time used so far (s) of the server and its children,
    from /proc."""
    pids = [root_pid]
    children = Path(f"/proc/{root_pid}/task/{root_pid}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    rss_kb, ticks = 0, 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    rss_kb += int(line.split()[1])
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])
        except (OSError, ValueError, IndexError):
            continue
    return {"rss_mib": round(rss_kb / 1024, 1),
            "cpu_seconds": round(ticks / os.sysconf("SC_CLK_TCK"), 2)}


class Spectator(threading.Thread):
    """An idle watcher on one match: one events long-poll after another (``poll``), or one
    Server-Sent Events stream held open, as the board page does (``sse``)."""

    def __init__(self, base: str, shared: dict, stop: float, how: str = "poll") -> None:
        super().__init__(daemon=True)
        self.base, self.shared, self.stop, self.how = base, shared, stop, how
        self.answers: dict[str, int] = {}

    def count(self, key: str) -> None:
        self.answers[key] = self.answers.get(key, 0) + 1

    def run(self) -> None:
        if self.how == "sse":
            self.watch_stream()
        else:
            self.poll()

    def watch_stream(self) -> None:
        host = self.base.split("//")[1]
        while time.time() < self.stop:
            conn = http.client.HTTPConnection(host.split(":")[0], int(host.split(":")[1]),
                                              timeout=60)
            try:
                # (the pair's current match: a finished one is replaced by a new one)
                conn.request("GET", f"/api/v1/matches/{self.shared['id']}/stream/?after=0")
                response = conn.getresponse()
                self.count(f"stream {response.status}")
                if response.status != 200:
                    response.read()
                    time.sleep(1)
                    continue
                while time.time() < self.stop:
                    line = response.readline()
                    if not line:  # (the match ended: the server closed the stream)
                        time.sleep(0.5)
                        break
                    if line.startswith(b"event: progress"):
                        self.count("progress events")
            except (OSError, http.client.HTTPException):
                self.count("connection")
                time.sleep(1)
            finally:
                conn.close()

    def poll(self) -> None:
        host = self.base.split("//")[1]
        conn = http.client.HTTPConnection(host.split(":")[0], int(host.split(":")[1]),
                                          timeout=60)
        after, match_id = 0, self.shared["id"]
        while time.time() < self.stop:
            if self.shared["id"] != match_id:
                after, match_id = 0, self.shared["id"]
            try:
                status, raw = request("GET", f"{self.base}/api/v1/matches/{match_id}/"
                                      f"events/?after={after}&wait=25", None, {}, conn)
            except (OSError, http.client.HTTPException):
                conn.close()
                self.answers["connection"] = self.answers.get("connection", 0) + 1
                time.sleep(1)
                continue
            self.answers[str(status)] = self.answers.get(str(status), 0) + 1
            if status == 200:
                after = json.loads(raw)["last"]
            else:
                time.sleep(1)


def ensure_database(url: str) -> None:
    import psycopg

    dbname = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                            (dbname,)).fetchone():
            conn.execute(f'CREATE DATABASE "{dbname}"')


def make_users(n: int) -> list[tuple[str, str]]:
    """``n`` users with API tokens: [(username, token)]."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    call_command("migrate", verbosity=0)
    users = get_user_model()
    out = []
    for i in range(n):
        user, _ = users.objects.get_or_create(username=f"load{i:03d}")
        token, _ = Token.objects.get_or_create(user=user)
        out.append((user.username, token.key))
    return out


class Client(threading.Thread):
    def __init__(self, base: str, token: str, partner: str | None, seed: int, stop: float,
                 ruleset: str, shared: dict, think: float = 0.0,
                 partner_token: str | None = None) -> None:
        super().__init__(daemon=True)
        # Naming a player invites them: the creator accepts for its partner (a join with the
        # partner's token) so the match starts.
        self.partner_headers = {"Authorization": f"Token {partner_token}",
                                "Accept": "application/json"}
        self.think = think  # mean seconds before each action (0: closed loop)
        self.base, self.partner, self.stop, self.ruleset = base, partner, stop, ruleset
        self.measure_from = 0.0  # actions started before this (the warm-up) are not counted
        self.headers = {"Authorization": f"Token {token}", "Accept": "application/json"}
        self.rng = random.Random(seed)
        self.shared = shared  # the pair's current match id, set by the creating client
        self.latencies: list[float] = []
        self.errors: dict[str, int] = {}
        self.conflicts = 0
        self.matches = 0
        host = base.split("//")[1]
        self.conn = http.client.HTTPConnection(host.split(":")[0], int(host.split(":")[1]),
                                               timeout=60)

    def call(self, method: str, path: str, body: dict | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, dict]:
        for attempt in range(3):
            try:
                status, raw = request(method, self.base + path, body,
                                      headers or self.headers, self.conn)
                return status, (json.loads(raw) if raw else {})
            except (OSError, http.client.HTTPException):
                self.conn.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def new_match(self) -> int:
        status, body = self.call("POST", "/api/v1/matches/", {
            "ruleset": self.ruleset, "seats": [{"player": "me"}, {"player": self.partner}]})
        if status != 201:
            raise RuntimeError(f"create failed: {status} {body}")
        status, joined = self.call("POST", f"/api/v1/matches/{body['id']}/join/", {},
                                   self.partner_headers)
        if status != 200 or joined.get("status") != "active":
            raise RuntimeError(f"join failed: {status} {joined}")
        self.matches += 1
        return body["id"]

    def run(self) -> None:
        last_event = 0
        current = None
        legal: dict | None = None
        while time.time() < self.stop:
            if self.partner is not None and (self.shared.get("id") is None or
                                             self.shared.get("finished")):
                self.shared.update(id=self.new_match(), finished=False)
            match_id = self.shared.get("id")
            if match_id is None:
                time.sleep(0.05)
                continue
            if match_id != current:
                current, last_event, legal = match_id, 0, None
            if legal is None:
                status, legal = self.call("GET", f"/api/v1/matches/{match_id}/legal-actions/")
                if status != 200:
                    self.errors[str(status)] = self.errors.get(str(status), 0) + 1
                    legal = None
                    time.sleep(0.05)
                    continue
            if not legal["actions"]:
                # Not this client's decision: sleep until it is (long-poll).
                status, ev = self.call("GET", f"/api/v1/matches/{match_id}/events/"
                                       f"?after={last_event}&wait=10&until=turn"
                                       "&include_legal_actions=1")
                legal = None
                if status == 200:
                    last_event = ev["last"]
                    legal = ev["legal_actions"]
                    if ev["status"] == "finished":
                        self.shared["finished"] = True
                        time.sleep(0.05)
                else:  # (a refused long-poll is an error too, not a silent retry)
                    key = f"events {status}"
                    self.errors[key] = self.errors.get(key, 0) + 1
                    time.sleep(0.05)
                continue
            if self.think:
                time.sleep(self.rng.expovariate(1 / self.think))
            action = self.rng.choice(legal["actions"])
            started = time.perf_counter()
            status, body = self.call("POST", f"/api/v1/matches/{match_id}/actions/", {
                "action": action, "expected_version": legal["version"],
                "client_action_id": f"{match_id}:{legal['version']}:{legal['seat']}",
                "include_legal_actions": True})
            elapsed = time.perf_counter() - started
            legal = None
            if status == 200:
                if time.time() - elapsed >= self.measure_from:
                    self.latencies.append(elapsed)
                # The answer numbers the events of this action: the next long-poll asks
                # only for what came after them, as the board does.
                last_event = max([last_event, *(e["n"] for e in body["events"])])
                legal = body["legal_actions"]
                if body.get("status") == "finished":
                    self.shared["finished"] = True
            elif status == 409:
                self.conflicts += 1
            else:
                self.errors[str(status)] = self.errors.get(str(status), 0) + 1


def make_pairs(base: str, users: list[tuple[str, str]], first_pair: int, stop: float,
               ruleset: str, think: float) -> list[Client]:
    """The clients of ``users`` (two per pair), each pair's first match created."""
    clients = []
    for i in range(len(users) // 2):
        pair = first_pair + i
        shared: dict = {}
        (_, a_tok), (b_name, b_tok) = users[2 * i], users[2 * i + 1]
        clients.append(Client(base, a_tok, b_name, pair * 2, stop, ruleset, shared, think,
                              partner_token=b_tok))
        clients.append(Client(base, b_tok, None, pair * 2 + 1, stop, ruleset, shared, think))
    # Every pair's first match exists before the clock starts: 25 games set up at once
    # are a burst of start-up work, not the steady play this measures. (Matches that
    # finish are replaced inside the window, and those creations count.)
    for creator in clients[::2]:
        creator.shared.update(id=creator.new_match(), finished=False)
    return clients


def play(clients: list[Client], started: float, stop: float, seconds: float) -> dict:
    """Run ``clients`` from now until ``stop``, measuring from ``started``; their figures."""
    for c in clients:
        c.stop, c.measure_from = stop, started
        c.start()
    for c in clients:
        c.join(seconds + 90)
    return {"latencies": [x for c in clients for x in c.latencies],
            "errors": _tally([c.errors for c in clients]),
            "conflicts": sum(c.conflicts for c in clients),
            "matches": sum(c.matches for c in clients)}


def client_process() -> None:
    """``--client-process``: one slice of the pairs in a process of its own. Reads its
    spec (one JSON line), creates its pairs' first matches, says ``ready``, reads the
    window (one JSON line: begin, started, stop), plays, and prints its figures (JSON)."""
    spec = json.loads(sys.stdin.readline())
    clients = make_pairs(spec["base"], [tuple(u) for u in spec["users"]], spec["first_pair"],
                         float("inf"), spec["ruleset"], spec["think"])
    print("ready", flush=True)
    window = json.loads(sys.stdin.readline())
    time.sleep(max(0.0, window["begin"] - time.time()))
    print(json.dumps(play(clients, window["started"], window["stop"], spec["seconds"])),
          flush=True)


def client_processes(base: str, users: list[tuple[str, str]], count: int,
                     args: argparse.Namespace) -> list[subprocess.Popen]:
    """``count`` client processes, each with a share of the pairs, all ready to play."""
    pairs = len(users) // 2
    procs = []
    for k in range(count):
        lo, hi = pairs * k // count, pairs * (k + 1) // count
        proc = subprocess.Popen([sys.executable, __file__, "--client-process"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert proc.stdin is not None
        proc.stdin.write(json.dumps({
            "base": base, "users": users[2 * lo:2 * hi], "first_pair": lo,
            "ruleset": args.ruleset, "think": args.think_ms / 1000,
            "seconds": args.seconds}) + "\n")
        proc.stdin.flush()
        procs.append(proc)
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    return procs


def _tally(counts: list[dict[str, int]]) -> dict[str, int]:
    total: dict[str, int] = {}
    for one in counts:
        for k, v in one.items():
            total[k] = total.get(k, 0) + v
    return total


def _actions(parts: list[dict], elapsed: float) -> dict:
    """The match actions' figures of every client (process)."""
    latencies = [x for part in parts for x in part["latencies"]]
    return {"actions": len(latencies), "seconds": round(elapsed, 2),
            "actions_per_second": round(len(latencies) / elapsed, 1),
            "latency": summary_ms(latencies),
            "conflicts_409": sum(part["conflicts"] for part in parts),
            "errors": _tally([part["errors"] for part in parts]),
            "matches_started": sum(part["matches"] for part in parts)}


def main() -> None:
    if "--client-process" in sys.argv:
        return client_process()
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--ruleset", default="kgk")
    parser.add_argument("--database-url",
                        default="postgres://kaosz:kaosz@127.0.0.1:5432/kaosz_load")
    parser.add_argument("--redis-url", default=None, help=(
        "Redis for the cache (token lookups, throttles) as in production; this database "
        "is flushed first. Without it each worker caches in its own memory."))
    parser.add_argument("--server", choices=["asgi", "wsgi"], default="asgi")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the checkout to serve (default: this one)")
    parser.add_argument("--workers", type=int, default=2)
    # WSGI only: each waiting client holds a thread in its long-poll.
    parser.add_argument("--threads", type=int, default=32)
    parser.add_argument("--pool", type=int, default=10,
                        help="ASGI: database connections per server process (DB_POOL_MAX)")
    parser.add_argument("--spectators", type=int, default=0)
    parser.add_argument("--spectate", choices=["sse", "poll"], default="sse",
                        help="how a spectator watches: an event stream (the board page) or "
                             "events long-polls (a plain HTTP client)")
    parser.add_argument("--think-ms", type=float, default=0.0)
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds played before the measured window opens")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--client-processes", type=int, default=1, help=(
        "spread the clients over this many processes (pairs stay together): a thousand "
        "client threads in one process wait for its one interpreter lock, and that wait "
        "would be counted as the server's latency"))
    args = parser.parse_args()
    if args.clients % 2:
        parser.error("--clients: an even number (clients play in pairs)")
    if args.client_processes > 1 and args.spectators:
        parser.error("--spectators: with one client process only")

    ensure_database(args.database_url)
    env = {"DATABASE_URL": args.database_url, "DJANGO_SETTINGS_MODULE": "kaosz.settings",
           "DEBUG": "0", "THROTTLE_USER": "1000000/min", "THROTTLE_ANON": "1000000/min",
           "LOG_LEVEL": "ERROR", "KAOSZ_ANON_WAITERS_PER_CLIENT": "100000"}
    if args.server == "asgi":
        env["DB_POOL_MAX"] = str(args.pool)
    if args.redis_url:
        import redis

        redis.Redis.from_url(args.redis_url).flushdb()
        env["REDIS_URL"] = args.redis_url
    os.environ.update(env)
    users = make_users(args.clients)

    with serve(args.server, env, args.port, args.workers, args.threads,
               args.root.resolve()) as (base, server):
        think = args.think_ms / 1000
        procs: list[subprocess.Popen] = []
        clients: list[Client] = []
        if args.client_processes > 1:
            procs = client_processes(base, users, args.client_processes, args)
        else:
            clients = make_pairs(base, users, 0, float("inf"), args.ruleset, think)
        # The warm-up (every client's first requests at once, each server thread opening its
        # database connection) is played but not measured.
        begin = time.time() + 0.5
        started = begin + args.warmup
        stop = started + args.seconds
        idle = server_usage(server.pid)
        spectators = []
        if args.spectators:
            threading.stack_size(256 * 1024)
            pairs = [c.shared for c in clients[::2]]
            spectators = [Spectator(base, pairs[i % len(pairs)], stop, args.spectate)
                          for i in range(args.spectators)]
            for s in spectators:
                s.start()
        for proc in procs:
            assert proc.stdin is not None
            proc.stdin.write(json.dumps({"begin": begin, "started": started,
                                         "stop": stop}) + "\n")
            proc.stdin.flush()
        time.sleep(max(0.0, begin - time.time()))
        parts = []
        if clients:
            playing = threading.Thread(target=lambda: parts.append(
                play(clients, started, stop, args.seconds)))
            playing.start()
        time.sleep(max(0.0, started - time.time()))
        at_start = server_usage(server.pid)
        if clients:
            playing.join(args.seconds + 120)
        for proc in procs:
            out, _ = proc.communicate(timeout=args.seconds + 120)
            parts.append(json.loads(out.strip().splitlines()[-1]))
        at_end = server_usage(server.pid)
        # Waiting long-polls notice the stop late: count the load window only.
        elapsed = min(time.time(), stop) - started
        usage = {"before_load": idle, "window_start": at_start, "window_end": at_end,
                 "cpu_seconds_in_window": round(at_end["cpu_seconds"]
                                                - at_start["cpu_seconds"], 2),
                 "spectators": args.spectators,
                 "spectator_answers": _tally([w.answers for w in spectators])}
        actions = _actions(parts, elapsed)

        # The trivial endpoint, same server, same number of clients.
        health = throughput([base + "/healthz"], args.clients, min(args.seconds, 10))
        health_lat = []
        for _ in range(300):
            t = time.perf_counter()
            request("GET", base + "/healthz")
            health_lat.append(time.perf_counter() - t)

    result = {
        "ruleset": args.ruleset, "clients": args.clients, "server": args.server,
        "root": str(args.root.resolve()) if args.root != ROOT else "this checkout",
        "workers": args.workers, "threads": args.threads if args.server == "wsgi" else None,
        "client_processes": args.client_processes,
        "pool": args.pool if args.server == "asgi" else None, "think_ms": args.think_ms,
        "warmup_seconds": args.warmup, "database": "postgresql",
        "cache": "redis" if args.redis_url else "local memory", "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "match_actions": actions, "server_usage": usage,
        "healthz": {**health, "latency_unloaded": summary_ms(health_lat)},
        "ratio_actions_to_healthz_rps": round(actions["actions_per_second"] / health["rps"], 3)
        if health["rps"] else None,
        "target": "p99 <= 50 ms at 50 clients",
        "p99_ok": actions["latency"]["p99_ms"] <= 50,
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
