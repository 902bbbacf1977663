"""Token authentication caches the token → user lookup, and forgets it when it must."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.support.api import assert_error

URL = "/api/v1/decks/"


@pytest.fixture
def token_client(user):
    cache.clear()
    token = Token.objects.create(user=user)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client, token


def token_queries(client) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(URL).status_code == 200
    return sum("authtoken_token" in q["sql"] for q in ctx.captured_queries)


def test_second_request_does_not_look_the_token_up_again(token_client):
    client, _ = token_client
    assert token_queries(client) == 1
    assert token_queries(client) == 0


def test_deleted_token_stops_working_at_once(token_client):
    client, token = token_client
    assert client.get(URL).status_code == 200
    token.delete()
    assert_error(client.get(URL), 401)


def test_deactivated_user_stops_working_at_once(token_client, user):
    client, _ = token_client
    assert client.get(URL).status_code == 200
    user.is_active = False
    user.save()
    assert_error(client.get(URL), 401)


def test_wrong_token_is_401_and_not_cached(token_client):
    client, _ = token_client
    client.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    assert_error(client.get(URL), 401)
    assert_error(client.get(URL), 401)


def test_staff_change_is_seen_at_once(token_client, user):
    client, _ = token_client
    assert client.get(URL).status_code == 200
    user.is_staff = True
    user.save()
    with CaptureQueriesContext(connection) as ctx:
        client.get(URL)
    assert any("authtoken_token" in q["sql"] for q in ctx.captured_queries)


def test_the_user_rate_still_applies(token_client, settings):
    """The project-wide per-user rate, now counted in windows, still refuses with 429 in
    the one error shape once a signed-in client goes over it."""
    from rest_framework.settings import api_settings
    from rest_framework.throttling import SimpleRateThrottle

    from web.api.throttling import WindowRateThrottle

    client, _ = token_client
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "user": "5/min"}
    settings.REST_FRAMEWORK = dict(settings.REST_FRAMEWORK, DEFAULT_THROTTLE_RATES=rates)
    old = SimpleRateThrottle.THROTTLE_RATES
    SimpleRateThrottle.THROTTLE_RATES = rates
    WindowRateThrottle.tallies = {}
    try:
        codes = [client.get(URL).status_code for _ in range(5)]
        assert codes == [200] * 5
        err = assert_error(client.get(URL), 429, "throttled")
        assert err["details"]["retry_after_seconds"] > 0
    finally:
        SimpleRateThrottle.THROTTLE_RATES = old
        api_settings.reload()
        WindowRateThrottle.tallies = {}


def test_a_change_made_in_another_process_arrives_within_the_local_window(
        token_client, monkeypatch):
    """Each process keeps the answer for ``LOCAL_SECONDS`` in front of the shared cache:
    a token revoked elsewhere (no signal here, the shared entry already gone) still works
    here until then, and not after."""
    from kaosz.api import auth

    clock = [1000.0]
    monkeypatch.setattr(auth, "_now", lambda: clock[0])
    client, token = token_client
    assert client.get(URL).status_code == 200
    with connection.cursor() as cursor:  # what another process's delete leaves here
        cursor.execute("DELETE FROM authtoken_token WHERE key = %s", [token.key])
    cache.delete(auth._key(token.key))
    assert client.get(URL).status_code == 200
    clock[0] += auth.LOCAL_SECONDS + 0.1
    assert_error(client.get(URL), 401)
