"""The match store: the one place that starts matches and applies actions.

Split by job:

* ``common``     — the error type, ``SeatSpec``, ``Result``, small helpers;
* ``rows``       — reading a match row in one round trip, locks, retries, the guarded
                   write (PostgreSQL's compare-and-set);
* ``cache``      — this process's copies of recent matches' states and static parts;
* ``clocks``     — per-seat clocks, the time limit, and reading them with the turn
                   deadline;
* ``lifecycle``  — creating, joining, starting and finishing a match;
* ``entries``    — applying one log entry, numbering events for a seat;
* ``submission`` — the write path of play (``Submission``, ``submit``; its module
                   docstring explains the three ways a write is made);
* ``replay``     — replay and verify from seed + log;
* ``signals``    — ``match_changed``, sent after every committed change, and
                   ``match_writing``, sent inside a move's transaction. The store does
                   not know who listens: bots subscribe in ``MatchesConfig.ready``, the
                   turn clocks in ``PlayersConfig.ready``.

Callers use the names exported here.
"""

from matches.store.cache import (
    Held,
    dumps_state,
    forget,
    held,
    hold,
    loads_state,
    split_statics,
    state_for_reading,
    statics_of,
)
from matches.store.clocks import Progress, clock_view, now_ms, progress_and_clocks, tick_clocks
from matches.store.common import (
    HOST_OPTIONS,
    Result,
    SeatSpec,
    StoreError,
    dump,
    ruleset_of,
    seed_hash,
)
from matches.store.entries import apply_entry, seat_events
from matches.store.lifecycle import build_config, create_match, join, with_options
from matches.store.replay import replay, verify
from matches.store.rows import (
    load_match,
    match_progress,
    select_match,
    with_retry,
    write_if_current,
)
from matches.store.signals import match_changed, match_writing
from matches.store.submission import (
    OPTIMISTIC_ATTEMPTS,
    Submission,
    prepare,
    read_for_write,
    submit,
    submit_entry,
    submit_held,
)

__all__ = [
    "HOST_OPTIONS", "OPTIMISTIC_ATTEMPTS", "Progress", "Held", "Result", "SeatSpec",
    "StoreError", "Submission", "apply_entry", "build_config", "clock_view", "create_match",
    "dump", "dumps_state", "forget", "held", "hold", "join", "load_match", "loads_state",
    "match_changed", "match_progress", "match_writing", "now_ms", "prepare",
    "progress_and_clocks", "read_for_write", "replay", "ruleset_of", "seat_events",
    "seed_hash", "select_match", "split_statics", "state_for_reading", "statics_of",
    "submit", "submit_entry", "submit_held", "tick_clocks", "verify", "with_options",
    "with_retry", "write_if_current",
]
