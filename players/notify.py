""""Your turn" e-mails (issue 30), sent by the worker, never on the move's path.

After a move in a turn-based match the worker is asked to send (``players.tasks``); it
mails each person who has just come to act in that match, once per turn (a KGK turn is
many actions: ``TurnClock.notified_seats`` remembers who was told), unless they turned
"your turn" e-mails off. Every mail carries a signed unsubscribe link. When the SMTP
server is down nothing is marked sent, and the beat's sweep tries again every
``KAOSZ_TURN_SWEEP_EVERY`` seconds until it is back; the move itself never waits for mail.
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.db.models import F

from matches.models import BIG_COLUMNS, Match, Seat
from players.models import NotificationSetting, TurnClock
from rulesets import registry

log = logging.getLogger(__name__)
SALT = "kaosz.players.unsubscribe"


def unsubscribe_token(user: Any) -> str:
    return signing.dumps({"u": user.pk}, salt=SALT)


def user_of_token(token: str) -> Any:
    """The user an unsubscribe token names, or None for a forged or damaged one."""
    try:
        data = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    uid = data.get("u") if isinstance(data, dict) else None
    return get_user_model().objects.filter(pk=uid).first() if isinstance(uid, int) else None


def wants_mail(user: Any) -> bool:
    if not user.email or not user.is_active:
        return False
    setting = NotificationSetting.objects.filter(user=user).first()
    return setting is None or setting.email_turns


def mail_setting(user: Any) -> bool:
    """The person's choice (on unless turned off), whether or not they have an address."""
    setting = NotificationSetting.objects.filter(user=user).first()
    return setting is None or setting.email_turns


def set_wants_mail(user: Any, on: bool) -> None:
    NotificationSetting.objects.update_or_create(user=user, defaults={"email_turns": on})


def _message(match: Match, user: Any) -> EmailMessage:
    rs = registry.available().get(match.ruleset)
    title = rs.title if rs else match.ruleset
    site = settings.KAOSZ_SITE_URL
    board = f"{site}/play/{match.pk}/"
    unsubscribe = f"{site}/notifications/unsubscribe/{unsubscribe_token(user)}/"
    body = (f"Szia {user.username}!\n\nTe jössz a lépéssel: {title} #{match.pk}\n{board}\n\n"
            f"Hi {user.username},\n\nIt is your turn: {title} #{match.pk}\n{board}\n\n"
            f"--\nLeiratkozás / Unsubscribe: {unsubscribe}\n")
    return EmailMessage(
        subject=f"Kaosz: te jössz / your turn – {title} #{match.pk}", body=body,
        to=[user.email], headers={"List-Unsubscribe": f"<{unsubscribe}>",
                                  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"})


def send_turn_mail(match_id: int) -> int:
    """Mail the people who have just come to act in this match (once per turn). Returns
    how many mails went out. Raises when the SMTP server refuses: nothing is marked
    sent then, so a later try sends them."""
    with transaction.atomic():
        clock = TurnClock.objects.select_for_update().filter(match_id=match_id, done=False) \
            .first()
        if clock is None or clock.notified_version == clock.version:
            return 0
        match = Match.objects.defer(*BIG_COLUMNS).get(pk=match_id)
        if match.status != Match.ACTIVE or match.version != clock.version:
            return 0
        due = [s for s in clock.to_act if s not in clock.notified_seats]
        people = [s.user for s in Seat.objects.filter(match=match, index__in=due)
                  .exclude(user=None).select_related("user") if not s.bot]
        messages = [_message(match, u) for u in people if wants_mail(u)]
        if messages:
            with get_connection(fail_silently=False) as connection:
                connection.send_messages(messages)
        clock.notified_seats = list(clock.to_act)
        clock.notified_version = clock.version
        clock.save(update_fields=["notified_seats", "notified_version"])
        return len(messages)


def send_due() -> int:
    """Send every turn mail not sent yet (the sweep's retry). Returns how many went out."""
    sent = 0
    for match_id in TurnClock.objects.filter(done=False).exclude(
            notified_version=F("version")).values_list("match_id", flat=True):
        try:
            sent += send_turn_mail(match_id)
        except Exception as exc:   # SMTP down, refused: the next sweep tries again
            log.warning("turn mail for match %s not sent: %s", match_id, exc)
    return sent
