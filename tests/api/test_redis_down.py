"""Redis down: card and deck reads, match reads and actions keep working; /readyz says so.

The test starts its own redis-server on a free port (never the shared one), points the
cache, the throttles and the Celery broker at it, stops it mid-test and starts it again.
"""

from __future__ import annotations

import logging
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator

import pytest
from django.core.cache import caches
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from kaosz.api import auth
from tests.support.matches import create
from tests.support.processes import free_port
from web.api import rediskv

pytestmark = pytest.mark.skipif(shutil.which("redis-server") is None,
                                reason="needs redis-server (CI installs it)")


class OwnRedis:
    def __init__(self) -> None:
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            self.proc = None


@pytest.fixture
def own_redis(settings) -> Iterator[OwnRedis]:
    from kaosz.celery import app

    server = OwnRedis()
    server.start()
    settings.REDIS_URL = server.url
    settings.CACHES = {"default": {"BACKEND": "web.redis_cache.RedisCache",
                                   "LOCATION": server.url}}
    old = app.conf.broker_url, app.conf.task_always_eager
    app.conf.broker_url, app.conf.task_always_eager = server.url, False
    auth._LOCAL.clear()
    rediskv.reset()
    try:
        yield server
    finally:
        app.conf.broker_url, app.conf.task_always_eager = old
        server.stop()
        caches["default"].close()
        rediskv.reset()
        auth._LOCAL.clear()


@pytest.mark.django_db(transaction=True)
def test_reads_and_actions_keep_working_with_redis_down(own_redis, cards_loaded, user, caplog):
    token = Token.objects.create(user=user)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    anon = APIClient()
    deck = client.post("/api/v1/decks/", {"name": "Próba", "format": "practice",
                                          "text": "1 CRX"}, format="json")
    assert deck.status_code in (201, 400), deck.content
    match = create(client, "smugglers", ["me", "me"])
    assert anon.get("/readyz").json()["checks"]["redis"]["status"] == "ok"

    def play_and_read(round_: int) -> None:
        assert anon.get("/api/v1/cards/?q=t:ship").status_code == 200
        slug = anon.get("/api/v1/cards/").json()["results"][0]["slug"]
        assert anon.get(f"/api/v1/cards/{slug}/").status_code == 200
        assert client.get("/api/v1/decks/").status_code == 200
        detail = client.get(f"/api/v1/matches/{match['id']}/")
        assert detail.status_code == 200, detail.content
        legal = client.get(f"/api/v1/matches/{match['id']}/legal-actions/").json()
        r = client.post(f"/api/v1/matches/{match['id']}/actions/",
                        {"action": legal["actions"][0], "seat": legal["seat"],
                         "expected_version": detail.json()["version"],
                         "client_action_id": f"redis-{round_}"}, format="json")
        assert r.status_code == 200, r.content

    play_and_read(1)  # warm: the token and the catalogue version are cached in Redis
    own_redis.stop()
    auth._LOCAL.clear()  # the per-process token layer would hide the shared cache's absence
    with caplog.at_level(logging.WARNING, logger="kaosz.redis"):
        play_and_read(2)
        rediskv.reset()  # the breaker closed again: each path meets the dead Redis itself
        play_and_read(3)
    assert any("Redis unavailable" in m for m in caplog.messages), caplog.messages
    ready = anon.get("/readyz")
    assert ready.status_code == 503
    body = ready.json()
    assert body["checks"]["redis"]["status"] == "down"
    assert body["checks"]["broker"]["status"] == "down"
    assert body["checks"]["database"]["status"] == "ok"
    assert anon.get("/healthz").status_code == 200  # liveness is not readiness

    own_redis.start()
    ready = anon.get("/readyz")
    assert ready.status_code == 200, ready.content
    checks = ready.json()["checks"]  # (the workers' heartbeats: tests/server/test_readiness.py)
    assert {checks[part]["status"] for part in ("database", "redis", "broker")} == {"ok"}
    play_and_read(4)


@pytest.mark.django_db
def test_readyz_without_redis_reports_it_not_configured(api, settings):
    from kaosz.celery import app

    settings.REDIS_URL = ""
    old = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        r = api.get("/readyz")
    finally:
        app.conf.task_always_eager = old
    assert r.status_code == 200
    checks = r.json()["checks"]
    assert checks["database"]["status"] == "ok"
    assert checks["redis"]["status"] == checks["broker"]["status"] == "not_configured"
