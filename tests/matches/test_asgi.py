"""The match server under ASGI (uvicorn, docs/operating.md's production server), PostgreSQL only:
waiting long-polls cost neither a thread nor a database connection, anonymous waiters
are limited per client, and a saturated database pool answers 503 in the error shape.

Each server is a real uvicorn process on the test database, on a free port."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from tests.support import asgi_client, servers
from tests.support.servers import call
from tests.support.servers import players_with_tokens as _players
from tests.support.servers import started_match as _match
from tests.support.waiting import until

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the ASGI wait listens on "
                       "PostgreSQL"),
]


_PIDS: dict[str, int] = {}  # base URL -> the server's process id


def _server(env_extra: dict[str, str]) -> Iterator[str]:
    proc, base = servers.uvicorn({"DATABASE_URL": servers.test_db_url(), **env_extra})
    _PIDS[base] = proc.proc.pid
    try:
        yield base
    finally:
        proc.stop()


def _threads(base: str) -> int:
    """How many threads the server process has now."""
    for line in Path(f"/proc/{_PIDS[base]}/status").read_text().splitlines():
        if line.startswith("Threads:"):
            return int(line.split()[1])
    raise AssertionError("no thread count")


def _connections(base: str) -> int:
    """How many TCP connections to the server are open (the kernel's table: accepted by
    the server or waiting to be)."""
    port = f"{int(base.rsplit(':', 1)[1]):04X}"
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(FileNotFoundError), open(table) as lines:
            next(lines)
            for line in lines:
                fields = line.split()
                if fields[1].rsplit(":", 1)[1] == port and fields[3] == "01":  # ESTABLISHED
                    count += 1
    return count


def _parked(base: str, requests: int, threads_before: int) -> bool:
    """Whether ``requests`` requests are open at the server and none of them holds a
    thread there (each is parked on the event loop, or has not been read yet)."""
    return _connections(base) >= requests and _threads(base) <= threads_before + 5


@pytest.fixture(scope="module")
def asgi_server(django_db_setup, django_db_blocker) -> Iterator[str]:
    with django_db_blocker.unblock():
        # (no idle threads kept: the process's thread count is then the threads in use)
        yield from _server({"DB_POOL_MAX": "10", "KAOSZ_ANON_WAITERS_PER_CLIENT": "4",
                            "KAOSZ_ASGI_IDLE_THREADS": "0"})


@pytest.fixture(scope="module")
def tiny_pool_server(django_db_setup, django_db_blocker) -> Iterator[str]:
    with django_db_blocker.unblock():
        # (more request threads than connections, so that requests wait for the pool: by
        # default there are as many threads as connections, and they wait for a thread)
        # (a pool timeout far shorter than a request: requests are quick enough now
        # that thirty of them may otherwise take turns on one connection within 50 ms)
        yield from _server({"DB_POOL_MAX": "1", "DB_POOL_TIMEOUT": "0.002",
                            "KAOSZ_ASGI_THREADS": "30"})


@pytest.fixture(scope="module")
def tiny_pool_default_threads_server(django_db_setup, django_db_blocker) -> Iterator[str]:
    with django_db_blocker.unblock():
        yield from _server({"DB_POOL_MAX": "1", "DB_POOL_TIMEOUT": "0.05"})


def _rush(base: str, path: str, token: str, n: int = 30) -> list[tuple[int, Any]]:
    """``n`` GETs of ``path`` at once, each from its own thread; their answers."""
    results: list[tuple[int, Any]] = []

    def read() -> None:
        results.append(call(base, "GET", path, token))

    threads = [threading.Thread(target=read) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def _db_sessions() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s",
                       [connection.settings_dict["NAME"]])
        return cursor.fetchone()[0]


@pytest.mark.django_db(transaction=True)
def test_a_hundred_waiters_neither_delay_a_move_nor_hold_connections(asgi_server,
                                                                      django_user_model):
    base = asgi_server
    tokens = _players(django_user_model, 2)
    m = _match(base, tokens)
    sessions_before = _db_sessions()
    threads_before = _threads(base)
    answers: list[tuple[int, Any, float]] = []
    lock = threading.Lock()

    def wait(i: int) -> None:
        status, body = call(base, "GET", f"/api/v1/matches/{m['id']}/events/?after=0&wait=25",
                            tokens[i % 2])
        with lock:
            answers.append((status, body, time.monotonic()))

    threads = [threading.Thread(target=wait, args=(i,)) for i in range(100)]
    for t in threads:
        t.start()
    # All of them in the server, and none holding a thread there: parked (within their
    # 25 s, on a busy machine too).
    until(lambda: _parked(base, 100, threads_before), timeout=20, what="100 waiters parked")
    during = _db_sessions()
    threads_during = _threads(base)
    status, legal = call(base, "GET", f"/api/v1/matches/{m['id']}/legal-actions/", tokens[0])
    assert status == 200 and legal["actions"], legal
    began = time.monotonic()
    status, acted = call(base, "POST", f"/api/v1/matches/{m['id']}/actions/", tokens[0],
                         {"action": legal["actions"][0], "expected_version": legal["version"],
                          "client_action_id": "asgi-1"})
    moved = time.monotonic()
    for t in threads:
        t.join(60)
    assert status == 200, acted
    assert moved - began < 1.0, f"the move took {moved - began:.2f} s beside 100 waiters"
    assert len(answers) == 100 and {a[0] for a in answers} == {200}
    assert all(a[1]["version"] == 1 and a[1]["events"] for a in answers)
    assert max(a[2] for a in answers) - moved < 5.0, "a waiter was not woken by the move"
    # One listening connection (and the pool's few), not one per waiter.
    assert during - sessions_before <= 12, (sessions_before, during)
    # ...and no thread per waiter either: each gives its request thread back before it
    # parks (web.server.threads), and this server keeps no idle one.
    assert threads_during - threads_before <= 5, (threads_before, threads_during)


@pytest.mark.django_db(transaction=True)
def test_anonymous_waiters_are_limited_per_client(asgi_server, django_user_model):
    base = asgi_server
    tokens = _players(django_user_model, 2)
    m = _match(base, tokens)
    results: list[tuple[int, Any]] = []

    def wait() -> None:
        results.append(call(base, "GET", f"/api/v1/matches/{m['id']}/events/?after=0&wait=3"))

    threads = [threading.Thread(target=wait) for _ in range(7)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    statuses = Counter(s for s, _ in results)
    assert statuses == {200: 4, 429: 3}, statuses
    refused = [b for s, b in results if s == 429]
    assert all(b["error"]["code"] == "too_many_waiters" and b["error"]["details"]["limit"] == 4
               for b in refused)
    # Without waiting, nobody is limited; and a signed-in client is not counted as one.
    assert call(base, "GET", f"/api/v1/matches/{m['id']}/events/?after=0")[0] == 200


@pytest.mark.django_db(transaction=True)
def test_a_saturated_pool_answers_503_in_the_error_shape(tiny_pool_server, django_user_model):
    base = tiny_pool_server
    tokens = _players(django_user_model, 2)
    m = _match(base, tokens)
    results = _rush(base, f"/api/v1/matches/{m['id']}/legal-actions/", tokens[0])
    statuses = Counter(s for s, _ in results)
    assert set(statuses) <= {200, 503} and statuses[503] > 0, statuses
    assert all(b["error"]["code"] == "server_busy" for s, b in results if s == 503)
    # Once the rush is over the one connection serves again.
    assert call(base, "GET", f"/api/v1/matches/{m['id']}/legal-actions/", tokens[0])[0] == 200


@pytest.mark.django_db(transaction=True)
def test_requests_beyond_the_pool_wait_for_a_thread_not_for_a_connection(
        tiny_pool_default_threads_server, django_user_model):
    """With as many request threads as connections (the default), a rush that would
    saturate the pool queues on the event loop instead: every request is answered, none
    with 503, however short the pool's timeout."""
    base = tiny_pool_default_threads_server
    tokens = _players(django_user_model, 2)
    m = _match(base, tokens)
    results = _rush(base, f"/api/v1/matches/{m['id']}/legal-actions/", tokens[0])
    assert Counter(s for s, _ in results) == {200: 30}


def _next_progress(lines, deadline: float) -> dict:
    """The next ``progress`` event's data from an SSE response's lines."""
    event = None
    while time.monotonic() < deadline:
        line = lines.readline().decode().rstrip("\n")
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: ") and event == "progress":
            return json.loads(line[6:])
    raise AssertionError("no progress event in time")


@pytest.mark.django_db(transaction=True)
def test_the_page_stream_sends_each_change_as_it_commits(asgi_server, django_user_model):
    """Server-Sent Events for the board page: the match as it is on connecting, then each
    move the moment it commits."""
    import http.client

    base = asgi_server
    tokens = _players(django_user_model, 2)
    m = _match(base, tokens)
    assert call(base, "GET", f"/api/v1/matches/{m['id']}/stream/?probe=1") == (
        200, {"available": True})
    host, port = base.split("//")[1].split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    conn.request("GET", f"/api/v1/matches/{m['id']}/stream/?after=0",
                 headers={"Authorization": f"Token {tokens[1]}"})
    response = conn.getresponse()
    assert response.status == 200
    assert response.getheader("Content-Type").startswith("text/event-stream")
    first = _next_progress(response, time.monotonic() + 10)
    assert first["version"] == 0 and first["events"] == []
    status, legal = call(base, "GET", f"/api/v1/matches/{m['id']}/legal-actions/", tokens[0])
    status, acted = call(base, "POST", f"/api/v1/matches/{m['id']}/actions/", tokens[0],
                         {"action": legal["actions"][0], "expected_version": legal["version"],
                          "client_action_id": "sse-1"})
    assert status == 200, acted
    moved = time.monotonic()
    second = _next_progress(response, moved + 5)
    assert second["version"] == 1 and second["events"]
    assert time.monotonic() - moved < 2.0
    conn.close()


@pytest.mark.django_db
def test_without_asgi_the_stream_is_served_and_pages_long_poll(players):
    """Without ASGI a stream takes a thread for as long as it is open: it is served (a
    bot may use it), and the probe tells the pages to long-poll instead."""
    from tests.support.matches import create

    (_, ca), (_, cb) = players
    m = create(ca, "smugglers", ["me", "bela"])
    assert ca.get(f"/api/v1/matches/{m['id']}/stream/?probe=1").json() == {"available": False}
    r = ca.get(f"/api/v1/matches/{m['id']}/stream/", HTTP_ACCEPT="text/event-stream")
    try:
        assert r.status_code == 200 and r["Content-Type"].startswith("text/event-stream")
        first = next(iter(r.streaming_content)).decode()
        assert first.startswith("event: progress\ndata: ")
        assert json.loads(first.split("data: ", 1)[1])["version"] == 0
    finally:
        r.close()


@pytest.mark.django_db(transaction=True)
def test_a_long_poll_that_ends_with_nothing_new_is_answered_without_a_second_pass(
        django_user_model, monkeypatch):
    """Most long-polls of a paced game time out with nothing new. That answer is known
    when the request parks: it is sent as the view gave it then, without passing the
    middleware chain and the view again (a trip to a thread and reads of the match), and
    with the headers of any events answer."""
    import asyncio

    from django.test import Client

    from matches.api.views import MatchViewSet

    tokens = _players(django_user_model, 2)
    clients = [Client(HTTP_AUTHORIZATION=f"Token {t}") for t in tokens]
    m = clients[0].post("/api/v1/matches/", {"ruleset": "smugglers", "seats": [
        {"player": "me"}, {"player": "asgi1"}]}, content_type="application/json").json()
    assert clients[1].post(f"/api/v1/matches/{m['id']}/join/", {},
                           content_type="application/json").json()["status"] == "active"
    for _ in range(20):  # (play until one seat waits for the other)
        legal = [c.get(f"/api/v1/matches/{m['id']}/legal-actions/").json() for c in clients]
        if not all(seat["actions"] for seat in legal):
            break
        assert clients[0].post(f"/api/v1/matches/{m['id']}/actions/", {
            "action": legal[0]["actions"][0], "expected_version": legal[0]["version"]},
            content_type="application/json").status_code == 200
    waiter = next(i for i in (0, 1) if not legal[i]["actions"])
    version = legal[waiter]["version"]
    plain = clients[waiter].get(f"/api/v1/matches/{m['id']}/events/?after=0")
    assert plain.status_code == 200
    last = plain.json()["last"]

    passes = []
    original = MatchViewSet.events

    def counted(self, request, pk=None):
        passes.append(request.query_params.get("wait"))
        return original(self, request, pk=pk)

    monkeypatch.setattr(MatchViewSet, "events", counted)
    began = time.monotonic()
    status, headers, body = asyncio.run(asgi_client.ask(
        f"/api/v1/matches/{m['id']}/events/",
        f"after={last}&wait=1&until=turn&include_legal_actions=1".encode(),
        headers=asgi_client.token(tokens[waiter])))
    assert time.monotonic() - began >= 0.9  # (it did wait)
    assert status == 200, body
    assert json.loads(body) == {
        "ruleset": "smugglers", "events": [], "last": last, "more": False,
        "version": version, "status": "active", "to_act": legal[waiter]["to_act"],
        "legal_actions": {"ruleset": "smugglers", "version": version, "seat": waiter,
                          "to_act": legal[waiter]["to_act"], "actions": []}}
    assert passes == ["1"], "the view ran again after the wait"
    assert headers["content-type"] == plain["Content-Type"]
    assert headers["content-length"] == str(len(body))
    assert headers["cache-control"] == "no-store" and "etag" not in headers
    for header in ("X-Frame-Options", "Vary", "Allow", "X-Content-Type-Options"):
        assert headers.get(header.lower()) == plain.get(header), header


@pytest.mark.django_db(transaction=True)
def test_spectators_streams_share_one_render_per_move(django_user_model, monkeypatch):
    """Anonymous spectators' event streams of one match: after a move, the process
    renders the new answer once and every stream sends it (a thousand spectators cost one
    render per move, not a thousand); a player's stream still renders its own view."""
    import asyncio

    from asgiref.sync import sync_to_async
    from asgiref.testing import ApplicationCommunicator
    from django.test import Client

    from matches.api.views import Watch

    tokens = _players(django_user_model, 2)
    clients = [Client(HTTP_AUTHORIZATION=f"Token {t}") for t in tokens]
    m = clients[0].post("/api/v1/matches/", {"ruleset": "smugglers", "seats": [
        {"player": "me"}, {"player": "asgi1"}]}, content_type="application/json").json()
    clients[1].post(f"/api/v1/matches/{m['id']}/join/", {}, content_type="application/json")
    path = f"/api/v1/matches/{m['id']}/stream/"
    renders: list[int | None] = []  # (the seat each render was for)
    original = Watch.read

    def counted(self, after):
        renders.append(self.seat)
        return original(self, after)

    monkeypatch.setattr(Watch, "read", counted)

    async def open_stream(token: str | None) -> ApplicationCommunicator:
        talk = asgi_client.connect(path, b"after=0",
                                   headers=asgi_client.token(token) if token else None)
        assert (await asgi_client.start(talk))["status"] == 200
        return talk

    async def next_version(talk: ApplicationCommunicator) -> int:
        while True:
            chunk = (await talk.receive_output(20)).get("body", b"").decode()
            if chunk.startswith("event: progress"):
                return json.loads(chunk.split("data: ", 1)[1])["version"]

    def move() -> None:
        from django.db import connection as this_threads

        try:
            legal = clients[0].get(f"/api/v1/matches/{m['id']}/legal-actions/").json()
            assert clients[0].post(f"/api/v1/matches/{m['id']}/actions/", {
                "action": legal["actions"][0], "expected_version": legal["version"]},
                content_type="application/json").status_code == 200
        finally:
            this_threads.close()  # (a thread of its own: its connection is its own)

    async def scenario() -> None:
        talks = [await open_stream(None) for _ in range(4)] + [await open_stream(tokens[1])]
        try:
            assert [await next_version(t) for t in talks] == [0] * 5
            renders.clear()
            await sync_to_async(move, thread_sensitive=False)()
            assert [await next_version(t) for t in talks] == [1] * 5
        finally:
            for talk in talks:
                talk.future.cancel()
                with contextlib.suppress(BaseException):
                    await talk.future

    import contextlib

    asyncio.run(scenario())
    # One render for the four spectators, one for the player's own stream (seat 1).
    assert sorted(renders, key=str) == [1, None], renders


@pytest.mark.django_db(transaction=True)
def test_a_server_with_streams_open_stops_within_its_grace_period(django_user_model):
    """An event stream never ends by itself: the server is started as docs/operating.md says,
    with a grace period for open requests, and a stop (SIGTERM, a deploy) ends within it
    even with a stream and a long-poll open."""
    import contextlib
    import http.client

    proc, base = servers.uvicorn({"DATABASE_URL": servers.test_db_url()})
    try:
        tokens = _players(django_user_model, 2)
        m = _match(base, tokens)
        host, port = base.split("//")[1].split(":")
        watching = http.client.HTTPConnection(host, int(port), timeout=60)
        watching.request("GET", f"/api/v1/matches/{m['id']}/stream/?after=0")
        assert watching.getresponse().status == 200
        def long_poll() -> None:
            with contextlib.suppress(OSError):  # (cut off by the stop: the client asks again)
                call(base, "GET", f"/api/v1/matches/{m['id']}/events/?after=0&wait=30",
                     tokens[0])

        waiting = threading.Thread(target=long_poll)
        waiting.start()
        until(lambda: _connections(base) >= 2, timeout=20, what="the long-poll open")
        began = time.monotonic()
        proc.proc.terminate()
        proc.proc.wait(servers.GRACEFUL_SECONDS + 10)
        assert time.monotonic() - began < servers.GRACEFUL_SECONDS + 5
        waiting.join(10)
        watching.close()
    finally:
        proc.stop()


@pytest.fixture(scope="module")
def few_threads_server(django_db_setup, django_db_blocker) -> Iterator[str]:
    with django_db_blocker.unblock():
        yield from _server({"DB_POOL_MAX": "2", "KAOSZ_ASGI_THREADS": "2",
                            "KAOSZ_ASGI_IDLE_THREADS": "0"})


@pytest.mark.django_db(transaction=True)
def test_open_streams_hold_no_thread(few_threads_server, django_user_model):
    """More event streams open than the process lends threads: a move is answered at once
    and every stream sends it (a stream that kept the thread its answer took through the
    middleware chain would let two open board pages stall every other request)."""
    import http.client

    base = few_threads_server
    tokens = _players(django_user_model, 2)
    m = _match(base, tokens)

    def move(n: int) -> float:
        began = time.monotonic()
        status, legal = call(base, "GET", f"/api/v1/matches/{m['id']}/legal-actions/",
                             tokens[0])
        status, acted = call(base, "POST", f"/api/v1/matches/{m['id']}/actions/", tokens[0],
                             {"action": legal["actions"][0],
                              "expected_version": legal["version"],
                              "client_action_id": f"streams-{n}"})
        assert status == 200, acted
        return time.monotonic() - began

    # A first wait starts the server's listener; after a move it has heard of the match,
    # so a stream then waits without a look at the database (which gave its thread back).
    call(base, "GET", f"/api/v1/matches/{m['id']}/events/?after=999&wait=1", tokens[1])
    move(1)
    host, port = base.split("//")[1].split(":")
    streams = []
    opening = time.monotonic()
    for i in range(5):
        conn = http.client.HTTPConnection(host, int(port), timeout=30)
        conn.request("GET", f"/api/v1/matches/{m['id']}/stream/?after=0",
                     headers={"Authorization": f"Token {tokens[i % 2]}"} if i < 2 else {})
        response = conn.getresponse()
        assert response.status == 200
        assert _next_progress(response, time.monotonic() + 5)["version"] == 1
        streams.append((conn, response))
    # (a stream keeping its thread until its first look at the database, ten seconds
    # later, would make the third wait for one)
    assert time.monotonic() - opening < 5.0, "a stream waited for a thread held by another"
    assert move(2) < 3.0, "the move waited for a thread held by a stream"
    for conn, response in streams:
        assert _next_progress(response, time.monotonic() + 5)["version"] == 2
        conn.close()
