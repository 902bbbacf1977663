"""The beat catches up what a lost signal left undone: a rated match that
finished without its signal is rated by the next sweep; a turn-based match's move sets its
new deadline without one, and a deadline left behind is set by the next sweep."""

from __future__ import annotations

import pytest

from matches import store
from matches.models import MatchAction
from players.models import Rating, TurnClock
from players.tasks import sweep_turns
from rulesets import registry
from tests.support.moves import until_each_moved

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_finished_rated_match_without_its_signal_is_rated_by_the_sweep(django_user_model):
    a, b = (django_user_model.objects.create_user(n) for n in ("anna", "bela"))
    match = store.create_match("smugglers", {"rated": True},
                               [store.SeatSpec(user=a), store.SeatSpec(user=b)])
    until_each_moved(match)
    store.submit(match.pk, 0, None, kind=MatchAction.RESIGN, schedule_bots=False)  # no signal
    assert not Rating.objects.exists()
    assert sweep_turns.apply().get()["rated"] == 1
    assert Rating.objects.count() == 2
    assert sweep_turns.apply().get()["rated"] == 0                   # once


def test_a_turn_based_move_sets_its_deadline_and_the_sweep_catches_up(django_user_model):
    a, b = (django_user_model.objects.create_user(n) for n in ("anna", "bela"))
    match = store.create_match("kgk", {"time_control": {"kind": "turn", "preset": "1d"}},
                               [store.SeatSpec(user=a), store.SeatSpec(user=b)])
    clock = TurnClock.objects.get(match=match)
    assert clock.version == match.version
    match.refresh_from_db()
    state = match.state_json()
    rs = registry.get("kgk")
    seat = match.to_act[0]
    action = rs.bot_action(rs.from_json(state), seat, "random", "t")
    store.submit(match.pk, seat, action, schedule_bots=False)          # no signal
    match.refresh_from_db()
    # the move's own transaction set it (once the signal after the commit did)
    assert TurnClock.objects.get(match=match).version == match.version
    TurnClock.objects.filter(match=match).update(version=clock.version)  # left behind
    sweep_turns.apply().get()
    assert TurnClock.objects.get(match=match).version == match.version
