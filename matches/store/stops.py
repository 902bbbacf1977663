"""Passing for people at the windows their stops do not ask them (a ruleset's ``stops``:
KGK's are ``rulesets/kgk/stops.py``).

After every entry the submission writes, :func:`pass_unasked_windows` looks at what comes
next: while it is a window held by a person whose stops say pass, the store writes a pass
for them, an entry of its own (kind ``auto_pass``: its ``pass`` event carries ``auto``, so
the event log shows that the server passed). Live and turn-based matches alike, so a
person who is away never holds up a window, and the page never has to pass after a pause.
Bots keep their own passing (the engine skips a program's window when it has nothing to
add; a bot's task answers the rest).

The ruleset decides from the window's public context and the stops alone, never from the
hand (KG-12.3). Each pass is its own transaction on the version just written: a writer
that got there first (``version_conflict``) ends the loop, and that writer's own entry
runs this again.

Stored stops: ``{"ask": [kinds], "pass_from_turn": T}``; a person's own (``StopSetting``)
hold unless the table set this match's kinds (``Seat.stops``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from matches.models import Match, MatchAction, Seat, StopSetting
from matches.store.cache import state_for_reading
from matches.store.common import Result, StoreError, ruleset_of
from rulesets import registry

# A window passes around the table once per seat; a guard, never reached in a real match.
MAX_PASSES: Final = 64
AUTO_KEY: Final = "stops:"


def policy(ruleset: str | None = None) -> Any:
    """The ruleset's stops (``ruleset``'s, or the first game that has any), or None."""
    games = registry.available()
    names = [ruleset] if ruleset is not None else sorted(games)
    for name in names:
        stops = getattr(games.get(name), "stops", None)
        if stops is not None:
            return stops
    return None


def ask_kinds(ask: Any) -> list[str] | None:
    stops = policy()
    if stops is None or not isinstance(ask, list):
        return None
    return [k for k in stops.kinds if k in ask]


def account_ask(user: Any) -> list[str]:
    """The kinds of window a person is asked at in every match (the default when never
    set)."""
    row = StopSetting.objects.filter(user=user).first() if user is not None else None
    kinds = ask_kinds(row.ask) if row is not None else None
    stops = policy()
    return kinds if kinds is not None else list(stops.default if stops else ())


def seat_stops(seat: Seat) -> dict[str, Any]:
    """The stops that hold for ``seat`` in its match (stored form): the kinds of window
    set for this match from the table, else the person's own; and "pass until my next
    turn" (``pass_from_turn``)."""
    own = seat.stops if isinstance(seat.stops, dict) else {}
    kinds = ask_kinds(own.get("ask"))
    since = own.get("pass_from_turn")
    return {"ask": kinds if kinds is not None else account_ask(seat.user if seat.user_id
                                                                else None),
            "pass_from_turn": since if isinstance(since, int) else None,
            "match_own": kinds is not None}


def set_account_stops(user: Any, ask: list[str]) -> list[str]:
    kinds = ask_kinds(list(ask)) or []
    StopSetting.objects.update_or_create(user=user, defaults={"ask": kinds})
    return kinds


def _person_seat(match: Match, index: int) -> Seat | None:
    seat = Seat.objects.filter(match=match, index=index).select_related("user").first()
    return seat if seat is not None and seat.user_id and not seat.bot else None


def _unasked(match: Match, state: Any) -> tuple[int | None, Any]:
    """The seat the store passes for now: a person at a window their stops do not ask
    them at; None when someone must decide (or the match is not at a window). ``state``:
    the match's state at ``match.version`` when the caller has it (returned with the
    seat, read when it was not)."""
    stops = policy(match.ruleset)
    if stops is None or match.status != Match.ACTIVE or len(match.to_act) != 1:
        return None, state
    index = match.to_act[0]
    if state is None:
        state = state_for_reading(match, ruleset_of(match))
    if stops.asks(state, index, None) is None:       # (not a window: no seat to read)
        return None, state
    seat = _person_seat(match, index)
    if seat is None or _study_table(match, seat) or stops.asks(state, index, seat_stops(seat)):
        return None, state
    return index, state


def _study_table(match: Match, seat: Seat) -> bool:
    """Whether the person holds another seat of this match too (a hot-seat game, a
    position studied from every side): there no window is an opponent's, so they are all
    asked, as with full control."""
    if seat.user_id is None:
        return False
    return Seat.objects.filter(match=match, user_id=seat.user_id).exclude(pk=seat.pk).exists()


def pass_unasked_windows(sub: Any, result: Result, submit: Any) -> Result:
    """Pass every window that follows ``result`` (the answer to ``sub``) and its person
    did not ask for. The answer keeps the entry's own events and reports the match as it
    is afterwards (version, turn, outcome), so the submitter's next ``expected_version``
    is right; the passes' events come with the match's event stream. ``submit``: the
    submission's own write of one entry (``sub`` gives the shape of the passes')."""
    match = result.match
    if match is None or result.repeated or sub.kind == MatchAction.ADJUDICATE:
        return result
    viewer = sub.viewer if sub.viewer is not None else result.body.get("seat")
    state = result.state
    for _ in range(MAX_PASSES):
        seat, state = _unasked(match, state)
        if seat is None:
            break
        try:
            passed = submit(replace(
                sub, match_id=match.pk, action=policy(match.ruleset).answer(state), seat=seat,
                kind=MatchAction.AUTO_PASS, user=None, expected_version=match.version,
                client_action_id=f"{AUTO_KEY}{match.version}", schedule_bots=True,
                viewer=viewer, authorize=None))
        except StoreError:
            break              # someone else wrote first; their entry passes on from there
        if passed.match is None:
            break
        match, state = passed.match, passed.state
    if match is result.match:
        return result
    body = {**result.body, "version": match.version, "status": match.status,
            "to_act": list(match.to_act), "outcome": match.outcome}
    return Result(body, result.status, match=match, state=state)


def passes_at_once(match: Match) -> bool:
    """Whether the match waits at a window the store passes right away (a moment between
    two entries, not a turn anyone has: a turn clock or a mail ignores it)."""
    return _unasked(match, None)[0] is not None
