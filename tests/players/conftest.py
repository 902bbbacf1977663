"""Shared set-up of the players tests."""

from __future__ import annotations

import uuid

import pytest


@pytest.fixture(autouse=True)
def turn_mails_by_the_test(request, monkeypatch):
    """The "your turn" e-mail task is run by these tests themselves (``notify_turn.apply``,
    ``sweep_turns.apply``), against their own SMTP server. In the production-like pass a
    real Celery worker runs against the test database with its own mail settings: a task
    queued after a move would race the test (the worker marking a turn mailed first) and
    touch the tables while the test's teardown empties them. So the queueing records the
    match instead of sending it to the worker, except in the tests of that very path (they
    ask for the worker's own SMTP server, ``worker_smtp``, or for the in-process worker,
    which runs in the test's process with its settings)."""
    queued: list[int] = []
    if {"worker_smtp", "inprocess_worker"} & set(request.fixturenames):
        return queued
    monkeypatch.setattr("players.tasks.notify_turn.delay", queued.append)
    return queued


@pytest.fixture(autouse=True)
def own_hourly_budget(monkeypatch):
    """Each test counts its challenges made this hour afresh. The budget lives in the cache
    (Redis in the production-like pass) for an hour, under the user's id, and every test
    session's database numbers its users from 1 again: a session run within the hour of
    another would otherwise start where that one's users left off."""
    from players.challenges import services

    token = uuid.uuid4().hex[:8]
    key = services._budget_key
    monkeypatch.setattr(services, "_budget_key", lambda user: f"{key(user)}:{token}")
