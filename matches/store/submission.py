"""Submitting one log entry (an action, a resignation, an adjudication): the one write path
of play.

Every change is one transaction that checks ``expected_version``, applies the entry
through the ruleset, appends one ``MatchAction`` with ``seq == version`` and bumps the
version, all or nothing. A repeated ``client_action_id`` with the same request returns the
stored first answer and changes nothing; with another request (another kind or action)
it is refused with 409 ``idempotency_key_reused``. Keys are each seat's own: the same
string from another seat is that seat's key, never this one's.

Three ways to make that transaction:

* PostgreSQL, on a version this process holds (``submit_held``): the row, its seats and
  its state as this process last wrote or read them, when that is the version the client
  expects; the guarded statement (``rows.write_if_current``) is then the whole action (one
  round trip). Only a success is answered this way; anything else takes the next way.
* PostgreSQL (``_submit_optimistic``): read the row without a lock, apply, then one
  statement updates the row only if it is still at the version read and inserts the log
  entry from the updated row. Two round trips instead of five, and no lock held while
  Python works. A write that finds the row moved on stores nothing and is recomputed;
  after ``OPTIMISTIC_ATTEMPTS`` such losses the request takes the locked way, which
  queues writers fairly under contention.
* SQLite (``_submit_computed_first``): SQLite has one write lock for the whole database,
  so every move of every match waits while any one is applied. The entry, and the passes
  the stops then call for, are computed from a plain read with no transaction open (WAL:
  the read waits for nobody); then one short transaction, which takes the write lock as it
  begins (IMMEDIATE), updates the row only if it is still at the version read and inserts
  the log entries. A write that finds the row moved on stores nothing and is recomputed;
  after ``OPTIMISTIC_ATTEMPTS`` losses the request takes the locked way.
* Locked (``_submit_locked``; the fallback, and SQLite inside a caller's transaction):
  lock the row (``select_for_update``; on SQLite a leading no-op UPDATE takes the write
  lock, since SQLite ignores row locks), then write.

``expected_version`` is checked against what the mover could see: a version is still
current for a seat when every entry since was another seat's decision taken while this
seat stayed to act in the same phase (a simultaneous decision), so a bot deciding beside
a person costs that person a 409 only when its decision took what the person chose
(:func:`seen_still_current`).

Only applied entries are stored: a rejected action (422) changes nothing and is not
remembered, so retrying it simply re-evaluates it against the current state.
"""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from django.db import IntegrityError, connection, transaction

from matches.errors import MatchError
from matches.models import BIG_COLUMNS, Match, MatchAction
from matches.store.cache import dumps_state, held, loads_state, match_from_row, remember, statics_of
from matches.store.clocks import clock_view, now_ms, tick_clocks
from matches.store.common import Result, StoreError, ruleset_of
from matches.store.entries import apply_entry, seat_events
from matches.store.lifecycle import finish
from matches.store.replay import replay
from matches.store.rows import WRITTEN, lock_match, select_match, with_retry, write_if_current
from matches.store.signals import send_changed, send_writing
from matches.store.stops import pass_unasked_windows
from rulesets.base import IllegalAction, Ruleset, State

# How many times an action computed from a row that another writer then changed is
# recomputed before the store falls back to waiting on the row lock (under contention
# the lock queues writers fairly; a retry loop would not).
OPTIMISTIC_ATTEMPTS = 2


@dataclass(frozen=True)
class Submission:
    """One entry someone asks the store to apply.

    ``seat``: the acting seat the caller checked, or None with ``authorize``: a function
    that gets the match with its seats and returns the acting seat (or raises), which
    saves the caller reading the match before the write. ``viewer``: whose events the
    answer shows (default: the acting seat). ``schedule_bots``: send "match changed"
    after the commit (a bot playing its own moves in a loop says no)."""

    match_id: int
    action: Any
    seat: int | None = None
    kind: str = MatchAction.ACTION
    user: Any = None
    expected_version: int | None = None
    client_action_id: str | None = None
    schedule_bots: bool = True
    viewer: int | None = None
    authorize: Callable[[Match], int] | None = None


def submit(match_id: int, seat: int | None, action: Any, *, kind: str = MatchAction.ACTION,
           user: Any = None, expected_version: int | None = None,
           client_action_id: str | None = None, schedule_bots: bool = True,
           viewer: int | None = None,
           authorize: Callable[[Match], int] | None = None) -> Result:
    """Apply one entry for ``seat`` in one transaction (see :class:`Submission`). Raises
    ``StoreError`` (``not_found``, ``version_conflict``, ``illegal_action``…) and changes
    nothing on failure."""
    return submit_entry(Submission(
        match_id, action, seat, kind, user, expected_version, client_action_id,
        schedule_bots, viewer, authorize))


def submit_entry(sub: Submission) -> Result:
    """:func:`submit` for a ready :class:`Submission`, and in the same transaction the
    passes at the windows that follow for people whose stops do not ask them (``stops``):
    nobody (a long-poll, a turn clock, a mail) sees a window that is passed at once. The
    ``match_writing`` receivers (the turn clock) write in that transaction too."""
    if connection.vendor == "sqlite" and not connection.in_atomic_block:
        for _ in range(OPTIMISTIC_ATTEMPTS):
            try:
                result = _submit_computed_first(sub)
            except _Repeated as exc:
                repeated = _repeat_committed(sub, exc.seat)
                if repeated is None:
                    raise exc.error from None
                return repeated
            if result is not None:
                return result
    with transaction.atomic():
        result = pass_unasked_windows(sub, _submit_one(sub), _submit_one)
        if result.match is not None and not result.repeated:
            send_writing(result.match)
        return result


def _submit_one(sub: Submission) -> Result:
    """One entry, written one of the three ways."""
    try:
        if connection.vendor == "postgresql":
            if sub.authorize is not None:
                result = submit_held(sub)
                if result is not None:
                    return result
            for _ in range(OPTIMISTIC_ATTEMPTS):
                result = _submit_optimistic(sub)
                if result is not None:
                    return result
        return _submit_locked(sub)
    except _Repeated as exc:
        # The entry's client_action_id is taken (the unique constraint, checked on insert
        # rather than by a query before every action): the write rolled back, so nothing
        # changed; answer as the first time.
        repeated = _repeat_committed(sub, exc.seat)
        if repeated is None:
            raise exc.error from None
        return repeated


class _Repeated(Exception):
    """The unique constraint on (match, seat, client_action_id) refused the entry."""

    def __init__(self, error: IntegrityError, seat: int | None) -> None:
        super().__init__(str(error))
        self.error, self.seat = error, seat


def _submit_locked(sub: Submission) -> Result:
    """The general path: lock the row (``SELECT ... FOR UPDATE``) for the whole change."""
    acting = sub.seat

    def run() -> Result:
        nonlocal acting
        with transaction.atomic():
            match = lock_match(sub.match_id, with_seats=sub.authorize is not None)
            acting, bots = _acting_seat(match, sub)
            prepared = _prepare_or_repeat(match, acting, sub, match.snapshot)
            if isinstance(prepared, Result):
                return prepared
            body, state, entry = prepared
            entry.save(force_insert=True)
            match.save(update_fields=WRITTEN)
            _committed(match, sub, match.snapshot, bots)
            return Result(body, 200, match=match, state=state)

    try:
        return with_retry(run)
    except IntegrityError as exc:
        raise _Repeated(exc, acting) from exc


def _submit_optimistic(sub: Submission) -> Result | None:
    """PostgreSQL's fast path: two round trips instead of five (BEGIN, a locking read,
    the log insert, the row update, COMMIT). The row is read without a lock (its
    snapshot only when this process has not already got that version's text); the
    action is applied; then one statement updates the row *only if it is still at the
    version read* and appends the log entry from that update, so both happen or neither.
    ``None``: another writer got there first, and nothing was written."""
    match, text = read_for_write(sub.match_id, sub.authorize is not None)
    if match is None:
        raise StoreError("not_found", f"no match {sub.match_id}")
    acting, bots = _acting_seat(match, sub)
    read_version = match.version
    prepared = _prepare_or_repeat(match, acting, sub, text)
    if isinstance(prepared, Result):
        return prepared
    body, state, entry = prepared
    return _store_if_current(match, read_version, acting, bots, body, state, entry, sub)


class _Planned:
    """The entries that follow one, computed on copies of the match without writing: the
    submission's ``submit`` for :func:`pass_unasked_windows` on SQLite's computed-first
    way. Each pass is prepared on a copy of the match as the last entry left it."""

    def __init__(self, entry: MatchAction) -> None:
        self.entries = [entry]

    def __call__(self, sub: Submission) -> Result:
        match = _latest(self.entries)
        after = copy.copy(match)
        body, state, entry = prepare(after, sub.seat, sub, match.snapshot)
        entry.match = after
        self.entries.append(entry)
        return Result(body, 200, match=after, state=state)


def _latest(entries: list[MatchAction]) -> Match:
    match = entries[-1].match
    assert isinstance(match, Match)
    return match


def _submit_computed_first(sub: Submission) -> Result | None:
    """SQLite's way: the entry and the passes after it computed from an unlocked read,
    then written in one short transaction guarded by the version read (the write lock
    is held for two statements and an insert per entry, not while the engine works).
    ``None``: another writer got there first, and nothing was written."""
    match, text = read_for_write(sub.match_id, sub.authorize is not None)
    if match is None:
        raise StoreError("not_found", f"no match {sub.match_id}")
    acting, bots = _acting_seat(match, sub)
    read_version, time_limit = match.version, match.time_limit_seconds
    prepared = _prepare_or_repeat(match, acting, sub, text)
    if isinstance(prepared, Result):
        return prepared
    body, state, entry = prepared
    planned = _Planned(entry)
    result = pass_unasked_windows(sub, Result(body, 200, match=match, state=state), planned)
    final = _latest(planned.entries)

    def write() -> bool:
        with transaction.atomic():
            moved = Match.objects.filter(
                pk=final.pk, version=read_version, time_limit_seconds=time_limit,
            ).update(**{name: getattr(final, name) for name in WRITTEN})
            if not moved:
                return False
            for each in planned.entries:
                each.match_id = final.pk
                each.save(force_insert=True)
            send_writing(final)
            # (a pass is a move of its own: bots hear of it even when the entry's
            # writer, a bot playing on, said not to tell them)
            _committed(final, sub if len(planned.entries) == 1
                       else replace(sub, schedule_bots=True), final.snapshot, bots)
            return True

    try:
        if not with_retry(write):
            return None
    except IntegrityError as exc:
        raise _Repeated(exc, acting) from exc
    return Result(result.body, 200, match=final, state=result.state)


def _store_if_current(match: Match, read_version: int, acting: int | None,
                      bots: set[int] | None, body: dict[str, Any], state: State,
                      entry: MatchAction, sub: Submission) -> Result | None:
    """Both unlocked paths' write: the entry computed from ``match`` at ``read_version``,
    stored only if the row is still there (``None`` when it moved on: nothing stored)."""
    # Inside a caller's transaction the statement gets a savepoint of its own, so a
    # refused insert leaves that transaction usable.
    guard = transaction.atomic() if connection.in_atomic_block else contextlib.nullcontext()
    try:
        with guard:
            written = write_if_current(match, entry, read_version)
    except IntegrityError as exc:
        raise _Repeated(exc, acting) from exc
    if not written:
        return None
    _committed(match, sub, match.snapshot, bots)
    return Result(body, 200, match=match, state=state)


def submit_held(sub: Submission) -> Result | None:
    """One round trip: when this process holds the row (and its state) at the version
    the client expects, the action is applied to that and written by the same guarded
    statement as ``_submit_optimistic``. The guard is the whole proof: every change of
    the row's state, status, clocks or seats' play comes with a new version, and the
    time limit (which an organiser may change without one) is checked by the statement
    too. Only a success is answered from here; anything else (the row moved on, a refusal
    that a fresh read might not give) is ``None``, and the request takes the reading way."""
    copy = held(sub.match_id)
    if copy is None or copy.row is None or (sub.expected_version is not None
                                            and sub.expected_version != copy.version):
        return None
    match = match_from_row(copy.row)  # (remembered with the version and seed hash)
    try:
        acting, bots = _acting_seat(match, sub)
        body, state, entry = prepare(match, acting, sub, copy.text)
    except MatchError:  # (a refusal, the caller's too: the locked path gives it again)
        return None
    return _store_if_current(match, copy.version, acting, bots, body, state, entry, sub)


def read_for_write(match_id: int, with_seats: bool) -> tuple[Match | None, str]:
    """The match row without a lock, and its snapshot text: this process's copy when it
    holds the row's version, else the row's own (only then sent by the database)."""
    copy = held(match_id)
    match = select_match(match_id, BIG_COLUMNS, with_seats,
                         extra=", CASE WHEN version = %s AND seed_hash = %s THEN NULL "
                               "ELSE snapshot END",
                         extra_params=[copy.version, copy.seed_hash] if copy else [-1, ""])
    if match is None:
        return None, ""
    if match.extra is None and copy is not None:  # the row is at this process's copy
        return match, copy.text
    return match, match.extra


def _acting_seat(match: Match, sub: Submission) -> tuple[int | None, set[int] | None]:
    """The seat acting (``authorize``'s answer when given) and, when the seats were read
    with the match, which of them are bots."""
    if sub.authorize is None:
        return sub.seat, None
    return sub.authorize(match), {x.index for x in match.seats.all() if x.bot}


def _prepare_or_repeat(match: Match, seat: int | None, sub: Submission,
                       snapshot: str) -> tuple[dict[str, Any], State, MatchAction] | Result:
    """``prepare``; when it refuses, a repeated request (which usually arrives with a
    stale version or after the match moved on) gets its first answer instead."""
    try:
        return prepare(match, seat, sub, snapshot)
    except StoreError:
        repeated = _repeat(match, seat, sub)
        if repeated is not None:
            return repeated
        raise


def _committed(match: Match, sub: Submission, text: str, bots: set[int] | None) -> None:
    """After the entry is stored: keep the new state's text for readers; say the match
    changed (bots listen)."""
    if sub.kind != MatchAction.ADJUDICATE:
        transaction.on_commit(lambda: remember(match, text))
    if sub.schedule_bots:
        reason = "resign" if sub.kind == MatchAction.RESIGN else "action"
        transaction.on_commit(lambda: send_changed(match, bots, reason))


# How many entries a seat's version may lag behind the match's and still be current. Not
# one decision per other seat: in Roll for the Galaxy a seat may take a run of decisions
# (payments, each world's powers) while the other holds one, up to 23 in a row over 30
# seeded random 2-player games. The bound only caps the entries read to check the run.
SIMULTANEOUS_LAG = 64


def seen_still_current(match: Match, seat: int | None, sub: Submission, rs: Ruleset,
                       state: State) -> bool:
    """Whether the version the mover expects (older than the match's) shows the mover the
    same decision as now: the mover was to act at that version and after every entry since,
    each of those entries was another seat's action (decided at the same time as the
    mover's), and the mover's kinds of legal action are the same then and now (no phase
    ended meanwhile). The engine then judges the action on the state as it is now; if
    another seat's decision took what the mover chose, that is a conflict after all."""
    expected, version = sub.expected_version, match.version
    if (expected is None or expected > version or version - expected > SIMULTANEOUS_LAG
            or seat is None or sub.kind != MatchAction.ACTION or seat not in match.to_act):
        return False
    since = list(MatchAction.objects.filter(match_id=match.pk, seq__gte=expected,
                                            seq__lt=version)
                 .values_list("seat", "kind", "response"))
    if len(since) != version - expected or any(
            entry_seat == seat or kind != MatchAction.ACTION
            or seat not in ((response or {}).get("to_act") or [])
            for entry_seat, kind, response in since):
        return False
    then, _events = replay(match, upto=expected)
    if seat not in rs.to_act(then):
        return False
    return (_action_kinds(rs.legal_actions(then, seat))
            == _action_kinds(rs.legal_actions(state, seat)))


def _action_kinds(actions: list[Any]) -> set[str]:
    return {str(a.get("type")) if isinstance(a, dict) else repr(a) for a in actions}


def _same_request(first: Any, action: Any) -> bool:
    """Whether two actions are the same request (as JSON: key order and tuples vs lists
    do not matter)."""
    def canon(value: Any) -> str:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)

    return canon(first) == canon(action)


def _repeat(match: Match, seat: int | None, sub: Submission) -> Result | None:
    """The first answer when ``sub.client_action_id`` was used before by this seat for
    this very request; 409 ``idempotency_key_reused`` when it was used for another one.
    Keys are per seat (the unique constraint is on match, seat and key): another seat's
    use of the same string is not this seat's, so nobody can take a key the bot, or the
    other player, will send."""
    if sub.client_action_id is None:
        return None
    first = MatchAction.objects.filter(match=match, seat=seat,
                                       client_action_id=sub.client_action_id) \
        .only("seq", "seat", "kind", "action", "response").first()
    if first is None:
        return None
    if first.kind != sub.kind or not _same_request(first.action, sub.action):
        raise StoreError("idempotency_key_reused", "this client_action_id was already used "
                         "for another request; send a new id with a new request",
                         {"client_action_id": sub.client_action_id, "seq": first.seq})
    return Result(first.response, 200, repeated=True, match=match)


def _repeat_committed(sub: Submission, seat: int | None) -> Result | None:
    match = Match.objects.defer(*BIG_COLUMNS).filter(pk=sub.match_id).first()
    return None if match is None else _repeat(match, seat, sub)


def _conflict(match: Match, sub: Submission, seat: int | None = None, rs: Ruleset | None = None,
              state: State | None = None, taken: IllegalAction | None = None) -> StoreError:
    """409 ``version_conflict``. Where the match's state is at hand, the details carry what a
    client needs to try again without reading again: the seat's legal-actions answer at the
    current version, and when another seat's decision took what the mover chose (the same
    die's sector, the same speed token), the engine's reason naming it (``taken``)."""
    details: dict[str, Any] = {"version": match.version, "expected": sub.expected_version}
    message = f"expected version {sub.expected_version}, the match is at {match.version}"
    if taken is not None:
        details["taken"] = taken.as_dict()
        message += (f": another seat's decision took what you chose ({taken.message}); "
                    "details.legal_actions are your actions now")
    elif rs is not None and state is not None:
        message += (": the match moved on past what you saw (a phase ended, or a move you "
                    "must see); details.legal_actions are your actions now")
    if rs is not None and state is not None:
        to_act = list(rs.to_act(state))
        details["legal_actions"] = {
            "ruleset": match.ruleset, "version": match.version, "seat": seat, "to_act": to_act,
            "actions": rs.legal_actions(state, seat) if seat in to_act else []}
    return StoreError("version_conflict", message, details)


def prepare(match: Match, seat: int | None, sub: Submission,
            snapshot: str) -> tuple[dict[str, Any], State, MatchAction]:
    """Check and apply one entry to ``match`` read at its current version (``snapshot``:
    that version's state text). Sets the match's new column values and returns the
    seat's answer, the new state and the unsaved log entry; writes nothing."""
    kind, action = sub.kind, sub.action
    if match.status != Match.ACTIVE:
        code = "match_finished" if match.status == Match.FINISHED else "match_not_started"
        raise StoreError(code, f"the match is {match.status}",
                         {"status": match.status, "version": match.version})
    stale = sub.expected_version is not None and sub.expected_version != match.version
    if stale and (sub.expected_version or 0) > match.version:
        raise _conflict(match, sub)
    at = now_ms()
    if kind == MatchAction.ACTION and clock_view(match, at)["time_up"]:
        raise StoreError("time_up", "the match's time is up; the organiser decides "
                         "the result", {"version": match.version})
    rs = ruleset_of(match)
    statics = statics_of(match)
    state = loads_state(rs, snapshot, statics)
    if stale and not seen_still_current(match, seat, sub, rs, state):
        raise _conflict(match, sub, seat, rs, state)
    try:
        state, events = apply_entry(rs, state, kind, seat, action)
    except IllegalAction as exc:
        if stale:  # another seat's decision, which the mover could not see, took it
            raise _conflict(match, sub, seat, rs, state, exc) from exc
        # The error reaches only the acting seat; it says nothing beyond what the
        # engine chose to put in it for that seat.
        raise StoreError("illegal_action", exc.message,
                         {**exc.as_dict(), "version": match.version}) from exc
    n = len((match.clocks or {}).get("used_ms") or []) or match.seats.count()
    before = list(match.to_act)
    first_event = match.event_count + 1
    seq = match.version
    if kind == MatchAction.ADJUDICATE:
        match.snapshot = snapshot
        finish(match, {"winners": list(action["winners"]), "reason": "adjudicated",
                       "scores": None, "tiebreak": [],
                       "details": {"note": action.get("note", "")}})
    else:
        match.snapshot = dumps_state(rs, state, statics)
        match.to_act = list(rs.to_act(state))
        outcome = rs.outcome(state)
        if outcome is not None:
            finish(match, outcome.as_dict())
    match.clocks = tick_clocks(match.clocks, before,
                               match.to_act if match.status == Match.ACTIVE else [], n, at)
    match.version = seq + 1
    match.event_count += len(events)
    viewer = sub.viewer if sub.viewer is not None else seat
    body = {
        "seq": seq, "version": match.version, "kind": kind, "seat": seat,
        "events": seat_events(rs, events, first_event, viewer),
        "status": match.status, "to_act": match.to_act, "outcome": match.outcome,
    }
    user = sub.user
    entry = MatchAction(
        match=match, seq=seq, kind=kind, seat=seat, action=action,
        client_action_id=sub.client_action_id,
        user=user if getattr(user, "is_authenticated", False) else None,
        events=events, first_event=first_event, response=body)
    return body, state, entry
