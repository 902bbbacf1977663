"""The Celery queues: every task routed to a queue someone consumes."""

from __future__ import annotations


def test_every_routed_queue_has_workers_and_a_heartbeat(settings):
    """A task routed to a queue nobody consumes never runs: every queue of
    ``CELERY_TASK_ROUTES`` is one the test worker consumes and ``/readyz`` reports (the
    turn e-mails' ``mail`` queue,, included)."""
    from kaosz.heartbeats import QUEUES

    routed = {route["queue"] for route in settings.CELERY_TASK_ROUTES.values()}
    assert routed | {settings.CELERY_TASK_DEFAULT_QUEUE} <= set(QUEUES)
    assert settings.CELERY_TASK_ROUTES["players.tasks.notify_turn"] == {"queue": "mail"}
