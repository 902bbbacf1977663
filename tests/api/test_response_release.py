"""API responses let go of their payload once rendered (web.server.release), and the Redis
cache hands out one client per pool (web.redis_cache)."""

from __future__ import annotations

import gc

import pytest
from django.conf import settings
from django.test import Client

from web.redis_cache import RedisCache


@pytest.mark.django_db
def test_a_rendered_api_response_keeps_its_bytes_but_not_its_data(client):
    r = client.get("/api/v1/rulesets/")
    assert r.status_code == 200 and r.json()  # the body is intact
    assert r.data is None and r.renderer_context is None


def _cyclic_payloads(client) -> int:
    """How many of three responses' payloads only the collector could free."""
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for _ in range(3):
            assert client.get("/api/v1/rulesets/").status_code == 200
        gc.collect()
        # (the payload: a list of dicts with only plain values, which the collector does
        # not track; the list itself it does)
        return sum(1 for o in gc.garbage if isinstance(o, list) and o
                   and isinstance(o[0], dict) and "min_players" in o[0])
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


@pytest.mark.django_db
def test_an_api_payload_is_freed_without_the_garbage_collector(settings):
    assert _cyclic_payloads(Client()) == 0
    # The cycle it breaks is real: without the middleware every payload waits for the
    # collector.
    settings.MIDDLEWARE = [m for m in settings.MIDDLEWARE if not m.endswith("release."
                                                                            "ReleaseRenderedPayload")]
    assert _cyclic_payloads(Client()) >= 3


@pytest.mark.skipif(not settings.REDIS_URL, reason="needs Redis (REDIS_URL)")
def test_the_redis_cache_reuses_one_client_per_pool():
    cache = RedisCache(settings.REDIS_URL, {})
    first = cache._cache.get_client("k")
    assert cache._cache.get_client("other") is first
    cache.set("kaosz-test-client-reuse", 1, 5)
    assert cache.get("kaosz-test-client-reuse") == 1


def _schema_generation(obj) -> bool:
    """A view (or its request) that drf-spectacular made while generating the schema in
    an earlier test and let go of later: not the match endpoints' garbage."""
    if getattr(obj, "swagger_fake_view", False):
        return True
    context = obj.__dict__.get("parser_context")
    return isinstance(context, dict) and getattr(context.get("view"), "swagger_fake_view",
                                                 False)


def _request_garbage(call) -> list[str]:
    """Names of the request-level objects that only the collector could free after
    ``call()``."""
    from rest_framework.request import Request
    from rest_framework.serializers import Serializer
    from rest_framework.views import APIView

    from matches.models import Match, Seat

    watched = (Match, Seat, Request, Serializer, APIView)
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        call()
        gc.collect()
        return sorted(type(o).__name__ for o in gc.garbage
                      if isinstance(o, watched) and not _schema_generation(o))
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


@pytest.mark.django_db(transaction=True)
def test_playing_a_match_leaves_no_cyclic_garbage(django_user_model):
    """The match endpoints a client calls on every move free their objects (the match and
    its seats, DRF's view and request, the request's serializer) by reference counting."""
    from tests.support.api import client_for

    users = [django_user_model.objects.create_user(f"gc{i}") for i in range(2)]
    clients = [client_for(u) for u in users]
    r = clients[0].post("/api/v1/matches/", {"ruleset": "smugglers", "seats": [
        {"player": "me"}, {"player": users[1].username}]}, format="json")
    match_id = r.json()["id"]
    # The second player is invited: accepting (joining) starts the match.
    assert clients[1].post(f"/api/v1/matches/{match_id}/join/", {}, format="json") \
        .status_code == 200
    legal = {}
    for i, c in enumerate(clients):
        legal[i] = c.get(f"/api/v1/matches/{match_id}/legal-actions/").json()
    seat = next(i for i in legal if legal[i]["actions"])
    client = clients[seat]

    assert _request_garbage(lambda: client.get(
        f"/api/v1/matches/{match_id}/legal-actions/")) == []
    answers = []
    assert _request_garbage(lambda: answers.append(client.post(
        f"/api/v1/matches/{match_id}/actions/",
        {"action": legal[seat]["actions"][0], "expected_version": legal[seat]["version"],
         "client_action_id": "gc-1", "include_legal_actions": True},
        format="json"))) == []
    assert answers[0].status_code == 200, answers[0].content
    assert _request_garbage(lambda: client.get(
        f"/api/v1/matches/{match_id}/events/?after=0")) == []


def test_every_redis_cache_object_of_the_process_shares_one_client():
    """Django makes a cache object per thread, and under ASGI per request (a fresh
    context): each must reuse the process's client and pool, not connect to Redis anew."""
    import contextvars

    from django.core.cache import caches

    url = "redis://127.0.0.1:6379/15"  # (nothing connects: the pool is lazy)
    assert RedisCache(url, {})._cache is RedisCache(url, {})._cache
    assert RedisCache(url, {})._cache is not RedisCache(url, {"OPTIONS": {"db": 1}})._cache

    if settings.CACHES["default"]["BACKEND"] == "web.redis_cache.RedisCache":
        clients = [contextvars.Context().run(lambda: caches["default"]._cache)
                   for _ in range(2)]
        assert clients[0] is clients[1]
