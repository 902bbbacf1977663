"""Apps acting for a person: OAuth 2 authorization code with PKCE, end to end, as an app
does it: a person registers the app on the apps page, the app sends them to the consent
page, they allow it, the app trades the code and its PKCE verifier for a bearer token,
and the token reaches the API within its scopes only."""

from __future__ import annotations

import base64
import hashlib
import secrets
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from django.test import Client
from oauth2_provider.models import get_application_model

from tests.support.api import assert_error

pytestmark = pytest.mark.django_db

REDIRECT = "http://127.0.0.1:8765/callback"


def _pkce() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()) \
        .rstrip(b"=").decode()
    return verifier, challenge


def _register_app(person: Client) -> str:
    page = person.post("/account/apps/", {"name": "Csempész bot", "redirect_uris": REDIRECT,
                                          "client_type": "public"})
    assert page.status_code == 302, page.content
    listed = person.get("/account/apps/").content.decode()
    app = get_application_model().objects.get(name="Csempész bot")
    assert app.client_id in listed and app.authorization_grant_type == "authorization-code"
    return app.client_id


def _authorize(person: Client, client_id: str, scope: str, challenge: str,
               language: str = "en") -> str:
    query = urlencode({"response_type": "code", "client_id": client_id,
                       "redirect_uri": REDIRECT, "scope": scope, "state": "s-1",
                       "code_challenge": challenge, "code_challenge_method": "S256"})
    consent = person.get(f"/oauth/authorize/?{query}", HTTP_ACCEPT_LANGUAGE=language)
    assert consent.status_code == 200, consent.content
    text = consent.content.decode()
    assert "Csempész bot" in text
    assert ("Engedélyezem" if language == "hu" else "Allow") in text
    # The page may send its form on to the app's address.
    assert "form-action 'self' http://127.0.0.1:8765" in consent["Content-Security-Policy"]
    form = {field: value for field, value in consent.context["form"].initial.items()
            if value is not None}
    allowed = person.post("/oauth/authorize/", {**form, "allow": "Authorize"})
    assert allowed.status_code == 302, allowed.content
    back = urlsplit(allowed["Location"])
    assert f"{back.scheme}://{back.netloc}{back.path}" == REDIRECT
    got = parse_qs(back.query)
    assert got["state"] == ["s-1"]
    return got["code"][0]


def _token(client_id: str, code: str, verifier: str):
    return Client().post("/oauth/token/", {
        "grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT,
        "client_id": client_id, "code_verifier": verifier})


def test_an_app_gets_a_token_with_pkce_and_keeps_to_its_scopes(django_user_model):
    django_user_model.objects.create_user("jatekos", password="titkos-jelszo-123")
    person = Client()
    assert person.login(username="jatekos", password="titkos-jelszo-123")
    client_id = _register_app(person)
    verifier, challenge = _pkce()
    code = _authorize(person, client_id, "read play", challenge)

    assert _token(client_id, code, "not-the-verifier" * 3).json()["error"] == "invalid_grant"
    code = _authorize(person, client_id, "read play", challenge, language="hu")
    answer = _token(client_id, code, verifier)
    assert answer.status_code == 200, answer.content
    token = answer.json()
    assert token["token_type"] == "Bearer" and set(token["scope"].split()) == {"read", "play"}

    app = Client(HTTP_AUTHORIZATION=f"Bearer {token['access_token']}")
    assert app.get("/api/v1/me/").json()["username"] == "jatekos"
    made = app.post("/api/v1/matches/", {"ruleset": "smugglers", "seats": [
        {"player": "me"}, {"player": "bot:random"}]}, content_type="application/json")
    assert made.status_code == 201, made.content
    # No `tournaments` scope: organising is refused, in the one error shape.
    assert_error(app.post("/api/v1/tournaments/", {"name": "Kupa", "format": "practice"},
                          content_type="application/json"), 403, "insufficient_scope")
    # A code is good once.
    assert _token(client_id, code, verifier).json()["error"] == "invalid_grant"


def test_an_app_without_pkce_is_refused(django_user_model):
    django_user_model.objects.create_user("masik", password="titkos-jelszo-123")
    person = Client()
    assert person.login(username="masik", password="titkos-jelszo-123")
    client_id = _register_app(person)
    query = urlencode({"response_type": "code", "client_id": client_id,
                       "redirect_uri": REDIRECT, "scope": "read"})
    refused = person.get(f"/oauth/authorize/?{query}")
    # (no challenge: the app is sent back with the error, never a code)
    assert refused.status_code == 302 and "error=invalid_request" in refused["Location"]
    assert "code=" not in refused["Location"]
