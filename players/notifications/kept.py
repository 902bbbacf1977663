"""Notifications in one place: what needs a person, for the page, the header's count and
the API alike.

Two sources, one list: the matches where it is the person's turn (counted from the
matches, as "My matches" does), and the account events a person must see later even if no
page was open (``matches.live.account``: an invitation, their challenge accepted, declined
or withdrawn, a tournament round paired), kept as :class:`players.models.Notification`
rows by the account events' receiver, in the publisher's transaction. An invitation is
also mailed once (unless the person turned invitation e-mails off): its row in the mail
outbox (``players.notifications.outbox``) is written in the same transaction, and the worker or the
beat's sweep sends it.
"""

from __future__ import annotations

from typing import Any

from matches.live import account
from players import mine
from players.models import Mail, Notification, NotificationSetting
from web.api.timestamps import utc_text

# The account events a person is shown until they have seen them.
KEPT = (account.INVITATION, account.CHALLENGE_ACCEPTED, account.CHALLENGE_DECLINED,
        account.CHALLENGE_WITHDRAWN, account.ROUND_PAIRED)
INBOX_SIZE = 50


def record(user_id: int, kind: str, payload: dict[str, Any]) -> Notification | None:
    """Keep an account event a person must see later (``players.tasks.on_account_event``,
    in the publisher's transaction). Returns the row, or None for a kind not kept."""
    if kind not in KEPT:
        return None
    row = Notification.objects.create(user_id=user_id, kind=kind,
                                      match_id=payload.get("match"), data=payload)
    if kind == account.INVITATION and payload.get("invitation") and \
            wants_invitation_mail(user_id):
        # The outbox row, in the same transaction: mailed once by the worker or the sweep.
        Mail.objects.bulk_create([Mail(match_id=payload["match"], user_id=user_id,
                                       kind=Mail.INVITATION, turn=payload["invitation"])],
                                 ignore_conflicts=True)
    return row


def wants_invitation_mail(user_id: int) -> bool:
    setting = NotificationSetting.objects.filter(user_id=user_id).first()
    return setting is None or setting.email_invitations


def unseen_count(user: Any) -> int:
    """The header's count: matches waiting for your move plus notifications not seen."""
    if not getattr(user, "is_authenticated", False):
        return 0
    return mine.your_turn_count(user) + \
        Notification.objects.filter(user=user, seen=False).count()


def inbox(user: Any) -> dict[str, Any]:
    """Everything that needs ``user``: their turns first, then the notifications, newest
    first (``unseen`` counts both, as the header does)."""
    turns = [{"match": r["id"], "ruleset": r["ruleset"], "deadline": r["deadline"],
              "players": r["players"]} for r in mine.my_matches(user) if r["your_turn"]]
    rows = list(Notification.objects.filter(user=user)[:INBOX_SIZE])
    return {"unseen": len(turns) + sum(1 for n in rows if not n.seen),
            "your_turn": turns,
            "notifications": [notification_json(n) for n in rows]}


def notification_json(n: Notification) -> dict[str, Any]:
    return {"id": n.pk, "kind": n.kind, "match": n.match_id, "seen": n.seen,
            "created": utc_text(n.created), "data": n.data}


def mark_seen(user: Any, ids: list[int] | None = None) -> int:
    """Mark ``ids`` (every one when None) seen; returns how many changed."""
    rows = Notification.objects.filter(user=user, seen=False)
    if ids is not None:
        rows = rows.filter(pk__in=ids)
    return rows.update(seen=True)
