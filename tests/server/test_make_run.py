"""``make run``'s server, served as the Makefile serves it (the command ``make -n run``
prints, on a SQLite file of its own, the embedded default's settings): an oversized body
answers 413 in the error shape (the development server's wsgiref answered 500, "Hop-by-hop
header"), its e-mail links name the address it serves, and its own in-process worker plays
a bot's move after the person's answer."""

from __future__ import annotations

import http.client
import json
import os
import shlex
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.processes import stop
from tests.support.waiting import until

ROOT = Path(__file__).resolve().parents[2]
TOKEN = """
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
user = get_user_model().objects.create_user("klub", password="titkos-jelszo-123")
print("TOKEN", Token.objects.create(user=user).key)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run_recipe(**make_vars: str) -> str:
    """The shell command of the Makefile's ``run`` target (after its set-up steps)."""
    out = subprocess.run(["make", "-s", "-n", "run", *(f"{k}={v}" for k, v in make_vars.items())],
                         cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return out.replace("\\\n", " ").splitlines()[-1]


def test_make_run_names_the_address_it_serves_in_e_mail_links():
    words = shlex.split(run_recipe(HOST="127.0.0.1", PORT="8765"))
    assert "KAOSZ_SITE_URL=http://127.0.0.1:8765" in words
    assert "uvicorn" in words and "runserver" not in words


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[tuple[str, str]]:
    """The server ``make run`` starts, on its own database: (its URL, a user's token)."""
    var = tmp_path_factory.mktemp("make-run")
    env = {k: v for k, v in os.environ.items()
           if k not in ("REDIS_URL", "DATABASE_URL", "DJANGO_SETTINGS_MODULE", "KAOSZ_TASKS",
                        "SECRET_KEY", "KAOSZ_PLAIN_HTTP")}
    env.update(DEBUG="1", KAOSZ_VAR_DIR=str(var), KAOSZ_BOT_PROCESSES="1")
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "setup_site"], cwd=ROOT, env=env, check=True, timeout=300,
                   capture_output=True)
    made = subprocess.run([*manage, "shell", "-c", TOKEN], cwd=ROOT, env=env, check=True,
                          timeout=120, capture_output=True, text=True)
    token = made.stdout.split("TOKEN ", 1)[1].strip()
    port = free_port()
    recipe = run_recipe(HOST="127.0.0.1", PORT=str(port), RELOAD="0")
    command = ["bash", "-c", recipe]     # (as make runs it; bash execs a lone command)
    log = open(var / "server.log", "w")  # noqa: SIM115 (lives with the server)
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    def answers() -> bool:
        assert server.poll() is None, (var / "server.log").read_text()[-3000:]
        return _up(url)

    try:
        until(answers, timeout=90, every=0.2, what="make run's server answering")
        yield url, token
    finally:
        assert stop(server), "the server did not stop on SIGTERM"
        log.close()


def _up(url: str) -> bool:
    try:
        return _call(url, "GET", "/healthz")[0] == 200
    except OSError:
        return False


def _call(url: str, method: str, path: str, body: bytes | None = None,
          headers: dict[str, str] | None = None) -> tuple[int, dict]:
    host, port = url.split("//")[1].split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=60)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        answer = conn.getresponse()
        raw = answer.read()
        try:
            return answer.status, json.loads(raw) if raw else {}
        except ValueError:
            return answer.status, {"raw": raw[:300].decode(errors="replace")}
    finally:
        conn.close()


def test_an_oversized_body_answers_413_in_the_error_shape(served):
    url, token = served
    body = json.dumps({"ruleset": "kgk", "padding": "x" * 3_000_000}).encode()
    status, answer = _call(url, "POST", "/api/v1/matches/", body,
                           {"Content-Type": "application/json",
                            "Authorization": f"Token {token}"})
    assert status == 413, answer
    assert answer["error"]["code"] == "request_too_large" and answer["error"]["message"]


def test_the_server_s_own_worker_plays_the_bots_after_the_answer(served):
    """A match of bots only: the answer comes at once, the server's worker plays it on."""
    url, token = served
    auth = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
    status, m = _call(url, "POST", "/api/v1/matches/", json.dumps(
        {"ruleset": "smugglers", "seats": [{"player": "bot:random"},
                                           {"player": "bot:random"}]}).encode(), auth)
    assert status == 201, m
    answered = m["version"]

    def finished() -> dict | None:
        status, now = _call(url, "GET", f"/api/v1/matches/{m['id']}/", None, auth)
        assert status == 200, now
        return now if now["status"] == "finished" else None

    now = until(finished, timeout=120, every=0.5, what="the bots finishing their match")
    assert now["version"] > answered
