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
