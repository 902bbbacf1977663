"""Rows and SQL: reading a match row in one round trip, locking it, and the guarded
statement that stores an action only if the row is still at the version it was computed
from (PostgreSQL's compare-and-set)."""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.db import OperationalError, connection
from django.db.models import Field, Model
from django.utils import timezone

from matches.models import BIG_COLUMNS, Match, MatchAction, Seat
from matches.store.common import StoreError

T = TypeVar("T")

# ---------------------------------------------------------------- reading a match

@functools.cache
def row_plan(leave_out: tuple[str, ...]) -> tuple[str, list[str], list[tuple[int, Any, list]]]:
    """How to read a match row without the ORM's per-query compiling: the column list,
    the attribute names for ``Match.from_db``, and each column's converters (the same
    ones the ORM applies: JSON decoding, SQLite's dates and booleans)."""
    quote = connection.ops.quote_name
    fields = [f for f in Match._meta.concrete_fields if f.name not in leave_out]
    plan = []
    for i, f in enumerate(fields):
        col = f.get_col(Match._meta.db_table)
        # (Field.get_db_converters is Django's; django-stubs leave it out)
        converters = (connection.ops.get_db_converters(col)
                      + f.get_db_converters(connection))  # type: ignore[attr-defined]
        if converters:
            plan.append((i, col, converters))
    return ", ".join(quote(f.column) for f in fields), [f.attname for f in fields], plan


# The seats as one JSON array column of the match row: [[id, index, user_id, bot,
# deck_name], ...] in seat order, so the hot read is a single round trip.
SEATS_JSON = {
    "postgresql": ("(SELECT json_agg(json_build_array(s.id, s.\"index\", s.user_id, s.bot, "
                   "s.deck_name) ORDER BY s.\"index\") FROM matches_seat s "
                   "WHERE s.match_id = matches_match.id)"),
    "sqlite": ("(SELECT json_group_array(json_array(id, \"index\", user_id, bot, deck_name)) "
               "FROM (SELECT * FROM matches_seat s WHERE s.match_id = matches_match.id "
               "ORDER BY s.\"index\"))"),
}
SEAT_FIELDS = ["id", "index", "user_id", "bot", "deck_name"]


def select_match(match_id: int, leave_out: tuple[str, ...], with_seats: bool,
                  suffix: str = "", extra: str = "",
                  extra_params: list[Any] | None = None) -> Match | None:
    """One read of a match row (``suffix``: e.g. a row lock; ``extra``: one more select
    expression, with ``extra_params``, whose value is set as ``match.extra``), its seats
    attached from the same query when ``with_seats``."""
    columns, names, plan = row_plan(leave_out)
    if with_seats:
        extra += f", {SEATS_JSON[connection.vendor]}"
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
        rows = json_value(rest[-1]) or []
        set_seats(match, [Seat.from_db(match._state.db, SEAT_FIELDS, r) for r in rows])
        rest = rest[:-1]
    match.extra = rest[0] if rest else None
    return match


def json_value(value: Any) -> Any:
    """A JSON column read with plain SQL: SQLite hands it back as text."""
    return json.loads(value) if isinstance(value, (str, bytes)) else value


def set_seats(match: Match, seats: list[Seat]) -> None:
    """Make ``match.seats.all()`` answer ``seats`` without a query (what prefetch does).

    No reference from the seats or their queryset back to the match (the related
    manager's queryset names the match in its filter): a match read per request would
    otherwise be cyclic garbage, left for the garbage collector to free."""
    # The filter is deferred, as Django's own related managers defer theirs: it is built
    # only if something chains a query on ``match.seats.all()``. Building it at once was
    # ~90 microseconds of query compilation on every read of a match.
    # (QuerySet's private attributes used here and by prefetch, which django-stubs leave
    # out, carry a ``type: ignore``)
    qs = Seat.objects.all()
    qs._defer_next_filter = True  # type: ignore[attr-defined]
    qs = qs.filter(match_id=match.pk)
    qs._result_cache = seats
    qs._prefetch_done = True  # type: ignore[attr-defined]
    match._prefetched_objects_cache = {"seats": qs}  # type: ignore[attr-defined]


def load_match(match_id: int, users: bool = True) -> Match | None:
    """The match and its seats (with their users when ``users``; the players' names are
    needed only for summaries): the hot read of every match endpoint.

    Plain SQL through ``raw()``, which still converts each column the ORM's way: on a
    request that does little else, compiling the equivalent querysets cost more than the
    queries themselves, and each extra round trip costs most on a busy machine. The match's
    big columns stay deferred; ``match.seats.all()`` then costs nothing."""
    fast = not users and connection.vendor in SEATS_JSON
    # SQLite's shared-cache test database answers "table is locked" at once while another
    # thread writes (the live server beside a test): read again, as match_progress does.
    match = with_retry(lambda: select_match(match_id, BIG_COLUMNS, fast))
    if match is not None and not fast:
        set_seats(match, list(Seat.objects.select_related("user").defer("deck")
                               .filter(match_id=match_id).order_by("index")))
    return match


def match_progress(match_id: int) -> tuple[int, int, str, list[int]] | None:
    """(event_count, version, status, to_act) of a match: the long-poll's cheap re-read."""
    def read() -> Any:
        with connection.cursor() as cursor:
            cursor.execute("SELECT event_count, version, status, to_act FROM matches_match "
                           "WHERE id = %s", [match_id])
            return cursor.fetchone()

    row = with_retry(read)  # SQLite's shared-cache test database: a writer may hold it
    if row is None:
        return None
    return row[0], row[1], row[2], list(json_value(row[3]) or [])


# ---------------------------------------------------------------- locking and retries

def with_retry(fn: Callable[[], T], attempts: int = 400) -> T:
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


def lock_match(match_id: int, with_seats: bool = False) -> Match:
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("UPDATE matches_match SET version = version WHERE id = %s",
                           [match_id])
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    # Elsewhere than the two databases the project runs on, seats load lazily.
    match = select_match(match_id, ("config", "statics"),
                          with_seats and connection.vendor in SEATS_JSON, lock)
    if match is None:
        raise StoreError("not_found", f"no match {match_id}")
    return match


WRITTEN = ["snapshot", "to_act", "outcome", "status", "finished", "clocks", "version",
            "event_count"]
_ENTRY_FIELDS = ["match", "seq", "kind", "seat", "action", "client_action_id", "user",
                 "events", "first_event", "response", "created"]


def _column(model: type[Model], name: str) -> Field[Any, Any]:
    """The model's field ``name``, which is a column (not a relation's reverse side)."""
    field = model._meta.get_field(name)
    if not isinstance(field, Field):
        raise TypeError(f"{model.__name__}.{name} is not a column")
    return field


@functools.cache
def _cas() -> tuple[str, list[Any], list[Any]]:
    """The guarded write's SQL, and the match and log-entry fields it binds, in order."""
    quote = connection.ops.quote_name
    fields = [_column(Match, n) for n in WRITTEN]
    sets = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    entry = [_column(MatchAction, n) for n in _ENTRY_FIELDS]
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


def write_if_current(match: Match, entry: MatchAction, read_version: int) -> bool:
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

