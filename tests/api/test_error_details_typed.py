"""Refusals and the account's answers against their declared types, closed to undeclared
fields (tests/support/strict_api.py): an error's details (a nested body refusal, a
parameter's, a list's entries, the values allowed, the nearest names), a failed pairing
job's stored error, and the token `me` names. Each was a free-form object in the schema."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from kaosz.models import ApiToken
from matches.tournaments.models import PairingJob, Tournament
from matches.tournaments.services.rounds import pair_round_task
from tests.support.api import client_for
from tests.support.strict_api import Checked, Schema

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema() -> Schema:
    return Schema(Client().get("/api/v1/schema/?format=json").json())


def _refused(schema: Schema, method: str, url: str, response, status: int) -> dict:
    assert response.status_code == status, response.content
    details: dict = schema.check(method, url, response)["error"]["details"]
    return details


def test_refusals_carry_the_declared_details(schema, cards_loaded, django_user_model):
    user = django_user_model.objects.create_user("typed-errors", password="x")
    api = client_for(user)
    url = "/api/v1/matches/"
    nested = _refused(schema, "POST", url, api.post(url, {
        "ruleset": "kgk", "seats": [{"player": "me", "deck": 5}, {"player": []}]},
        format="json"), 400)
    assert nested["fields"]["seats"] == {"1": {"player": ["Expected a string."]}}, nested
    url = "/api/v1/cards/?ordering=bogus"
    assert _refused(schema, "GET", url, APIClient().get(url), 400)["allowed"]
    url = "/api/v1/cards/named/?fuzzy=zzqqxxwwvv"
    assert "closest" in _refused(schema, "GET", url, APIClient().get(url), 404)
    url = "/api/v1/cards/batch/"
    bad = _refused(schema, "POST", url, APIClient().post(url, {"identifiers": [
        {"slug": "a"}, {"id": "x"}, 7]}, format="json"), 400)
    assert bad["positions"] == [1, 2]
    url = "/api/v1/contributions/"
    proposal = _refused(schema, "POST", url, api.post(url, {
        "kind": "correction", "card": "unicornis", "source_note": "x",
        "proposed": {"cost": "tizenöt"}}, format="json"), 400)
    assert proposal["fields"]["proposed"] == ["cost: a whole number or null"]


def test_details_of_the_wrong_kind_fail_their_type(schema):
    """The declared details say something: a refused field's messages are text, the
    entries refused numbers, the retry hint a number of seconds."""
    assert not schema.errors_of("ErrorDetails", {"fields": {"a": ["x"], "b": {"0": "y"}},
                                                 "positions": [1]})
    for wrong in ({"fields": {"a": 5}}, {"fields": {"a": [5]}}, {"positions": ["1"]},
                  {"retry_after_seconds": "soon"}, {"allowed": "kgk"}):
        assert schema.errors_of("ErrorDetails", wrong), wrong


def test_a_failed_pairing_job_s_error_is_the_declared_error(schema, django_user_model):
    organiser = django_user_model.objects.create_user("typed-job", password="x")
    api = Checked(client_for(organiser), schema)
    event = api.post("/api/v1/tournaments/", {"name": "Hibás", "format": "practice",
                                              "decks_required": False})
    # (pairing a round of an event that has not started is refused by the task)
    job = PairingJob.objects.create(tournament=Tournament.objects.get(pk=event["id"]))
    pair_round_task(job.pk)
    answer = api.get(f"/api/v1/tournaments/{event['id']}/pairing-jobs/{job.pk}/")
    assert answer["status"] == "failed" and answer["error"]["code"], answer
    job_out = schema.document["components"]["schemas"]["JobOut"]["properties"]["error"]
    assert job_out["required"] == ["code", "message", "details"] and job_out["nullable"]


def test_me_names_its_token_as_declared(schema, django_user_model):
    user = django_user_model.objects.create_user("typed-me", password="x")
    token, key = ApiToken.issue(user, "laptop", ApiToken.READ)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    me = Checked(client, schema).get("/api/v1/me/")
    assert me["token"] == {"id": token.pk, "name": "laptop", "scope": "read",
                           "prefix": token.prefix}
    assert Checked(client_for(user), schema).get("/api/v1/me/")["token"] is None
    assert schema.errors_of("MeOut", {**me, "token": {"id": 1}})   # (its fields declared)
