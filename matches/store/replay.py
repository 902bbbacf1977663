"""Replay and verify: the state rebuilt from seed + config + log, compared with what the
store holds."""

from __future__ import annotations

import json
from typing import Any

from matches.models import Match, MatchAction
from matches.store.cache import dumps_state
from matches.store.common import StoreError, ruleset_of, seed_hash
from matches.store.entries import apply_entry
from rulesets.base import Event, IllegalAction, State


def replay(match: Match, upto: int | None = None) -> tuple[State, list[list[Event]]]:
    """The state from seed + config + log (entries with ``seq < upto``), and each entry's
    events."""
    rs = ruleset_of(match)
    if match.config is None:
        raise StoreError("match_not_started", "the match has not started")
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

