"""SQLite's write path: SQLite has one write lock for the whole database, and the store
held it while the engine applied a move, so every move of every match waited on the one
being computed (a club night on ``make run``: p99 0.6 s for ``POST /actions/``). The move
is computed from a plain read, then written in a short transaction guarded by the version
read; a write computed from a row that moved on stores nothing and is recomputed."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from django.db import connection

from matches import store
from matches.models import Match
from matches.store import submission
from tests.support.matches import new_match, next_move, step

pytestmark = [
    pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's write path"),
    pytest.mark.django_db(transaction=True),
]


class Held:
    """The engine's apply, held at a gate in the thread named ``slow-move`` only."""

    def __init__(self) -> None:
        self.gate, self.computing = threading.Event(), threading.Event()
        self.calls = 0


@pytest.fixture
def held(monkeypatch) -> Iterator[Held]:
    hold = Held()
    real = submission.apply_entry

    def apply_entry(*args, **kwargs):
        if threading.current_thread().name == "slow-move":
            hold.calls += 1
            hold.computing.set()
            assert hold.gate.wait(60)
        return real(*args, **kwargs)

    monkeypatch.setattr(submission, "apply_entry", apply_entry)
    yield hold
    hold.gate.set()


def _in_thread(name: str, fn, out: dict) -> threading.Thread:
    def run() -> None:
        try:
            out[name] = fn()
        except BaseException as exc:  # (surfaced by the test)
            out[name] = exc
        finally:
            connection.close()

    thread = threading.Thread(target=run, name=name)
    thread.start()
    return thread


def test_a_move_being_computed_holds_up_no_other_match(django_user_model, held):
    slow, _ = new_match(django_user_model, "smugglers")
    other, _ = new_match(django_user_model, "kgk")
    before = slow.version
    out: dict = {}
    first = _in_thread("slow-move", lambda: step(slow.pk, 0), out)
    second = None
    try:
        assert held.computing.wait(60)
        other_done = threading.Event()
        second = _in_thread("other-move", lambda: (step(other.pk, 0), other_done.set()), out)
        # The other match's move is written while the first is still being computed.
        assert other_done.wait(20), "a move waited on another match's move being computed"
        assert Match.objects.get(pk=slow.pk).version == before    # (the slow one: not yet)
    finally:
        held.gate.set()
        first.join(60)
        if second is not None:
            second.join(60)
    assert out["slow-move"].status == 200 and out["other-move"][0].status == 200
    assert Match.objects.get(pk=slow.pk).version > before


def test_a_move_computed_from_a_row_that_moved_on_is_computed_again(
        django_user_model, held):
    """No ``expected_version``: the first computation lost the race, stored nothing, and
    the move was applied once, to the match as the other writer left it."""
    match, _ = new_match(django_user_model, "smugglers")
    _, seat, action = next_move(match.pk, 0)
    out: dict = {}
    slow = _in_thread("slow-move", lambda: store.submit(
        match.pk, seat, action, client_action_id="late"), out)
    try:
        assert held.computing.wait(60)
        step(match.pk, 0)       # (the same seat's same move, first)
    finally:
        held.gate.set()
        slow.join(60)
    result = out["slow-move"]
    if isinstance(result, BaseException):      # the move no longer legal: refused
        assert isinstance(result, store.StoreError), result
        entries = 1
    else:
        assert result.status == 200 and result.body["seq"] >= 1
        entries = 2
    assert held.calls >= 2                       # (computed again)
    m = Match.objects.get(pk=match.pk)
    seqs = list(m.log.order_by("seq").values_list("seq", flat=True))
    assert len(seqs) >= entries and seqs == list(range(m.version))
    assert store.verify(m)["ok"]


def test_a_stale_expected_version_loses_the_race_with_409(django_user_model, held):
    match, _ = new_match(django_user_model, "smugglers")
    now, seat, action = next_move(match.pk, 0)
    out: dict = {}
    slow = _in_thread("slow-move", lambda: store.submit(
        match.pk, seat, action, expected_version=now.version, client_action_id="late"), out)
    try:
        assert held.computing.wait(60)
        step(match.pk, 0)
    finally:
        held.gate.set()
        slow.join(60)
    error = out["slow-move"]
    assert isinstance(error, store.StoreError) and error.code == "version_conflict", error
    m = Match.objects.get(pk=match.pk)
    assert not m.log.filter(client_action_id="late").exists()
    assert store.verify(m)["ok"]
