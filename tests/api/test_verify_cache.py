"""``GET …/verify/`` replays the whole log: cached per match version and throttled."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from matches import store
from matches.api import views
from tests.support.api import assert_error
from tests.support.matches import new_match, step

pytestmark = pytest.mark.django_db


@pytest.fixture
def replays(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = store.verify

    def counting(match):
        calls.append(match.version)
        return real(match)
    monkeypatch.setattr(views.store, "verify", counting)
    cache.clear()
    return calls


def test_verify_is_replayed_once_per_version(api, django_user_model, replays):
    match, _ = new_match(django_user_model, "smugglers")
    url = f"/api/v1/matches/{match.pk}/verify/"
    first = api.get(url)
    assert first.status_code == 200, first.content
    assert api.get(url).json() == first.json()
    assert len(replays) == 1
    step(match.pk, 1)
    assert api.get(url).status_code == 200
    assert api.get(url).status_code == 200
    assert len(replays) == 2 and replays[1] > replays[0]


def test_verify_has_its_own_budget(api, django_user_model, replays, monkeypatch):
    monkeypatch.setitem(views.VerifyThrottle.THROTTLE_RATES, "verify", "3/min")
    monkeypatch.setattr(views.VerifyThrottle, "tallies", {})
    match, _ = new_match(django_user_model, "smugglers")
    url = f"/api/v1/matches/{match.pk}/verify/"
    assert [api.get(url, REMOTE_ADDR="10.9.9.9").status_code for _ in range(3)] == [200] * 3
    err = assert_error(api.get(url, REMOTE_ADDR="10.9.9.9"), 429, "throttled")
    assert err["details"]["retry_after_seconds"] > 0
    assert api.get(f"/api/v1/matches/{match.pk}/", REMOTE_ADDR="10.9.9.9").status_code == 200
