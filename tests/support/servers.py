"""Real server processes for the live-play tests: uvicorn, Celery workers and beat, and a
redis-server of the test's own (tests that stop Redis never touch the shared one). Each
on a port the system gives (``free_port``); every process is stopped by the test that
started it."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.support import processes
from tests.support.processes import free_port

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "var"


def test_db_url() -> str:
    from django.db import connection

    db = connection.settings_dict
    return (f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:"
            f"{db['PORT'] or 5432}/{db['NAME']}")


class Proc:
    """One child process with its log in ``var/``."""

    def __init__(self, name: str, cmd: list[str], env: dict[str, str]) -> None:
        LOGS.mkdir(exist_ok=True)
        self.log_path = LOGS / f"{name}.log"
        self._log = open(self.log_path, "w")  # noqa: SIM115 - lives with the process
        # DEBUG off unless the test asks: a module imported earlier in the session may
        # have set it in this process's environment (bench/card_photos.py does, for
        # itself), and a server under DEBUG answers an error with Django's technical 500
        # page instead of the project's error shape (503 for a database outage).
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, "DEBUG": "0", **env},
                                     stdout=self._log, stderr=subprocess.STDOUT)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait_for(self, ready: Callable[[], bool], timeout: float = 60) -> None:
        deadline = time.time() + timeout
        while time.time() < deadline:
            if ready():
                return
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.log_path.name}: exited\n{self.log()[-3000:]}")
            time.sleep(0.1)
        raise RuntimeError(f"{self.log_path.name}: not ready in {timeout} s")

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            processes.stop(self.proc, grace=15)
        self._log.close()


def answers(url: str) -> bool:
    try:
        urllib.request.urlopen(url, timeout=2).read()
        return True
    except OSError:
        return False


# How long a stopping server lets open requests finish (docs/operating.md: 10 s in production; an
# event stream never finishes by itself, so without it a stop waits forever).
GRACEFUL_SECONDS = 3


def uvicorn(env: dict[str, str]) -> tuple[Proc, str]:
    port = free_port()
    proc = Proc(f"uvicorn-test-{port}",
                [sys.executable, "-m", "uvicorn", "kaosz.asgi:application", "--port",
                 str(port), "--log-level", "warning", "--lifespan", "off",
                 "--timeout-graceful-shutdown", str(GRACEFUL_SECONDS)], env)
    base = f"http://127.0.0.1:{port}"
    proc.wait_for(lambda: answers(base + "/healthz"))
    return proc, base


def redis_server(port: int) -> Proc:
    proc = Proc(f"redis-test-{port}",
                ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                 "--appendonly", "no"], {})
    proc.wait_for(lambda: _redis_ping(port))
    return proc


def _redis_ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def celery(name: str, args: list[str], env: dict[str, str]) -> Proc:
    return Proc(name, [sys.executable, "-m", "celery", "-A", "kaosz", *args], env)


def call(base: str, method: str, path: str, token: str | None = None,
         body: Any = None, timeout: float = 60) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    req = urllib.request.Request(base + path, method=method, headers=headers,
                                 data=None if body is None else json.dumps(body).encode())
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


# Shared by the ASGI tests (test_asgi, test_stream_caps): people with API tokens and a
# started match between the first two.
def players_with_tokens(django_user_model, n: int) -> list[str]:
    from rest_framework.authtoken.models import Token

    users = [django_user_model.objects.create_user(f"asgi{i}") for i in range(n)]
    return [Token.objects.create(user=u).key for u in users]


def started_match(base: str, tokens: list[str]) -> dict:
    """A started two-player match: naming the other player invites them, and they accept
    by joining."""
    status, m = patiently(base, "POST", "/api/v1/matches/", tokens[0],
                           {"ruleset": "smugglers", "seats": [{"player": "me"},
                                                              {"player": "asgi1"}]})
    assert status == 201, m
    status, m = patiently(base, "POST", f"/api/v1/matches/{m['id']}/join/", tokens[1], {})
    assert status == 200 and m["status"] == "active", m
    return m


def patiently(*args: Any) -> tuple[int, Any]:
    """``call``, again after a 503 as its Retry-After asks: the tiny pool's first
    connection may take longer than its 50 ms timeout to open on a busy machine."""
    for _ in range(10):
        status, body = call(*args)
        if status != 503:
            break
        time.sleep(0.2)
    return status, body
