"""The match store: the one place that starts matches and applies actions.

Every change is one transaction that checks ``expected_version``, applies the action
through the ruleset, appends one ``MatchAction`` with ``seq == version`` and bumps the
version, all or nothing. A repeated ``client_action_id`` returns the stored first answer
and changes nothing.

Three ways to make that transaction:

* PostgreSQL, on a version this process holds (``_submit_held``): the row, its seats and
  its state as this process last wrote or read them, when that is the version the client
  expects; the guarded statement below is then the whole action (one round trip). Only a
  success is answered this way; anything else takes the next way.
* PostgreSQL (``_submit_optimistic``): read the row without a lock, apply, then one
  statement updates the row only if it is still at the version read and inserts the log
  entry from the updated row. Two round trips instead of five, and no lock held while
  Python works. A write that finds the row moved on stores nothing and is recomputed;
  after ``OPTIMISTIC_ATTEMPTS`` such losses the request takes the locked way, which
  queues writers fairly under contention.
* Locked (``_submit_locked``; SQLite, and the fallback): lock the row
  (``select_for_update``; on SQLite a leading no-op UPDATE takes the write lock, since
  SQLite ignores row locks), then write.

Only applied entries are stored: a rejected action (422) changes nothing and is not
remembered, so retrying it simply re-evaluates it against the current state.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import hashlib
import json
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.db import IntegrityError, OperationalError, connection, transaction
from django.utils import timezone

from kaosz.api.errors import ApiError
from matches.models import BIG_COLUMNS, Match, MatchAction, Seat
from rulesets import registry
from rulesets.base import ConfigError, Event, IllegalAction, Ruleset, State

# Option keys the host consumes; everything else in ``options`` goes to the ruleset.
HOST_OPTIONS = ("format", "time_limit_seconds")
T = TypeVar("T")


class StoreError(ApiError):
    """An ``ApiError`` raised by the store (so views and tasks share one error type)."""


@dataclass
class SeatSpec:
    user: Any = None
    bot: str = ""
    deck: list[dict[str, Any]] | None = None
    deck_name: str = ""


@dataclass
class Result:
    """What an applied entry answers: ``status`` 200/201 and the seat's JSON."""

    body: dict[str, Any]
    status: int = 200
    repeated: bool = False
    match: Match | None = field(default=None, repr=False)
    # The state after the entry (not for a repeat): the submitter's own copy.
    state: State | None = field(default=None, repr=False)


def seed_hash(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


def ruleset_of(match: Match) -> Ruleset:
    try:
        return registry.get(match.ruleset)
    except (registry.UnknownRuleset, ImportError) as exc:
        raise StoreError("ruleset_unavailable", f"ruleset {match.ruleset!r} is not available",
                         503) from exc


def dump(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def now_ms() -> int:
    return int(time.time() * 1000)


# ---------------------------------------------------------------- parsed states

# The snapshot text of each recently used match at its latest version seen here, for
# readers (views, legal actions, bots) and writers in this process: {match id: (version,
# seed hash, text)}. A version names exactly one state (the log is append-only and
# deterministic), so an entry read at its own version is never stale (the seed hash guards
# against a reused id after a database reset); the database stays the one source of truth.
# Text, not parsed states: a string is one object the garbage collector never walks, while
# each parsed state is thousands; kept alive for many matches they made every full
# collection (which holds up every request of the process) walk them all. Each caller
# parses its own copy (half a millisecond for a KGK state), so none can change another's.
# The entry's fourth part is the row itself at that version (its small columns and its
# seats) when it was read or written whole: a writer holding the version a client expects
# applies the action without reading the row (see ``_submit_held``).
_STATES: OrderedDict[int, tuple[int, str, str, Any]] = OrderedDict()
_STATES_LOCK = threading.Lock()
STATE_CACHE_SIZE = 256


def _remember(match: Match, text: str) -> None:
    row = _row_of(match)
    with _STATES_LOCK:
        held = _STATES.get(match.pk)
        if held is not None and held[1] == match.seed_hash and held[0] > match.version:
            return  # a reader of an older version must not evict the newer state
        _STATES[match.pk] = (match.version, match.seed_hash, text, row)
        _STATES.move_to_end(match.pk)
        while len(_STATES) > STATE_CACHE_SIZE:
            _STATES.popitem(last=False)


def _row_of(match: Match) -> tuple[tuple[Any, ...], tuple[tuple[Any, ...], ...]] | None:
    """The match's small columns and its seats as plain values (copies), or None when the
    object does not hold them all."""
    names = _row_plan(BIG_COLUMNS)[1]
    seats = getattr(match, "_prefetched_objects_cache", {}).get("seats")
    if seats is None or match.get_deferred_fields().intersection(names):
        return None
    return (copy.deepcopy(tuple(getattr(match, n) for n in names)),
            tuple(tuple(getattr(s, f) for f in _SEAT_FIELDS) for s in seats))


def _match_from_row(row: tuple[tuple[Any, ...], tuple[tuple[Any, ...], ...]]) -> Match:
    values, seats = row
    match = Match.from_db(connection.alias, _row_plan(BIG_COLUMNS)[1], copy.deepcopy(values))
    _set_seats(match, [Seat.from_db(connection.alias, _SEAT_FIELDS, list(s)) for s in seats])
    match.extra = None
    return match


def _held(match_id: int) -> tuple[int, str, str, Any] | None:
    with _STATES_LOCK:
        return _STATES.get(match_id)


# ---------------------------------------------------------------- static parts

# A ruleset's ``static_keys`` name top-level state entries fixed from ``new_game`` on (KGK:
# the compiled card definitions, 40 % of its snapshot). They are stored once per match
# (``Match.statics``) rather than rewritten by every action, and each process parses them
# once and hands the same objects to every copy of the match's state: engines only read
# them. A match's own ``statics`` say which keys were split off, so matches stored before
# the split (empty ``statics``) keep working from whole snapshots.
# {match id: (seed hash, {key: value})}
_STATICS: OrderedDict[int, tuple[str, dict[str, Any]]] = OrderedDict()
# Elements of static lists by their JSON text: matches with the same cards share one
# object per card definition, so what stays alive (and every full garbage collection
# walks) is bounded by the cards in play, not by the number of matches cached.
_INTERNED: dict[str, Any] = {}
INTERNED_MAX = 20_000


def split_statics(rs: Ruleset, state: State) -> dict[str, Any]:
    """The state's static parts (``rs.static_keys``), as stored in ``Match.statics``."""
    keys = getattr(rs, "static_keys", ())
    if not keys:
        return {}
    data = state if getattr(rs, "plain_json_state", False) else rs.to_json(state)
    return {k: data[k] for k in keys if k in data}


def _intern(value: Any) -> Any:
    if not isinstance(value, list):
        return value
    if len(_INTERNED) > INTERNED_MAX:
        _INTERNED.clear()  # cached statics keep their objects; only sharing restarts
    out = []
    for item in value:
        text = dump(item)
        out.append(_INTERNED.setdefault(text, item))
    return out


def statics_of(match: Match) -> dict[str, Any]:
    """The match's static parts, parsed once per process (shared: read only)."""
    with _STATES_LOCK:
        held = _STATICS.get(match.pk)
        if held is not None and held[0] == match.seed_hash:
            _STATICS.move_to_end(match.pk)
            return held[1]
    if "statics" in match.get_deferred_fields():
        text = Match.objects.values_list("statics", flat=True).filter(pk=match.pk).first()
    else:
        text = match.statics
    with _STATES_LOCK:
        parsed = {k: _intern(v) for k, v in (json.loads(text) if text else {}).items()}
        if match.status != Match.OPEN:  # (an open match has none yet: ask again later)
            _STATICS[match.pk] = (match.seed_hash, parsed)
            while len(_STATICS) > STATE_CACHE_SIZE:
                _STATICS.popitem(last=False)
    return parsed


def loads_state(rs: Ruleset, snapshot: str, statics: dict[str, Any] | None = None) -> State:
    """A fresh state from snapshot text (and the match's static parts). A ruleset whose
    state is plain JSON data (``plain_json_state``) skips its defensive ``from_json`` copy:
    the parse is fresh."""
    data = json.loads(snapshot)
    for key, value in (statics or {}).items():
        data.setdefault(key, value)
    return data if getattr(rs, "plain_json_state", False) else rs.from_json(data)


def dumps_state(rs: Ruleset, state: State, statics: dict[str, Any] | None = None) -> str:
    """Snapshot text: the state without the parts held in ``statics``."""
    data = state if getattr(rs, "plain_json_state", False) else rs.to_json(state)
    if statics:
        data = {k: v for k, v in data.items() if k not in statics}
    return dump(data)


def state_for_reading(match: Match, rs: Ruleset) -> State:
    """The match's current state (at ``match.version``) for reads (``view``,
    ``legal_actions``, bots): the caller's own copy."""
    statics = statics_of(match)
    held = _held(match.pk)
    if held is not None and held[:2] == (match.version, match.seed_hash):
        return loads_state(rs, held[2], statics)
    fresh = True
    if "snapshot" in match.get_deferred_fields():
        match.snapshot, version = Match.objects.values_list("snapshot", "version") \
            .get(pk=match.pk)
        fresh = version == match.version  # else the row moved on since ``match`` was read
    if fresh:
        _remember(match, match.snapshot)
    return loads_state(rs, match.snapshot, statics)


# ---------------------------------------------------------------- reading a match

@functools.cache
def _row_plan(leave_out: tuple[str, ...]) -> tuple[str, list[str], list[tuple[int, Any, list]]]:
    """How to read a match row without the ORM's per-query compiling: the column list,
    the attribute names for ``Match.from_db``, and each column's converters (the same
    ones the ORM applies: JSON decoding, SQLite's dates and booleans)."""
    quote = connection.ops.quote_name
    fields = [f for f in Match._meta.concrete_fields if f.name not in leave_out]
    plan = []
    for i, f in enumerate(fields):
        col = f.get_col(Match._meta.db_table)
        converters = connection.ops.get_db_converters(col) + f.get_db_converters(connection)
        if converters:
            plan.append((i, col, converters))
    return ", ".join(quote(f.column) for f in fields), [f.attname for f in fields], plan


# The seats as one JSON array column of the match row: [[id, index, user_id, bot,
# deck_name], ...] in seat order, so the hot read is a single round trip.
_SEATS_JSON = {
    "postgresql": ("(SELECT json_agg(json_build_array(s.id, s.\"index\", s.user_id, s.bot, "
                   "s.deck_name) ORDER BY s.\"index\") FROM matches_seat s "
                   "WHERE s.match_id = matches_match.id)"),
    "sqlite": ("(SELECT json_group_array(json_array(id, \"index\", user_id, bot, deck_name)) "
               "FROM (SELECT * FROM matches_seat s WHERE s.match_id = matches_match.id "
               "ORDER BY s.\"index\"))"),
}
_SEAT_FIELDS = ["id", "index", "user_id", "bot", "deck_name"]


def _select_match(match_id: int, leave_out: tuple[str, ...], with_seats: bool,
                  suffix: str = "", extra: str = "",
                  extra_params: list[Any] | None = None) -> Match | None:
    """One read of a match row (``suffix``: e.g. a row lock; ``extra``: one more select
    expression, with ``extra_params``, whose value is set as ``match.extra``), its seats
    attached from the same query when ``with_seats``."""
    columns, names, plan = _row_plan(leave_out)
    if with_seats:
        extra += f", {_SEATS_JSON[connection.vendor]}"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {columns}{extra} FROM matches_match WHERE id = %s{suffix}",
                       [*(extra_params or []), match_id])
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row[:len(names)])
    for i, col, converters in plan:
        for convert in converters:
            values[i] = convert(values[i], col, connection)
    match = Match.from_db(connection.alias, names, values)
    rest = row[len(names):]
    if with_seats:
        rows = _json_value(rest[-1]) or []
        _set_seats(match, [Seat.from_db(match._state.db, _SEAT_FIELDS, r) for r in rows])
        rest = rest[:-1]
    match.extra = rest[0] if rest else None
    return match


def _json_value(value: Any) -> Any:
    """A JSON column read with plain SQL: SQLite hands it back as text."""
    return json.loads(value) if isinstance(value, (str, bytes)) else value


def _set_seats(match: Match, seats: list[Seat]) -> None:
    """Make ``match.seats.all()`` answer ``seats`` without a query (what prefetch does).

    No reference from the seats or their queryset back to the match (the related
    manager's queryset names the match in its filter): a match read per request would
    otherwise be cyclic garbage, left for the garbage collector to free."""
    qs = Seat.objects.filter(match_id=match.pk)
    qs._result_cache = seats
    qs._prefetch_done = True
    match._prefetched_objects_cache = {"seats": qs}


def load_match(match_id: int, users: bool = True) -> Match | None:
    """The match and its seats (with their users when ``users``; the players' names are
    needed only for summaries): the hot read of every match endpoint.

    Plain SQL through ``raw()``, which still converts each column the ORM's way: on a
    request that does little else, compiling the equivalent querysets cost more than the
    queries themselves, and each extra round trip costs most on a busy machine. The match's
    big columns stay deferred; ``match.seats.all()`` then costs nothing."""
    fast = not users and connection.vendor in _SEATS_JSON
    match = _select_match(match_id, BIG_COLUMNS, fast)
    if match is not None and not fast:
        _set_seats(match, list(Seat.objects.select_related("user").defer("deck")
                               .filter(match_id=match_id).order_by("index")))
    return match


def match_progress(match_id: int) -> tuple[int, int, str, list[int]] | None:
    """(event_count, version, status, to_act) of a match: the long-poll's cheap re-read."""
    def read() -> Any:
        with connection.cursor() as cursor:
            cursor.execute("SELECT event_count, version, status, to_act FROM matches_match "
                           "WHERE id = %s", [match_id])
            return cursor.fetchone()

    row = _with_retry(read)  # SQLite's shared-cache test database: a writer may hold it
    if row is None:
        return None
    return row[0], row[1], row[2], list(_json_value(row[3]) or [])


# ---------------------------------------------------------------- locking and retries

def _with_retry(fn: Callable[[], T], attempts: int = 400) -> T:
    """Run ``fn`` (one transaction); on SQLite retry when the database is locked.

    PostgreSQL waits on the row lock by itself. SQLite's shared-cache test database answers
    "table is locked" at once instead of waiting, so the store retries there.
    """
    for i in range(attempts):
        try:
            return fn()
        except OperationalError as exc:
            if connection.vendor != "sqlite" or "locked" not in str(exc) or i == attempts - 1:
                raise
            time.sleep(min(0.002 * (i + 1), 0.05))
    raise AssertionError("unreachable")


def _lock(match_id: int, with_seats: bool = False) -> Match:
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("UPDATE matches_match SET version = version WHERE id = %s",
                           [match_id])
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    # Elsewhere than the two databases the project runs on, seats load lazily.
    match = _select_match(match_id, ("config", "statics"),
                          with_seats and connection.vendor in _SEATS_JSON, lock)
    if match is None:
        raise StoreError("not_found", f"no match {match_id}", 404)
    return match


# ---------------------------------------------------------------- clocks

def tick_clocks(clocks: dict[str, Any], before: list[int], after: list[int], n: int,
                at: int) -> dict[str, Any]:
    """Charge each seat for the time it was to act; start clocks of seats now to act."""
    used = list(clocks.get("used_ms") or [0] * n)
    since = list(clocks.get("since") or [None] * n)
    for s in range(n):
        if s in before and s not in after and since[s] is not None:
            used[s] += max(0, at - since[s])
            since[s] = None
        elif s in after and since[s] is None:
            since[s] = at
    return {"used_ms": used, "since": since}


def clock_view(match: Match, at: int | None = None) -> dict[str, Any]:
    at = at or now_ms()
    clocks = match.clocks or {}
    used = list(clocks.get("used_ms") or [])
    since = clocks.get("since") or []
    running = [s for s, t in enumerate(since) if t is not None]
    if match.status == Match.ACTIVE:
        used = [u + (at - since[s] if s < len(since) and since[s] is not None else 0)
                for s, u in enumerate(used)]
    out: dict[str, Any] = {"used_ms": used, "running": running if match.status == Match.ACTIVE
                           else [], "time_limit_seconds": match.time_limit_seconds,
                           "remaining_ms": None, "time_up": False}
    if match.time_limit_seconds and match.started:
        end = match.started.timestamp() * 1000 + match.time_limit_seconds * 1000
        out["remaining_ms"] = max(0, int(end - at))
        out["time_up"] = match.status == Match.ACTIVE and at >= end
    return out


# ---------------------------------------------------------------- creating and starting

def create_match(ruleset_name: str, options: dict[str, Any], seats: list[SeatSpec],
                 created_by: Any = None, organiser: Any = None) -> Match:
    try:
        rs = registry.get(ruleset_name)
    except (registry.UnknownRuleset, ImportError) as exc:
        raise StoreError("unknown_ruleset", f"unknown ruleset {ruleset_name!r}", 400,
                         {"allowed": sorted(registry.available())}) from exc
    if not rs.min_players <= len(seats) <= rs.max_players:
        raise StoreError("bad_players", f"{rs.title} is for {rs.min_players}-{rs.max_players} "
                         "players", 400, {"min": rs.min_players, "max": rs.max_players})
    limit = options.get("time_limit_seconds")
    seed = secrets.token_hex(16)

    def run() -> Match:
        with transaction.atomic():
            match = Match.objects.create(
                ruleset=ruleset_name, options=options, seed=seed, seed_hash=seed_hash(seed),
                time_limit_seconds=limit, created_by=created_by, organiser=organiser)
            Seat.objects.bulk_create([
                Seat(match=match, index=i, user=s.user, bot=s.bot, deck=s.deck,
                     deck_name=s.deck_name) for i, s in enumerate(seats)])
            if all(s.user is not None or s.bot for s in seats):
                _start(match, rs)
            return match

    match = _with_retry(run)
    _after_change(match)
    return match


def join(match_id: int, user: Any, deck: list[dict[str, Any]] | None = None,
         deck_name: str = "", seat_index: int | None = None) -> Match:
    """Seat ``user`` in the first open seat, or in ``seat_index`` when given (a seat kept
    for an invited player: ``matches.api.seating.seat_to_join``)."""
    def run() -> Match:
        with transaction.atomic():
            match = _lock(match_id)
            if match.status != Match.OPEN:
                raise StoreError("not_open", "this match has no open seat", 409)
            seats = list(match.seats.all())
            free = [s for s in seats if s.is_open]
            chosen = [s for s in free if seat_index is None or s.index == seat_index]
            if not chosen:
                raise StoreError("not_open", "this match has no open seat", 409)
            seat = chosen[0]
            seat.user, seat.deck, seat.deck_name = user, deck, deck_name
            seat.save(update_fields=["user", "deck", "deck_name"])
            if len(free) == 1:
                _start(match, ruleset_of(match))
            return match

    match = _with_retry(run)
    _after_change(match)
    return match


def with_options(config: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """Game options go where the ruleset's example config keeps them: its ``options``
    object when it has one, else its top level (the ruleset rejects unknown keys)."""
    game = {k: v for k, v in options.items() if k not in HOST_OPTIONS}
    if not game:
        return config
    if isinstance(config.get("options"), dict):
        return {**config, "options": {**config["options"], **game}}
    # The seats decide the players and their decks, never an option.
    return {**config, **{k: v for k, v in game.items() if k not in ("players", "decks")}}


def build_config(rs: Ruleset, options: dict[str, Any], seats: list[Seat]) -> dict[str, Any]:
    """The ruleset's example config for this many seats, with the seats' decks and options."""
    n = len(seats)
    config = with_options(rs.example_config(n), options)
    if rs.uses_decks:
        decks = list(config.get("decks") or [])
        for s in seats:
            if s.deck:
                decks[s.index] = s.deck
        config["decks"] = decks
    return config


def _start(match: Match, rs: Ruleset) -> None:
    seats = list(match.seats.order_by("index"))
    config = build_config(rs, match.options or {}, seats)
    try:
        state = rs.new_game(config, match.seed)
    except ConfigError as exc:
        raise StoreError("bad_config", exc.message, 400, {"code": exc.code, **exc.details}) from exc
    except (ValueError, KeyError, TypeError) as exc:
        raise StoreError("bad_config", f"the game cannot start from these options: {exc}",
                         400) from exc
    to_act = list(rs.to_act(state))
    at = now_ms()
    match.config = config
    statics = split_statics(rs, state)
    match.statics = dump(statics) if statics else ""
    match.snapshot = dumps_state(rs, state, statics)
    match.to_act = to_act
    match.status = Match.ACTIVE
    match.started = timezone.now()
    match.clocks = tick_clocks({}, [], to_act, len(seats), at)
    outcome = rs.outcome(state)
    if outcome is not None:
        _finish(match, outcome.as_dict())
    # Decks now live in ``config``; the seat copies are no longer needed.
    Seat.objects.filter(match=match).update(deck=None)
    match.save()


def _finish(match: Match, outcome: dict[str, Any]) -> None:
    match.status = Match.FINISHED
    match.outcome = outcome
    match.finished = timezone.now()
    match.to_act = []


# ---------------------------------------------------------------- applying

def apply_entry(rs: Ruleset, state: State, kind: str, seat: int | None,
                action: Any) -> tuple[State, list[Event]]:
    """Apply one log entry (the engine may update ``state`` in place or return a new one).
    Shared by live play and replay."""
    if kind == MatchAction.ACTION:
        return rs.apply(state, seat, action)
    if kind == MatchAction.RESIGN:
        return rs.resign(state, seat)
    if kind == MatchAction.ADJUDICATE:
        return state, [{"type": "adjudicated", **action}]
    raise ValueError(f"unknown log entry kind {kind!r}")


def seat_events(rs: Ruleset, events: list[Event], first: int,
                seat: int | None) -> list[dict[str, Any]]:
    """Events numbered from ``first`` as ``seat`` may see them (hidden ones dropped)."""
    out = []
    for i, event in enumerate(events):
        seen = event if event.get("type") == "adjudicated" else rs.event_view(event, seat)
        if seen is not None:
            out.append({"n": first + i, "event": seen})
    return out


def submit(match_id: int, seat: int | None, action: Any, *, kind: str = MatchAction.ACTION,
           user: Any = None, expected_version: int | None = None,
           client_action_id: str | None = None, schedule_bots: bool = True,
           viewer: int | None = None,
           authorize: Callable[[Match], int] | None = None) -> Result:
    """Apply one entry for ``seat`` in one transaction. Raises ``StoreError``
    (404/409/422) and changes nothing on failure.

    Permission is the caller's job: either it passes the ``seat`` it checked, or an
    ``authorize`` function that gets the match with its seats and returns the seat
    (or raises); the latter saves the caller reading the match before the transaction,
    and the seats read with it tell whether a bot must be woken without another query."""
    args = (action, kind, user, expected_version, client_action_id, schedule_bots, viewer,
            authorize)
    try:
        if connection.vendor == "postgresql":
            if authorize is not None:
                result = _submit_held(match_id, seat, *args)
                if result is not None:
                    return result
            for _ in range(OPTIMISTIC_ATTEMPTS):
                result = _submit_optimistic(match_id, seat, *args)
                if result is not None:
                    return result
        return _submit_locked(match_id, seat, *args)
    except _Repeated as exc:
        # The entry's client_action_id is taken (the unique constraint, checked on insert
        # rather than by a query before every action): the write rolled back, so nothing
        # changed; answer as the first time.
        repeated = _repeat_committed(match_id, exc.seat, kind, client_action_id)
        if repeated is None:
            raise exc.error from None
        return repeated


# How many times an action computed from a row that another writer then changed is
# recomputed before the store falls back to waiting on the row lock (under contention
# the lock queues writers fairly; a retry loop would not).
OPTIMISTIC_ATTEMPTS = 2


class _Repeated(Exception):
    """The unique constraint on (match, client_action_id) refused the entry."""

    def __init__(self, error: IntegrityError, seat: int | None) -> None:
        super().__init__(str(error))
        self.error, self.seat = error, seat


def _submit_locked(match_id: int, seat: int | None, action: Any, kind: str, user: Any,
                   expected_version: int | None, client_action_id: str | None,
                   schedule_bots: bool, viewer: int | None,
                   authorize: Callable[[Match], int] | None) -> Result:
    """The general path: lock the row (``SELECT ... FOR UPDATE``) for the whole change."""
    acting = seat

    def run() -> Result:
        nonlocal acting
        with transaction.atomic():
            match = _lock(match_id, with_seats=authorize is not None)
            acting, bots = _acting_seat(match, seat, authorize)
            prepared = _prepare_or_repeat(match, acting, action, kind, user, expected_version,
                                          client_action_id, viewer, match.snapshot)
            if isinstance(prepared, Result):
                return prepared
            body, state, entry = prepared
            entry.save(force_insert=True)
            match.save(update_fields=_WRITTEN)
            _committed(match, kind, match.snapshot, schedule_bots, bots)
            return Result(body, 200, match=match, state=state)

    try:
        return _with_retry(run)
    except IntegrityError as exc:
        raise _Repeated(exc, acting) from exc


def _submit_optimistic(match_id: int, seat: int | None, action: Any, kind: str, user: Any,
                       expected_version: int | None, client_action_id: str | None,
                       schedule_bots: bool, viewer: int | None,
                       authorize: Callable[[Match], int] | None) -> Result | None:
    """PostgreSQL's fast path: two round trips instead of five (BEGIN, a locking read,
    the log insert, the row update, COMMIT). The row is read without a lock (its
    snapshot only when this process has not already got that version's text); the
    action is applied; then one statement updates the row *only if it is still at the
    version read* and appends the log entry from that update, so both happen or neither.
    ``None``: another writer got there first, and nothing was written."""
    match, text = _read_for_write(match_id, authorize is not None)
    if match is None:
        raise StoreError("not_found", f"no match {match_id}", 404)
    acting, bots = _acting_seat(match, seat, authorize)
    read_version = match.version
    prepared = _prepare_or_repeat(match, acting, action, kind, user, expected_version,
                                  client_action_id, viewer, text)
    if isinstance(prepared, Result):
        return prepared
    body, state, entry = prepared
    return _store_if_current(match, read_version, acting, bots, body, state, entry, kind,
                             schedule_bots)


def _store_if_current(match: Match, read_version: int, acting: int | None,
                      bots: set[int] | None, body: dict[str, Any], state: State,
                      entry: MatchAction, kind: str, schedule_bots: bool) -> Result | None:
    """Both unlocked paths' write: the entry computed from ``match`` at ``read_version``,
    stored only if the row is still there (``None`` when it moved on: nothing stored)."""
    # Inside a caller's transaction the statement gets a savepoint of its own, so a
    # refused insert leaves that transaction usable.
    guard = transaction.atomic() if connection.in_atomic_block else contextlib.nullcontext()
    try:
        with guard:
            written = _write_if_current(match, entry, read_version)
    except IntegrityError as exc:
        raise _Repeated(exc, acting) from exc
    if not written:
        return None
    _committed(match, kind, match.snapshot, schedule_bots, bots)
    return Result(body, 200, match=match, state=state)


def _submit_held(match_id: int, seat: int | None, action: Any, kind: str, user: Any,
                 expected_version: int | None, client_action_id: str | None,
                 schedule_bots: bool, viewer: int | None,
                 authorize: Callable[[Match], int]) -> Result | None:
    """One round trip: when this process holds the row (and its state) at the version
    the client expects, the action is applied to that and written by the same guarded
    statement as ``_submit_optimistic``. The guard is the whole proof: every change of
    the row's state, status, clocks or seats' play comes with a new version, and the
    time limit (which an organiser may change without one) is checked by the statement
    too. Only a success is answered from here; anything else (the row moved on, a refusal
    that a fresh read might not give) is ``None``, and the request takes the reading way."""
    held = _held(match_id)
    if held is None or held[3] is None or (expected_version is not None
                                           and expected_version != held[0]):
        return None
    match = _match_from_row(held[3])  # (remembered with the version and seed hash)
    try:
        acting, bots = _acting_seat(match, seat, authorize)
        body, state, entry = _prepare(match, acting, action, kind, user, expected_version,
                                      client_action_id, viewer, held[2])
    except ApiError:
        return None
    return _store_if_current(match, held[0], acting, bots, body, state, entry, kind,
                             schedule_bots)


def _read_for_write(match_id: int, with_seats: bool) -> tuple[Match | None, str]:
    """The match row without a lock, and its snapshot text: this process's copy when it
    holds the row's version, else the row's own (only then sent by the database)."""
    held = _held(match_id)
    match = _select_match(match_id, BIG_COLUMNS, with_seats,
                          extra=", CASE WHEN version = %s AND seed_hash = %s THEN NULL "
                                "ELSE snapshot END",
                          extra_params=[held[0], held[1]] if held else [-1, ""])
    if match is None:
        return None, ""
    return match, match.extra if match.extra is not None else held[2]


def _acting_seat(match: Match, seat: int | None,
                 authorize: Callable[[Match], int] | None) -> tuple[int | None, set[int] | None]:
    """The seat acting (``authorize``'s answer when given) and, when the seats were read
    with the match, which of them are bots."""
    if authorize is None:
        return seat, None
    return authorize(match), {x.index for x in match.seats.all() if x.bot}


def _prepare_or_repeat(match: Match, seat: int | None, action: Any, kind: str, user: Any,
                       expected_version: int | None, client_action_id: str | None,
                       viewer: int | None,
                       snapshot: str) -> tuple[dict[str, Any], State, MatchAction] | Result:
    """``_prepare``; when it refuses, a repeated request (which usually arrives with a
    stale version or after the match moved on) gets its first answer instead."""
    try:
        return _prepare(match, seat, action, kind, user, expected_version, client_action_id,
                        viewer, snapshot)
    except StoreError:
        repeated = _repeat(match, seat, kind, client_action_id)
        if repeated is not None:
            return repeated
        raise


# The match columns an applied entry changes, and the log entry's columns.
_WRITTEN = ["snapshot", "to_act", "outcome", "status", "finished", "clocks", "version",
            "event_count"]
_ENTRY_FIELDS = ["match", "seq", "kind", "seat", "action", "client_action_id", "user",
                 "events", "first_event", "response", "created"]


@functools.cache
def _cas() -> tuple[str, list[Any], list[Any]]:
    """The guarded write's SQL, and the match and log-entry fields it binds, in order."""
    quote = connection.ops.quote_name
    fields = [Match._meta.get_field(n) for n in _WRITTEN]
    sets = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    entry = [MatchAction._meta.get_field(n) for n in _ENTRY_FIELDS]
    cols = ", ".join(quote(f.column) for f in entry)
    values = ", ".join(["id"] + ["%s"] * (len(entry) - 1))
    # (The time limit is the one column that changes without a new version: an
    # organiser's edit. A write computed with another limit must not land.)
    sql = (f"WITH moved AS (UPDATE {quote(Match._meta.db_table)} SET {sets} "
           f"WHERE id = %s AND version = %s AND time_limit_seconds IS NOT DISTINCT FROM %s "
           f"RETURNING id) "
           f"INSERT INTO {quote(MatchAction._meta.db_table)} ({cols}) "
           f"SELECT {values} FROM moved RETURNING id")
    return sql, fields, entry[1:]  # (the entry's match id comes from the updated row)


def _write_if_current(match: Match, entry: MatchAction, read_version: int) -> bool:
    """One statement: the row update guarded by the version read, and the log entry
    inserted from the updated row (none when the guard failed)."""
    sql, match_fields, entry_fields = _cas()
    entry.created = timezone.now()
    params = [f.get_db_prep_save(getattr(match, f.attname), connection) for f in match_fields]
    params += [match.pk, read_version, match.time_limit_seconds]
    params += [f.get_db_prep_save(getattr(entry, f.attname), connection) for f in entry_fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return False
    entry.pk = row[0]
    entry._state.adding = False
    return True


def _committed(match: Match, kind: str, text: str, schedule_bots: bool,
               bots: set[int] | None) -> None:
    """After the entry is stored: keep the new state's text for readers, wake bots."""
    if kind != MatchAction.ADJUDICATE:
        transaction.on_commit(lambda: _remember(match, text))
    if schedule_bots:
        transaction.on_commit(lambda: _after_change(match, bots))


def _repeat(match: Match, seat: int | None, kind: str,
            client_action_id: str | None) -> Result | None:
    if client_action_id is None:
        return None
    first = MatchAction.objects.filter(match=match, client_action_id=client_action_id) \
        .only("seat", "kind", "response").first()
    if first is None:
        return None
    if first.seat != seat or first.kind != kind:
        raise StoreError("client_action_id_reused", "this client_action_id was used for "
                         "another seat or kind of request", 409)
    return Result(first.response, 200, repeated=True, match=match)


def _repeat_committed(match_id: int, seat: int | None, kind: str,
                      client_action_id: str | None) -> Result | None:
    match = Match.objects.defer(*BIG_COLUMNS).filter(pk=match_id).first()
    return None if match is None else _repeat(match, seat, kind, client_action_id)


def _prepare(match: Match, seat: int | None, action: Any, kind: str, user: Any,
             expected_version: int | None, client_action_id: str | None,
             viewer: int | None, snapshot: str) -> tuple[dict[str, Any], State, MatchAction]:
    """Check and apply one entry to ``match`` read at its current version (``snapshot``:
    that version's state text). Sets the match's new column values and returns the
    seat's answer, the new state and the unsaved log entry; writes nothing."""
    if match.status != Match.ACTIVE:
        code = "match_finished" if match.status == Match.FINISHED else "match_not_started"
        raise StoreError(code, f"the match is {match.status}", 409,
                         {"status": match.status, "version": match.version})
    if expected_version is not None and expected_version != match.version:
        raise StoreError("version_conflict", f"expected version {expected_version}, "
                         f"the match is at {match.version}", 409,
                         {"version": match.version, "expected": expected_version})
    at = now_ms()
    if kind == MatchAction.ACTION and clock_view(match, at)["time_up"]:
        raise StoreError("time_up", "the match's time is up; the organiser decides "
                         "the result", 409, {"version": match.version})
    rs = ruleset_of(match)
    statics = statics_of(match)
    state = loads_state(rs, snapshot, statics)
    try:
        state, events = apply_entry(rs, state, kind, seat, action)
    except IllegalAction as exc:
        # The error reaches only the acting seat; it says nothing beyond what the
        # engine chose to put in it for that seat.
        raise StoreError("illegal_action", exc.message, 422,
                         {**exc.as_dict(), "version": match.version}) from exc
    n = len((match.clocks or {}).get("used_ms") or []) or match.seats.count()
    before = list(match.to_act)
    first_event = match.event_count + 1
    seq = match.version
    if kind == MatchAction.ADJUDICATE:
        match.snapshot = snapshot
        _finish(match, {"winners": list(action["winners"]), "reason": "adjudicated",
                        "scores": None, "tiebreak": [],
                        "details": {"note": action.get("note", "")}})
    else:
        match.snapshot = dumps_state(rs, state, statics)
        match.to_act = list(rs.to_act(state))
        outcome = rs.outcome(state)
        if outcome is not None:
            _finish(match, outcome.as_dict())
    match.clocks = tick_clocks(match.clocks, before,
                               match.to_act if match.status == Match.ACTIVE else [], n, at)
    match.version = seq + 1
    match.event_count += len(events)
    body = {
        "seq": seq, "version": match.version, "kind": kind, "seat": seat,
        "events": seat_events(rs, events, first_event, viewer if viewer is not None else seat),
        "status": match.status, "to_act": match.to_act, "outcome": match.outcome,
    }
    entry = MatchAction(
        match=match, seq=seq, kind=kind, seat=seat, action=action,
        client_action_id=client_action_id,
        user=user if getattr(user, "is_authenticated", False) else None,
        events=events, first_event=first_event, response=body)
    return body, state, entry


def _after_change(match: Match, bot_seats: set[int] | None = None) -> None:
    """Wake the bots when one of them is to act (Celery task, or in-process when eager)."""
    if match.status != Match.ACTIVE or not match.to_act:
        return
    if bot_seats is not None:
        wake = any(s in bot_seats for s in match.to_act)
    else:
        wake = Seat.objects.filter(match=match, index__in=match.to_act).exclude(bot="") \
            .exists()
    if wake:
        from matches.bots import schedule

        schedule(match.pk, match.version)


# ---------------------------------------------------------------- replay and verify

def replay(match: Match, upto: int | None = None) -> tuple[State, list[list[Event]]]:
    """The state from seed + config + log (entries with ``seq < upto``), and each entry's
    events."""
    rs = ruleset_of(match)
    if match.config is None:
        raise StoreError("match_not_started", "the match has not started", 409)
    state = rs.new_game(match.config, match.seed)
    all_events = []
    entries = match.log.order_by("seq")
    if upto is not None:
        entries = entries.filter(seq__lt=upto)
    for entry in entries.iterator():
        # Normalise at once: an engine may hand out event dicts it mutates later.
        state, events = apply_entry(rs, state, entry.kind, entry.seat, entry.action)
        all_events.append(json.loads(json.dumps(events)))
    return state, all_events


def verify(match: Match) -> dict[str, Any]:
    """Replay seed + log and compare with the stored snapshot, events and version."""
    rs = ruleset_of(match)
    logged = list(MatchAction.objects.filter(match_id=match.pk).order_by("seq")
                  .values_list("seq", "events"))
    seqs = [seq for seq, _ in logged]
    gap_free = seqs == list(range(len(seqs)))
    try:
        state, events = replay(match)
    except (IllegalAction, ValueError, KeyError, TypeError) as exc:
        return {"ok": False, "reason": f"replay failed: {exc}", "version": match.version,
                "log_length": len(seqs), "gap_free": gap_free}
    stored_events = [events for _, events in logged]
    same_state = json.loads(dumps_state(rs, state)) == match.state_json()
    same_events = stored_events == events
    outcome = rs.outcome(state)
    out_ok = match.outcome is None and outcome is None or (
        match.outcome is not None and (match.outcome.get("reason") == "adjudicated" or (
            outcome is not None and outcome.as_dict() == match.outcome)))
    ok = same_state and same_events and gap_free and len(seqs) == match.version and out_ok
    return {"ok": ok, "version": match.version, "log_length": len(seqs), "gap_free": gap_free,
            "state_matches": same_state, "events_match": same_events,
            "outcome_matches": out_ok, "seed_hash_matches": seed_hash(match.seed) == match.seed_hash}
