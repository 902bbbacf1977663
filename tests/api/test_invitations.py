"""Seating another user is an invitation they accept: their seat is kept open for them, the
match starts only when they join (with their deck or the proposed one), others cannot take
that seat, and they may decline."""

from __future__ import annotations

import pytest

from kaosz.models import SeatInvitation
from tests.support.api import assert_error, client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(django_user_model):
    return {n: django_user_model.objects.create_user(n) for n in ("anna", "bela", "cili")}


def create(client, seats):
    r = client.post("/api/v1/matches/", {"ruleset": "smugglers", "seats": [
        {"player": p} for p in seats]}, format="json")
    assert r.status_code == 201, r.content
    return r.json()


def test_a_named_player_is_invited_not_seated(people):
    anna, bela = client_for(people["anna"]), client_for(people["bela"])
    m = create(anna, ["me", "bela"])
    assert m["status"] == "open"
    assert m["seats"][1]["open"] and m["seats"][1]["player"] == ""
    assert m["invitations"] == [{"seat": 1, "username": "bela", "status": "pending"}]
    # bela cannot be made to act before accepting
    assert_error(bela.get(f"/api/v1/matches/{m['id']}/legal-actions/?seat=1"), 403,
                 "not_your_seat")
    # someone else cannot take bela's seat
    assert_error(client_for(people["cili"]).post(f"/api/v1/matches/{m['id']}/join/", {},
                                                 format="json"), 409, "not_open")
    joined = bela.post(f"/api/v1/matches/{m['id']}/join/", {}, format="json")
    assert joined.status_code == 200, joined.content
    body = joined.json()
    assert body["status"] == "active" and body["your_seats"] == [1]
    assert SeatInvitation.objects.get().status == "accepted"


def test_a_declined_seat_stays_closed_until_the_maker_opens_it(people):
    anna, bela = client_for(people["anna"]), client_for(people["bela"])
    m = create(anna, ["me", "bela"])
    r = bela.post(f"/api/v1/matches/{m['id']}/decline/", {}, format="json")
    assert r.status_code == 200 and r.json()["invitations"][0]["status"] == "declined"
    assert_error(bela.post(f"/api/v1/matches/{m['id']}/decline/", {}, format="json"), 404,
                 "invitation_not_found")
    join = f"/api/v1/matches/{m['id']}/join/"
    assert_error(client_for(people["cili"]).post(join, {}, format="json"), 409, "not_open")
    assert anna.post(f"/api/v1/challenges/{m['id']}/open/").status_code == 204
    cili = client_for(people["cili"]).post(join, {}, format="json")
    assert cili.status_code == 200 and cili.json()["status"] == "active"


def test_seating_yourself_by_name_is_not_an_invitation(people):
    m = create(client_for(people["anna"]), ["anna", "bot:random"])
    assert m["status"] == "active" and not SeatInvitation.objects.exists()


def test_bad_options_are_refused_when_the_match_waits_for_an_invitee(people):
    r = client_for(people["anna"]).post("/api/v1/matches/", {
        "ruleset": "smugglers", "options": {"bogus": 1},
        "seats": [{"player": "me"}, {"player": "bela"}]}, format="json")
    assert_error(r, 400, "bad_config")
