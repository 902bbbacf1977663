"""Long-poll wake-ups (matches.live.notify): the notification carries the row's progress."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, connections, transaction

from matches.live import notify as live
from matches.models import Match
from tests.support.matches import new_match, step
from tests.support.waiting import asleep_at, listening, until, wait_decisions


def _notify_soon(statements: list[tuple[str, str]]) -> threading.Thread:
    """A thread that, once a session listens on the first statement's channel, sends
    ``(channel, payload)`` notifications in its own session, in one transaction."""
    def run() -> None:
        until(lambda: listening(statements[0][0]), timeout=30, what="a waiter listening")
        with transaction.atomic(), connections["default"].cursor() as cursor:
            for name, payload in statements:
                cursor.execute("SELECT pg_notify(%s, %s)", [name, payload])
        connections["default"].close()

    t = threading.Thread(target=run)
    t.start()
    return t


def test_progress_is_read_from_a_payload_and_nothing_else():
    assert live.progress("12|active|30|[1]") == (30, 12, "active", [1])
    assert live.progress("7|finished|9|[]") == (9, 7, "finished", [])
    for bad in (None, "", "12", "12|active|x|[1]", "12|active|3|not json", "1|a|2|[\"x\"]"):
        assert live.progress(bad) is None


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's NOTIFY")
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_committed_move_notifies_its_progress(django_user_model):
    match, _ = new_match(django_user_model, "smugglers")
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute(f'LISTEN "{live.channel(match.pk)}"')
    step(match.pk, 0)
    notes = list(connection.connection.notifies(timeout=5, stop_after=1))
    after = Match.objects.get(pk=match.pk)
    assert [live.progress(n.payload) for n in notes] == [
        (after.event_count, after.version, after.status, after.to_act)]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's NOTIFY")
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_waiter_gets_the_payload_that_woke_it(django_user_model):
    """What the events long-poll relies on to go back to sleep without a query."""
    match, _ = new_match(django_user_model, "smugglers")
    seen: list[str | None] = []

    def changed(payload: str | None) -> bool:
        seen.append(payload)
        return payload is not None

    t = _notify_soon([(live.channel(match.pk), "5|active|8|[0]")])
    live.wait_until(match.pk, changed, time.monotonic() + 5)
    t.join()
    assert seen[0] is None                 # the first look, before any notification
    assert seen[-1] == "5|active|8|[0]"    # woken by the notification, and handed it


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's NOTIFY")
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_waiter_woken_by_several_notifications_at_once_sees_the_newest(django_user_model):
    """Two moves committed together arrive in one packet: the second one (the waiter's
    turn) must not be dropped behind the first (the other side's)."""
    match, _ = new_match(django_user_model, "smugglers")
    name = live.channel(match.pk)
    seen: list[str | None] = []

    def my_turn(payload: str | None) -> bool:
        seen.append(payload)
        progress = live.progress(payload)
        return progress is not None and progress[3] == [0]

    t = _notify_soon([(name, "5|active|8|[1]"), (name, "6|active|9|[0]")])
    start = time.monotonic()
    live.wait_until(match.pk, my_turn, start + 3)
    took = time.monotonic() - start
    t.join()
    assert seen[-1] == "6|active|9|[0]"
    assert took < 2, took  # woken by the notification, not by the deadline


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's NOTIFY")
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_waiter_ignores_another_matchs_notification_left_on_its_connection(
        django_user_model):
    """A notification read on this connection before an earlier long-poll's UNLISTEN
    is about that long-poll's match, not this one."""
    match, _ = new_match(django_user_model, "smugglers")
    other = live.channel(match.pk + 1000)
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute(f'LISTEN "{other}"')
        cursor.execute("SELECT pg_notify(%s, %s)", [other, "9|finished|3|[]"])
        cursor.execute("SELECT 1")  # the notification is read here, into the backlog
        cursor.execute(f'UNLISTEN "{other}"')
    seen: list[str | None] = []

    def woken(payload: str | None) -> bool:
        seen.append(payload)
        return payload is not None

    t = _notify_soon([(live.channel(match.pk), "5|active|8|[0]")])
    live.wait_until(match.pk, woken, time.monotonic() + 3)
    t.join()
    assert "9|finished|3|[]" not in seen
    assert seen[-1] == "5|active|8|[0]"


@pytest.mark.django_db(transaction=True)
def test_a_friend_joining_the_last_seat_wakes_the_creators_long_poll(
        players, monkeypatch):
    """Joining emits no event and keeps version 0, so the creator's
    ``events?wait=`` slept to its deadline (~22 s on the page) while the creator's clock
    ran. The start of the match (a status change) now ends the wait at once."""
    from tests.support.matches import create

    (_, ca), (_, cb) = players
    m = create(ca, "roll", ["me", "open"])
    joined = threading.Event()
    decisions = wait_decisions(monkeypatch)

    def friend() -> None:
        try:
            until(lambda: asleep_at(decisions), what="the creator's long-poll waiting")
            r = cb.post(f"/api/v1/matches/{m['id']}/join/", {}, format="json")
            assert r.status_code == 200, r.content
            joined.set()
        finally:
            connections["default"].close()

    t = threading.Thread(target=friend)
    t.start()
    began = time.monotonic()
    r = ca.get(f"/api/v1/matches/{m['id']}/events/?after=0&wait=20")
    took = time.monotonic() - began
    t.join()
    assert joined.is_set()
    assert r.status_code == 200 and r.json()["status"] == "active"
    assert took < 5, f"the creator's long-poll slept {took:.1f} s after the join"
