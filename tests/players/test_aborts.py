"""Aborts as Lichess has them: before every player has moved, either may abort, and a
resignation then is an abort; aborted matches are unrated and shown as aborted. The
resign-before-moving farm (a second account resigning at once, a dozen times) leaves the
ratings as they were."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from matches import store
from matches.models import Match
from players.models import Rating, RatingEvent
from players.ratings import aborts
from tests.support.api import assert_error, client_for
from tests.support.moves import move

# transaction=True: ratings are recorded after the resignation commits, as in production.
pytestmark = pytest.mark.django_db(transaction=True)

RATED = {"rated": True}


def _match(users, options=RATED, ruleset="smugglers") -> Match:
    return store.create_match(ruleset, dict(options), [store.SeatSpec(user=u) for u in users])


def _acted(match: Match) -> set[int]:
    return aborts._seats_that_acted([match.pk])[match.pk]


def _until_each_moved(match: Match) -> None:
    moved: set[int] = set()
    for _ in range(200):
        moved.add(move(match))
        if len(moved) == match.seats.count():
            return
    raise AssertionError("a seat never came to act")


def test_the_resign_at_once_farm_leaves_ratings_unchanged(django_user_model, client):
    farmer, helper = (django_user_model.objects.create_user(n) for n in ("farmer", "helper"))
    for _ in range(12):
        match = _match([helper, farmer])
        r = client_for(helper).post(f"/api/v1/matches/{match.pk}/resign/", {}, format="json")
        assert r.status_code == 200, r.content
    assert Match.objects.filter(status=Match.FINISHED).count() == 12
    assert not Rating.objects.exists() and not RatingEvent.objects.exists()
    assert client.get("/api/v1/leaderboards/smugglers/").json()["players"] == []
    recent = client.get("/api/v1/players/farmer/").json()["recent_matches"]
    assert {m["result"] for m in recent} == {"aborted"}
    assert {m["rated"] for m in recent} == {False}
    for lang, word in (("hu", "megszakítva"), ("en", "aborted")):
        client.cookies["django_language"] = lang
        page = client.get("/players/farmer/").content.decode()
        assert word in page and "értékelt</td>" not in page and "· rated" not in page


def test_after_every_player_moved_a_resignation_is_rated(django_user_model):
    anna, bela = (django_user_model.objects.create_user(n) for n in ("anna", "bela"))
    match = _match([anna, bela])
    assert aborts.abortable(match)
    _until_each_moved(match)
    match.refresh_from_db()
    assert not aborts.abortable(match)
    err = assert_error(client_for(anna).post(f"/api/v1/matches/{match.pk}/abort/"), 409,
                       "not_abortable")
    assert err["details"]["status"] == "active"
    r = client_for(anna).post(f"/api/v1/matches/{match.pk}/resign/", {}, format="json")
    assert r.status_code == 200
    assert not aborts.is_aborted(match.pk)
    assert RatingEvent.objects.filter(match=match).count() == 2


def test_either_player_may_abort_until_both_moved(django_user_model):
    anna, bela, cili = (django_user_model.objects.create_user(n)
                        for n in ("anna", "bela", "cili"))
    match = _match([anna, bela])
    move(match)                                   # one seat has moved, the other not
    assert_error(client_for(cili).post(f"/api/v1/matches/{match.pk}/abort/"), 403,
                 "not_your_seat")
    r = client_for(bela).post(f"/api/v1/matches/{match.pk}/abort/")
    assert r.status_code == 200 and r.json()["aborted"] is True
    match.refresh_from_db()
    assert match.status == Match.FINISHED and aborts.is_aborted(match.pk)
    assert not RatingEvent.objects.exists()
    assert_error(client_for(anna).post(f"/api/v1/matches/{match.pk}/abort/"), 409,
                 "not_abortable")


def test_a_rebuild_leaves_aborted_matches_out(django_user_model):
    from players.ratings import recording

    anna, bela = (django_user_model.objects.create_user(n) for n in ("anna", "bela"))
    client_for(anna).post(f"/api/v1/matches/{_match([anna, bela]).pk}/resign/", {},
                          format="json")
    assert recording.rebuild() == 0 and not Rating.objects.exists()


def _race(match_id: int, mover: int, action, version: int, user, other) -> dict[str, str]:
    """``user``'s move and ``other``'s abort sent at the same moment; each one's answer."""
    answers: dict[str, str] = {}
    gate = threading.Barrier(2)

    def first_move() -> None:
        gate.wait()
        try:
            store.submit(match_id, mover, action, user=user, expected_version=version)
            answers["move"] = "ok"
        except store.StoreError as exc:
            answers["move"] = exc.error_code
        finally:
            connection.close()

    def abort() -> None:
        gate.wait()
        try:
            aborts.abort(match_id, other)
            answers["abort"] = "ok"
        except Exception as exc:  # (the code is asserted)
            answers["abort"] = getattr(exc, "error_code", repr(exc))
        finally:
            connection.close()

    threads = [threading.Thread(target=first_move), threading.Thread(target=abort)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return answers


@pytest.mark.skipif("connection.vendor != 'postgresql'")
def test_an_abort_and_a_first_move_at_once_one_wins(django_user_model):
    anna, bela = (django_user_model.objects.create_user(n) for n in ("anna", "bela"))
    for _ in range(5):
        match = _match([anna, bela])
        # Play until the seat that has not moved yet is to act: its first move and the
        # other player's abort race.
        move(match)
        match.refresh_from_db()
        while match.to_act[0] in _acted(match):
            move(match)
            match.refresh_from_db()
        rs = store.ruleset_of(match)
        mover = match.to_act[0]
        user = anna if mover == 0 else bela
        other = bela if user is anna else anna
        action = rs.legal_actions(store.state_for_reading(match, rs), mover)[0]
        answers = _race(match.pk, mover, action, match.version, user, other)
        match.refresh_from_db()
        assert answers in ({"move": "ok", "abort": "not_abortable"},
                           {"move": "version_conflict", "abort": "ok"},
                           {"move": "match_finished", "abort": "ok"}), answers
        if answers["abort"] == "ok":
            assert match.status == Match.FINISHED and aborts.is_aborted(match.pk)
        else:
            assert match.status == Match.ACTIVE and not aborts.abortable(match)
