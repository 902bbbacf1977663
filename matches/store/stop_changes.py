"""Changing a seat's stops during a match (from the table or the API): stored, then the
pending window passes at once when the new stops no longer ask at it (a person choosing
"pass until my next turn" during a window). See ``matches/store/stops.py``."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from matches.models import Match, Seat
from matches.store.cache import state_for_reading
from matches.store.common import Result, ruleset_of
from matches.store.signals import send_writing
from matches.store.stops import ask_kinds, pass_unasked_windows, policy, seat_stops
from matches.store.submission import Submission, _submit_one


def pass_pending(match: Match) -> Match:
    """Pass at the pending window if the stops no longer ask there; the match after. The
    passes are one transaction with what must commit with them (``match_writing``: the
    turn-based deadline), as a submission's are."""
    start = Result({"events": []}, match=match)
    with transaction.atomic():
        after = pass_unasked_windows(Submission(match.pk, None), start, _submit_one).match
        if after is not None and after is not match:
            send_writing(after)
    return match if after is None else after


def set_match_stops(match: Match, seat: Seat, changes: dict[str, Any]) -> dict[str, Any]:
    """Change ``seat``'s stops in ``match`` (from the table or the API). ``changes`` may
    hold ``ask``: the kinds of window for this match, or None for the person's own again;
    and ``pass_until_next_turn``: start or end "pass until my next turn". Then passes at
    the pending window if it no longer asks. Returns the stops that hold."""
    own = dict(seat.stops) if isinstance(seat.stops, dict) else {}
    if "ask" in changes:
        kinds = ask_kinds(changes["ask"])
        if kinds is None:
            own.pop("ask", None)
        else:
            own["ask"] = kinds
    if "pass_until_next_turn" in changes:
        own.pop("pass_from_turn", None)
        stops = policy(match.ruleset)
        if changes["pass_until_next_turn"] and stops is not None \
                and match.status == Match.ACTIVE:
            own["pass_from_turn"] = stops.turn(state_for_reading(match, ruleset_of(match)))
    seat.stops = own or None
    Seat.objects.filter(pk=seat.pk).update(stops=seat.stops)
    pass_pending(match)
    return seat_stops(seat)
