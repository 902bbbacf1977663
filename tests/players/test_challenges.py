"""Finding an opponent: open challenges anyone may accept, a minimum rating, a
direct challenge (an invitation), withdrawing, caps per user, rematch with one click; and a
challenge accepted by two players at once seats exactly one (threads, on PostgreSQL)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test import Client

from kaosz.models import SeatInvitation
from matches import store
from matches.models import Match
from matches.services.joining import join_policies
from players.errors import PlayersError
from players.models import Rating
from tests.support.api import assert_error, client_for

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def people(django_user_model):
    return {n: django_user_model.objects.create_user(n, password="titkos-jelszo-123")
            for n in ("anna", "bela", "cili")}


def challenge(user, **body):
    r = client_for(user).post("/api/v1/challenges/", {"ruleset": "smugglers", **body},
                              format="json")
    assert r.status_code == 201, r.content
    return r.json()


def test_an_open_challenge_is_listed_and_the_first_to_accept_plays(people, client):
    c = challenge(people["anna"], time_control="3d", rated=True)
    assert c["time_control"] == "3d" and c["rated"] and c["created_by"] == "anna"
    listed = client.get("/api/v1/challenges/").json()["challenges"]
    assert [x["id"] for x in listed] == [c["id"]]
    lobby = client.get("/play/").content.decode()
    assert "waiting-challenges" in lobby and f'data-challenge="{c["id"]}"' in lobby
    assert_error(client_for(people["anna"]).post(f"/api/v1/challenges/{c['id']}/accept/", {},
                                                 format="json"), 409, "own_challenge")
    r = client_for(people["bela"]).post(f"/api/v1/challenges/{c['id']}/accept/", {},
                                        format="json")
    assert r.status_code == 200, r.content
    match = Match.objects.get(pk=c["id"])
    assert match.status == "active"
    assert sorted(s.user.username for s in match.seats.all()) == ["anna", "bela"]
    assert_error(client_for(people["cili"]).post(f"/api/v1/challenges/{c['id']}/accept/", {},
                                                 format="json"), 409, "not_open")
    assert client.get("/api/v1/challenges/").json()["challenges"] == []


def test_a_minimum_rating_is_checked_whichever_way_one_joins(people):
    c = challenge(people["anna"], rated=True, min_rating=1600)
    assert_error(client_for(people["bela"]).post(f"/api/v1/challenges/{c['id']}/accept/", {},
                                                 format="json"), 403, "rating_too_low")
    # the general join of the match API is held to the same rule (a join policy)
    assert_error(client_for(people["bela"]).post(f"/api/v1/matches/{c['id']}/join/", {},
                                                 format="json"), 403, "rating_too_low")
    # ...and so is the board's "join" button, which shows the refusal in words (it was a
    # 500: the page caught only the matches app's refusals)
    page = Client()
    page.force_login(people["bela"])
    refused = page.post(f"/play/{c['id']}/join/", {})
    assert refused.status_code == 400
    assert "Ez a kihívás ennél magasabb értékszámot kér." in refused.content.decode()
    Rating.objects.create(user=people["bela"], game="smugglers", family="live",
                          rating=1650, games=3)
    r = client_for(people["bela"]).post(f"/api/v1/challenges/{c['id']}/accept/", {},
                                        format="json")
    assert r.status_code == 200, r.content


def test_a_direct_challenge_waits_for_the_named_player_only(people, client):
    c = challenge(people["anna"], opponent="bela")
    assert client.get("/api/v1/challenges/").json()["challenges"] == []   # not for anyone
    assert_error(client_for(people["cili"]).post(f"/api/v1/challenges/{c['id']}/accept/", {},
                                                 format="json"), 409, "not_open")
    r = client_for(people["bela"]).post(f"/api/v1/challenges/{c['id']}/accept/", {},
                                        format="json")
    assert r.status_code == 200 and SeatInvitation.objects.get().status == "accepted"
    assert_error(client_for(people["anna"]).post("/api/v1/challenges/", {
        "ruleset": "smugglers", "opponent": "nobody"}, format="json"), 400, "unknown_player")


def test_bad_challenges_are_refused_in_the_error_shape(people):
    anna = client_for(people["anna"])
    assert_error(anna.post("/api/v1/challenges/", {"ruleset": "chess"}, format="json"),
                 400, "unknown_ruleset")
    assert_error(anna.post("/api/v1/challenges/", {"ruleset": "kgk", "time_control": "1h"},
                           format="json"), 400)
    assert_error(anna.post("/api/v1/challenges/", {"ruleset": "kgk", "min_rating": -5},
                           format="json"), 400)
    assert_error(anna.post("/api/v1/challenges/", {"ruleset": "kgk", "opponent": "anna"},
                           format="json"), 400, "invalid_parameter")
    assert_error(client_for(people["bela"]).post("/api/v1/challenges/999999/accept/", {},
                                                 format="json"), 404, "not_found")


def test_caps_per_user_and_withdrawing(people, settings):
    settings.KAOSZ_CHALLENGES_PER_USER = 2
    first = challenge(people["anna"])
    challenge(people["anna"])
    assert_error(client_for(people["anna"]).post("/api/v1/challenges/", {
        "ruleset": "smugglers"}, format="json"), 429, "too_many_challenges")
    assert_error(client_for(people["bela"]).post(f"/api/v1/challenges/{first['id']}/cancel/"),
                 404, "not_found")                                # not bela's
    assert client_for(people["anna"]).post(
        f"/api/v1/challenges/{first['id']}/cancel/").status_code == 204
    assert not Match.objects.filter(pk=first["id"]).exists()
    challenge(people["anna"])                                     # room again


def test_turn_based_matches_are_capped_too(people, settings):
    settings.KAOSZ_TURN_MATCHES_PER_USER = 1
    c = challenge(people["anna"], time_control="1d")
    assert client_for(people["bela"]).post(f"/api/v1/challenges/{c['id']}/accept/", {},
                                           format="json").status_code == 200
    assert_error(client_for(people["anna"]).post("/api/v1/challenges/", {
        "ruleset": "smugglers", "time_control": "1d"}, format="json"), 429,
        "too_many_turn_matches")


def test_accepting_a_turn_based_challenge_is_capped_whichever_door(people, settings):
    """The match API's join and the board's join button accept a challenge too: they are
    held to the same caps as the challenges' accept (a join policy)."""
    settings.KAOSZ_TURN_MATCHES_PER_USER = 1
    running = challenge(people["anna"], time_control="1d")
    assert client_for(people["bela"]).post(f"/api/v1/challenges/{running['id']}/accept/", {},
                                           format="json").status_code == 200
    c = challenge(people["cili"], time_control="3d")
    for path in (f"/api/v1/challenges/{c['id']}/accept/", f"/api/v1/matches/{c['id']}/join/"):
        assert_error(client_for(people["bela"]).post(path, {}, format="json"), 429,
                     "too_many_turn_matches")
    page = Client()
    page.force_login(people["bela"])
    assert page.post(f"/play/{c['id']}/join/", {}).status_code == 400
    assert Match.objects.get(pk=c["id"]).status == Match.OPEN


def refuse_bela(match, user, invitation):
    if user.username == "bela":
        raise PlayersError("not_open", "bela may not join")


@pytest.fixture
def only_refuse_bela(settings):
    settings.KAOSZ_JOIN_POLICIES = [f"{__name__}.refuse_bela"]
    join_policies.cache_clear()
    yield
    join_policies.cache_clear()


def test_the_join_policies_in_the_settings_are_asked_on_every_path(people, only_refuse_bela):
    c = challenge(people["anna"])
    for path in (f"/api/v1/challenges/{c['id']}/accept/", f"/api/v1/matches/{c['id']}/join/"):
        r = client_for(people["bela"]).post(path, {}, format="json")
        assert r.json()["error"]["message"] == "bela may not join", path
    page = Client()
    page.force_login(people["bela"])
    assert page.post(f"/play/{c['id']}/join/", {}).status_code == 400
    assert Match.objects.get(pk=c["id"]).status == Match.OPEN
    assert client_for(people["cili"]).post(f"/api/v1/matches/{c['id']}/join/", {},
                                           format="json").status_code == 200


def _finished(a, b, options):
    match = store.create_match("smugglers", options,
                               [store.SeatSpec(user=a), store.SeatSpec(user=b)])
    r = client_for(a).post(f"/api/v1/matches/{match.pk}/resign/", {}, format="json")
    assert r.status_code == 200, r.content
    return match


def test_rematch_with_one_click_each(people):
    old = _finished(people["anna"], people["bela"], {"rated": True})
    r = client_for(people["anna"]).post(f"/api/v1/matches/{old.pk}/rematch/")
    assert r.status_code == 201, r.content
    new = Match.objects.get(pk=r.json()["id"])
    assert new.status == "open" and new.options["rated"] is True
    assert r.json()["url"] == f"/play/{new.pk}/"
    accepted = client_for(people["bela"]).post(f"/api/v1/challenges/{new.pk}/accept/", {},
                                               format="json")
    assert accepted.status_code == 200, accepted.content
    new.refresh_from_db()
    # the seats are swapped: the other player begins this time
    assert [s.user.username for s in new.seats.order_by("index")] == ["bela", "anna"]
    assert new.status == "active"
    assert_error(client_for(people["cili"]).post(f"/api/v1/matches/{old.pk}/rematch/"), 403,
                 "not_your_seat")
    assert_error(client_for(people["anna"]).post(f"/api/v1/matches/{new.pk}/rematch/"), 409,
                 "no_rematch")                                    # still running


def test_a_rematch_against_a_bot_starts_at_once(people):
    old = _finished(people["anna"], people["bela"], {})
    old.seats.filter(index=1).update(user=None, bot="random")
    r = client_for(people["anna"]).post(f"/api/v1/matches/{old.pk}/rematch/")
    assert r.status_code == 201 and r.json()["status"] == "active"


def test_a_challenge_accepted_twice_at_once_seats_exactly_one(people):
    if connection.vendor != "postgresql":
        pytest.skip("the race is real on PostgreSQL (DATABASE_URL); SQLite serialises writers")
    c = challenge(people["anna"])
    racers = [people["bela"], people["cili"]]
    gate = threading.Barrier(len(racers))
    answers: dict[str, int] = {}

    def accept(user) -> None:
        try:
            client = client_for(user)
            gate.wait()
            answers[user.username] = client.post(f"/api/v1/challenges/{c['id']}/accept/", {},
                                                 format="json").status_code
        finally:
            connection.close()

    threads = [threading.Thread(target=accept, args=(u,)) for u in racers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers.values()) == [200, 409], answers
    match = Match.objects.get(pk=c["id"])
    seated = [s.user.username for s in match.seats.all()]
    winner = next(n for n, code in answers.items() if code == 200)
    assert sorted(seated) == sorted(["anna", winner]) and match.status == "active"


def test_an_open_challenge_for_three_fills_seat_by_seat(people, client):
    """An open challenge for three or more (Roll is for 2-5) waits on /play/ with
    its open seats counted, starts when the last is taken, and refuses a fourth."""
    c = challenge(people["anna"], ruleset="roll", players=3)
    assert c["players"] == 3 and c["open_seats"] == 2
    assert '2 szabad hely' in client.get("/play/").content.decode()
    r = client_for(people["bela"]).post(f"/api/v1/challenges/{c['id']}/accept/", {},
                                        format="json")
    assert r.status_code == 200 and r.json()["status"] == "open", r.content
    listed = client.get("/api/v1/challenges/").json()["challenges"]
    assert [(x["id"], x["open_seats"]) for x in listed] == [(c["id"], 1)]
    assert_error(client_for(people["bela"]).post(f"/api/v1/challenges/{c['id']}/accept/", {},
                                                 format="json"), 409, "own_challenge")
    r = client_for(people["cili"]).post(f"/api/v1/challenges/{c['id']}/accept/", {},
                                        format="json")
    assert r.status_code == 200 and r.json()["status"] == "active", r.content
    match = Match.objects.get(pk=c["id"])
    assert sorted(s.user.username for s in match.seats.all()) == ["anna", "bela", "cili"]
    assert client.get("/api/v1/challenges/").json()["challenges"] == []


def test_the_number_of_players_is_the_games(people):
    for body in ({"ruleset": "pulsar", "players": 5}, {"ruleset": "roll", "players": 1},
                 {"ruleset": "roll", "players": 3, "opponent": "bela"}):
        assert_error(client_for(people["anna"]).post("/api/v1/challenges/", body,
                                                     format="json"), 400, None)
    assert not Match.objects.exists()
