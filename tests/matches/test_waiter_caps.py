"""The cap on waiting long-polls is decided by the authenticated user,
not by whether an ``Authorization`` header was sent; signed-in users have a cap too
(``KAOSZ_WAITERS_PER_USER``), counted per account wherever they come from."""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.db import connection
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.support.api import client_for
from tests.support.matches import create

WAIT = 8  # seconds each long-poll waits: they all overlap (nothing happens in the match)


def _waits(clients: list[APIClient], match_id: int) -> Counter:
    """One long-poll from each client at once; their statuses."""
    statuses: Counter = Counter()
    lock = threading.Lock()

    def wait(c: APIClient) -> None:
        try:
            r = c.get(f"/api/v1/matches/{match_id}/events/?after=0&wait={WAIT}")
            if r.status_code == 429:
                body = r.json()
                assert set(body) == {"error"}
                assert body["error"]["code"] == "too_many_waiters"
            with lock:
                statuses[r.status_code] += 1
        finally:
            connection.close()

    threads = [threading.Thread(target=wait, args=(c,)) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return statuses


@pytest.fixture
def match_id(django_user_model):
    a, b = (django_user_model.objects.create_user(n) for n in ("wa", "wb"))
    m = create(client_for(a), "smugglers", ["me", "wb"])
    return m["id"]


@pytest.mark.django_db(transaction=True)
def test_any_authorization_header_does_not_lift_the_anonymous_cap(
        settings, match_id):
    """The audit opened 400 of 400 streams with a made-up header; the header is not an
    account: these five count as anonymous, from one address."""
    settings.KAOSZ_ANON_WAITERS_PER_CLIENT = 2
    clients = []
    for i in range(5):
        c = APIClient()
        c.credentials(HTTP_AUTHORIZATION=f"Basic bm9ib2R5Om5vdGhpbmc{i}")
        clients.append(c)
    assert _waits(clients, match_id) == {200: 2, 429: 3}


@pytest.mark.django_db(transaction=True)
def test_a_signed_in_user_has_a_cap_too(settings, match_id, django_user_model):
    """Per account, by token (each request its own connection, as separate programs):
    signing in lifts the address's cap, not every cap."""
    settings.KAOSZ_ANON_WAITERS_PER_CLIENT = 1
    settings.KAOSZ_WAITERS_PER_USER = 3
    key = Token.objects.create(user=django_user_model.objects.get(username="wa")).key
    clients = []
    for _ in range(5):
        c = APIClient()
        c.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        clients.append(c)
    assert _waits(clients, match_id) == {200: 3, 429: 2}
