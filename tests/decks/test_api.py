"""The deck API: validation without an account, saved decks, revisions, codes, bulk checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from decks.models import BulkValidation, Deck
from tests.support.api import assert_error
from tests.support.waiting import until

ROOT = Path(__file__).resolve().parents[2]
PRACTICE_A = (ROOT / "fixtures" / "decks" / "practice-a.txt").read_text(encoding="utf-8")
PRACTICE_B = (ROOT / "fixtures" / "decks" / "practice-b.txt").read_text(encoding="utf-8")

pytestmark = pytest.mark.django_db




def validate(api, **data):
    response = api.post("/api/v1/decks/validate/", data, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def test_practice_decks_are_legal_for_practice(api, cards_loaded):
    for text in (PRACTICE_A, PRACTICE_B):
        body = validate(api, format="practice", text=text)
        assert body["valid"] is True and body["errors"] == []
        assert body["stats"]["total"] == 45
        assert body["code"]


def test_tournament_refuses_unofficial_cards(api, cards_loaded):
    body = validate(api, format="tournament", text=PRACTICE_A)
    assert body["valid"] is False
    assert {e["code"] for e in body["errors"]} == {"deck_unofficial_card"}
    assert body["errors"][0]["message"]["hu"] and body["errors"][0]["message"]["en"]


def test_every_violation_at_once(api, cards_loaded):
    body = validate(api, format="tournament", text="4 CRX\n3 Halálszárny\nNincs Ilyen Lap")
    codes = {e["code"] for e in body["errors"]}
    assert {"deck_size", "deck_too_many_copies", "import_unknown_card"} <= codes
    size = next(e for e in body["errors"] if e["code"] == "deck_size")
    assert size["details"]["actual"] == 7 and size["details"]["expected"] == 45
    copies = next(e for e in body["errors"] if e["code"] == "deck_too_many_copies")
    assert copies["cards"] == ["crx"]
    unknown = next(e for e in body["errors"] if e["code"] == "import_unknown_card")
    assert unknown["details"]["line"] == 3
    # Rulebook cards have no known race: the race rule cannot be checked, said as a warning.
    assert "deck_race_unknown" in {w["code"] for w in body["warnings"]}


def test_cards_list_input_by_name_or_slug(api, cards_loaded):
    body = validate(api, format="tournament", cards=[{"card": "crx", "count": 3},
                                                     {"card": "halalszarny", "count": 2},
                                                     {"card": "Mamut I", "count": 1}])
    assert body["stats"]["total"] == 6
    body = validate(api, format="tournament", cards=[{"card": "Cobra Flahs", "count": 1}])
    err = next(e for e in body["errors"] if e["code"] == "deck_unknown_card")
    assert "Cobra Flash" in err["details"]["suggestions"]


def test_malformed_bodies_are_400_in_error_shape(api, cards_loaded):
    url = "/api/v1/decks/validate/"
    assert assert_error(api.post(url, {"format": "tournament"}, format="json"), 400)["code"] == \
        "deck_input"
    assert assert_error(api.post(url, {"format": "nope", "text": "1 CRX"}, format="json"),
                    400)["code"] == "unknown_format"
    assert assert_error(api.post(url, {"format": "tournament", "cards": [{"card": "crx",
                                                                      "count": "3"}]},
                             format="json"), 400)["code"] == "deck_input"
    assert assert_error(api.post(url, {"format": "tournament", "code": "!!!"}, format="json"),
                    400)["code"] == "deck_code_invalid"
    assert assert_error(api.post(url, "[1, 2]", content_type="application/json"), 400)["code"] == \
        "malformed_request"
    assert assert_error(api.post(url, "{", content_type="application/json"), 400)["code"] == \
        "malformed_request"


def test_deck_code_round_trip_through_api(api, cards_loaded):
    code = validate(api, format="practice", text=PRACTICE_B)["code"]
    again = validate(api, format="practice", code=code)
    assert again["valid"] is True and again["code"] == code


def test_formats_listed(api):
    keys = [f["key"] for f in api.get("/api/v1/formats/").json()]
    assert {"tournament", "casual", "practice"} <= set(keys)


def test_saved_deck_revisions_diff_copy_export(api, cards_loaded, user, staff):
    api.force_authenticate(user)
    created = api.post("/api/v1/decks/", {"name": "Gyakorló A", "format": "practice",
                                          "public": True, "text": PRACTICE_A}, format="json")
    assert created.status_code == 201, created.content
    deck_id = created.json()["id"]
    assert created.json()["revision"] == 1 and sum(created.json()["cards"].values()) == 45
    # Saving the same list makes no new revision; a change does.
    api.patch(f"/api/v1/decks/{deck_id}/", {"text": PRACTICE_A}, format="json")
    changed = PRACTICE_A.replace("3 Kiképző Kolibri", "2 Kiképző Kolibri")
    assert api.patch(f"/api/v1/decks/{deck_id}/", {"text": changed}, format="json") \
        .json()["revision"] == 2
    diff = api.get(f"/api/v1/decks/{deck_id}/diff/", {"from": 1, "to": 2}).json()
    assert diff["changed"] == [{"slug": "practice-kikepzo-kolibri", "from": 3, "to": 2,
                                "delta": -1}]
    validation = api.get(f"/api/v1/decks/{deck_id}/validation/").json()
    assert validation["valid"] is False  # 44 cards now
    exported = api.get(f"/api/v1/decks/{deck_id}/export/").json()
    assert "2 Kiképző Kolibri" in exported["text"]
    svg = api.get(f"/api/v1/decks/{deck_id}/cost-curve/")
    assert svg["Content-Type"] == "image/svg+xml" and b"<svg" in svg.content
    # Someone else copies the public deck; they cannot edit the original.
    api.force_authenticate(staff)
    assert assert_error(api.patch(f"/api/v1/decks/{deck_id}/", {"name": "x"}, format="json"), 403)
    copy = api.post(f"/api/v1/decks/{deck_id}/copy/").json()
    assert copy["cards"] == api.get(f"/api/v1/decks/{deck_id}/").json()["cards"]
    assert Deck.objects.get(pk=copy["id"]).copied_from_id == deck_id


def test_private_decks_are_private(api, cards_loaded, user, staff):
    api.force_authenticate(user)
    deck_id = api.post("/api/v1/decks/", {"name": "Titkos", "format": "practice",
                                          "text": "3 CRX"}, format="json").json()["id"]
    api.force_authenticate(staff)
    assert assert_error(api.get(f"/api/v1/decks/{deck_id}/"), 404)
    api.force_authenticate(None)
    assert assert_error(api.post("/api/v1/decks/", {"name": "x", "format": "practice"},
                             format="json"), 401)


def test_missing_cards_from_collection(api, cards_loaded, user):
    api.force_authenticate(user)
    api.post("/api/v1/collection/set/", {"card": "crx", "owned": 1}, format="json")
    deck_id = api.post("/api/v1/decks/", {"name": "CRX", "format": "tournament",
                                          "text": "3 CRX\n1 Tüzér"}, format="json").json()["id"]
    body = api.get(f"/api/v1/decks/{deck_id}/missing/").json()
    assert body["total_missing"] == 3
    assert {m["slug"]: m["missing"] for m in body["missing"]} == {"crx": 2, "tuzer": 1}


def test_bulk_validation_runs_as_a_task(api, cards_loaded, user, celery_worker_process,
                                        transactional_db):
    api.force_authenticate(user)
    decks = [{"key": "anna", "text": PRACTICE_A}, {"key": "bela", "text": PRACTICE_B},
             {"key": "cili", "text": "3 CRX"}]
    response = api.post("/api/v1/decks/bulk-validate/", {"format": "practice", "decks": decks},
                        format="json")
    assert response.status_code == 202, response.content
    job_id = response.json()["id"]
    def finished() -> dict | None:
        body = api.get(f"/api/v1/decks/bulk-validate/{job_id}/").json()
        return body if body["status"] in ("done", "failed") else None

    body = until(finished, every=0.2, what="the bulk validation")
    assert body["status"] == "done" and body["progress"] == 1.0
    assert {r["key"]: r["valid"] for r in body["results"]} == {"anna": True, "bela": True,
                                                              "cili": False}
    assert BulkValidation.objects.get(pk=job_id).done == 3
