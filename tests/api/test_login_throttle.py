"""Login throttling: wrong passwords lock that account from that address, even against the
right password, with a 429 page in the page's language; other addresses are not locked."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

pytestmark = pytest.mark.django_db
PASSWORD = "titkos-jelszo-123"


@pytest.fixture(autouse=True)
def _limits(settings):
    cache.clear()
    settings.LOGIN_FAILURE_LIMIT = 5
    settings.LOGIN_FAILURE_LIMIT_PER_IP = 20
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    yield
    cache.clear()


def login(client: Client, password: str, ip: str = "10.1.1.1", username: str = "gyujto"):
    return client.post("/accounts/login/", {"username": username, "password": password},
                       REMOTE_ADDR=ip)


def test_wrong_passwords_then_the_right_one_is_refused(django_user_model):
    django_user_model.objects.create_user("gyujto", password=PASSWORD)
    client = Client()
    for _ in range(5):
        assert login(client, "rossz").status_code == 200  # the form again, with its error
    r = login(client, PASSWORD)
    assert r.status_code == 429 and int(r["Retry-After"]) > 0
    page = r.content.decode()
    assert "Túl sok sikertelen belépés" in page and "_auth_user_id" not in client.session
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert "Too many failed logins" in login(client, PASSWORD).content.decode()
    # The same account from another address still logs in, and a success resets its count.
    other = Client()
    assert login(other, PASSWORD, ip="10.2.2.2").status_code == 302


def test_the_admin_login_is_refused_too(django_user_model):
    django_user_model.objects.create_user("gyujto", password=PASSWORD, is_staff=True,
                                          is_superuser=True)
    client = Client()
    for _ in range(5):
        login(client, "rossz")
    r = client.post("/admin/login/", {"username": "gyujto", "password": PASSWORD},
                    REMOTE_ADDR="10.1.1.1")
    assert r.status_code == 200 and "_auth_user_id" not in client.session


def test_one_address_trying_many_accounts_is_locked(django_user_model):
    django_user_model.objects.create_user("gyujto", password=PASSWORD)
    client = Client()
    for i in range(20):
        login(client, "rossz", username=f"valaki{i}")
    assert login(client, PASSWORD).status_code == 429


def test_guesses_spread_over_many_addresses_slow_the_account_down(django_user_model,
                                                                  settings, monkeypatch):
    """200 guesses from 20 addresses, then the right password signed in. Now,
    after LOGIN_ACCOUNT_FAILURE_LIMIT failures from anywhere, the account takes one check
    per pause (429 meanwhile, even for the right password from a fresh address)."""
    settings.LOGIN_ACCOUNT_FAILURE_LIMIT = 20
    settings.LOGIN_ACCOUNT_MAX_PAUSE = 300
    import web.login_throttle as throttle

    django_user_model.objects.create_user("gyujto", password=PASSWORD)
    # (the clock held still while guessing: on a slow machine a 1 s pause could pass
    # between two guesses, and one guess per pause is what the slow-down allows)
    now = throttle._now()
    monkeypatch.setattr(throttle, "_now", lambda: now)
    answers = [login(Client(), "rossz", ip=f"10.9.{n}.1").status_code
               for n in range(20) for _ in range(4)]
    assert answers[:20] == [200] * 20 and set(answers[20:]) == {429}  # (never checked)
    r = login(Client(), PASSWORD, ip="10.50.0.1")
    assert r.status_code == 429, r.status_code
    assert 0 < int(r["Retry-After"]) <= 300
    assert "másodperc" in r.content.decode()
    # The pause passes (the clock moved on): the owner signs in from anywhere.
    later = now + 301
    monkeypatch.setattr(throttle, "_now", lambda: later)
    owner = Client()
    assert login(owner, PASSWORD, ip="10.51.0.1").status_code == 302
    assert "_auth_user_id" in owner.session


def test_ipv6_addresses_count_by_their_64(django_user_model):
    """One /64 is one client: twenty accounts tried from twenty addresses of one /64 lock
    the twenty-first address of that /64, not another /64."""
    django_user_model.objects.create_user("gyujto", password=PASSWORD)
    for i in range(20):
        login(Client(), "rossz", ip=f"2001:db8:1:2::{i + 1:x}", username=f"valaki{i}")
    assert login(Client(), PASSWORD, ip="2001:db8:1:2:ffff::1").status_code == 429
    assert login(Client(), PASSWORD, ip="2001:db8:1:3::1").status_code == 302
