"""A turn-based match's deadline in its answers: the match detail and every event of the
match stream carry ``clocks.turn`` (who must move, by when, set at which version). The
deadline is written in the transaction of the move that made it due, so the event that
names a move's version names the deadline that move set; a live match's ``turn`` is
null. Embedded (the threaded WSGI server, SQLite, tasks in this process) and, where
PostgreSQL is there, through the ASGI server."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.db import connection

from matches import store
from tests.support.servers import call
from tests.support.streams import Stream

on_postgres = pytest.mark.skipif(connection.vendor != "postgresql",
                                 reason="the ASGI server's streams listen on PostgreSQL")


def _tokens(django_user_model) -> list[str]:
    from rest_framework.authtoken.models import Token

    return [Token.objects.create(user=django_user_model.objects.create_user(n)).key
            for n in ("anna", "bela")]


def _turn_based(base: str, tokens: list[str]) -> dict[str, Any]:
    """anna challenges at one day a move, bela accepts: the started match's detail."""
    status, made = call(base, "POST", "/api/v1/challenges/", tokens[0],
                        {"ruleset": "smugglers", "time_control": "1d"})
    assert status == 201, made
    status, taken = call(base, "POST", f"/api/v1/challenges/{made['id']}/accept/",
                         tokens[1], {})
    assert status == 200, taken
    status, match = call(base, "GET", f"/api/v1/matches/{made['id']}/", tokens[0])
    assert status == 200 and match["status"] == "active", match
    return match


def _deadline(turn: dict[str, Any]) -> datetime:
    assert turn["deadline"].endswith("Z"), turn
    return datetime.fromisoformat(turn["deadline"].replace("Z", "+00:00"))


def _a_day_from(moment: datetime, turn: dict[str, Any]) -> bool:
    return timedelta(hours=23) < _deadline(turn) - moment <= timedelta(days=1, minutes=1)


# How the seat to act moves: (base, match id, its token, its legal-actions answer).
Move = Callable[[str, int, str, dict[str, Any]], None]


def _through_the_api(base: str, match_id: int, token: str, legal: dict[str, Any]) -> None:
    status, acted = call(base, "POST", f"/api/v1/matches/{match_id}/actions/", token,
                         {"action": legal["actions"][0], "expected_version": legal["version"]})
    assert status == 200, acted


def _with_no_signal_after(base: str, match_id: int, token: str, legal: dict[str, Any]) -> None:
    """As a bot playing on moves: no ``match_changed`` after the commit (once the only
    thing that set the deadline, after the stream could have read the new version)."""
    store.submit(match_id, legal["seat"], legal["actions"][0],
                 expected_version=legal["version"], schedule_bots=False)


def _the_deadline_moves_with_the_turn(base: str, tokens: list[str], move: Move) -> None:
    """The watcher (the seat not to act) follows the stream while the other seat moves
    until the turn is the watcher's: every event's deadline is the one its version set."""
    began = datetime.now(UTC)
    match = _turn_based(base, tokens)
    first = match["clocks"]["turn"]
    mover = match["to_act"][0]
    assert (first["to_act"], first["version"]) == (match["to_act"], match["version"])
    assert _a_day_from(began, first)
    watcher = 1 - mover
    stream = Stream(base, f"/api/v1/matches/{match['id']}/stream/?after=0", tokens[watcher])
    try:
        name, seen = stream.next()
        assert name == "progress" and seen["clocks"]["turn"] == first, seen
        for _ in range(12):  # (a turn of Űrcsempészek may be more than one action)
            moved_at = datetime.now(UTC)
            status, legal = call(base, "GET", f"/api/v1/matches/{match['id']}/legal-actions/",
                                 tokens[mover])
            assert status == 200 and legal["actions"], legal
            move(base, match["id"], tokens[mover], legal)
            name, seen = stream.next()
            turn = seen["clocks"]["turn"]
            # read with the version it names: the move's own deadline, never the last one's
            assert (turn["version"], turn["to_act"]) == (seen["version"], seen["to_act"])
            assert _a_day_from(moved_at, turn) and _deadline(turn) >= _deadline(first)
            if seen["to_act"] == [watcher]:
                break
        else:
            raise AssertionError("the turn never passed to the watcher")
    finally:
        stream.close()
    status, now = call(base, "GET", f"/api/v1/matches/{match['id']}/", tokens[watcher])
    assert status == 200 and now["clocks"]["turn"] == turn, now


@pytest.fixture
def quick_keepalive(monkeypatch) -> None:
    from matches.api import live_views

    # (the live server's stream thread ends at its next write after the client left)
    monkeypatch.setattr(live_views, "STREAM_KEEPALIVE", 0.5)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("move", [_through_the_api, _with_no_signal_after])
def test_each_stream_event_names_the_deadline_of_its_version(
        live_server, django_user_model, bots_in_process, quick_keepalive, move):
    """Embedded (on SQLite: the computed-first write): the move's own transaction writes
    the deadline, with or without the signal after it."""
    _the_deadline_moves_with_the_turn(live_server.url, _tokens(django_user_model), move)


@pytest.mark.postgres
@on_postgres
@pytest.mark.django_db(transaction=True)
def test_each_stream_event_names_the_deadline_of_its_version_on_postgres(
        asgi_server, django_user_model):
    """PostgreSQL's writes (held, optimistic, locked) under the ASGI server's hub."""
    _the_deadline_moves_with_the_turn(asgi_server, _tokens(django_user_model),
                                      _through_the_api)


@pytest.mark.django_db
def test_a_live_match_has_no_turn_deadline(client, django_user_model):
    from tests.support.api import client_for

    api = client_for(django_user_model.objects.create_user("ora"))
    m = api.post("/api/v1/matches/", {"ruleset": "smugglers", "seats": [
        {"player": "me"}, {"player": "bot:random"}]}, format="json").json()
    assert api.get(f"/api/v1/matches/{m['id']}/").json()["clocks"]["turn"] is None
    got = api.get(f"/api/v1/matches/{m['id']}/events/?after=0").json()
    assert got["clocks"]["turn"] is None


@pytest.mark.django_db
def test_the_stream_event_and_the_match_detail_are_typed_with_clocks(client):
    """The stream's ``progress`` event and the match detail reference ``ClocksOut``, whose
    ``turn`` says who must move by when (a date-time)."""
    spec = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    schemas = spec["components"]["schemas"]

    def shapes(ref: str) -> list[dict[str, Any]]:  # (one shape per game)
        schema = schemas[ref.rsplit("/", 1)[1]]
        return [schemas[one["$ref"].rsplit("/", 1)[1]] for one in schema["oneOf"]]

    def clocks_ref(shape: dict[str, Any]) -> str:
        field = shape["properties"]["clocks"]
        return (field.get("allOf") or [field])[0]["$ref"]

    stream = spec["paths"]["/api/v1/matches/{id}/stream/"]["get"]["responses"]["200"]
    detail = spec["paths"]["/api/v1/matches/{id}/"]["get"]["responses"]["200"]
    for ref in (stream["x-events"]["progress"]["$ref"],
                detail["content"]["application/json"]["schema"]["$ref"]):
        assert {clocks_ref(shape) for shape in shapes(ref)} == {
            "#/components/schemas/ClocksOut"}, ref
    turn = schemas["ClocksOut"]["properties"]["turn"]
    assert turn["nullable"] and "turn" in schemas["ClocksOut"]["required"]
    assert turn["properties"]["deadline"] == {**turn["properties"]["deadline"],
                                              "type": "string", "format": "date-time"}
    assert set(turn["required"]) == {"to_act", "deadline", "version", "reserve_ms"}
