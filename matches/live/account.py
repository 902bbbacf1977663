"""Account events: what concerns a user across all their matches, for the account event
stream (``GET /api/v1/me/stream/``) so that a bot waiting for a challenge does not poll.
The kinds (``KINDS``; ``docs/players.md`` gives each payload):

- ``invitation``: a challenge received (a seat kept for you);
- ``challenge_accepted`` / ``challenge_declined`` / ``challenge_withdrawn``: to the
  challenge's maker (accepted, declined) or to the invited player (withdrawn);
- ``match_started`` / ``match_finished``: to everyone seated;
- ``your_turn``: a seat of yours is to act;
- ``round_paired``: a tournament round paired you (your table and match).

:func:`publish_account_event` is the one way in, for any app: on PostgreSQL it is a
``pg_notify`` on ``kaosz_accounts`` sent with the publisher's transaction (delivered when
it commits, never when it rolls back, whichever process listens); embedded (SQLite, one
process) it is handed to this process's waiting streams when the transaction commits.
The payload is small (ids and names: a notification carries at most 8,000 bytes); a
client reads the rest through the API.

A stream that opens (or whose listener reconnected, missing what was sent meanwhile)
first gets :func:`snapshot`: the matches where it is the user's turn and the invitations
waiting for them, so nothing sent before it listened is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import select
import threading
import time
from collections import OrderedDict
from typing import Any

from django.db import connection, transaction
from django.dispatch import Signal

from kaosz.models import SeatInvitation
from matches import store
from matches.live import hub
from matches.models import BIG_COLUMNS, Match, Seat
from web.api.timestamps import utc_text

CHANNEL = hub.ACCOUNTS
YOUR_TURN, INVITATION, MATCH_FINISHED = "your_turn", "invitation", "match_finished"
CHALLENGE_ACCEPTED, CHALLENGE_DECLINED = "challenge_accepted", "challenge_declined"
CHALLENGE_WITHDRAWN, MATCH_STARTED = "challenge_withdrawn", "match_started"
ROUND_PAIRED = "round_paired"
KINDS = (INVITATION, CHALLENGE_ACCEPTED, CHALLENGE_DECLINED, CHALLENGE_WITHDRAWN,
         MATCH_STARTED, YOUR_TURN, MATCH_FINISHED, ROUND_PAIRED)
SNAPSHOT_MOST = 200  # matches and invitations named in a snapshot

# Sent with every account event, inside the publisher's transaction (``user_id``, ``kind``,
# ``payload``): the players app keeps the ones a person must see later (its notifications).
account_event = Signal()

# Embedded: this process's account streams, by user id (each a thread's queue).
_LOCAL: dict[int, set[queue.Queue[str]]] = {}
_LOCAL_LOCK = threading.Lock()


def _message(user_id: int, kind: str, payload: dict[str, Any]) -> str:
    return f"{int(user_id)}|" + json.dumps({"kind": kind, "data": payload},
                                          separators=(",", ":"))


def parse(message: str) -> tuple[int, str, dict[str, Any]] | None:
    """(user id, kind, payload) of a published message, or None if it is not one."""
    head, _, body = message.partition("|")
    try:
        found = json.loads(body)
        return int(head), str(found["kind"]), dict(found["data"])
    except (ValueError, TypeError, KeyError):
        return None


def publish_account_event(user_id: int, kind: str, payload: dict[str, Any]) -> None:
    """Tell ``user_id``'s account streams: ``kind`` (e.g. ``your_turn``, ``invitation``,
    ``match_finished``; new kinds need no change here) with ``payload`` (a small JSON
    object), once the current transaction commits."""
    message = _message(user_id, kind, payload)
    account_event.send(sender=None, user_id=int(user_id), kind=kind, payload=payload)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, message])
        return
    transaction.on_commit(lambda: _hand_out(user_id, message))


def _hand_out(user_id: int, message: str) -> None:
    with _LOCAL_LOCK:
        for waiting in _LOCAL.get(user_id, ()):
            waiting.put_nowait(message)


def snapshot(user_id: int) -> dict[str, Any]:
    """What is waiting for the user now: the matches where one of their seats is to act,
    and the invitations they have not answered."""
    seats = (Seat.objects.filter(user_id=user_id, match__status=Match.ACTIVE)
             .values_list("match_id", "index", "match__to_act", "match__version",
                          "match__turn_clock__deadline", "match__turn_clock__done")
             .order_by("-match_id")[:SNAPSHOT_MOST * 4])
    turns: dict[int, dict[str, Any]] = {}
    for match_id, index, to_act, version, deadline, done in seats:
        if index in (to_act or []) and match_id not in turns:
            turns[match_id] = {"match": match_id, "seat": index, "version": version,
                               "deadline": None if done else utc_text(deadline)}
    invitations = [invitation_payload(i) for i in SeatInvitation.objects.filter(
        user_id=user_id, status=SeatInvitation.PENDING).select_related("invited_by", "match")
        .defer(*(f"match__{c}" for c in BIG_COLUMNS))
        .order_by("-pk")[:SNAPSHOT_MOST]]
    return {"your_turn": list(turns.values())[:SNAPSHOT_MOST], "invitations": invitations}


def invitation_payload(invitation: SeatInvitation) -> dict[str, Any]:
    by = invitation.invited_by
    return {"invitation": invitation.pk, "match": invitation.match_id,
            "ruleset": invitation.match.ruleset, "seat": invitation.seat,
            "from": by.get_username() if by is not None else None}


# Who sits at each seat of the matches this process has seen move ({match: {seat: user}}):
# seats change only when someone joins (the store's "created" and "joined"), so an action
# costs no query to know whose turn it now is.
_SEAT_USERS: OrderedDict[int, dict[int, int]] = OrderedDict()
_SEAT_USERS_KEPT = 4096


def _seat_users(match_id: int, fresh: bool) -> dict[int, int]:
    with _LOCAL_LOCK:
        known = None if fresh else _SEAT_USERS.get(match_id)
    if known is None:
        known = dict(Seat.objects.filter(match_id=match_id, user__isnull=False)
                     .values_list("index", "user_id"))
        with _LOCAL_LOCK:
            _SEAT_USERS[match_id] = known
            _SEAT_USERS.move_to_end(match_id)
            while len(_SEAT_USERS) > _SEAT_USERS_KEPT:
                _SEAT_USERS.popitem(last=False)
    return known


def on_match_changed(sender: Any, match: Match, reason: str,
                     bot_seats: set[int] | None = None, **kwargs: Any) -> None:
    """The store's "a match changed" (after it commits): ``your_turn`` to the users whose
    seats are now to act, ``match_finished`` to everyone seated once it has ended. (A
    bot's turn, known from ``bot_seats``, costs no query.) A join tells the match's maker
    ``challenge_accepted``; a match that starts tells everyone seated ``match_started``."""
    if reason in ("created", "joined"):
        _joined_or_started(match, reason)
    if match.status == Match.ACTIVE and match.to_act:
        if bot_seats is not None and set(match.to_act) <= bot_seats:
            return
        users = _seat_users(match.pk, fresh=reason != "action")
        told = [index for index in match.to_act if index in users]
        # (only a match made with a time control can have a deadline: the others' moves,
        # the bots' games above all, cost no read for it)
        timed = bool((match.options or {}).get("time_control"))
        deadline = _deadline(match.pk) if told and timed else None
        for index in told:
            publish_account_event(users[index], YOUR_TURN, {
                "match": match.pk, "seat": index, "version": match.version,
                "deadline": deadline})
    elif match.status == Match.FINISHED:
        users = _seat_users(match.pk, fresh=reason != "action")
        with _LOCAL_LOCK:
            _SEAT_USERS.pop(match.pk, None)
        for user_id in sorted(set(users.values())):
            publish_account_event(user_id, MATCH_FINISHED, {"match": match.pk})


def _deadline(match_id: int) -> str | None:
    """A turn-based match's deadline for the move now due, as ISO-8601 UTC text (set in
    the move's own transaction, so it is the new one here, after the commit); None for a
    live match."""
    read = store.progress_and_clocks(match_id)
    turn = None if read is None else read[1]["turn"]
    return None if turn is None else utc_text(turn["deadline"])


def _joined_or_started(match: Match, reason: str) -> None:
    users = _seat_users(match.pk, fresh=True)
    maker = match.created_by_id
    if reason == "joined" and maker is not None:
        names = dict(Seat.objects.filter(match_id=match.pk, user__isnull=False)
                     .values_list("index", "user__username"))
        publish_account_event(maker, CHALLENGE_ACCEPTED, {
            "match": match.pk, "players": [names[i] for i in sorted(names)],
            "started": match.status == Match.ACTIVE})
    if match.status == Match.ACTIVE:
        for user_id in sorted(set(users.values())):
            publish_account_event(user_id, MATCH_STARTED, {"match": match.pk,
                                                           "ruleset": match.ruleset})


def round_paired(user_ids: list[int | None], payload: dict[str, Any]) -> None:
    """``round_paired`` to the players of a tournament table (``payload``: tournament,
    round, table, match)."""
    for user_id in user_ids:
        if user_id is not None:
            publish_account_event(user_id, ROUND_PAIRED, payload)


def invited(invitations: list[SeatInvitation]) -> None:
    """``invitation`` to each user named in ``invitations`` (just created)."""
    for invitation in invitations:
        publish_account_event(invitation.user_id, INVITATION, invitation_payload(invitation))


# ------------------------------------------------------------------ waiting for them

class Listener:
    """A thread's subscription to one user's account events (WSGI, the test client):
    ``LISTEN`` on its own connection on PostgreSQL, the process's queue elsewhere."""

    def __init__(self, user_id: int) -> None:
        self.user_id = user_id
        self.pg = None
        self.queue: queue.Queue[str] = queue.Queue()
        if connection.vendor == "postgresql" and not connection.in_atomic_block:
            connection.ensure_connection()
            self.pg = connection.connection
            with connection.cursor() as cursor:
                cursor.execute(f'LISTEN "{CHANNEL}"')
        else:
            with _LOCAL_LOCK:
                _LOCAL.setdefault(user_id, set()).add(self.queue)

    def next(self, timeout: float) -> list[str]:
        """The user's messages that arrived, waiting up to ``timeout`` seconds for one."""
        if self.pg is None:
            try:
                found = [self.queue.get(timeout=timeout)]
            except queue.Empty:
                return []
            while not self.queue.empty():
                found.append(self.queue.get_nowait())
            return found
        deadline = time.monotonic() + timeout
        while True:
            mine = [n.payload for n in self.pg.notifies(timeout=0) if n.channel == CHANNEL
                    and n.payload.startswith(f"{self.user_id}|")]
            left = deadline - time.monotonic()
            if mine or left <= 0:
                return mine
            select.select([self.pg.fileno()], [], [], left)

    def close(self) -> None:
        if self.pg is not None:
            with connection.cursor() as cursor:
                cursor.execute(f'UNLISTEN "{CHANNEL}"')
            return
        with _LOCAL_LOCK:
            waiting = _LOCAL.get(self.user_id)
            if waiting is not None:
                waiting.discard(self.queue)
                if not waiting:
                    del _LOCAL[self.user_id]


async def listening(h: hub.Hub, timeout: float) -> None:
    """Until ``h`` listens (at most ``timeout`` seconds)."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(h.listening.wait(), timeout)


async def next_messages_async(subscription: asyncio.Queue[str | None],
                              timeout: float) -> list[str | None]:
    """ASGI on PostgreSQL: the messages the hub handed to ``subscription`` (a queue from
    ``hub().subscribe_account``), waiting up to ``timeout`` seconds; None in the list
    means the listener reconnected (send a snapshot again)."""
    try:
        found = [await asyncio.wait_for(subscription.get(), timeout)]
    except TimeoutError:
        return []
    while not subscription.empty():
        found.append(subscription.get_nowait())
    return found
