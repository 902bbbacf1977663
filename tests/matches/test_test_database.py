"""The test database lets a reader through while another connection writes, as the
production databases do (PostgreSQL; SQLite in WAL mode). Django's default SQLite test
database, shared-cache in memory, answered such a reader "database table is locked" at once:
the page tests, whose live-server threads write while the test reads, failed by load and by
order. And the live server's requests are counted, so a test can wait for its own."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction

from tests.support.live_server import InFlight, long_poll


@pytest.mark.django_db(transaction=True)
def test_a_reader_is_not_refused_while_another_connection_writes():
    written, read_done = threading.Event(), threading.Event()
    seen: list[object] = []

    def writer() -> None:
        try:
            with transaction.atomic():
                get_user_model().objects.create_user("kozben-iro")
                written.set()
                assert read_done.wait(30)
        finally:
            connection.close()

    def reader() -> None:
        try:
            assert written.wait(30)
            seen.append(get_user_model().objects.filter(username="kozben-iro").count())
        except Exception as exc:  # (reported below, with its message)
            seen.append(exc)
        finally:
            read_done.set()
            connection.close()

    threads = [threading.Thread(target=writer), threading.Thread(target=reader)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert seen == [0], seen        # not yet committed: not seen, and no error
    assert get_user_model().objects.filter(username="kozben-iro").count() == 1


def test_the_live_servers_requests_are_counted_until_the_server_closes_them():
    entered, release = threading.Event(), threading.Event()

    def app(environ, start_response):
        start_response("200 OK", [])
        entered.set()
        assert release.wait(30)
        return [b"ok"]

    inflight = InFlight(app)
    answers: list[object] = []
    t = threading.Thread(target=lambda: answers.append(inflight(
        {"PATH_INFO": "/api/v1/matches/1/actions/", "QUERY_STRING": ""}, lambda *a: None)))
    t.start()
    assert entered.wait(30)
    assert inflight.wait_idle(0.05) == ["/api/v1/matches/1/actions/?"]
    release.set()
    t.join(30)
    assert inflight.busy() == ["/api/v1/matches/1/actions/?"]   # sent, not yet closed
    answer = answers[0]
    assert list(answer) == [b"ok"]
    answer.close()
    assert inflight.wait_idle(1.0) == []


def test_only_an_events_long_poll_is_let_go():
    assert long_poll("/api/v1/matches/3/events/?after=2&wait=25")
    assert not long_poll("/api/v1/matches/3/events/?after=2&wait=0")
    assert not long_poll("/api/v1/matches/3/events/?after=2")
    assert not long_poll("/api/v1/matches/3/actions/?wait=25")
