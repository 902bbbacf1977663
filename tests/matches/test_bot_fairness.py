"""Bots serve people, fairly: a match whose every person has resigned ends at once instead
of its bots playing on for nobody, and the bots queue holds one task per person at a time,
so one person's many matches do not push another person's bot to the back."""

from __future__ import annotations

import pytest

from matches import bot_turns, bots, store
from matches.models import Match, MatchAction
from tests.support.api import client_for


@pytest.fixture(autouse=True)
def _fresh_turns():
    bot_turns.forget_local()
    r = bot_turns._redis()
    if r is not None:
        keys = list(r.scan_iter(match=f"{bot_turns._ns()}:*"))
        if keys:
            r.delete(*keys)
    yield
    bot_turns.forget_local()


def _table(user, bots_kind: str = "random", others: int = 3) -> Match:
    return store.create_match("smugglers", {}, [store.SeatSpec(user=user)]
                              + [store.SeatSpec(bot=bots_kind) for _ in range(others)],
                              created_by=user)


@pytest.mark.django_db(transaction=True)
def test_a_match_whose_people_all_resigned_ends_at_once(django_user_model):
    anna = django_user_model.objects.create_user("anna")
    match = _table(anna)
    match.refresh_from_db()
    assert match.status == Match.ACTIVE  # the bots moved (eagerly) up to anna's turn
    resigned = client_for(anna).post(f"/api/v1/matches/{match.pk}/resign/", {},
                                     format="json")
    assert resigned.status_code == 200
    match.refresh_from_db()
    assert match.status == Match.FINISHED
    assert match.outcome["reason"] == "adjudicated"
    assert match.outcome["winners"] == [1, 2, 3]
    assert match.outcome["details"]["note"] == bots.ABANDONED_NOTE
    kinds = list(MatchAction.objects.filter(match=match).order_by("seq")
                 .values_list("kind", flat=True))
    # Nothing played between the resignation and the end.
    assert kinds[-2:] == [MatchAction.RESIGN, MatchAction.ADJUDICATE]


@pytest.mark.django_db(transaction=True)
def test_a_match_with_a_person_still_in_it_goes_on(django_user_model):
    anna, bela = (django_user_model.objects.create_user(n) for n in ("anna", "bela"))
    match = store.create_match("smugglers", {}, [
        store.SeatSpec(user=anna), store.SeatSpec(user=bela), store.SeatSpec(bot="random")],
        created_by=anna)
    assert not bots.end_if_abandoned(match.pk)
    match.refresh_from_db()
    assert match.status == Match.ACTIVE
    # Bots only from the start (a simulation's table) are never "abandoned".
    only_bots = store.create_match("smugglers", {}, [store.SeatSpec(bot="random")] * 2,
                                   created_by=anna)
    assert bots.people_left(only_bots.pk)


@pytest.mark.django_db(transaction=True)
def test_the_queue_holds_one_turn_per_person_and_serves_them_in_turn(django_user_model):
    """Anna has three matches wanting bot moves, Bela one: the queue gets one task for
    each, and after a slice of Anna's, her next waits behind Bela's."""
    anna, bela = (django_user_model.objects.create_user(n) for n in ("anna", "bela"))
    queued: list[str] = []
    for match in [_table(anna) for _ in range(3)]:
        if bot_turns.want(f"user:{anna.pk}", match.pk):
            queued.append("anna")
    bela_match = _table(bela)
    if bot_turns.want(f"user:{bela.pk}", bela_match.pk):
        queued.append("bela")
    assert queued == ["anna", "bela"]
    # Anna's slice takes one of her matches; the others still want moves: she queues again
    # (behind Bela's task, already waiting).
    first = bot_turns.next_match(f"user:{anna.pk}")
    assert first is not None
    assert bot_turns.turn_over(f"user:{anna.pk}") is True
    # Bela's task: his one match, then nothing more: his turn ends.
    assert bot_turns.next_match(f"user:{bela.pk}") == bela_match.pk
    assert bot_turns.turn_over(f"user:{bela.pk}") is False
    # A new move of Bela's queues him again at once.
    assert bot_turns.want(f"user:{bela.pk}", bela_match.pk) is True


@pytest.mark.django_db(transaction=True)
def test_the_sweeper_queues_a_person_again_only_when_their_turn_went_stale(
        django_user_model, monkeypatch):
    """A stalled match makes the sweeper queue its person's task again only when that
    person's turn has not been renewed for a while (a worker killed with the task);
    while a live task renews it, the sweeper adds no second task to the queue."""
    anna = django_user_model.objects.create_user("anna")
    owner = f"user:{anna.pk}"
    match = _table(anna)
    assert bot_turns.want(owner, match.pk)
    assert not bot_turns.want(owner, match.pk, force=True)  # renewed just now
    later = bot_turns.time.time() + bot_turns.TURN_STALE_SECONDS + 1
    monkeypatch.setattr(bot_turns.time, "time", lambda: later)
    assert bot_turns.want(owner, match.pk, force=True)  # stale: a lost task's
    assert not bot_turns.want(owner, match.pk)
