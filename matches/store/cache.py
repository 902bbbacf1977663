"""The process's copies of recently used matches: each match's snapshot text (and row) at
the latest version seen here, and its static parts parsed once. Nothing here is ever the
truth: the database is; a copy is used only at the exact version (and seed) it names."""

from __future__ import annotations

import copy
import json
import threading
from collections import OrderedDict
from typing import Any, NamedTuple

from django.conf import settings
from django.db import connection

from matches.models import BIG_COLUMNS, Match, Seat
from matches.store.common import dump
from matches.store.rows import SEAT_FIELDS, row_plan, set_seats
from rulesets.base import Ruleset, State

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
# applies the action without reading the row (see ``submission.submit_held``).


class Held(NamedTuple):
    """What this process holds of one match: its state text at ``version``, and the row
    itself (small columns and seats) when it was read or written whole."""

    version: int
    seed_hash: str
    text: str
    row: Any


_STATES: OrderedDict[int, Held] = OrderedDict()
_STATES_LOCK = threading.Lock()
# (KAOSZ_MATCH_CACHE: it was 256, and at 500 matches played at once about half the actions
# read and parsed their match again)
STATE_CACHE_SIZE = getattr(settings, "KAOSZ_MATCH_CACHE", 1024)


def remember(match: Match, text: str) -> None:
    row = _row_of(match)
    with _STATES_LOCK:
        held = _STATES.get(match.pk)
        if held is not None and held[1] == match.seed_hash and held[0] > match.version:
            return  # a reader of an older version must not evict the newer state
        _STATES[match.pk] = Held(match.version, match.seed_hash, text, row)
        _STATES.move_to_end(match.pk)
        while len(_STATES) > STATE_CACHE_SIZE:
            _STATES.popitem(last=False)


def _row_of(match: Match) -> tuple[tuple[Any, ...], tuple[tuple[Any, ...], ...]] | None:
    """The match's small columns and its seats as plain values (copies), or None when the
    object does not hold them all."""
    names = row_plan(BIG_COLUMNS)[1]
    seats = getattr(match, "_prefetched_objects_cache", {}).get("seats")
    if seats is None or match.get_deferred_fields().intersection(names):
        return None
    return (copy.deepcopy(tuple(getattr(match, n) for n in names)),
            tuple(tuple(getattr(s, f) for f in SEAT_FIELDS) for s in seats))


def match_from_row(row: tuple[tuple[Any, ...], tuple[tuple[Any, ...], ...]]) -> Match:
    values, seats = row
    match = Match.from_db(connection.alias, row_plan(BIG_COLUMNS)[1], copy.deepcopy(values))
    set_seats(match, [Seat.from_db(connection.alias, SEAT_FIELDS, list(s)) for s in seats])
    match.extra = None
    return match


def held(match_id: int) -> Held | None:
    """What this process holds of the match, or None."""
    with _STATES_LOCK:
        return _STATES.get(match_id)


def hold(match_id: int, entry: Held) -> None:
    """Put ``entry`` back as what this process holds (tests: a process that missed moves)."""
    with _STATES_LOCK:
        _STATES[match_id] = entry


def forget(match_id: int | None = None) -> None:
    """Drop this process's copies of one match (or of all): the next use reads the row."""
    with _STATES_LOCK:
        if match_id is None:
            _STATES.clear()
            _STATICS.clear()
        else:
            _STATES.pop(match_id, None)
            _STATICS.pop(match_id, None)


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


# The columns every change of the state changes with it (the store writes them together).
PROGRESS = ("version", "to_act", "status", "outcome", "event_count", "clocks", "finished")


def state_for_reading(match: Match, rs: Ruleset) -> State:
    """The match's current state for reads (``view``, ``legal_actions``, bots): the
    caller's own copy, at ``match.version``, which is brought up to the row's when the
    state has to be read and the row has moved on meanwhile."""
    statics = statics_of(match)
    copy_ = held(match.pk)
    if copy_ is not None and copy_[:2] == (match.version, match.seed_hash):
        return loads_state(rs, copy_.text, statics)
    if "snapshot" in match.get_deferred_fields():
        row = Match.objects.values_list("snapshot", *PROGRESS).get(pk=match.pk)
        match.snapshot = row[0]
        # When the row moved on since ``match`` was read, ``match`` moves on with it: the
        # state and the version, turn and clocks shown beside it are one read (else
        # the detail paired a newer view with an older version and to_act).
        for name, value in zip(PROGRESS, row[1:], strict=True):
            setattr(match, name, value)
    remember(match, match.snapshot)
    return loads_state(rs, match.snapshot, statics)

