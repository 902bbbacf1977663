"""The card API contract: search, lookups, export, errors in one shape, contributions."""

from __future__ import annotations

import pytest

from cards.models import Card, CardRevision, Contribution
from tests.support.api import assert_error

pytestmark = pytest.mark.django_db




@pytest.fixture
def practice_card(cards_loaded):
    """One card of the shipped unofficial practice set."""
    return Card.objects.filter(official=False).order_by("slug").first()


def test_list_is_paginated_and_official_only_by_default(api, cards_loaded, practice_card):
    body = api.get("/api/v1/cards/").json()
    assert {"count", "next", "previous", "results", "warnings"} <= set(body)
    assert body["count"] == Card.objects.filter(official=True).count()
    assert all(c["official"] for c in body["results"])
    names = [c["name_hu"] for c in body["results"]]
    assert names == sorted(names)


def test_unofficial_cards_only_when_asked(api, cards_loaded, practice_card):
    unofficial = Card.objects.filter(official=False).count()
    assert unofficial > 0
    body = api.get("/api/v1/cards/", {"q": "is:unofficial", "page_size": 500}).json()
    assert body["count"] == unofficial
    assert all(c["official"] is False for c in body["results"])
    assert practice_card.slug in {c["slug"] for c in body["results"]}
    body = api.get("/api/v1/cards/", {"official": "false", "page_size": 500}).json()
    assert body["count"] == unofficial
    body = api.get("/api/v1/cards/", {"set": "practice", "page_size": 500}).json()
    assert body["count"] == unofficial


def test_query_accent_insensitive_and_numeric(api, cards_loaded):
    body = api.get("/api/v1/cards/", {"q": "halalszarny"}).json()
    assert [c["slug"] for c in body["results"]] == ["halalszarny"]
    body = api.get("/api/v1/cards/", {"q": "t:űrhajó ár>=9 order:-cost"}).json()
    assert [c["slug"] for c in body["results"]] == ["crx", "hellfire-brothers", "unicornis"]


def test_unknown_values_never_match_comparisons(api, cards_loaded):
    low = api.get("/api/v1/cards/", {"q": "bb<10"}).json()["results"]
    high = api.get("/api/v1/cards/", {"q": "bb>=0"}).json()["results"]
    slugs = {c["slug"] for c in low} | {c["slug"] for c in high}
    assert "unicornis" not in slugs and "holdimado" not in slugs  # bombard unknown


def test_syntax_error_points_at_position(api, cards_loaded):
    err = assert_error(api.get("/api/v1/cards/", {"q": "t:ship (cost<3"}), 400)
    assert err["code"] == "query_syntax"
    assert isinstance(err["details"]["position"], int)


def test_unknown_keyword_is_a_warning(api, cards_loaded):
    body = api.get("/api/v1/cards/", {"q": "color:red crx"}).json()
    assert [c["slug"] for c in body["results"]] == ["crx"]
    assert body["warnings"] and body["warnings"][0]["code"] == "unknown_keyword"


def test_explain(api, cards_loaded):
    body = api.get("/api/v1/cards/explain/", {"q": "t:ship -faj:ember"}).json()
    assert body  # structured explanation
    assert "ship" in str(body).lower() or "űrhajó" in str(body).lower()


def test_detail_has_provenance_and_unknowns(api, cards_loaded):
    body = api.get("/api/v1/cards/unicornis/").json()
    assert body["bombard"] is None
    assert body["provenance"]["bombard"]["source"] == "unknown"
    assert body["provenance"]["firepower"]["source"] == "derived"
    assert "bombard" in body["missing"] and body["complete"] is False
    assert body["official"] is True and body["sets"] == ["first-edition"]


def test_missing_card_is_404_in_error_shape(api, cards_loaded):
    assert assert_error(api.get("/api/v1/cards/nincs-ilyen/"), 404)["code"] == "not_found"
    assert assert_error(api.get("/api/v1/nothing-here/"), 404)["code"] == "not_found"


def test_bad_ordering_and_bad_page(api, cards_loaded):
    assert assert_error(api.get("/api/v1/cards/", {"ordering": "color"}), 400)["code"] == \
        "invalid_ordering"
    assert assert_error(api.get("/api/v1/cards/", {"page": "999"}), 404)["code"] == "not_found"
    assert assert_error(api.get("/api/v1/cards/", {"type": "dragon"}), 400)["code"] == "invalid"


def test_ordering_has_unique_tiebreak(api, cards_loaded):
    body = api.get("/api/v1/cards/", {"ordering": "cost", "page_size": 100}).json()
    keys = [(c["cost"] is None, c["cost"] or 0, c["slug"]) for c in body["results"]]
    known = [k for k in keys if not k[0]]
    assert known == sorted(known)


def test_autocomplete_named_random(api, cards_loaded):
    assert api.get("/api/v1/cards/autocomplete/", {"q": "hal"}).json()["results"] == \
        ["Halálszárny"]
    assert api.get("/api/v1/cards/named/", {"fuzzy": "mamut"}).json()["slug"] == "mamut-i"
    assert api.get("/api/v1/cards/named/", {"fuzzy": "halalszarni"}).json()["slug"] == \
        "halalszarny"
    assert api.get("/api/v1/cards/named/", {"exact": "CRX"}).json()["slug"] == "crx"
    err = assert_error(api.get("/api/v1/cards/named/", {"exact": "nincs ilyen lap"}), 404)
    assert "closest" in err["details"]
    assert api.get("/api/v1/cards/random/", {"q": "t:interrupt"}).json()["type"] == "interrupt"


def test_batch_lookup(api, cards_loaded):
    crx = Card.objects.get(slug="crx")
    body = api.post("/api/v1/cards/batch/", {"identifiers": [{"id": crx.pk}, {"slug": "tuzer"},
                                                             {"slug": "nincs"}]},
                    format="json").json()
    assert [c["slug"] for c in body["data"]] == ["crx", "tuzer"]
    assert body["not_found"] == [{"slug": "nincs"}]
    err = assert_error(api.post("/api/v1/cards/batch/", {"identifiers": [1]}, format="json"), 400)
    assert err["details"]["positions"] == [0]


def test_malformed_json_body_is_400(api, cards_loaded):
    response = api.post("/api/v1/cards/batch/", data="{nope", content_type="application/json")
    assert assert_error(response, 400)["code"] == "malformed_request"


def test_export_and_data_version_and_etag(api, cards_loaded, practice_card):
    body = api.get("/api/v1/cards/export/").json()
    assert len(body["cards"]) == Card.objects.count()
    csv = api.get("/api/v1/cards/export/", {"format": "csv"})
    assert csv["Content-Type"].startswith("text/csv") and b"halalszarny" in csv.content
    version = api.get("/api/v1/data-version/").json()
    assert version["cards"]["official"] == 15
    assert version["cards"]["unofficial"] == Card.objects.filter(official=False).count() > 0
    first = api.get("/api/v1/cards/crx/")
    assert first.has_header("ETag")
    again = api.get("/api/v1/cards/crx/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_search_has_its_own_tighter_throttle(api, cards_loaded, settings):
    rates = dict(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], search="3/min")
    settings.REST_FRAMEWORK = dict(settings.REST_FRAMEWORK, DEFAULT_THROTTLE_RATES=rates)
    from rest_framework.settings import api_settings
    from rest_framework.throttling import SimpleRateThrottle

    old = SimpleRateThrottle.THROTTLE_RATES
    SimpleRateThrottle.THROTTLE_RATES = rates
    try:
        # The same search three times: the second and third are answered from the response
        # cache, and still count against the budget.
        codes = [api.get("/api/v1/cards/", {"q": "crx"}).status_code for _ in range(3)]
        assert codes == [200, 200, 200]
        throttled = api.get("/api/v1/cards/", {"q": "crx"})
        err = assert_error(throttled, 429)
        assert err["code"] == "throttled" and 0 < err["details"]["retry_after_seconds"] <= 60
        assert int(throttled["Retry-After"]) == err["details"]["retry_after_seconds"]
        assert_error(api.get("/api/v1/cards/", {"q": "t:ship"}), 429, "throttled")
        # Five searches, five counted: a refusal is not counted twice on its way to DRF.
        from web.api.throttling import WindowRateThrottle

        tallies = [t for k, t in WindowRateThrottle.tallies.items() if ":search:" in k]
        assert [t.total + t.pending for t in tallies] == [5]
        assert api.get("/api/v1/cards/crx/").status_code == 200  # detail is not search
    finally:
        SimpleRateThrottle.THROTTLE_RATES = old
        api_settings.reload()


def test_schema_is_served(api):
    response = api.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    assert "/api/v1/cards/" in response.json()["paths"]


def test_collection_owned_query_and_set_completion(api, cards_loaded, user):
    api.force_authenticate(user)
    assert api.post("/api/v1/collection/set/", {"card": "crx", "owned": 2, "wanted": 1},
                    format="json").status_code == 200
    body = api.get("/api/v1/cards/", {"q": "owned>0"}).json()
    assert [c["slug"] for c in body["results"]] == ["crx"]
    sets = {s["slug"]: s for s in api.get("/api/v1/sets/").json()["results"]}
    assert sets["first-edition"]["cards"] == 15 and sets["first-edition"]["owned_distinct"] == 1
    wish = api.get("/api/v1/collection/", {"wishlist": "1"}).json()["results"]
    assert wish == [{"card": "crx", "name_hu": "CRX", "owned": 2, "wanted": 1}]
    err = assert_error(api.post("/api/v1/collection/set/", {"card": "nincs", "owned": 1},
                            format="json"), 400)
    assert "card" in err["details"]["fields"]


def test_collection_needs_login(api):
    assert assert_error(api.get("/api/v1/collection/"), 401)["code"] == "not_authenticated"


def test_contribution_workflow_with_history_and_revert(api, cards_loaded, user, staff):
    api.force_authenticate(user)
    response = api.post("/api/v1/contributions/", {
        "kind": "correction", "card": "unicornis", "proposed": {"bombard": 2, "subtype": "cruiser"},
        "source_note": "printed card, first edition"}, format="json")
    assert response.status_code == 201, response.content
    cid = response.json()["id"]
    # Not applied until reviewed; a collector cannot approve.
    assert Card.objects.get(slug="unicornis").bombard is None
    assert assert_error(api.post(f"/api/v1/contributions/{cid}/approve/"), 403)
    api.force_authenticate(staff)
    assert api.post(f"/api/v1/contributions/{cid}/approve/").json()["status"] == "approved"
    card = api.get("/api/v1/cards/unicornis/").json()
    assert card["bombard"] == 2
    assert card["provenance"]["bombard"]["source"] == "contributed"
    assert "printed card, first edition" in card["provenance"]["bombard"]["note"]
    rev = CardRevision.objects.filter(card__slug="unicornis", kind="contribution").get()
    assert rev.author == user and rev.source == "printed card, first edition"
    assert assert_error(api.post(f"/api/v1/contributions/{cid}/approve/"), 409)["code"] == \
        "not_pending"
    assert api.post(f"/api/v1/revisions/{rev.pk}/revert/").status_code == 201
    assert Card.objects.get(slug="unicornis").bombard is None


def test_contribution_validation_errors(api, cards_loaded, user):
    api.force_authenticate(user)
    err = assert_error(api.post("/api/v1/contributions/", {
        "kind": "correction", "card": "crx", "proposed": {"cost": "tizenöt"},
        "source_note": "x"}, format="json"), 400)
    assert "proposed" in err["details"]["fields"]
    err = assert_error(api.post("/api/v1/contributions/", {
        "kind": "new", "proposed": {"slug": "uj-lap", "name_hu": "Új lap", "type": "ship"},
        "source_note": "  "}, format="json"), 400)
    assert "source_note" in err["details"]["fields"]
    assert not Contribution.objects.exists()


def test_new_card_contribution_creates_official_card(api, cards_loaded, user, staff):
    api.force_authenticate(user)
    cid = api.post("/api/v1/contributions/", {
        "kind": "new", "proposed": {"slug": "uj-urhajo", "name_hu": "Új Űrhajó", "type": "ship",
                                    "race": "zarg", "cost": 4},
        "source_note": "printed card in my collection"}, format="json").json()["id"]
    api.force_authenticate(staff)
    api.post(f"/api/v1/contributions/{cid}/approve/")
    body = api.get("/api/v1/cards/", {"q": "uj urhajo"}).json()
    assert [c["slug"] for c in body["results"]] == ["uj-urhajo"]
    assert body["results"][0]["race"] == "zarg"
