""""Your turn" e-mails, sent by the worker, never on the move's path.

When a move hands a turn-based match to someone, the transaction that sets the match's
turn clock (``players.turns.clocks.update_clock``) also writes a row to the outbox
(``Mail``) for each person who has just come to act (``due_turns`` decides who; a KGK turn is many
actions: ``TurnClock.notified_seats`` remembers who was told), unless they turned "your
turn" e-mails off. The worker (``players.tasks.notify_turn``, on the ``mail`` queue) then
sends the rows and marks them sent, each with no transaction open while the SMTP server
talks. A row is unique per (match, person, turn), so a task run twice, the sweep beside
it, or a "sent" mark that failed never sends a turn's mail twice. When the SMTP server is
down the row stays unsent and the beat's sweep tries again every
``KAOSZ_TURN_SWEEP_EVERY`` seconds until it is back; the move itself never waits for mail.
Every mail carries a signed unsubscribe link.

A due row is *held* (``Mail.not_before``), not sent, while its person does not need it:

- they are on the site (``matches.live.presence``): it goes once they have been away
  ``KAOSZ_TURN_MAIL_AWAY`` seconds, if they are still to act then;
- they were mailed less than ``KAOSZ_TURN_MAIL_GAP`` seconds ago: it goes when the gap
  is over, in one mail with every other match that came due meanwhile (a digest, which
  also names the matches still waiting for them from before);
- in a game with game turns, they are not to act right now but the game turn is not
  over (a window may need them again in it): it goes if they come to act again.

The next change of the match looks at its held rows again at once; the sweep looks at a
held row when its time has come.
"""

from __future__ import annotations

import hashlib
import logging
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import EmailMessage, get_connection
from django.db.models import F, Max, Q
from django.utils import timezone

from kaosz.models import SeatInvitation
from matches.live import presence
from matches.models import BIG_COLUMNS, Match, Seat
from players.models import Mail, NotificationSetting, TurnClock
from players.notifications.told import game_turn
from rulesets import registry

log = logging.getLogger(__name__)
SALT = "kaosz.players.unsubscribe"
# ``_still_due``'s answer for a mail whose person is not to act right now but may be
# again in the same game turn; such a row is looked at again after this long at the
# latest (every change of its match looks at it at once).
WAIT = "wait"
RELOOK = timedelta(minutes=10)


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


def _invitation_still_due(mail: Mail) -> str:
    if mail.match.status != Match.OPEN or not SeatInvitation.objects.filter(
            pk=mail.turn, status=SeatInvitation.PENDING).exists():
        return "invitation_answered"
    if not mail.user.email or not mail.user.is_active:
        return "no_address"
    setting = NotificationSetting.objects.filter(user=mail.user).first()
    return "" if setting is None or setting.email_invitations else "unsubscribed"


def _invitation_message(match: Match, user: Any, mail: Mail) -> EmailMessage:
    """"X challenged you": the page to accept or decline on, and the unsubscribe link."""
    rs = registry.available().get(match.ruleset)
    title = rs.title if rs else match.ruleset
    invitation = SeatInvitation.objects.filter(pk=mail.turn).select_related("invited_by") \
        .first()
    by = invitation.invited_by.username if invitation and invitation.invited_by else "?"
    site = settings.KAOSZ_SITE_URL
    page = f"{site}/notifications/"
    unsubscribe = f"{site}/notifications/unsubscribe/{unsubscribe_token(user)}/"
    body = (f"Szia {user.username}!\n\n{by} kihívott: {title} #{match.pk}\n"
            f"Elfogadás vagy elutasítás: {page}\n\n"
            f"Hi {user.username},\n\n{by} challenged you: {title} #{match.pk}\n"
            f"Accept or decline: {page}\n\n"
            f"--\nLeiratkozás / Unsubscribe: {unsubscribe}\n")
    return EmailMessage(
        subject=f"Kaosz: {by} kihívott / challenged you – {title} #{match.pk}", body=body,
        to=[user.email], headers={"List-Unsubscribe": f"<{unsubscribe}>",
                                  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
                                  **_message_id(mail)})


def _title(ruleset: str) -> str:
    rs = registry.available().get(ruleset)
    return rs.title if rs else ruleset


def _digest(user: Any, mails: list[Mail]) -> EmailMessage:
    """One mail naming each match that came due, as Lichess sends one for all your
    correspondence games (each match still told once per turn: a match told before is
    not named again until its next turn)."""
    site = settings.KAOSZ_SITE_URL
    lines = "".join(f"  {_title(m.match.ruleset)} #{m.match_id}: {site}/play/{m.match_id}/\n"
                    for m in mails)
    unsubscribe = f"{site}/notifications/unsubscribe/{unsubscribe_token(user)}/"
    count = len(mails)
    body = (f"Szia {user.username}!\n\nTe jössz a lépéssel {count} játszmában:\n{lines}\n"
            f"Hi {user.username},\n\nIt is your turn in {count} matches:\n{lines}\n"
            f"--\nLeiratkozás / Unsubscribe: {unsubscribe}\n")
    domain = urlsplit(site).hostname or "kaosz"
    rows = ".".join(f"{m.match_id}-{m.turn}" for m in mails)
    digest_id = hashlib.sha256(rows.encode()).hexdigest()[:24]
    return EmailMessage(
        subject=f"Kaosz: te jössz {count} játszmában / your turn in {count} matches",
        body=body, to=[user.email],
        headers={"List-Unsubscribe": f"<{unsubscribe}>",
                 "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
                 "Message-ID": f"<turns.{user.pk}.{digest_id}@{domain}>"})


def _turn_message(user: Any, mails: list[Mail]) -> EmailMessage:
    """The turn mail for what came due: one match's, or a digest when more wait."""
    if len(mails) == 1:
        return _message(mails[0].match, user, mails[0])
    return _digest(user, mails)


def _message(match: Match, user: Any, mail: Mail | None = None) -> EmailMessage:
    if mail is not None and mail.kind == Mail.INVITATION:
        return _invitation_message(match, user, mail)
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
                                  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
                                  **_message_id(mail)})


def _message_id(mail: Mail | None) -> dict[str, str]:
    """One Message-ID per outbox row: a mail sent again after a sender died between the
    SMTP server's acceptance and the "sent" mark is the same message to a mail client."""
    if mail is None:
        return {}
    domain = urlsplit(settings.KAOSZ_SITE_URL).hostname or "kaosz"
    return {"Message-ID": f"<{mail.kind}.{mail.match_id}.{mail.user_id}.{mail.turn}@{domain}>"}


def due_turns(clock: TurnClock) -> dict[int, int]:
    """Who is due a "your turn" mail now: each seat that has just come to act and was not
    told yet in this turn, with the turn it is told about (the key of its mail: the game
    turn in a game that has them, so a person is mailed at most once per game turn; see
    ``players/notifications/told.py``). The one place that decides when a turn mail is due;
    ``queue_turn_mails`` writes what it says."""
    turn = clock.notified_turn if clock.notified_turn is not None else clock.version
    return {seat: turn for seat in clock.to_act if seat not in clock.notified_seats}


def queue_turn_mails(match: Match, clock: TurnClock) -> int:
    """Write the turn mails now due into the outbox (call it inside the transaction that
    sets the clock, so the mail exists if and only if the turn does) and mark their seats
    told. Returns how many rows were written."""
    due = due_turns(clock)
    if not due:
        return 0
    seats = Seat.objects.filter(match=match, index__in=list(due)).exclude(user=None) \
        .select_related("user")
    rows = [Mail(match=match, user=s.user, kind=Mail.TURN, turn=due[s.index])
            for s in seats if not s.bot and wants_mail(s.user)]
    Mail.objects.bulk_create(rows, ignore_conflicts=True)
    clock.notified_seats = sorted(set(clock.notified_seats) | set(due))
    return len(rows)


def _lease() -> timedelta:
    """How long a sender holds a mail before another may take it (a sender that died)."""
    return timedelta(seconds=max(60, 3 * settings.EMAIL_TIMEOUT))


def _claim(mail_id: int) -> bool:
    """Take one unsent mail for sending: one short statement, so that two senders (the
    task and the sweep, a task run twice) never both take it."""
    now = timezone.now()
    return bool(Mail.objects.filter(pk=mail_id, sent=None)
                .filter(Q(claimed=None) | Q(claimed__lt=now - _lease()))
                .update(claimed=now, attempts=F("attempts") + 1))


def _still_due(mail: Mail) -> str:
    """'' when the mail should go out; else why not (the turn is over, no address...)."""
    match = mail.match
    if mail.kind == Mail.INVITATION:
        return _invitation_still_due(mail)
    if match.status != Match.ACTIVE:
        return "match_over"
    if not wants_mail(mail.user):
        return "unsubscribed"
    seats = set(Seat.objects.filter(match=match, user=mail.user).values_list("index", flat=True))
    if not seats & set(match.to_act):
        # a window later in this game turn may need them again: kept for then
        return WAIT if game_turn(match) == mail.turn else "turn_over"
    return ""


def send_pending(match_id: int | None = None, now: datetime | None = None) -> int:
    """Send the outbox's unsent mails that are due (of one match, whose change is a
    reason to look at all its rows again; or all whose time has come), one mail per
    person: each row is claimed, the mail sent with no transaction open (an SMTP server
    holds no database lock) and its rows marked sent by one statement. Returns how many
    mails went out. Raises on an SMTP failure, after releasing that mail's rows for a
    later try; the others stay for the sweep. (``now``: tests play hours in a second.)"""
    now = timezone.now() if now is None else now
    pending = Mail.objects.filter(sent=None)
    if match_id is not None:
        pending = pending.filter(match_id=match_id)
    else:
        pending = pending.filter(Q(not_before=None) | Q(not_before__lte=now))
    sent = 0
    for user_id in dict.fromkeys(pending.order_by("id").values_list("user_id", flat=True)):
        sent += _send_to(user_id, match_id, now)
    return sent


def _send_to(user_id: int, match_id: int | None, now: datetime) -> int:
    """Send one person what is due for them now: each invitation's mail, and one turn
    mail for every match that came due (held while they are here or were just mailed)."""
    ready = Q(not_before=None) | Q(not_before__lte=now)
    if match_id is not None:
        ready |= Q(match_id=match_id)
    turns: list[Mail] = []
    sent = 0
    for mail_id in list(Mail.objects.filter(user_id=user_id, sent=None).filter(ready)
                        .order_by("id").values_list("id", flat=True)):
        if not _claim(mail_id):
            continue
        mail = Mail.objects.select_related("user", "match").defer(
            *(f"match__{c}" for c in BIG_COLUMNS)).get(pk=mail_id)
        why_not = _still_due(mail)
        if why_not == WAIT:
            _hold([mail_id], now + RELOOK)
        elif why_not:
            Mail.objects.filter(pk=mail_id).update(sent=timezone.now(), dropped=why_not)
        elif mail.kind == Mail.INVITATION:
            _deliver([mail], _message(mail.match, mail.user, mail))
            sent += 1
        else:
            turns.append(mail)
    if not turns:
        return sent
    until = _held_until(user_id, now)
    if until is not None:
        _hold([m.pk for m in turns], until)
        return sent
    _deliver(turns, _turn_message(turns[0].user, turns))
    return sent + 1


def _held_until(user_id: int, now: datetime) -> datetime | None:
    """Until when a person's turn mail waits: while they are on the site (plus
    ``KAOSZ_TURN_MAIL_AWAY``), and until ``KAOSZ_TURN_MAIL_GAP`` after the last turn mail
    they were sent. None: it goes now."""
    times = []
    here = presence.here_until(user_id, now.timestamp())
    if here is not None:
        times.append(datetime.fromtimestamp(here, tz=UTC))
    gap = float(settings.KAOSZ_TURN_MAIL_GAP)
    if gap > 0:
        last = Mail.objects.filter(user_id=user_id, kind=Mail.TURN, dropped="") \
            .exclude(sent=None).aggregate(last=Max("sent"))["last"]
        if last is not None and last + timedelta(seconds=gap) > now:
            times.append(last + timedelta(seconds=gap))
    return max(times) if times else None


def _hold(mail_ids: list[int], until: datetime) -> None:
    """Give claimed rows back, to be looked at again at ``until`` (not a send attempt)."""
    Mail.objects.filter(pk__in=mail_ids).update(claimed=None, not_before=until,
                                                attempts=F("attempts") - 1)


def _deliver(mails: list[Mail], message: EmailMessage) -> None:
    """Send one message for the claimed rows ``mails`` and mark them sent; on a failure
    give them back for a later try and raise."""
    ids = [m.pk for m in mails]
    try:
        with get_connection(fail_silently=False) as connection:
            connection.send_messages([message])
    except Exception as exc:
        Mail.objects.filter(pk__in=ids).update(claimed=None, error=str(exc)[:300])
        raise
    Mail.objects.filter(pk__in=ids).update(sent=timezone.now(), error="")


def send_turn_mail(match_id: int) -> int:
    """Send the match's turn mails waiting in the outbox (the worker's task, after a
    move). Raises when the SMTP server refuses: the mail stays unsent for the sweep."""
    return send_pending(match_id)


def send_due(now: datetime | None = None) -> int:
    """Send every mail not sent yet whose time has come (the sweep's retry, and the held
    mails). Returns how many went out."""
    try:
        return send_pending(now=now)
    except Exception as exc:   # SMTP down, refused: the next sweep tries again
        log.warning("mail not sent (the next sweep tries again): %s", exc)
        return 0
