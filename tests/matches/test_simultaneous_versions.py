"""Moves in simultaneous phases are never refused because another seat decided.

``expected_version`` is checked against what the mover could see: another seat's
decision taken while the mover stayed to act does not make the mover's version stale.
A change the mover could not have seen past (its own entry, a sequential turn, a
resignation) still answers 409 ``version_conflict``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from matches import store
from matches.models import Match
from rulesets import registry
from tests.support.api import client_for
from tests.support.matches import create, new_match, wait_for


def _decide(match_id: int, seat: int, expected: int, key: str) -> store.Result:
    match = Match.objects.get(pk=match_id)
    rs = registry.get(match.ruleset)
    data = match.state_json()
    assert data is not None
    state = rs.from_json(data)
    action = rs.bot_action(state, seat, "random", key)
    return store.submit(match_id, seat, action, expected_version=expected,
                        client_action_id=key)


@pytest.mark.django_db
def test_a_simultaneous_decision_keeps_the_other_seats_version(django_user_model):
    match, _users = new_match(django_user_model, "smugglers")
    assert sorted(match.to_act) == [0, 1], "both bid at once"
    seen = match.version
    _decide(match.pk, 1, seen, "b1")
    # Seat 0 read the match before seat 1 bid; its bid is still a bid on what it saw.
    result = _decide(match.pk, 0, seen, "b0")
    assert result.status == 200 and result.body["version"] == seen + 2


@pytest.mark.django_db
def test_a_change_the_mover_must_see_still_conflicts(django_user_model):
    match, _users = new_match(django_user_model, "smugglers")
    seen = match.version
    _decide(match.pk, 0, seen, "own")
    # Its own entry moved the version: a stale request of the same seat is refused.
    after = Match.objects.get(pk=match.pk)
    if 0 in after.to_act:
        with pytest.raises(store.StoreError) as caught:
            _decide(match.pk, 0, seen, "again")
        assert caught.value.code == "version_conflict"
    # A version ahead of the match, or one before a resignation, is never current.
    with pytest.raises(store.StoreError) as caught:
        _decide(match.pk, 1, after.version + 1, "ahead")
    assert caught.value.code == "version_conflict"


@pytest.mark.django_db
def test_a_sequential_turn_still_conflicts(django_user_model):
    """In a game of turns the seat to act changes with every move: a version read before
    the other seat's move is what the mover saw of another position."""
    match, _users = new_match(django_user_model, "kgk")
    for k in range(40):
        match = Match.objects.get(pk=match.pk)
        if len(match.to_act) != 1:
            continue
        seat, seen = match.to_act[0], match.version
        _decide(match.pk, seat, seen, f"s{k}")
        moved = Match.objects.get(pk=match.pk)
        other = [s for s in moved.to_act if s != seat]
        if moved.status == Match.ACTIVE and other and seat not in moved.to_act:
            with pytest.raises(store.StoreError) as caught:
                _decide(match.pk, other[0], seen, f"late{k}")
            assert caught.value.code == "version_conflict"
            return
    pytest.fail("no hand-over of the turn in 40 moves")


@pytest.mark.django_db
def test_a_race_s_409_names_what_was_taken_and_brings_the_actions_now(django_user_model):
    """Both seats bid at once for the same sector: the bid that comes second, with the
    version both read, is refused with what took it and the mover's actions now, and one
    of those, posted with the version the 409 gave, is played without reading again."""
    match, users = new_match(django_user_model, "smugglers")
    me = client_for(users[0])
    seen = match.version
    first = {"type": "place", "card": 0, "value": 6}
    assert store.submit(match.pk, 1, first, expected_version=seen,
                        client_action_id="rival").status == 200
    r = me.post(f"/api/v1/matches/{match.pk}/actions/", {
        "action": {"type": "place", "card": 0, "value": 3}, "expected_version": seen,
        "client_action_id": "mine"}, format="json")
    assert r.status_code == 409, r.content
    error = r.json()["error"]
    assert error["code"] == "version_conflict" and "took what you chose" in error["message"]
    details = error["details"]
    assert details["expected"] == seen and details["version"] == seen + 1
    assert details["taken"]["code"] in ("bid_too_low", "cannot_overbid_six"), details
    assert details["taken"]["details"]["card"] == 0
    legal = details["legal_actions"]
    assert legal["ruleset"] == "smugglers" and legal["version"] == seen + 1
    assert legal["seat"] == 0 and 0 in legal["to_act"] and legal["actions"], legal
    assert {"type": "place", "card": 0, "value": 3} not in legal["actions"]
    again = me.post(f"/api/v1/matches/{match.pk}/actions/", {
        "action": legal["actions"][0], "expected_version": legal["version"],
        "client_action_id": "mine-again"}, format="json")
    assert again.status_code == 200, again.content


def _play_beside_the_bot(me: Any, ruleset: str, rng: random.Random
                         ) -> tuple[int, list[Any], list[Any]]:
    """One match of the person (random legal moves, each sent with the version read
    before it) against a random bot deciding in the worker: the person's moves, their
    409s and those of the 409s that were needless."""
    m = create(me, ruleset, ["me", "bot:random"])
    moves, conflicts = 0, []

    def finished() -> bool:
        return Match.objects.get(pk=m["id"]).status == Match.FINISHED

    for _ in range(3000):
        if finished():
            break
        legal = me.get(f"/api/v1/matches/{m['id']}/legal-actions/").json()
        if not legal["actions"]:
            wait_for(lambda: finished() or me.get(
                f"/api/v1/matches/{m['id']}/legal-actions/").json()["actions"],
                timeout=60, every=0.02)
            continue
        action = rng.choice(legal["actions"])
        r = me.post(f"/api/v1/matches/{m['id']}/actions/", {
            "action": action, "expected_version": legal["version"],
            "client_action_id": f"p{legal['version']}"}, format="json")
        if r.status_code == 409 and r.json()["error"]["code"] == "version_conflict":
            conflicts.append((legal["version"], r.json()["error"]["details"]["version"],
                              action))
            continue
        if r.status_code == 409 and r.json()["error"]["code"] == "match_finished":
            break
        assert r.status_code == 200, r.content
        moves += 1
    assert finished(), ruleset
    match = Match.objects.get(pk=m["id"])
    rs = registry.get(ruleset)
    needless = []
    for expected, at, action in conflicts:
        then, now = store.replay(match, upto=expected)[0], store.replay(match, upto=at)[0]
        since = list(match.log.filter(seq__gte=expected, seq__lt=at)
                     .values_list("seat", "response"))
        # Only the bot's decisions, the person staying to act after each: where the person
        # left the decision meanwhile (the round ended and a new one began, with the same
        # kinds of action), the version they held was another round's.
        others_only = {seat for seat, _ in since} == {1} and all(
            0 in ((response or {}).get("to_act") or []) for _, response in since)
        kinds = ({a["type"] for a in rs.legal_actions(then, 0)}
                 == {a["type"] for a in rs.legal_actions(now, 0)})
        if others_only and kinds and action in rs.legal_actions(now, 0):
            needless.append((expected, at, action))
    return moves, conflicts, needless


@pytest.mark.celery
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("ruleset", ["smugglers", "roll"])
def test_a_person_beside_a_bot_in_the_worker_never_gets_a_needless_409(
        celery_worker_process, django_user_model, ruleset):
    """The person reads legal actions and answers with the version they came with, while
    the bot decides in the Celery worker (a real one on the PostgreSQL pass). A 409 is
    left only where the bot's decision took what the person chose or ended the phase:
    replayed afterwards, each refused action is no longer legal at the version that
    refused it, or the kinds of action the person had changed.

    Matches are played until the person has made 20 moves: how many one match gives them
    depends on the deal and on who wins Űrcsempészek's races to a sector, and a worker that
    is always first leaves the person as few as 3 in some deals."""
    me = client_for(django_user_model.objects.create_user(f"ember-{ruleset}"))
    rng = random.Random(48)
    moves, conflicts, needless, played = 0, [], [], 0
    while moves < 20 and played < 10:
        got, refused, wrong = _play_beside_the_bot(me, ruleset, rng)
        moves, played = moves + got, played + 1
        conflicts += refused
        needless += wrong
    print(f"{ruleset}: {played} matches, {moves} moves, {len(conflicts)} conflicts, "
          f"{len(needless)} needless")
    assert moves >= 20 and not needless, (ruleset, moves, needless)
    if ruleset == "roll":  # (its simultaneous decisions never interact)
        assert not conflicts, conflicts


@pytest.mark.django_db
def test_a_long_run_of_the_other_seats_decisions_keeps_the_version(django_user_model,
                                                                   monkeypatch):
    """In Roll for the Galaxy one seat may take many decisions in a row (a development's
    payments, each settled world's powers) while the other still holds the same decision:
    seeded random games have runs of 23. The person's move, sent with the version they read
    before the run, is still theirs to make."""
    # (a deal in which seat 1 takes 17 decisions in a row while seat 0 holds one)
    monkeypatch.setattr("matches.store.lifecycle.secrets.token_hex", lambda n: f"{4:032x}")
    match, _users = new_match(django_user_model, "roll")
    rs = registry.get("roll")
    held: tuple[int, set[str]] | None = None
    for k in range(2000):
        match = Match.objects.get(pk=match.pk)
        assert match.status == Match.ACTIVE, "the deal had no run of 17"
        state = rs.from_json(match.state_json())
        if not {0, 1} <= set(match.to_act):
            held = None
            _decide(match.pk, match.to_act[0], match.version, f"t{k}")
            continue
        kinds = {a["type"] for a in rs.legal_actions(state, 0)}
        if held is None or held[1] != kinds:
            held = (match.version, kinds)
        if match.version - held[0] > 16:
            result = _decide(match.pk, 0, held[0], "late")
            assert result.status == 200
            return
        _decide(match.pk, 1, match.version, f"t{k}")
