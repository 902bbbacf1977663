"""Accounts and tokens, through HTTP: signing up leaves you signed in; sign-ups,
reset e-mails and invalid tokens are throttled; a token cannot mint tokens.

Each throttle test comes from an address of its own (REMOTE_ADDR), so that the counters of
the rest of the suite (127.0.0.1) are left alone."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client
from rest_framework.test import APIClient

from kaosz.models import ApiToken
from tests.support.api import assert_error

pytestmark = pytest.mark.django_db
PASSWORD = "Hosszu-jelszo-987"


def _signup(client: Client, name: str, address: str):
    return client.post("/accounts/signup/", {
        "username": name, "email": f"{name}@example.org", "password1": PASSWORD,
        "password2": PASSWORD}, REMOTE_ADDR=address)


def test_signing_up_leaves_you_signed_in_for_the_pages_and_the_api():
    client = Client()
    assert _signup(client, "ujonc", "10.60.0.1").status_code == 302
    assert client.get("/api/v1/tokens/").status_code == 200  # (401 before: anonymous)
    page = client.get("/").content.decode()
    assert "ujonc" in page


def test_sign_ups_per_address_are_limited(settings):
    settings.KAOSZ_RATE_LIMITS = {**settings.KAOSZ_RATE_LIMITS, "signup": (3, 3600)}
    made = [_signup(Client(), f"tomeg{i}", "10.61.0.1").status_code for i in range(4)]
    assert made == [302, 302, 302, 429]
    assert _signup(Client(), "masik", "10.62.0.1").status_code == 302  # another address


def test_password_reset_mails_are_limited_per_address_and_per_mailbox(settings,
                                                                      django_user_model):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.KAOSZ_RATE_LIMITS = {**settings.KAOSZ_RATE_LIMITS,
                                  "password_reset": (5, 3600), "password_reset_email": (2, 3600)}
    django_user_model.objects.create_user("aldozat", email="aldozat@example.org",
                                          password=PASSWORD)
    sent = [Client().post("/accounts/password_reset/", {"email": "aldozat@example.org"},
                          REMOTE_ADDR=f"10.63.0.{i}") for i in range(1, 5)]
    assert [r.status_code for r in sent] == [302, 302, 429, 429] and len(mail.outbox) == 2
    assert "Túl sok" in sent[-1].content.decode() and int(sent[-1]["Retry-After"]) > 0
    answers = [Client().post("/accounts/password_reset/", {"email": f"n{i}@example.org"},
                             REMOTE_ADDR="10.64.0.1").status_code for i in range(6)]
    assert answers == [302] * 5 + [429]


def test_invalid_tokens_from_one_address_are_throttled(settings, user):
    settings.KAOSZ_RATE_LIMITS = {**settings.KAOSZ_RATE_LIMITS, "bad_token": (5, 600)}
    _, good = ApiToken.issue(user, "bot", ApiToken.WRITE)
    guesser = APIClient(REMOTE_ADDR="10.65.0.1")
    codes = [guesser.get("/api/v1/decks/", HTTP_AUTHORIZATION=f"Token kz_guess{i}").status_code
             for i in range(6)]
    assert codes == [401] * 5 + [429]
    err = assert_error(guesser.get("/api/v1/decks/", HTTP_AUTHORIZATION="Token kz_guess9"),
                       429, "too_many_invalid_tokens")
    assert err["details"]["retry_after_seconds"] > 0
    other = APIClient(REMOTE_ADDR="10.66.0.1")
    assert other.get("/api/v1/tokens/", HTTP_AUTHORIZATION=f"Token {good}").status_code == 200


def test_a_token_cannot_mint_tokens_only_a_signed_in_session_can(user):
    _, key = ApiToken.issue(user, "parent", ApiToken.WRITE)
    with_token = APIClient()
    with_token.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert_error(with_token.post("/api/v1/tokens/", {"name": "child"}, format="json"), 403,
                 "session_required")
    assert ApiToken.objects.filter(user=user).count() == 1
    session = Client()
    session.force_login(user)
    assert session.post("/api/v1/tokens/", {"name": "child"},
                        content_type="application/json").status_code == 201
