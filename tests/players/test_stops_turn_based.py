"""Turn-based KGK with the server's stops: a window nobody asked for never waits for its
person, not even when the pass after the move was lost (the beat's catch-up makes it), and
a pass the person's new stops make commits with its deadline."""

from __future__ import annotations

import pytest

from matches import store
from matches.models import Match, MatchAction, Seat
from matches.store.stop_changes import set_match_stops
from players.models import TurnClock
from players.turns import clocks
from rulesets.kgk.game_state import Game
from rulesets.kgk.stops import (
    DEFAULT_ASK,
    FULL_CONTROL,
    Stops,
    stops_to_json,
    window_context,
    window_kind,
)
from tests.support.turn_based import turn_based_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def people(django_user_model):
    return {n: django_user_model.objects.create_user(n, email=f"{n}@example.org",
                                                     password="titkos-jelszo-123")
            for n in ("anna", "bela")}


def _to_a_window(match: Match) -> Match:
    for k in range(400):
        match = Match.objects.get(pk=match.pk)
        rs = store.ruleset_of(match)
        state = store.state_for_reading(match, rs)
        assert isinstance(state, Game)    # the store holds KGK's state as the engine does
        seat = match.to_act[0]
        ctx = window_context(state)
        if ctx is not None and window_kind(ctx, seat) not in DEFAULT_ASK:
            return match                  # a window the default stops would pass
        store.submit(match.pk, seat, rs.bot_action(state, seat, "heuristic", f"tb{k}"),
                     expected_version=match.version)
    raise AssertionError("no window in 400 moves")


def test_a_lost_pass_is_made_by_the_catch_up_and_the_clock_never_waits_on_it(people):
    match = turn_based_match(people)
    full = stops_to_json(Stops(FULL_CONTROL))
    Seat.objects.filter(match=match).update(stops=full)      # both asked at every window
    match = _to_a_window(match)
    seat = match.to_act[0]
    clock = TurnClock.objects.get(match=match)
    assert clock.to_act == [seat] and clock.version == match.version
    # the person's stops become the default, but the pass that should follow is lost
    Seat.objects.filter(match=match, index=seat).update(stops=None)
    Match.objects.filter(pk=match.pk).update(version=match.version)   # (nothing moved)
    TurnClock.objects.filter(match=match).update(version=match.version - 1)
    clocks.catch_up()
    after = Match.objects.get(pk=match.pk)
    last = MatchAction.objects.filter(match=match).order_by("-seq").first()
    assert after.version > match.version and last is not None
    assert last.kind == MatchAction.AUTO_PASS and last.seat == seat
    assert TurnClock.objects.get(match=match).version == after.version


def test_a_pass_the_new_stops_make_sets_the_deadline_with_it(people):
    """A person's stops stop asking at the pending window: the pass made at once commits
    with the next deadline (as a move's does), so no clock waits for the beat."""
    match = turn_based_match(people)
    full = stops_to_json(Stops(FULL_CONTROL))
    Seat.objects.filter(match=match).update(stops=full)
    match = _to_a_window(match)
    seat = Seat.objects.get(match=match, index=match.to_act[0])
    set_match_stops(match, seat, {"ask": None})               # back to the default stops
    after = Match.objects.get(pk=match.pk)
    last = MatchAction.objects.filter(match=match).order_by("-seq").first()
    assert last is not None and last.kind == MatchAction.AUTO_PASS
    assert after.version > match.version
    assert TurnClock.objects.get(match=match).version == after.version
