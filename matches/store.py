"""The match store: the one place that starts matches and applies actions.

Every change is one database transaction that locks the match row (``select_for_update``;
on SQLite a leading no-op UPDATE takes the write lock, since SQLite ignores row locks),
checks ``expected_version``, applies the action through the ruleset, appends one
``MatchAction`` with ``seq == version`` and bumps the version. A repeated
``client_action_id`` returns the stored first answer and changes nothing.

Only applied entries are stored: a rejected action (422) changes nothing and is not
remembered, so retrying it simply re-evaluates it against the current state.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.db import OperationalError, connection, transaction
from django.db.models import F
from django.utils import timezone

from kaosz.api.errors import ApiError
from matches.models import Match, MatchAction, Seat
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

# Parsed states by (match, version, seed hash), for readers (views, legal actions, bots) in this
# process. A version names exactly one state (the log is append-only and deterministic),
# so an entry can never be stale (the seed hash guards against a reused id after a
# database reset); the database stays the one source of truth. Entries are
# never mutated: ``submit`` always parses its own copy from the snapshot text.
_STATES: OrderedDict[tuple[int, int, str], State] = OrderedDict()
_STATES_LOCK = threading.Lock()
STATE_CACHE_SIZE = 256


def _remember(match: Match, state: State) -> None:
    key = (match.pk, match.version, match.seed_hash)
    with _STATES_LOCK:
        _STATES[key] = state
        _STATES.move_to_end(key)
        while len(_STATES) > STATE_CACHE_SIZE:
            _STATES.popitem(last=False)


def state_for_reading(match: Match, rs: Ruleset) -> State:
    """The match's current state for pure reads (``view``, ``legal_actions``, bots).
    Callers must not mutate it."""
    with _STATES_LOCK:
        state = _STATES.get((match.pk, match.version, match.seed_hash))
    if state is None:
        state = rs.from_json(match.state_json())
        _remember(match, state)
    return state


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


def _lock(match_id: int) -> Match:
    if connection.vendor == "sqlite":
        Match.objects.filter(pk=match_id).update(version=F("version"))
    try:
        return Match.objects.select_for_update().defer("config").get(pk=match_id)
    except Match.DoesNotExist as exc:
        raise StoreError("not_found", f"no match {match_id}", 404) from exc


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
         deck_name: str = "") -> Match:
    def run() -> Match:
        with transaction.atomic():
            match = _lock(match_id)
            if match.status != Match.OPEN:
                raise StoreError("not_open", "this match has no open seat", 409)
            seats = list(match.seats.all())
            free = [s for s in seats if s.is_open]
            if not free:
                raise StoreError("not_open", "this match has no open seat", 409)
            seat = free[0]
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
    match.snapshot = dump(rs.to_json(state))
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
           viewer: int | None = None) -> Result:
    """Apply one entry for ``seat`` (permission is the caller's job) in one locked
    transaction. Raises ``StoreError`` (404/409/422) and changes nothing on failure."""

    def run() -> Result:
        with transaction.atomic():
            match = _lock(match_id)
            if client_action_id is not None:
                first = MatchAction.objects.filter(
                    match=match, client_action_id=client_action_id).first()
                if first is not None:
                    if first.seat != seat or first.kind != kind:
                        raise StoreError("client_action_id_reused", "this client_action_id "
                                         "was used for another seat or kind of request", 409)
                    return Result(first.response, 200, repeated=True, match=match)
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
            state = rs.from_json(match.state_json())
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
                _finish(match, {"winners": list(action["winners"]), "reason": "adjudicated",
                                "scores": None, "tiebreak": [],
                                "details": {"note": action.get("note", "")}})
            else:
                match.snapshot = dump(rs.to_json(state))
                match.to_act = list(rs.to_act(state))
                outcome = rs.outcome(state)
                if outcome is not None:
                    _finish(match, outcome.as_dict())
            match.clocks = tick_clocks(match.clocks, before,
                                       match.to_act if match.status == Match.ACTIVE else [],
                                       n, at)
            match.version = seq + 1
            match.event_count += len(events)
            body = {
                "seq": seq, "version": match.version, "kind": kind, "seat": seat,
                "events": seat_events(rs, events, first_event,
                                      viewer if viewer is not None else seat),
                "status": match.status, "to_act": match.to_act,
                "outcome": match.outcome,
            }
            MatchAction.objects.create(
                match=match, seq=seq, kind=kind, seat=seat, action=action,
                client_action_id=client_action_id, user=user if getattr(
                    user, "is_authenticated", False) else None,
                events=events, first_event=first_event, response=body)
            match.save(update_fields=["snapshot", "to_act", "outcome", "status", "finished",
                                      "clocks", "version", "event_count"])
            if kind != MatchAction.ADJUDICATE:
                transaction.on_commit(lambda: _remember(match, state))
            if schedule_bots:
                transaction.on_commit(lambda: _after_change(match))
            return Result(body, 200, match=match)

    return _with_retry(run)


def _after_change(match: Match) -> None:
    """Wake the bots when one of them is to act (Celery task, or in-process when eager)."""
    if match.status != Match.ACTIVE or not match.to_act:
        return
    if Seat.objects.filter(match=match, index__in=match.to_act).exclude(bot="").exists():
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
    seqs = list(match.log.order_by("seq").values_list("seq", flat=True))
    gap_free = seqs == list(range(len(seqs)))
    try:
        state, events = replay(match)
    except (IllegalAction, ValueError, KeyError, TypeError) as exc:
        return {"ok": False, "reason": f"replay failed: {exc}", "version": match.version,
                "log_length": len(seqs), "gap_free": gap_free}
    stored_events = [e.events for e in match.log.order_by("seq").only("events")]
    same_state = json.loads(dump(rs.to_json(state))) == match.state_json()
    same_events = stored_events == events
    outcome = rs.outcome(state)
    out_ok = match.outcome is None and outcome is None or (
        match.outcome is not None and (match.outcome.get("reason") == "adjudicated" or (
            outcome is not None and outcome.as_dict() == match.outcome)))
    ok = same_state and same_events and gap_free and len(seqs) == match.version and out_ok
    return {"ok": ok, "version": match.version, "log_length": len(seqs), "gap_free": gap_free,
            "state_matches": same_state, "events_match": same_events,
            "outcome_matches": out_ok, "seed_hash_matches": seed_hash(match.seed) == match.seed_hash}
