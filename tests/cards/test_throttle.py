"""The sliding-window search throttle, on whichever counter store the settings give."""

from __future__ import annotations

import pytest
from django.test.client import RequestFactory
from rest_framework.request import Request

from web.api.throttling import WindowRateThrottle

pytestmark = pytest.mark.django_db


class View:
    throttle_scope = "test-window"


class Throttle(WindowRateThrottle):
    THROTTLE_RATES = {"test-window": "4/min"}
    now = 6000.0  # the start of a one-minute window

    def timer(self) -> float:
        return self.now


def ask(ip: str = "10.0.0.1") -> tuple[bool, Throttle]:
    throttle = Throttle()
    request = Request(RequestFactory().get("/", REMOTE_ADDR=ip))
    return throttle.allow_request(request, View()), throttle


def test_limit_within_a_window_and_per_client():
    assert [ask()[0] for _ in range(4)] == [True] * 4
    allowed, throttle = ask()
    assert not allowed and throttle.wait() == 60  # the whole current window is over budget
    assert ask("10.0.0.2")[0]  # another client has its own budget


def test_the_previous_window_still_counts_in_proportion():
    for _ in range(4):
        assert ask()[0]
    Throttle.now = 6000.0 + 60 + 30  # halfway into the next window: 4 * 0.5 = 2 still count
    try:
        assert [ask()[0] for _ in range(3)] == [True, True, False]
        allowed, throttle = ask()
        # 4 counted now, 4 before: back under 4 only once the previous window has gone.
        assert not allowed and throttle.wait() == 30
    finally:
        Throttle.now = 6000.0


def test_a_scope_without_a_rate_is_not_throttled():
    class Unlimited(View):
        throttle_scope = "no-such-scope-rate"

    throttle = Throttle()
    throttle.THROTTLE_RATES = {"no-such-scope-rate": None}
    request = Request(RequestFactory().get("/"))
    assert all(throttle.allow_request(request, Unlimited()) for _ in range(10))


def test_processes_share_the_budget_in_batches():
    """Two processes (each its own tallies) at 1000/min: batches of 10, so together they
    let through at most 1000 + 2 * 9 and never refuse before the limit."""

    class ProcessA(Throttle):
        THROTTLE_RATES = {"test-window": "1000/min"}
        tallies: dict = {}

    class ProcessB(ProcessA):
        tallies: dict = {}

    request = Request(RequestFactory().get("/", REMOTE_ADDR="10.0.0.3"))
    allowed = []
    for i in range(1100):
        throttle = (ProcessA if i % 2 else ProcessB)()
        allowed.append(throttle.allow_request(request, View()))
    assert all(allowed[:1000])
    assert 1000 <= sum(allowed) <= 1000 + 2 * 9
    assert not any(allowed[-50:])


def test_one_clients_round_trip_does_not_hold_up_the_others():
    """The shared counter is reached over the network; while one client's sync waits on
    it, another client's request in the same process is counted and answered (the
    process's lock guards only its own tallies)."""
    import threading

    release = threading.Event()
    entered = threading.Event()

    class Slow(Throttle):
        tallies: dict = {}

        def _sync(self, *args, **kwargs):
            entered.set()
            assert release.wait(10)
            return super()._sync(*args, **kwargs)

    def request(ip: str) -> Request:
        return Request(RequestFactory().get("/", REMOTE_ADDR=ip))

    first = threading.Thread(target=lambda: Slow().allow_request(request("10.0.0.7"), View()))
    first.start()
    try:
        assert entered.wait(10)
        answered = threading.Event()

        def second() -> None:
            class Local(Slow):
                def _sync(self, *args, **kwargs):  # (this client's sync is quick)
                    return Throttle._sync(self, *args, **kwargs)
            Local().allow_request(request("10.0.0.8"), View())
            answered.set()

        threading.Thread(target=second).start()
        assert answered.wait(5), "a second client waited for the first one's round trip"
    finally:
        release.set()
        first.join(10)
