"""CPU time per request through the Django application in process, under ASGI (the
production handler) and WSGI, on PostgreSQL: what a request costs the server itself,
without a network, a client or the other processes of a busy machine in the figure.

    .venv/bin/python bench/request_cpu.py [--actions 300] [--pings 2000]
        [--database-url postgres://kaosz:kaosz@127.0.0.1:5432/kaosz_load]
        [--redis-url redis://127.0.0.1:6379/5] [--root PATH ...]

Each ``--root`` (default: this checkout; give several to compare, e.g. a worktree of
main) is measured in a fresh process per handler: ``asgi`` is the checkout's
``kaosz.asgi:application`` driven by an event loop as uvicorn drives it, with the
database pool (``DB_POOL_MAX=10``, as in production); ``wsgi`` is Django's WSGI handler
with persistent connections (the WSGI setup). The work is one request at a
time: ``--actions`` match actions (KGK, two players, each ``POST .../actions/`` with
``include_legal_actions``, the other seat asking for its legal actions when it is its
turn) and ``--pings`` ``GET /healthz``. Reports CPU milliseconds per request (the
process's user + system time, all threads) and the ratio ASGI / WSGI. Prints one JSON
object on its last line.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent


class Asgi:
    def __init__(self) -> None:
        from kaosz.asgi import application

        self.app = application
        self.loop = asyncio.new_event_loop()

    def __call__(self, method: str, path: str, token: str | None = None,
                 body: dict | None = None) -> tuple[int, bytes]:
        return self.loop.run_until_complete(self._ask(method, path, token, body))

    async def _ask(self, method: str, path: str, token: str | None,
                   body: dict | None) -> tuple[int, bytes]:
        path, _, query = path.partition("?")
        data = json.dumps(body).encode() if body is not None else b""
        headers = [(b"host", b"127.0.0.1")]
        if token:
            headers.append((b"authorization", f"Token {token}".encode()))
        if data:
            headers += [(b"content-type", b"application/json"),
                        (b"content-length", str(len(data)).encode())]
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                 "method": method, "scheme": "http", "path": path,
                 "raw_path": path.encode(), "query_string": query.encode(), "root_path": "",
                 "headers": headers, "client": ("127.0.0.1", 50000),
                 "server": ("127.0.0.1", 8000)}
        inbox: asyncio.Queue[dict] = asyncio.Queue()
        inbox.put_nowait({"type": "http.request", "body": data, "more_body": False})
        out: list[dict] = []
        done = asyncio.Event()

        async def receive() -> dict:
            if inbox.empty():
                await done.wait()  # (the disconnect listener: after the answer)
                return {"type": "http.disconnect"}
            return await inbox.get()

        async def send(message: dict) -> None:
            out.append(message)
            if message["type"] == "http.response.body" and not message.get("more_body"):
                done.set()

        await self.app(scope, receive, send)
        return out[0]["status"], b"".join(m.get("body", b"") for m in out[1:])


class Wsgi:
    def __init__(self) -> None:
        from django.core.wsgi import get_wsgi_application

        self.app = get_wsgi_application()

    def __call__(self, method: str, path: str, token: str | None = None,
                 body: dict | None = None) -> tuple[int, bytes]:
        path, _, query = path.partition("?")
        data = json.dumps(body).encode() if body is not None else b""
        environ = {"REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": query,
                   "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "HTTP_HOST": "127.0.0.1",
                   "REMOTE_ADDR": "127.0.0.1", "SERVER_PROTOCOL": "HTTP/1.1",
                   "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(data),
                   "wsgi.errors": sys.stderr, "wsgi.multithread": True,
                   "wsgi.multiprocess": True, "wsgi.run_once": False, "wsgi.version": (1, 0)}
        if token:
            environ["HTTP_AUTHORIZATION"] = f"Token {token}"
        if data:
            environ["CONTENT_TYPE"] = "application/json"
            environ["CONTENT_LENGTH"] = str(len(data))
        status: list[str] = []
        result = self.app(environ, lambda s, h, exc=None: status.append(s))  # type: ignore[arg-type]
        try:
            content = b"".join(result)
        finally:
            result.close()
        return int(status[0].split()[0]), content


def play(ask: Any, tokens: list[tuple[str, str]], actions: int, rng: random.Random) -> int:
    """Play ``actions`` actions of KGK matches between the two users; returns the number of
    requests made."""
    (_, a), (b_name, b) = tokens
    requests, done, match = 0, 0, None
    legal: dict | None = None
    whose = a
    while done < actions:
        if match is None:
            status, raw = ask("POST", "/api/v1/matches/", a, {
                "ruleset": "kgk", "seats": [{"player": "me"}, {"player": b_name}]})
            assert status == 201, raw
            match = json.loads(raw)["id"]
            status, raw = ask("POST", f"/api/v1/matches/{match}/join/", b, {})
            assert status == 200, raw
            requests += 2
            legal = None
        if not legal or not legal["actions"]:
            for token in (a, b):
                status, raw = ask("GET", f"/api/v1/matches/{match}/legal-actions/", token)
                requests += 1
                assert status == 200, raw
                legal = json.loads(raw)
                if legal["actions"]:
                    whose = token
                    break
            else:  # finished
                match = None
                continue
        status, raw = ask("POST", f"/api/v1/matches/{match}/actions/", whose, {
            "action": rng.choice(legal["actions"]), "expected_version": legal["version"],
            "client_action_id": f"{match}:{legal['version']}", "include_legal_actions": True})
        requests += 1
        assert status == 200, raw
        answer = json.loads(raw)
        done += 1
        legal = answer.get("legal_actions")
        if answer.get("status") == "finished":
            match = None
    return requests


def child(kind: str, actions: int, pings: int) -> dict[str, Any]:
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    import kaosz

    call_command("migrate", verbosity=0)
    tokens = []
    for name in ("cpu000", "cpu001"):
        user, _ = get_user_model().objects.get_or_create(username=name)
        tokens.append((name, Token.objects.get_or_create(user=user)[0].key))
    ask = Asgi() if kind == "asgi" else Wsgi()
    rng = random.Random(7)
    play(ask, tokens, 30, rng)  # (warm-up: caches, connections, first imports)
    for _ in range(50):
        ask("GET", "/healthz")
    cpu, wall = time.process_time(), time.perf_counter()
    requests = play(ask, tokens, actions, rng)
    action_cpu, action_wall = time.process_time() - cpu, time.perf_counter() - wall
    cpu = time.process_time()
    for _ in range(pings):
        assert ask("GET", "/healthz")[0] == 200
    ping_cpu = time.process_time() - cpu
    return {"handler": kind, "code": str(Path(kaosz.__file__).parent.parent),
            "actions": actions, "requests_while_playing": requests,
            "cpu_ms_per_action": round(1000 * action_cpu / actions, 3),
            "cpu_ms_per_play_request": round(1000 * action_cpu / requests, 3),
            "wall_ms_per_action": round(1000 * action_wall / actions, 3),
            "cpu_ms_per_healthz": round(1000 * ping_cpu / pings, 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--pings", type=int, default=2000)
    parser.add_argument("--database-url",
                        default="postgres://kaosz:kaosz@127.0.0.1:5432/kaosz_load")
    parser.add_argument("--redis-url", default=None)
    parser.add_argument("--root", type=Path, action="append", default=None)
    parser.add_argument("--rounds", type=int, default=2,
                        help="measure each (checkout, handler) this many times, interleaved; "
                             "the lowest CPU figure counts (the others waited for the machine)")
    parser.add_argument("--child", choices=["asgi", "wsgi"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.actions, args.pings)))
        return

    sys.path.insert(0, str(HERE))
    from bench.load import ensure_database

    ensure_database(args.database_url)
    roots = [r.resolve() for r in (args.root or [HERE])]
    runs: dict[tuple[str, str], list[dict]] = {}
    for _ in range(args.rounds):
        for root in roots:
            for kind in ("wsgi", "asgi"):
                env = dict(os.environ, DATABASE_URL=args.database_url, DEBUG="0",
                           DJANGO_SETTINGS_MODULE="kaosz.settings", LOG_LEVEL="ERROR",
                           THROTTLE_USER="1000000/min", THROTTLE_ANON="1000000/min",
                           KAOSZ_PLAIN_HTTP="1", PYTHONPATH=f"{root}:{HERE}",
                           SECRET_KEY="kaosz-benchmark-key-not-secret-0123456789abcdefghijkl")
                if kind == "asgi":
                    env["DB_POOL_MAX"] = "10"
                if args.redis_url:
                    env["REDIS_URL"] = args.redis_url
                out = subprocess.run(
                    [sys.executable, str(Path(__file__).resolve()), "--child", kind,
                     "--actions", str(args.actions), "--pings", str(args.pings)],
                    cwd=root, env=env, capture_output=True, text=True, check=True)
                runs.setdefault((str(root), kind), []).append(
                    json.loads(out.stdout.strip().splitlines()[-1]))
    results = []
    for root in roots:
        best = {kind: min(runs[(str(root), kind)], key=lambda r: r["cpu_ms_per_action"])
                for kind in ("wsgi", "asgi")}
        results.append({
            "root": "this checkout" if root == HERE else str(root), **{
                kind: best[kind] for kind in ("wsgi", "asgi")},
            "asgi_to_wsgi_cpu_per_action": round(best["asgi"]["cpu_ms_per_action"]
                                                 / best["wsgi"]["cpu_ms_per_action"], 2),
            "asgi_to_wsgi_cpu_per_healthz": round(best["asgi"]["cpu_ms_per_healthz"]
                                                  / best["wsgi"]["cpu_ms_per_healthz"], 2)})
    print(json.dumps({"cpus": os.cpu_count(), "load_average": [round(x, 2) for x in
                                                                  os.getloadavg()],
                      "results": results}))


if __name__ == "__main__":
    main()
