"""Turn-based matches: a deadline per move kept beside the match, a reserve,
the beat's sweep enforcing it (the late player loses, rated; or a bot moves for them and
the board says so), a deadline passed while no worker ran enforced when the task runs,
and "my matches" with your turn first and the count in the header."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from matches import store
from matches.models import Match
from players.models import Rating, TurnClock
from players.ratings import aborts
from players.tasks import sweep_turns
from players.turns import clocks
from rulesets import registry
from tests.support.api import client_for
from tests.support.moves import until_each_moved

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def people(django_user_model):
    return {n: django_user_model.objects.create_user(n, password="titkos-jelszo-123")
            for n in ("anna", "bela")}


def started(people, **body):
    r = client_for(people["anna"]).post("/api/v1/challenges/", {
        "ruleset": "smugglers", "time_control": "1d", **body}, format="json")
    assert r.status_code == 201, r.content
    a = client_for(people["bela"]).post(f"/api/v1/challenges/{r.json()['id']}/accept/", {},
                                        format="json")
    assert a.status_code == 200, a.content
    return Match.objects.get(pk=r.json()["id"])


def test_a_timeout_before_the_late_player_ever_moved_is_an_abort(people):
    match = started(people, rated=True)
    clock = TurnClock.objects.get(match=match)
    TurnClock.objects.filter(pk=clock.pk).update(
        deadline=timezone.now() - timedelta(days=3), expires=timezone.now() - timedelta(hours=1))
    assert sweep_turns.apply().get()["timeouts"] == 1
    assert aborts.is_aborted(match.pk) and not Rating.objects.exists()


def test_a_deadline_is_set_after_each_move_and_my_matches_puts_my_turn_first(people, client):
    before = timezone.now()
    match = started(people, rated=True)
    clock = TurnClock.objects.get(match=match)
    assert clock.version == match.version and clock.to_act == match.to_act
    assert timedelta(hours=23) < clock.deadline - before <= timedelta(days=1, minutes=1)
    assert clock.expires - clock.deadline == timedelta(days=2)           # the reserve
    late = match.seats.get(index=match.to_act[0]).user
    # a second, live match of the same player where it is not their turn comes after
    other = started(people, time_control="live")
    mine = client_for(late).get("/api/v1/my-matches/").json()
    assert mine["matches"][0]["id"] == match.pk and mine["matches"][0]["your_turn"]
    assert mine["matches"][0]["deadline"] == clock.deadline.isoformat().replace("+00:00", "Z")
    for seat in match.seats.all():
        turn = seat.index in match.to_act
        assert client_for(seat.user).get("/api/v1/my-matches/count/").json()["your_turn"] \
            == int(turn) + int(other.seats.get(user=seat.user).index in other.to_act)
    client.force_login(late)
    header = client.get("/play/mine/").content.decode()
    count = client_for(late).get("/api/v1/my-matches/count/").json()["your_turn"]
    assert f'id="my-turn-count" data-count="{count}"' in header and "Te jössz!" in header
    board = client.get(f"/play/{match.pk}/").content.decode()
    assert 'id="turn-clock"' in board and "1 nap lépésenként" in board


def test_a_timeout_loses_the_match_and_is_rated(people, client):
    match = until_each_moved(started(people, rated=True))   # (before that: an abort)
    clock = TurnClock.objects.get(match=match)
    late_seat = clock.to_act[0]
    # a day late: the reserve still covers it
    assert clocks.sweep(now=clock.deadline + timedelta(hours=1)) == 0
    match.refresh_from_db()
    assert match.status == "active"
    # The reserve ran out while no worker was running: the task enforces it when it runs.
    TurnClock.objects.filter(pk=clock.pk).update(
        deadline=timezone.now() - timedelta(days=3), expires=timezone.now() - timedelta(hours=1))
    assert sweep_turns.apply().get()["timeouts"] == 1
    match.refresh_from_db()
    assert match.status == "finished" and late_seat not in match.outcome["winners"]
    assert TurnClock.objects.get(pk=clock.pk).timed_out_seat == late_seat
    late_user = match.seats.get(index=late_seat).user
    assert Rating.objects.get(user=late_user, game="smugglers", family="turn").rating < 1500
    assert Rating.objects.exclude(user=late_user).get(family="turn").rating > 1500
    client.cookies["django_language"] = "en"
    assert "Ran out of time and lost" in client.get(f"/play/{match.pk}/").content.decode()
    assert sweep_turns.apply().get()["timeouts"] == 0                # once only


def test_a_bot_moves_for_a_late_player_when_the_match_was_made_so(people, client):
    match = started(people, timeout_bot=True)
    clock = TurnClock.objects.get(match=match)
    version, late_seat = match.version, clock.to_act[0]
    assert clocks.sweep(now=clock.expires + timedelta(seconds=1)) == 1
    match.refresh_from_db()
    assert match.version > version and match.status in ("active", "finished")
    clock.refresh_from_db()
    assert clock.bot_moves == [[version, late_seat]] and clock.timed_out_seat is None
    assert clock.reserve_ms[late_seat] == 0                           # the reserve is spent
    if match.status == "active":
        assert clock.version == match.version                         # the next deadline
    client.cookies["django_language"] = "hu"
    page = client.get(f"/play/{match.pk}/").content.decode()
    assert "Gép lépett helyette (okos gép)" in page


def test_live_matches_have_no_deadline(people):
    started(people, time_control="live")
    assert not TurnClock.objects.exists()
    assert clocks.sweep(now=timezone.now() + timedelta(days=30)) == 0


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's one write lock")
def test_a_turn_based_move_takes_the_write_lock_once(people):
    """The deadline commits with the move: no second write transaction follows it to set
    the deadline (on SQLite each takes the database's one write lock, which every other
    move of every match waits for)."""
    match = started(people)
    rs = registry.get(match.ruleset)
    seat = match.to_act[0]
    state = match.state_json()
    assert state is not None
    action = rs.bot_action(rs.from_json(state), seat, "random", "lock")
    with CaptureQueriesContext(connection) as ctx:
        store.submit(match.pk, seat, action, expected_version=match.version)
    writes = [q["sql"] for q in ctx.captured_queries if q["sql"].startswith("BEGIN")]
    assert writes == ["BEGIN IMMEDIATE"], writes
    match.refresh_from_db()
    assert TurnClock.objects.get(match=match).version == match.version


def test_your_turn_on_the_account_stream_carries_the_deadline(people):
    """A bot that plays turn-based matches from its account stream learns the deadline
    with the turn, and a stream opened later finds it in the snapshot."""
    from matches.live.account import account_event, snapshot

    told: list[dict] = []

    def keep(sender, user_id, kind, payload, **kwargs):
        if kind == "your_turn":
            told.append(payload)

    account_event.connect(keep)
    try:
        match = started(people)
        seat = match.to_act[0]
        action = registry.get(match.ruleset).bot_action(
            registry.get(match.ruleset).from_json(match.state_json()), seat, "random", "d")
        store.submit(match.pk, seat, action, expected_version=match.version)
    finally:
        account_event.disconnect(keep)
    match.refresh_from_db()
    clock = TurnClock.objects.get(match=match)
    due = clock.deadline.isoformat().replace("+00:00", "Z")
    assert told and told[-1]["version"] == match.version and told[-1]["deadline"] == due
    waiting = snapshot(match.seats.get(index=match.to_act[0]).user_id)["your_turn"]
    assert [(t["match"], t["deadline"]) for t in waiting] == [(match.pk, due)]
