"""Two app nodes behind HAProxy (``deploy/haproxy.cfg``, docs/two-nodes.md): two uvicorn
servers on the same PostgreSQL and Redis, a Celery worker and one beat. What runs on one
node is seen on the other, the limits hold across both, the beat's jobs run once, and a
node killed mid-match loses nothing.

Only where the production-like pass runs (PostgreSQL, Redis) and HAProxy is installed
(``.ci/run`` installs it). The Redis is a server of this module's own: the nodes' broker,
cache and shared counts, apart from the session's."""

from __future__ import annotations

import http.client
import json
import re
import shutil
import socket
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from django.conf import settings
from django.db import connection

from matches.live.hub import ACCOUNTS
from matches.models import Match, MatchAction
from tests.support import servers
from tests.support.servers import call
from tests.support.streams import Stream
from tests.support.waiting import listening, until

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql" or not settings.REDIS_URL,
                       reason="two nodes share PostgreSQL and Redis"),
    pytest.mark.skipif(shutil.which("haproxy") is None, reason="HAProxy is not installed"),
    pytest.mark.django_db(transaction=True),
]
CONFIG = servers.ROOT / "deploy" / "haproxy.cfg"
SWEEP_EVERY = 1.0
SWEPT = re.compile(r"matches\.tasks\.sweep_bots\[[^\]]+\] succeeded")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class TwoNodes:
    def __init__(self) -> None:
        self.redis_port = servers.free_port()
        self.redis = servers.redis_server(self.redis_port)
        self.env = {"DATABASE_URL": servers.test_db_url(), "DB_CONN_MAX_AGE": "0",
                    "REDIS_URL": f"redis://127.0.0.1:{self.redis_port}/0",
                    "KAOSZ_BOT_SWEEP_EVERY": str(SWEEP_EVERY), "KAOSZ_HEARTBEAT_EVERY": "1",
                    "KAOSZ_ANON_WAITERS_PER_CLIENT": "2", "THROTTLE_ANON": "30/min"}
        self.ports = {"a": _free_port(), "b": _free_port()}
        self.nodes = {name: self.node(name) for name in self.ports}
        self.worker = servers.celery(
            f"two-nodes-worker-{self.redis_port}",
            ["worker", "--pool=solo", "--loglevel=INFO", "-Q", "bots,sims,celery,mail,photos",
             "-n", f"two-nodes-{self.redis_port}@%h"], self.env)
        self.worker.wait_for(lambda: "ready." in self.worker.log())
        self.beat = servers.celery(f"two-nodes-beat-{self.redis_port}",
                                   ["beat", "--loglevel=INFO", "-s",
                                    str(servers.LOGS / f"beat-two-{self.redis_port}")],
                                   self.env)
        front = _free_port()
        self.front = f"http://127.0.0.1:{front}"
        self.haproxy = servers.Proc(f"haproxy-{front}", ["haproxy", "-db", "-f", str(CONFIG)], {
            "KAOSZ_BIND": f"127.0.0.1:{front}",
            "KAOSZ_NODE_A": f"127.0.0.1:{self.ports['a']}",
            "KAOSZ_NODE_B": f"127.0.0.1:{self.ports['b']}"})
        self.haproxy.wait_for(lambda: servers.answers(self.front + "/healthz"))

    def base(self, name: str) -> str:
        return f"http://127.0.0.1:{self.ports[name]}"

    def node(self, name: str) -> servers.Proc:
        """One node's uvicorn, which counts addresses from HAProxy's X-Forwarded-For."""
        port = self.ports[name]
        proc = servers.Proc(f"node-{name}-{port}", [
            sys.executable, "-m", "uvicorn", "kaosz.asgi:application", "--port", str(port),
            "--log-level", "warning", "--lifespan", "off", "--proxy-headers",
            "--forwarded-allow-ips", "127.0.0.1",
            "--timeout-graceful-shutdown", str(servers.GRACEFUL_SECONDS)], self.env)
        proc.wait_for(lambda: servers.answers(self.base(name) + "/healthz"))
        return proc

    def stop(self) -> None:
        for proc in (self.haproxy, *self.nodes.values(), self.worker, self.beat, self.redis):
            proc.stop()


@pytest.fixture(scope="module")
def two(django_db_setup, django_db_blocker) -> Iterator[TwoNodes]:
    with django_db_blocker.unblock():
        rig = TwoNodes()
    try:
        yield rig
    finally:
        rig.stop()


def _bots_to_act() -> list[int]:
    """The active matches where a bot is to act."""
    return [m.pk for m in Match.objects.filter(status=Match.ACTIVE).prefetch_related("seats")
            if any(seat.bot and seat.index in m.to_act for seat in m.seats.all())]


@pytest.fixture(autouse=True)
def _bots_at_rest(transactional_db) -> Iterator[None]:
    """After each test, until no bot is to act: the test's database is emptied next, and
    a bot's move still going in the worker would race the emptying (a deadlock)."""
    yield
    until(lambda: not _bots_to_act(), timeout=60, what="the bots' moves in")


def _people(django_user_model, *names: str) -> list[str]:
    from rest_framework.authtoken.models import Token

    tag = uuid.uuid4().hex[:6]
    return [Token.objects.create(user=django_user_model.objects.create_user(f"{n}{tag}")).key
            for n in names]


def _with_bot(base: str, token: str) -> int:
    status, m = call(base, "POST", "/api/v1/matches/", token, {
        "ruleset": "smugglers", "seats": [{"player": "me"}, {"player": "bot:random"}]})
    assert status == 201, m
    return int(m["id"])


def _my_turn(base: str, token: str, match_id: int, timeout: float = 30) -> dict[str, Any]:
    def legal_actions() -> dict[str, Any] | None:
        status, legal = call(base, "GET", f"/api/v1/matches/{match_id}/legal-actions/", token)
        return legal if status == 200 and legal["actions"] else None

    return until(legal_actions, timeout=timeout, every=0.1, what="the person's turn")


def _slots_held(two: TwoNodes, address: str) -> int:
    """The waiting slots ``address`` holds, as both nodes count them (in their Redis)."""
    r = redis.Redis(port=two.redis_port)
    return sum(int(n) for key in r.scan_iter("kaosz:waiters:*")
               if key.decode().endswith(f"addr:{address}") for n in r.hvals(key))


def test_a_spectator_on_node_b_sees_a_move_made_through_node_a(two, django_user_model):
    [token] = _people(django_user_model, "ketnode")
    match_id = _with_bot(two.base("a"), token)
    legal = _my_turn(two.base("a"), token, match_id)
    watcher = Stream(two.base("b"), f"/api/v1/matches/{match_id}/stream/")
    name, first = watcher.next(within=20)  # the match as it is when the stream opens
    assert name == "progress"
    seen: list[float] = []

    def watch() -> None:
        try:
            while True:
                name, data = watcher.next(within=20)
                if name == "progress" and data["version"] > first["version"]:
                    seen.append(time.monotonic())
                    return
        except (AssertionError, OSError, ValueError):
            return
    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    # Node B's stream, the first of its process, is subscribed once its hub listens (the
    # hub listens on the matches' channel, then on the accounts': its last statement).
    until(lambda: listening(ACCOUNTS), timeout=30, what="node B's hub listening")
    # The bot moves in Űrcsempészek's simultaneous phases too: a version it overtook is a
    # real 409, answered as any client would, by reading the legal actions again.
    for _ in range(20):
        status, acted = call(two.base("a"), "POST", f"/api/v1/matches/{match_id}/actions/",
                             token, {"action": legal["actions"][0],
                                     "expected_version": legal["version"]})
        answered = time.monotonic()
        if status != 409:
            break
        legal = _my_turn(two.base("a"), token, match_id)
    assert status == 200, acted
    thread.join(10)
    watcher.close()
    assert seen, "the spectator on node B never saw the move"
    assert seen[0] - answered <= 1.0, f"seen {seen[0] - answered:.2f} s after the answer"


def test_the_waiting_cap_and_the_throttle_hold_across_both(two, django_user_model):
    """Two long-polls from one address on node A take its two slots: a third on node B is
    refused. And the anonymous rate counts requests to either node."""
    # A match of two people where nobody moves: a long-poll on it waits.
    tag = uuid.uuid4().hex[:6]
    from rest_framework.authtoken.models import Token

    tokens = [Token.objects.create(user=django_user_model.objects.create_user(f"{n}{tag}")).key
              for n in ("varo", "masik")]
    status, m = call(two.base("a"), "POST", "/api/v1/matches/", tokens[0], {
        "ruleset": "smugglers", "seats": [{"player": "me"}, {"player": f"masik{tag}"}]})
    assert status == 201, m
    status, m = call(two.base("b"), "POST", f"/api/v1/matches/{m['id']}/join/", tokens[1], {})
    assert status == 200 and m["status"] == "active", m
    last, more = 0, True
    while more:
        status, now = call(two.base("a"), "GET", f"/api/v1/matches/{m['id']}/events/?after={last}")
        assert status == 200, now
        last, more = now["last"], now["more"]
    wait = f"/api/v1/matches/{m['id']}/events/?after={last}&wait=20"
    address = {"X-Forwarded-For": "10.90.0.1"}
    opened: list[http.client.HTTPConnection] = []
    for _ in range(2):
        conn = http.client.HTTPConnection("127.0.0.1", two.ports["a"], timeout=30)
        conn.request("GET", wait, headers=address)
        opened.append(conn)
    until(lambda: _slots_held(two, "10.90.0.1") == 2, timeout=30, what="both waiting")
    conn = http.client.HTTPConnection("127.0.0.1", two.ports["b"], timeout=30)
    conn.request("GET", wait, headers=address)
    third = conn.getresponse()
    body = json.loads(third.read())
    for c in opened:
        c.close()
    assert third.status == 429, body
    assert body["error"]["code"] == "too_many_waiters"

    statuses = []
    for i in range(40):
        node = ("a", "b")[i % 2]
        c = http.client.HTTPConnection("127.0.0.1", two.ports[node], timeout=30)
        c.request("GET", "/api/v1/formats/", headers={"X-Forwarded-For": "10.90.0.2"})
        r = c.getresponse()
        r.read()
        statuses.append(r.status)
        c.close()
    assert statuses.count(429) >= 8, statuses  # 30 a minute between both nodes
    assert 200 in statuses[:20]


def test_the_beat_s_jobs_run_once(two):
    """One beat for both nodes: the bot sweeper runs once per period, not once per node.
    Six runs take five periods at least (a beat per node would make them in three)."""
    def runs() -> int:
        return len(SWEPT.findall(two.worker.log()))

    start = runs()
    began = time.monotonic()
    until(lambda: runs() >= start + 6, timeout=60 * SWEEP_EVERY, what="six sweeps")
    assert time.monotonic() - began >= 4.5 * SWEEP_EVERY


def _answered_move(front: str, token: str, match_id: int, legal: dict[str, Any],
                   key: str) -> int:
    """Make the first legal move, sending it again as it was while the request is lost
    (the dying node took it): its answer's status, 200 or 409."""
    def answered() -> int | None:
        status, _ = call(front, "POST", f"/api/v1/matches/{match_id}/actions/", token,
                         {"action": legal["actions"][0], "client_action_id": key,
                          "expected_version": legal["version"]})
        return status if status in (200, 409) else None

    return until(answered, timeout=30, every=0.25, what="the move answered through the front")


def test_a_node_killed_mid_match_loses_nothing(two, django_user_model):
    """A person plays through HAProxy; node A is killed mid-match. Every action that was
    answered is in the match's log, the match goes on through node B, and node A's
    return changes nothing."""
    [token] = _people(django_user_model, "tulelo")
    match_id = _with_bot(two.front, token)
    answered: list[str] = []

    def play(moves: int) -> None:
        for _ in range(moves):
            legal = _my_turn(two.front, token, match_id)
            key = f"move-{legal['version']}"
            status = _answered_move(two.front, token, match_id, legal, key)
            if status == 200:
                answered.append(key)
            if Match.objects.get(pk=match_id).status == Match.FINISHED:
                return

    play(3)
    two.nodes["a"].kill()
    try:
        play(5)
    finally:
        two.nodes["a"] = two.node("a")
    logged = set(MatchAction.objects.filter(match_id=match_id, seat=0)
                 .values_list("client_action_id", flat=True))
    assert set(answered) <= logged
    match = Match.objects.get(pk=match_id)
    assert match.version == MatchAction.objects.filter(match_id=match_id).count()
    assert len(answered) >= 4
