"""The event streams over HTTP: a match's stream and the account stream,
embedded (the threaded WSGI server, SQLite: a thread per stream) and, where PostgreSQL is
there, through the ASGI server (uvicorn: the hub, no thread per stream)."""

from __future__ import annotations

import time

import pytest
from django.db import connection

from matches.api import live_views
from matches.live import caps
from tests.support.servers import call
from tests.support.streams import Stream

on_postgres = pytest.mark.skipif(connection.vendor != "postgresql",
                                 reason="the ASGI server's streams listen on PostgreSQL")


def _tokens(django_user_model, *names: str) -> list[str]:
    from rest_framework.authtoken.models import Token

    return [Token.objects.create(user=django_user_model.objects.create_user(n)).key
            for n in names]


def _invite(base: str, token: str, other: str) -> dict:
    status, m = call(base, "POST", "/api/v1/matches/", token,
                     {"ruleset": "smugglers", "seats": [{"player": "me"}, {"player": other}]})
    assert status == 201, m
    return m


def _move(base: str, match_id: int, token: str) -> dict:
    status, legal = call(base, "GET", f"/api/v1/matches/{match_id}/legal-actions/", token)
    assert status == 200 and legal["actions"], legal
    status, acted = call(base, "POST", f"/api/v1/matches/{match_id}/actions/", token,
                         {"action": legal["actions"][0], "expected_version": legal["version"]})
    assert status == 200, acted
    return acted


def _to_act(base: str, match_id: int, tokens: list[str]) -> int:
    """Which of the two players' tokens is to act (0 or 1)."""
    status, m = call(base, "GET", f"/api/v1/matches/{match_id}/", tokens[0])
    assert status == 200, m
    return m["to_act"][0]


def _a_match_played_through_its_streams(base: str, tokens: list[str]) -> None:
    """Player 1 follows their account stream and the match's stream while player 0 invites
    them, they join, the match moves and ends (a resignation): each event arrives."""
    mine = Stream(base, "/api/v1/me/stream/", tokens[1])
    try:
        assert mine.response.status == 200
        assert (mine.response.getheader("Content-Type") or "").startswith("text/event-stream")
        name, hello = mine.next()
        assert (name, hello["your_turn"], hello["invitations"]) == ("hello", [], [])
        m = _invite(base, tokens[0], "p1")
        name, invited = mine.next()
        assert name == "invitation" and invited["match"] == m["id"], (name, invited)
        assert invited["from"] == "p0" and invited["seat"] == 1
        status, joined = call(base, "POST", f"/api/v1/matches/{m['id']}/join/", tokens[1], {})
        assert status == 200 and joined["status"] == "active", joined
        # (the browser's EventSource asks for text/event-stream: the answer is the stream)
        match = Stream(base, f"/api/v1/matches/{m['id']}/stream/?after=0", tokens[1])
        try:
            assert match.response.status == 200
            name, first = match.next()
            assert name == "progress" and first["status"] == "active"
            turns = 0
            for _ in range(6):  # (until it is player 1's turn: the account stream says so)
                if _to_act(base, m["id"], tokens) == 1:
                    break
                _move(base, m["id"], tokens[0])
                name, moved = match.next()
                assert name == "progress" and moved["version"] > first["version"]
                turns += 1
            assert _to_act(base, m["id"], tokens) == 1
            name, turn = mine.next()
            # (the join told p1 the match started; then whose turn it is)
            while name == "match_started" or (turns and name == "your_turn"
                                              and turn["seat"] != 1):
                name, turn = mine.next()
            assert (name, turn["match"], turn["seat"]) == ("your_turn", m["id"], 1), turn
            status, _ = call(base, "POST", f"/api/v1/matches/{m['id']}/resign/", tokens[0], {})
            assert status == 200
            name, last = match.next()
            assert name == "progress" and last["status"] == "finished"
            assert match.response.read() == b"\n"  # (the stream ends with the match)
        finally:
            match.close()
        while True:
            name, ended = mine.next()
            if name == "match_finished":
                break
        assert ended == {"match": m["id"]}
    finally:
        mine.close()
    # A stream opened now starts with what is waiting: nothing (the invitation was taken).
    again = Stream(base, "/api/v1/me/stream/", tokens[1])
    try:
        assert again.next() == ("hello", {"user": again_user(tokens[1]), "your_turn": [],
                                          "invitations": []})
    finally:
        again.close()


def again_user(token: str) -> int:
    from rest_framework.authtoken.models import Token

    return Token.objects.get(key=token).user_id


@pytest.fixture
def quick_keepalive(monkeypatch) -> None:
    # (a stream whose client left ends at its next write: soon, so that the live server's
    # thread does not outlive the test by the default 20 s)
    monkeypatch.setattr(live_views, "STREAM_KEEPALIVE", 0.5)


@pytest.mark.django_db(transaction=True)
def test_streams_in_the_embedded_server(live_server, django_user_model, quick_keepalive):
    """``make run``'s server (threaded WSGI; SQLite in the embedded pass): both streams
    work, a thread each."""
    tokens = _tokens(django_user_model, "p0", "p1")
    _a_match_played_through_its_streams(live_server.url, tokens)


@pytest.mark.django_db(transaction=True)
def test_the_account_stream_needs_an_account(live_server):
    status, body = call(live_server.url, "GET", "/api/v1/me/stream/")
    assert status == 401 and body["error"]["code"] == "not_authenticated"


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["post", "options", "delete"])
def test_a_stream_is_read_with_get_only(client, method):
    """Another method is refused with 405 and no slot taken (opening a stream like a GET,
    the fuzzers' OPTIONS and POSTs would hold their address's waiting slots, and a later
    test of the anonymous cap find none free)."""
    before = dict(caps._WAITERS)
    for path in ("/api/v1/matches/1/stream/", "/api/v1/me/stream/"):
        r = getattr(client, method)(path)
        assert r.status_code == 405, (path, r.status_code)
        assert r.json()["error"]["code"] == "method_not_allowed" and "GET" in r["Allow"]
    assert dict(caps._WAITERS) == before


@pytest.mark.django_db
def test_a_match_stream_refuses_in_the_error_shape_and_holds_no_slot(client,
                                                                      django_user_model):
    """The stream is a plain async view running the events view's checks: a bad token is
    a 401 naming its scheme, a match that does not exist a 404, a seat that is not yours
    a 403, each in the API's one error shape, and none keeps a waiting slot."""
    before = dict(caps._WAITERS)
    bad = client.get("/api/v1/matches/1/stream/", HTTP_AUTHORIZATION="Token not-a-token")
    as_the_long_poll = client.get("/api/v1/matches/1/events/",
                                  HTTP_AUTHORIZATION="Token not-a-token")
    assert bad.status_code == as_the_long_poll.status_code == 401
    assert bad["WWW-Authenticate"] == as_the_long_poll["WWW-Authenticate"] == "Token"
    assert {**bad.json()["error"], "request_id": None} == \
        {**as_the_long_poll.json()["error"], "request_id": None}
    gone = client.get("/api/v1/matches/999999/stream/?after=0")
    assert gone.status_code == 404 and gone.json()["error"]["code"] == "not_found"
    tokens = _tokens(django_user_model, "s0", "s1")
    m = client.post("/api/v1/matches/", {"ruleset": "smugglers", "seats": [
        {"player": "me"}, {"player": "bot:random"}]}, content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {tokens[0]}").json()
    refused = client.get(f"/api/v1/matches/{m['id']}/stream/?seat=0",
                         HTTP_AUTHORIZATION=f"Token {tokens[1]}")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_your_seat"
    assert dict(caps._WAITERS) == before


@pytest.mark.postgres
@on_postgres
@pytest.mark.django_db(transaction=True)
def test_streams_through_the_asgi_server(asgi_server, django_user_model):
    """Production's server on PostgreSQL: the account events are NOTIFY'd with the
    transaction that made them and fanned out by the process's listener."""
    tokens = _tokens(django_user_model, "p0", "p1")
    _a_match_played_through_its_streams(asgi_server, tokens)


@pytest.mark.postgres
@on_postgres
@pytest.mark.django_db(transaction=True)
def test_a_snapshot_names_the_turns_and_invitations_waiting(asgi_server, django_user_model):
    """A bot that connects late misses nothing: the first event lists what waits for it."""
    tokens = _tokens(django_user_model, "p0", "p1")
    m = _invite(asgi_server, tokens[0], "p1")
    s = Stream(asgi_server, "/api/v1/me/stream/", tokens[1])
    try:
        name, hello = s.next()
        assert name == "hello" and [i["match"] for i in hello["invitations"]] == [m["id"]]
    finally:
        s.close()
    status, _ = call(asgi_server, "POST", f"/api/v1/matches/{m['id']}/join/", tokens[1], {})
    assert status == 200
    who = _to_act(asgi_server, m["id"], tokens)
    s = Stream(asgi_server, "/api/v1/me/stream/", tokens[who])
    try:
        name, hello = s.next()
        assert [t["match"] for t in hello["your_turn"]] == [m["id"]], hello
    finally:
        s.close()


@pytest.mark.django_db
def test_the_streams_are_in_the_schema(client):
    """Both streams are documented operations (the stream was missing), their
    answer ``text/event-stream`` and each event's JSON a named schema."""
    spec = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    schemas = spec["components"]["schemas"]
    for path, events in (("/api/v1/matches/{id}/stream/", {"progress"}),
                         ("/api/v1/me/stream/", {"hello", "your_turn", "invitation",
                                                  "match_finished"})):
        ok = spec["paths"][path]["get"]["responses"]["200"]
        assert "text/event-stream" in ok["content"], path
        assert set(ok["x-events"]) == events, path
        for ref in ok["x-events"].values():
            assert ref["$ref"].rsplit("/", 1)[1] in schemas, ref
    assert set(schemas["AccountHello"]["required"]) == {"user", "your_turn", "invitations"}


@pytest.mark.postgres
@on_postgres
@pytest.mark.django_db(transaction=True)
def test_a_long_poll_with_news_already_is_answered_at_once(asgi_server, django_user_model):
    """Under the ASGI server a long-poll that has something to send when it arrives does
    not wait (nor fail): the events view's answer is the answer."""
    tokens = _tokens(django_user_model, "p0", "p1")
    m = _invite(asgi_server, tokens[0], "p1")
    status, _ = call(asgi_server, "POST", f"/api/v1/matches/{m['id']}/join/", tokens[1], {})
    assert status == 200
    who = _to_act(asgi_server, m["id"], tokens)
    _move(asgi_server, m["id"], tokens[who])
    began = time.monotonic()
    status, body = call(asgi_server, "GET", f"/api/v1/matches/{m['id']}/events/?after=0&wait=20",
                        tokens[1 - who])
    assert status == 200 and body["events"] and body["version"] == 1, body
    assert time.monotonic() - began < 10
