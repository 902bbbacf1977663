"""The search response cache: repeats are lookups, a catalogue change is never answered from
an older version, ETags hold, per-user answers are never shared; the lean list items equal the
serializer's; the search throttle still says 429 in the one error shape.

Run against whatever the settings give (SQLite + local memory, or PostgreSQL + Redis): the
same behaviour is promised by both.
"""

from __future__ import annotations

import os

import pytest
from django.db import connection, transaction
from django.db.models import F
from django.test.client import RequestFactory
from django.test.utils import CaptureQueriesContext
from rest_framework.request import Request

from cards import cache as search_cache
from cards.api.listing import card_items
from cards.api.serializers import CardListSerializer
from cards.models import Card, DataVersion
from cards.services import save_card
from tests.support.api import assert_error, client_for
from web.api import rediskv

pytestmark = pytest.mark.django_db


def card_queries(ctx: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in ctx.captured_queries if "cards_card" in q["sql"]]


def test_repeated_search_is_a_lookup_with_the_same_body_and_etag(api, cards_loaded):
    first = api.get("/api/v1/cards/", {"q": "t:ship"})
    assert first.status_code == 200 and first.json()["count"] > 0
    with CaptureQueriesContext(connection) as ctx:
        again = api.get("/api/v1/cards/", {"q": "t:ship"})
    assert card_queries(ctx) == []
    assert again.content == first.content and again["ETag"] == first["ETag"]
    assert api.get("/api/v1/cards/", {"q": "t:ship"},
                   HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def test_an_edit_is_never_answered_from_the_older_version(api, cards_loaded,
                                                          django_capture_on_commit_callbacks):
    before = api.get("/api/v1/cards/", {"q": "crx"})
    assert [c["slug"] for c in before.json()["results"]] == ["crx"]
    api.get("/api/v1/cards/", {"q": "crx"})  # now cached in this process (and Redis)
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        save_card({"slug": "crx", "name_hu": "Átnevezett CRX"}, source="test")
    after = api.get("/api/v1/cards/", {"q": "crx"})
    assert [c["name_hu"] for c in after.json()["results"]] == ["Átnevezett CRX"]
    assert after["ETag"] != before["ETag"]
    renamed = api.get("/api/v1/cards/", {"q": "atnevezett"}).json()
    assert [c["slug"] for c in renamed["results"]] == ["crx"]


def test_a_stale_reader_cannot_roll_the_version_back(cards_loaded,
                                                     django_capture_on_commit_callbacks):
    old = search_cache.catalogue_version()
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        search_cache.bump()
    new = DataVersion.current().version
    assert new == old + 1
    # A process that read the row before the bump publishes what it saw, late.
    search_cache._publish(old)
    assert search_cache.catalogue_version() == new


def test_a_version_read_inside_a_transaction_is_not_shared(cards_loaded):
    committed = search_cache.catalogue_version()
    r = rediskv.client()
    with transaction.atomic():
        DataVersion.objects.filter(pk=1).update(version=F("version") + 5)
        search_cache.version_changed()
        assert search_cache.catalogue_version() == committed + 5  # this process sees it
        if r is not None:  # ... other processes do not, until the commit
            assert r.get(search_cache.version_key()) is None
        transaction.set_rollback(True)
    assert search_cache.catalogue_version() == committed


def test_multi_valued_filters_are_distinct_cache_entries(api, cards_loaded):
    both = api.get("/api/v1/cards/?type=ship&type=base").json()
    bases = api.get("/api/v1/cards/?type=base").json()
    ships = Card.objects.filter(official=True, type="ship").count()
    assert bases["count"] == Card.objects.filter(official=True, type="base").count() > 0
    assert both["count"] == bases["count"] + ships and ships > 0


def test_per_user_answers_are_never_shared(api, cards_loaded, user, django_user_model):
    owner = client_for(user)
    assert owner.post("/api/v1/collection/set/", {"card": "crx", "owned": 1},
                      format="json").status_code == 200
    mine = owner.get("/api/v1/cards/", {"q": "owned>0"}).json()
    assert [c["slug"] for c in mine["results"]] == ["crx"]
    other = client_for(django_user_model.objects.create_user("masik", password="x-jelszo-9876"))
    assert other.get("/api/v1/cards/", {"q": "owned>0"}).json()["count"] == 0
    anonymous = api.get("/api/v1/cards/", {"q": "owned>0"}).json()
    assert anonymous["count"] == 0
    assert [w["code"] for w in anonymous["warnings"]] == ["needs_login"]


def test_warnings_and_syntax_errors_survive_the_cache(api, cards_loaded):
    for _ in range(2):
        body = api.get("/api/v1/cards/", {"q": "foo:bar crx"}).json()
        assert body["warnings"] and body["warnings"][0]["code"]
        err = assert_error(api.get("/api/v1/cards/", {"q": "(crx"}), 400, "query_syntax")
        assert "position" in err["details"]


def test_lean_list_items_equal_the_serializer(cards_loaded):
    request = Request(RequestFactory().get("/api/v1/cards/"))
    cards = list(Card.objects.order_by("slug"))
    assert len(cards) > 15
    expected = CardListSerializer(cards, many=True, context={"request": request}).data
    assert card_items(cards, request) == [dict(item) for item in expected]


def test_lean_list_items_equal_the_serializer_for_odd_values(cards_loaded):
    card = Card.objects.get(slug="crx")
    card.slug = "crx-ékezet"  # a slug the URL template cannot take as it is (quoted)
    card.cost, card.name_en, card.abilities, card.modifiers = None, None, [], {"x": 1}
    card.save()
    request = Request(RequestFactory().get("/api/v1/cards/"))
    expected = CardListSerializer([card], many=True, context={"request": request}).data
    assert card_items([card], request) == [dict(expected[0])]


def another_process_commits_a_bump() -> int:
    """What a bump in another worker amounts to here: the committed row, then its on-commit
    publication (a bump in this process would also drop the mirror first)."""
    DataVersion.current()
    DataVersion.objects.filter(pk=1).update(version=F("version") + 1)
    new = DataVersion.current().version
    search_cache._publish(new)
    return new


@pytest.mark.django_db(transaction=True)
def test_a_bump_in_another_process_is_seen_at_once():
    first = search_cache.catalogue_version()
    assert search_cache.catalogue_version() == first
    assert another_process_commits_a_bump() == first + 1
    assert search_cache.catalogue_version() == first + 1
    assert another_process_commits_a_bump() == first + 2
    assert search_cache.catalogue_version() == first + 2


@pytest.mark.django_db(transaction=True)
def test_a_search_after_a_bump_in_another_process_is_fresh(api):
    from django.core.management import call_command

    with open(os.devnull, "w") as sink:
        call_command("load_cards", stdout=sink)
    before = api.get("/api/v1/cards/", {"q": "crx"}).json()
    assert [c["slug"] for c in before["results"]] == ["crx"]
    assert api.get("/api/v1/cards/", {"q": "crx"}).json() == before  # cached
    card = Card.objects.get(slug="crx")
    card.name_hu = "Máshol átnevezett CRX"
    card.save()
    another_process_commits_a_bump()
    after = api.get("/api/v1/cards/", {"q": "crx"}).json()
    assert [c["name_hu"] for c in after["results"]] == ["Máshol átnevezett CRX"]


def test_filter_parameters_apply_and_bad_ones_are_400(api, cards_loaded):
    cheap = api.get("/api/v1/cards/", {"cost_max": 2}).json()
    assert cheap["count"] == Card.objects.filter(official=True, cost__lte=2).count() > 0
    assert all(c["cost"] <= 2 for c in cheap["results"])
    both = api.get("/api/v1/cards/", {"q": "t:ship", "cost_max": 2}).json()
    assert both["count"] == Card.objects.filter(official=True, type="ship", cost__lte=2).count()
    assert_error(api.get("/api/v1/cards/", {"type": "nincs-ilyen"}), 400, "invalid")


def count_queries(ctx: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in ctx.captured_queries if "COUNT(" in q["sql"].upper()]


def test_the_next_page_reuses_the_count_until_the_catalogue_changes(
        api, cards_loaded, django_capture_on_commit_callbacks):
    first = api.get("/api/v1/cards/", {"q": "is:official", "page_size": 5}).json()
    assert first["count"] > 5 and first["next"]
    with CaptureQueriesContext(connection) as ctx:
        second = api.get("/api/v1/cards/", {"q": "is:official", "page_size": 5, "page": 2})
    assert count_queries(ctx) == [] and second.json()["count"] == first["count"]
    with CaptureQueriesContext(connection) as ctx:
        reordered = api.get("/api/v1/cards/", {"q": "is:official", "page_size": 5,
                                               "ordering": "-cost"}).json()
    assert count_queries(ctx) == [] and reordered["count"] == first["count"]
    slug = first["results"][0]["slug"]
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        save_card({"slug": slug, "official": False}, source="test")
    third = api.get("/api/v1/cards/", {"q": "is:official", "page_size": 5, "page": 3}).json()
    assert third["count"] == first["count"] - 1


def test_counts_that_depend_on_the_user_are_not_kept(cards_loaded, user):
    owner = client_for(user)
    for slug in ("crx", None):
        if slug is None:  # a second card: the collection changes, the catalogue does not
            slug = Card.objects.filter(official=True).exclude(slug="crx").first().slug
        owner.post("/api/v1/collection/set/", {"card": slug, "owned": 1}, format="json")
        body = owner.get("/api/v1/cards/", {"q": "owned>0", "page_size": 1, "page": 1})
        counts = body.json()["count"]
    assert counts == 2


def test_look_alike_parameters_are_distinct_cache_entries(api, cards_loaded):
    # q=a&q=b searches "b" (the last one); q="a,b" is another query altogether.
    last = api.get("/api/v1/cards/?q=crx&q=t:ship").json()
    joined = api.get("/api/v1/cards/", {"q": "crx,t:ship"}).json()
    assert last["count"] == Card.objects.filter(official=True, type="ship").count()
    assert joined["count"] != last["count"]


def test_a_cached_answer_has_the_headers_of_a_computed_one(api, cards_loaded):
    computed = api.get("/api/v1/cards/", {"q": "t:ship"})
    cached = api.get("/api/v1/cards/", {"q": "t:ship"})
    for header in ("Content-Type", "ETag", "Allow", "Vary"):
        assert cached[header] == computed[header], header
    assert cached.content == computed.content
    as_json = api.get("/api/v1/cards/", {"q": "t:ship"}, HTTP_ACCEPT="application/json")
    assert as_json.content == computed.content
    html = api.get("/api/v1/cards/", {"q": "t:ship"}, HTTP_ACCEPT="text/html")
    assert html.status_code == 200 and html["Content-Type"].startswith("text/html")
