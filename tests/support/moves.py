"""Moves for the players tests: a match played until every seat has made a first move
(after which a resignation is rated, not an abort)."""

from __future__ import annotations

from matches import store
from matches.models import Match, MatchAction


def move(match: Match) -> int:
    """The first seat to act plays its first legal action; returns that seat."""
    match.refresh_from_db()
    rs = store.ruleset_of(match)
    state = store.state_for_reading(match, rs)
    seat = match.to_act[0]
    store.submit(match.pk, seat, rs.legal_actions(state, seat)[0],
                 expected_version=match.version)
    return seat


def seats_that_moved(match: Match) -> set[int]:
    return {seat for seat in MatchAction.objects.filter(match=match, kind=MatchAction.ACTION)
            .values_list("seat", flat=True) if seat is not None}


def until_each_moved(match: Match) -> Match:
    """Moves until every seat has made one (at most 200 actions); the match, fresh."""
    for _ in range(200):
        if len(seats_that_moved(match)) == match.seats.count():
            match.refresh_from_db()
            return match
        move(match)
    raise AssertionError("a seat never came to act")
