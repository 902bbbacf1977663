"""Personal API tokens: made, named, shown once, hashed at rest, scoped, revoked."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from kaosz.api import auth
from kaosz.models import ApiToken, digest_of
from tests.support.api import assert_error, client_for

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_caches():
    cache.clear()
    auth._LOCAL.clear()


def with_token(key: str) -> APIClient:
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return c


def make(user, scope: str = "write", name: str = "bot") -> str:
    r = client_for(user).post("/api/v1/tokens/", {"name": name, "scope": scope}, format="json")
    assert r.status_code == 201, r.content
    return r.json()["token"]


def test_created_once_hashed_at_rest_and_listed_without_the_key(user):
    key = make(user)
    assert key.startswith("kz_") and len(key) > 40
    row = ApiToken.objects.get(user=user)
    assert row.digest == digest_of(key) and key not in (row.digest, row.prefix, row.name)
    listed = client_for(user).get("/api/v1/tokens/").json()
    assert listed[0]["prefix"] == key[:10] and "token" not in listed[0]
    assert key not in str(listed)


def test_a_token_authenticates_and_records_its_use(user):
    key = make(user)
    r = with_token(key).get("/api/v1/decks/?mine=1")
    assert r.status_code == 200
    assert ApiToken.objects.get(user=user).last_used is not None
    assert_error(with_token(key + "x").get("/api/v1/tokens/"), 401, "authentication_failed")


def test_read_only_token_reads_but_cannot_write(user):
    key = make(user, scope="read")
    c = with_token(key)
    assert c.get("/api/v1/tokens/").status_code == 200
    assert_error(c.post("/api/v1/matches/", {"ruleset": "smugglers", "seats": [
        {"player": "me"}, {"player": "bot:random"}]}, format="json"), 403, "token_read_only")
    assert_error(c.post("/api/v1/tokens/", {"name": "more"}, format="json"), 403,
                 "token_read_only")


def test_write_token_plays(user):
    c = with_token(make(user))
    r = c.post("/api/v1/matches/", {"ruleset": "smugglers", "seats": [
        {"player": "me"}, {"player": "bot:random"}]}, format="json")
    assert r.status_code == 201, r.content


def test_revoked_token_stops_at_once(user):
    key = make(user)
    c = with_token(key)
    assert c.get("/api/v1/tokens/").status_code == 200  # now cached
    token_id = ApiToken.objects.get(user=user).pk
    assert client_for(user).delete(f"/api/v1/tokens/{token_id}/").status_code == 204
    assert_error(c.get("/api/v1/tokens/"), 401, "authentication_failed")
    assert client_for(user).get("/api/v1/tokens/").json()[0]["revoked"] is not None


def test_deactivated_user_token_stops(user):
    c = with_token(make(user))
    assert c.get("/api/v1/tokens/").status_code == 200
    user.is_active = False
    user.save()
    assert_error(c.get("/api/v1/tokens/"), 401, "authentication_failed")


def test_tokens_are_private(user, staff):
    make(user)
    other = client_for(staff)
    assert other.get("/api/v1/tokens/").json() == []
    token_id = ApiToken.objects.get(user=user).pk
    assert_error(other.delete(f"/api/v1/tokens/{token_id}/"), 404, "not_found")
    assert_error(APIClient().get("/api/v1/tokens/"), 401, "not_authenticated")


def test_account_page_creates_shows_once_and_revokes(user):
    page = Client()
    assert page.get("/account/tokens/").status_code == 302  # signed out: to the login
    page.force_login(user)
    r = page.get("/account/tokens/")
    assert r.status_code == 200 and "API-tokenek" in r.content.decode()
    r = page.post("/account/tokens/", {"name": "telefon", "scope": "read"})
    assert r.status_code == 302  # POST/redirect/GET: a reload cannot make a second token
    r = page.get(r["Location"])
    html = r.content.decode()
    key = re.search(r'id="token-key"[^>]*>(kz_[A-Za-z0-9_-]+)<', html).group(1)
    assert r["Cache-Control"] == "no-store"
    assert with_token(key).get("/api/v1/tokens/").status_code == 200
    again = page.get("/account/tokens/").content.decode()  # a reload: shown once, no new token
    assert key not in again and key[:10] in again and "telefon" in again
    assert ApiToken.objects.filter(user=user).count() == 1
    token = ApiToken.objects.get(user=user)
    page.post("/account/tokens/", {"revoke": str(token.pk)})
    assert_error(with_token(key).get("/api/v1/tokens/"), 401, "authentication_failed")
    assert page.post("/account/tokens/", {"name": "", "scope": "x"}).status_code == 200
    assert page.post("/account/tokens/", {"revoke": "abc"}).status_code == 302
