"""The in-process task worker (``kaosz.task_runner``) that ``make run`` serves with: a
person's request answers before the bot moves, the bot's move lands after, and the worker
keeps Celery's contract (after the commit, per queue, idempotent tasks)."""

from __future__ import annotations

import logging
import random
import threading

from celery import shared_task
from django.contrib.auth import get_user_model
from django.db import transaction

from kaosz import embedded_beat, task_runner
from matches.models import Match
from tests.support.api import client_for
from tests.support.matches import create

SEEN: list[str] = []
GATE = threading.Event()


@shared_task(name="tests.inprocess.record")
def record(word: str) -> None:
    SEEN.append(word)


@shared_task(name="tests.inprocess.wait_at_gate")
def wait_at_gate() -> None:
    assert GATE.wait(60)


@shared_task(name="tests.inprocess.fail")
def fail() -> None:
    raise RuntimeError("the task broke")


def test_a_bot_move_does_not_delay_the_person_s_answer(inprocess_worker):
    """The answer to the person's move comes while the bot's move is still queued (the
    worker is held): on the eager path the bot moved inside the request."""
    me = client_for(get_user_model().objects.create_user("ember"))
    m = create(me, "kgk", ["me", "bot:search-hard"])
    rng = random.Random(3)
    for k in range(40):
        inprocess_worker.wait_idle()   # (the bot may open the game: its move is played)
        legal = me.get(f"/api/v1/matches/{m['id']}/legal-actions/").json()
        assert legal["actions"], "the person has nothing to do while no bot task runs"
        with inprocess_worker.paused():
            r = me.post(f"/api/v1/matches/{m['id']}/actions/",
                        {"action": rng.choice(legal["actions"]),
                         "expected_version": legal["version"],
                         "client_action_id": f"c{k}"}, format="json")
            assert r.status_code == 200, r.content
            answered = r.json()["version"]
            match = Match.objects.get(pk=m["id"])
            if 1 not in match.to_act:
                continue
            # The person has the answer; the bot's move is queued, not played.
            assert match.version == answered and inprocess_worker.busy() >= 1
        inprocess_worker.wait_idle()
        assert Match.objects.get(pk=m["id"]).version > answered
        return
    raise AssertionError("the bot never came to act")


def test_a_task_enqueued_in_a_transaction_runs_after_the_commit(inprocess_worker):
    SEEN.clear()
    with inprocess_worker.paused():
        with transaction.atomic():
            record.delay("inside")
            assert inprocess_worker.busy() == 0   # (not handed over before the commit)
        assert inprocess_worker.busy() == 1
    inprocess_worker.wait_idle()
    assert SEEN == ["inside"]
    with transaction.atomic():
        record.delay("rolled back")
        transaction.set_rollback(True)
    inprocess_worker.wait_idle()
    assert SEEN == ["inside"]


def test_a_queue_held_up_does_not_hold_up_the_others(inprocess_worker):
    """A mail stuck on a slow SMTP server (here, a task waiting at a gate on the mail
    queue) does not delay a task of another queue."""
    SEEN.clear()
    GATE.clear()
    wait_at_gate.apply_async(queue="mail")
    record.apply_async(("bots go on",), queue="bots")
    try:
        inprocess_worker.wait_idle(left=1)   # (all done but the held mail)
        assert SEEN == ["bots go on"] and inprocess_worker.busy() == 1
    finally:
        GATE.set()
    inprocess_worker.wait_idle()
    assert SEEN == ["bots go on"]


def test_a_failing_task_is_logged_and_the_worker_goes_on(inprocess_worker, caplog):
    SEEN.clear()
    with caplog.at_level(logging.ERROR, logger="kaosz.task_runner"):
        fail.delay()
        record.delay("after")
        inprocess_worker.wait_idle()
    assert SEEN == ["after"]
    assert "tests.inprocess.fail" in caplog.text and "the task broke" in caplog.text


def test_the_beat_hands_its_sweeps_to_the_worker_and_does_not_stack_them(inprocess_worker):
    """The embedded beat runs its schedule on the worker; an entry whose last run is still
    queued (a slow sweep) is not handed over again."""
    hand_over = embedded_beat.Handover(inprocess_worker.worker)
    with inprocess_worker.paused():
        hand_over("matches.tasks.sweep_bots")
        hand_over("matches.tasks.sweep_bots")
        hand_over("players.tasks.sweep_turns")
        assert inprocess_worker.busy() == 2
    inprocess_worker.wait_idle()
    hand_over("matches.tasks.sweep_bots")
    inprocess_worker.wait_idle()


def test_the_routes_name_each_task_s_queue():
    from kaosz.celery import app

    assert task_runner.queue_of(app.tasks["matches.tasks.play_bots"], {}) == "bots"
    assert task_runner.queue_of(app.tasks["matches.tasks.play_bots"], {"queue": "sims"}) == "sims"
    assert task_runner.queue_of(app.tasks["players.tasks.notify_turn"], {}) == "mail"
    assert task_runner.queue_of(app.tasks["tests.inprocess.record"], {}) == "celery"
