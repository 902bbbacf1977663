"""One error shape for a client author: the code an open string, messages in
English unless Hungarian is asked for, and one retry hint on every 429 and 503."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.support.api import assert_error, client_for

pytestmark = pytest.mark.django_db


def test_api_messages_are_english_unless_hungarian_is_asked(django_user_model):
    api = client_for(django_user_model.objects.create_user("nyelv"))
    english = assert_error(api.post("/api/v1/tournaments/", {}, format="json"), 400, "invalid")
    assert english["details"]["fields"]["name"] == ["This field is required."]
    # the site's language cookie (a page's choice) does not change the API's language
    api.cookies["django_language"] = "hu"
    assert assert_error(api.post("/api/v1/tournaments/", {}, format="json"), 400)[
        "details"]["fields"]["name"] == ["This field is required."]
    hungarian = assert_error(api.post("/api/v1/tournaments/", {}, format="json",
                                      HTTP_ACCEPT_LANGUAGE="hu-HU,hu;q=0.9"), 400, "invalid")
    assert hungarian["details"]["fields"]["name"] == ["Ennek a mezőnek a megadása kötelező."]


def test_a_page_keeps_hungarian_first():
    assert 'lang="hu"' in Client().get("/help/query/").content.decode()


def test_every_429_carries_the_one_retry_hint(django_user_model, settings):
    settings.KAOSZ_CONTRIB_MAX_PENDING = 0
    api = client_for(django_user_model.objects.create_user("sok"))
    answer = api.post("/api/v1/contributions/", {"kind": "new", "proposed": {
        "slug": "proba", "name_hu": "Próba", "type": "ship"}, "source_note": "a test"}, format="json")
    error = assert_error(answer, 429, "too_many_pending")
    assert error["details"]["retry_after_seconds"] > 0
    assert int(answer["Retry-After"]) == error["details"]["retry_after_seconds"]


def test_a_request_id_is_echoed_or_made_and_named_in_errors():
    answer = Client().get("/api/v1/matches/999999/", HTTP_X_REQUEST_ID="bot-7.42")
    assert answer["X-Request-ID"] == "bot-7.42"
    assert answer.json()["error"]["request_id"] == "bot-7.42"
    made = Client().get("/api/v1/rulesets/", HTTP_X_REQUEST_ID="no spaces <here>")
    assert made.status_code == 200 and len(made["X-Request-ID"]) == 32
    assert made["X-Request-ID"] != Client().get("/api/v1/rulesets/")["X-Request-ID"]


def test_cors_answers_only_the_allowed_origins(settings):
    settings.CORS_ALLOWED_ORIGINS = ["https://bot.example"]
    allowed = Client().options("/api/v1/rulesets/", HTTP_ORIGIN="https://bot.example",
                               HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
                               HTTP_ACCESS_CONTROL_REQUEST_HEADERS="authorization")
    assert allowed["Access-Control-Allow-Origin"] == "https://bot.example"
    assert "authorization" in allowed["Access-Control-Allow-Headers"]
    got = Client().get("/api/v1/rulesets/", HTTP_ORIGIN="https://bot.example")
    assert "X-Request-ID" in got["Access-Control-Expose-Headers"]
    other = Client().get("/api/v1/rulesets/", HTTP_ORIGIN="https://evil.example")
    assert "Access-Control-Allow-Origin" not in other
    page = Client().get("/help/query/", HTTP_ORIGIN="https://bot.example")
    assert "Access-Control-Allow-Origin" not in page


def test_throttled_operations_announce_their_limit_before_the_429(settings):
    from rest_framework.throttling import SimpleRateThrottle

    from web.api.throttling import WindowRateThrottle

    rates = dict(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], anon="3/min")
    old = SimpleRateThrottle.THROTTLE_RATES
    SimpleRateThrottle.THROTTLE_RATES = rates
    WindowRateThrottle.tallies = {}
    try:
        seen = [Client().get("/api/v1/rulesets/", REMOTE_ADDR="203.0.113.9")
                for _ in range(4)]
        assert [a.status_code for a in seen] == [200, 200, 200, 429]
        assert seen[0]["RateLimit-Policy"] == '"anon";q=3;w=60'
        remaining = [int(a["RateLimit"].split(";r=")[1].split(";")[0]) for a in seen[:3]]
        assert remaining == [2, 1, 0]
        assert seen[3]["RateLimit"].startswith('"anon";r=0;t=')
    finally:
        SimpleRateThrottle.THROTTLE_RATES = old
        WindowRateThrottle.tallies = {}


def test_every_api_timestamp_is_utc_with_a_z(django_user_model):
    import re

    api = client_for(django_user_model.objects.create_user("ido"))
    event = api.post("/api/v1/tournaments/", {"name": "Idő", "format": "practice"},
                     format="json")
    assert event.status_code == 201, event.content
    stamps = re.findall(r'"(\d{4}-\d\d-\d\dT[^"]+)"', event.content.decode())
    assert stamps and all(s.endswith("Z") for s in stamps), stamps
    me = api.get("/api/v1/me/").json()
    assert me["date_joined"].endswith("Z")


def test_bad_input_names_its_field_in_one_shape():
    page = assert_error(Client().get("/api/v1/sets/?page_size=0"), 400, "invalid_parameter")
    assert page["details"]["fields"] == {"page_size": ["1 to 500"]}
    flag = assert_error(Client().get("/api/v1/cards/?official=talan"), 400,
                        "invalid_parameter")
    assert flag["details"]["fields"] == {"official": ["true or false"]}


def test_hungarian_asked_gives_each_code_s_hungarian_sentence():
    from web.error_catalogue import CODES

    answer = Client().get("/api/v1/matches/999999/", HTTP_ACCEPT_LANGUAGE="hu")
    error = assert_error(answer, 404, "not_found")
    assert CODES["not_found"].hu and error["message"] == CODES["not_found"].hu
    english = assert_error(Client().get("/api/v1/matches/999999/"), 404, "not_found")
    assert english["message"] != CODES["not_found"].hu
