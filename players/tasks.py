"""The players app's Celery tasks: the beat's sweep (turn deadlines, turn
e-mails not sent yet, ratings left behind) and the "your turn" e-mail after a move."""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db import transaction

from kaosz import task_runner
from matches.live import account, presence
from matches.models import Match
from players.notifications import kept, outbox
from players.ratings import recording
from players.turns import clocks
from players.turns.timecontrol import TURN, family_of

log = logging.getLogger(__name__)


@shared_task(name="players.tasks.sweep_turns")
def sweep_turns() -> dict[str, int]:
    """Enforce expired turn deadlines (a deadline passed while no worker ran is enforced
    now), send turn e-mails a down SMTP server held back, rate finished rated matches not
    rated yet."""
    return {"timeouts": clocks.sweep(), "mails": outbox.send_due(),
            "rated": recording.record_pending()}


@shared_task(name="players.tasks.notify_turn")
def notify_turn(match_id: int) -> int:
    """Send the match's mails in the outbox (whoever has just come to act, an invitation);
    on an SMTP failure the sweep retries."""
    try:
        return outbox.send_turn_mail(match_id)
    except Exception as exc:
        log.warning("turn mail for match %s not sent (retried by the sweep): %s", match_id, exc)
        return 0


def on_account_event(sender: Any, user_id: int, kind: str, payload: dict[str, Any],
                     **kwargs: Any) -> None:
    """The account events' receiver: keep what a person must see later (an invitation's
    mail goes into the outbox with it), and ask the worker to send it once committed."""
    row = kept.record(user_id, kind, payload)
    if row is not None and kind == account.INVITATION and row.match_id is not None:
        match_id = row.match_id
        transaction.on_commit(lambda: _queue_mails(match_id))


def _queue_mails(match_id: int) -> None:
    if settings.CELERY_TASK_ALWAYS_EAGER and task_runner.current() is None:
        return       # (no worker: the sweep sends it rather than the request)
    try:
        notify_turn.delay(match_id)
    except Exception as exc:   # the broker is down: the sweep sends it
        log.warning("mail for match %s not queued (the sweep sends it): %s", match_id, exc)


def on_match_changed(sender: Any, match: Match, **kwargs: Any) -> None:
    """The store's ``match_changed`` receiver (after the turn clock's): ask the worker for
    the turn e-mail. Never on the move's path: publishing gives up fast when the broker is
    down (the sweep sends it then), and when tasks run eagerly the sweep sends it rather
    than the request."""
    if match.status != Match.ACTIVE or family_of(match.options) != TURN:
        return
    presence.see_requester()   # (whoever just moved is on the site, before the mail looks)
    if settings.CELERY_TASK_ALWAYS_EAGER and task_runner.current() is None:
        return
    try:
        notify_turn.delay(match.pk)
    except Exception as exc:
        log.warning("turn mail for match %s not queued (the sweep sends it): %s", match.pk, exc)
