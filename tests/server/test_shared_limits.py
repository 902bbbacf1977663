"""Limits that hold for everyone and harm nobody else: the waiting caps count every
process's slots (through Redis), a guesser's invalid tokens never get a valid token
refused from the same address, and someone else's password guesses do not keep the owner
out of their account from a browser or an address they signed in from before."""

from __future__ import annotations

import os

import pytest
from django.conf import settings as django_settings
from django.test import Client
from rest_framework.test import APIClient

from kaosz.api import auth
from kaosz.models import ApiToken
from matches.live import caps
from web import login_throttle
from web.api import rediskv

PASSWORD = "titkos-jelszo-123"
needs_redis = pytest.mark.skipif(not django_settings.REDIS_URL,
                                 reason="the shared count lives in Redis")


@needs_redis
@pytest.mark.django_db
def test_the_waiting_cap_counts_every_process_and_forgets_a_dead_one():
    key = f"test-shared:{os.getpid()}"
    me = caps._me()
    mine = [caps.take(key, 3) for _ in range(2)]
    assert all(mine)
    # Another process (another node's uvicorn worker) takes the third and is then refused.
    saved = caps._process
    caps._process = (os.getpid(), "other-node:1:abc")
    try:
        theirs = caps.take(key, 3)
        assert theirs is not None
        assert caps.take(key, 3) is None
    finally:
        caps._process = saved
    assert caps.take(key, 3) is None  # this process sees the other's slot too
    # The other process dies (its alive key lapses): its slot stops counting.
    rediskv.client().delete(caps._alive_key("other-node:1:abc"))
    third = caps.take(key, 3)
    assert third is not None
    for slot in [*mine, third]:
        slot.release()
    assert caps._me() == me
    counts = rediskv.client().hgetall(caps._shared_key(key))
    assert int(counts.get(me.encode(), 0)) == 0


@pytest.mark.django_db
def test_a_valid_token_is_served_from_an_address_over_the_invalid_token_limit(settings,
                                                                            user):
    settings.KAOSZ_RATE_LIMITS = {**settings.KAOSZ_RATE_LIMITS, "bad_token": (3, 600)}
    _, good = ApiToken.issue(user, "bot", ApiToken.WRITE)
    shared_address = APIClient(REMOTE_ADDR="10.70.0.1")  # one NAT, a guesser behind it
    codes = [shared_address.get("/api/v1/decks/",
                                HTTP_AUTHORIZATION=f"Token kz_guess{i}").status_code
             for i in range(5)]
    assert codes == [401] * 3 + [429] * 2
    auth._LOCAL.clear()
    from django.core.cache import cache

    cache.delete(auth._key(good))  # never seen: looked up in the database
    served = shared_address.get("/api/v1/tokens/", HTTP_AUTHORIZATION=f"Token {good}")
    assert served.status_code == 200


def _login(client: Client, username: str, password: str, address: str):
    return client.post("/accounts/login/", {"username": username, "password": password},
                       REMOTE_ADDR=address)


def _paused_by_guesses_from_elsewhere() -> None:
    """Wrong passwords from many addresses: the account takes one check per pause. (Past
    the limit each try during the pause is refused unchecked, so the pause is counted up
    here directly, long enough for a loaded machine: 2 ** 6 s.)"""
    for i in range(3):
        _login(Client(), "gyujto", f"rossz-{i}", f"10.72.0.{i + 1}")
    for _ in range(6):
        login_throttle._slow_down("gyujto")
    assert login_throttle.account_pause("gyujto") > 30


def _sign_out_keeping_the_device(client: Client) -> None:
    """Sign out as the browser does: the session goes, the device cookie stays (the test
    client's logout drops every cookie)."""
    device = client.cookies["kaosz_device"].value
    client.logout()
    client.cookies["kaosz_device"] = device


@pytest.mark.django_db
def test_guessing_from_elsewhere_does_not_pause_the_owners_browser(settings, user):
    settings.LOGIN_ACCOUNT_FAILURE_LIMIT = 3
    settings.LOGIN_FAILURE_LIMIT = 4
    owner = Client()
    assert _login(owner, "gyujto", PASSWORD, "10.71.0.1").status_code == 302
    _sign_out_keeping_the_device(owner)
    # An outsider renews the account's pause from many addresses, and guesses from the
    # owner's own address too (a shared NAT).
    _paused_by_guesses_from_elsewhere()
    for i in range(6):
        _login(Client(), "gyujto", f"rossz-{i}", "10.71.0.1")
    stranger = _login(Client(), "gyujto", PASSWORD, "10.73.0.1")
    assert stranger.status_code == 429  # an unknown browser and address: paused
    # Without the cookie, that address is locked for this account by the guesses made there.
    assert _login(Client(), "gyujto", PASSWORD, "10.71.0.1").status_code == 429
    assert _login(owner, "gyujto", PASSWORD, "10.71.0.1").status_code == 302


@pytest.mark.django_db
def test_a_known_address_is_spared_the_accounts_pause(settings, user):
    settings.LOGIN_ACCOUNT_FAILURE_LIMIT = 3
    first = Client()
    assert _login(first, "gyujto", PASSWORD, "10.75.0.1").status_code == 302
    _paused_by_guesses_from_elsewhere()
    assert _login(Client(), "gyujto", PASSWORD, "10.77.0.1").status_code == 429
    assert _login(Client(), "gyujto", PASSWORD, "10.75.0.1").status_code == 302
    # The device's own wrong passwords still count, for that device.
    settings.LOGIN_FAILURE_LIMIT = 2
    device = Client()
    assert _login(device, "gyujto", PASSWORD, "10.78.0.1").status_code == 302
    _sign_out_keeping_the_device(device)
    for _ in range(2):
        assert _login(device, "gyujto", "rossz", "10.78.0.1").status_code == 200
    assert _login(device, "gyujto", PASSWORD, "10.78.0.1").status_code == 429
