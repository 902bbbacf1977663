"""What Schemathesis found where the server and its schema disagreed, pinned down: each of
these failed before the fix (a 500, a silently misread value, or an answer the schema did
not describe)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(django_user_model) -> APIClient:
    client = APIClient()
    client.force_authenticate(django_user_model.objects.create_user("truth", password="x"))
    return client


def error_code(response) -> str:
    return response.json()["error"]["code"]


def test_batch_with_an_object_for_an_id_is_a_400_not_a_500():
    # `{"id": {}}` beside a slug made the lookup hash a dict: a 500.
    answer = APIClient().post("/api/v1/cards/batch/", {"identifiers": [
        {"id": {}, "slug": "nincs-ilyen"}]}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["not_found"] == [{"id": {}, "slug": "nincs-ilyen"}]
    answer = APIClient().post("/api/v1/cards/batch/", {"identifiers": [{"id": False}]},
                              format="json")
    assert answer.status_code == 400 and error_code(answer) == "invalid"


@pytest.mark.parametrize("query", ["page_size=abc", "page_size=0", "page_size=501",
                                   "page=0", "page=x", "page=last"])
def test_page_numbers_that_cannot_be_read_are_refused(query):
    answer = APIClient().get(f"/api/v1/sets/?{query}")
    assert answer.status_code == 400, answer.content
    assert error_code(answer) == "invalid_parameter"
    assert answer.json()["error"]["details"]["parameter"] == query.split("=")[0]


def test_a_page_past_the_last_is_a_404_in_the_error_shape():
    answer = APIClient().get("/api/v1/sets/?page=999")
    assert answer.status_code == 404 and error_code(answer) == "not_found"


@pytest.mark.parametrize("url", ["/api/v1/cards/?official=null",
                                 "/api/v1/cards/?official=",
                                 "/api/v1/decks/?scope=",
                                 "/api/v1/cards/autocomplete/?official=maybe",
                                 "/api/v1/matches/?mine=yes",
                                 "/api/v1/decks/?scope=everyone"])
def test_query_flags_and_choices_are_checked(url):
    answer = APIClient().get(url)
    assert answer.status_code == 400, answer.content
    assert error_code(answer) == "invalid_parameter"


def test_a_cost_filter_is_a_whole_number():
    assert APIClient().get("/api/v1/cards/?cost_min=0.5").status_code == 400
    assert APIClient().get("/api/v1/cards/?cost_min=1").status_code == 200


def test_json_bodies_are_read_with_their_documented_types(api):
    # DRF would have stored the name 0 as "0".
    answer = api.post("/api/v1/tokens/", {"name": 0, "scope": "write"}, format="json")
    assert answer.status_code == 400, answer.content
    assert answer.json()["error"]["details"]["fields"] == {"name": ["Expected a string."]}
    answer = api.post("/api/v1/tournaments/", {"name": "Klubest", "format": "tournament",
                                               "publish_decklists": "0"}, format="json")
    assert answer.status_code == 400
    assert "publish_decklists" in answer.json()["error"]["details"]["fields"]
    # ...while a form post, where everything is text, is read as before
    answer = api.post("/api/v1/tokens/", {"name": "bot", "scope": "read"})
    assert answer.status_code == 201, answer.content


def test_deck_export_refuses_an_unknown_language(api):
    deck = api.post("/api/v1/decks/", {"name": "d", "format": "casual"},
                    format="json")
    assert deck.status_code == 201, deck.content
    url = f"/api/v1/decks/{deck.json()['id']}/export/"
    assert api.get(url, {"lang": "en"}).status_code == 200
    for lang in ("de", ""):
        answer = api.get(url, {"lang": lang})
        assert answer.status_code == 400 and error_code(answer) == "invalid_parameter"
        curve = api.get(f"/api/v1/decks/{deck.json()['id']}/cost-curve/", {"lang": lang})
        assert curve.status_code == 400


def test_copying_a_deck_answers_201_as_documented(api):
    deck = api.post("/api/v1/decks/", {"name": "d", "format": "casual", "public": True},
                    format="json").json()
    answer = api.post(f"/api/v1/decks/{deck['id']}/copy/")
    assert answer.status_code == 201, answer.content
    from django.test import Client

    spec = Client().get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    copy = spec.json()["paths"]["/api/v1/decks/{id}/copy/"]["post"]
    assert "201" in copy["responses"] and "requestBody" not in copy


@pytest.mark.django_db
def test_collection_and_contribution_filters_are_documented_and_checked(django_user_model):
    """`wishlist` and `status` were read but not in the schema, and any other value was
    silently ignored; now both are documented and a wrong value is a 400."""
    from django.test import Client

    from tests.support.api import assert_error, client_for

    schema = Client().get("/api/v1/schema/",
                          HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    params = {p["name"] for p in schema["paths"]["/api/v1/collection/"]["get"]["parameters"]}
    assert "wishlist" in params
    params = {p["name"] for p in schema["paths"]["/api/v1/contributions/"]["get"]["parameters"]}
    assert "status" in params
    c = client_for(django_user_model.objects.create_user("gyujto"))
    assert c.get("/api/v1/collection/?wishlist=true").status_code == 200
    assert_error(c.get("/api/v1/collection/?wishlist=talan"), 400, "invalid_parameter")
    assert c.get("/api/v1/contributions/?status=pending").status_code == 200
    assert_error(c.get("/api/v1/contributions/?status=kesz"), 400, "invalid_parameter")
