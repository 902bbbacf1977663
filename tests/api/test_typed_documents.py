"""The documents a client sends or reads beside a match's own payloads, typed: a deck given
inline (``DeckDocument``), a deck check's violations, a round's rematches and manual
changes, the final's seeds. Each real answer is walked against its declared schema with no
room for an undeclared field (``Checked``), and the server refuses what the schema refuses."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from openapi_schema_validator import OAS30Validator

from decks.api.fields import DECK_DOCUMENT
from tests.support.api import assert_error, client_for
from tests.support.matches import ROOT
from tests.support.strict_api import Checked, Schema

pytestmark = pytest.mark.django_db

PRACTICE_A = (ROOT / "fixtures" / "decks" / "practice-a.txt").read_text(encoding="utf-8")

# Every request field that takes a deck (component, property; a list's items marked "[]").
DECK_FIELDS = [("SeatRequestRequest", "deck"), ("JoinRequestRequest", "deck"),
               ("SimulationRequestRequest", "decks[]"), ("EntryCreateRequest", "deck"),
               ("PatchedDeckUpdateRequest", "deck"), ("ChallengeRequestRequest", "deck"),
               ("AcceptRequestRequest", "deck")]


@pytest.fixture
def schema() -> Schema:
    return Schema(Client().get("/api/v1/schema/?format=json").json())


def _deck_schema(document: dict[str, Any], component: str, prop: str) -> dict[str, Any]:
    node = document["components"]["schemas"][component]["properties"][prop.rstrip("[]")]
    found: dict[str, Any] = node["items"] if prop.endswith("[]") else node
    return found


def test_every_deck_field_is_a_saved_id_or_the_deck_document(schema):
    for component, prop in DECK_FIELDS:
        node = _deck_schema(schema.document, component, prop)
        refs = [v.get("$ref", v.get("type")) for v in node["oneOf"]]
        assert refs[:2] == ["integer", "#/components/schemas/DeckDocument"], (component, refs)
    assert schema.document["components"]["schemas"]["DeckDocument"] == DECK_DOCUMENT


@pytest.mark.parametrize("deck", [{"text": "3 CRX"}, {"code": "KGK1-AAECAwQ", "name": "Mine"},
                                  {"cards": [{"card": "crx", "count": 3}, {"card": "x"}]}])
def test_the_documents_clients_send_are_deck_documents(deck):
    validator = OAS30Validator(DECK_DOCUMENT)
    assert not list(validator.iter_errors(deck))


def test_a_deck_key_nobody_reads_is_refused_not_dropped(cards_loaded, django_user_model):
    """A misspelt key (``txt``) was dropped unread and the seat played the example deck."""
    api = client_for(django_user_model.objects.create_user("deckkeys", password="x"))
    for deck, said in (({"txt": PRACTICE_A}, "'txt'"), ({"text": PRACTICE_A, "colour": 1},
                                                        "'colour'"), ({"text": 3}, "text")):
        error = assert_error(api.post("/api/v1/matches/", {"ruleset": "kgk", "seats": [
            {"player": "me", "deck": deck}, {"player": "bot:random"}]}, format="json"),
            400, "deck_input")
        assert said in error["message"] and error["details"]["field"] == "deck"
    assert_error(api.post("/api/v1/simulations/", {"ruleset": "kgk", "games": 1, "decks": [
        {"text": PRACTICE_A, "nme": "x"}]}, format="json"), 400, "deck_input")
    assert_error(api.post("/api/v1/matches/", {"ruleset": "kgk", "seats": [
        {"player": "me", "deck": "3 CRX"}, {"player": "bot:random"}]}, format="json"),
        400, "deck_input")
    named = api.post("/api/v1/matches/", {"ruleset": "kgk", "seats": [
        {"player": "me", "deck": {"text": PRACTICE_A, "name": "Saját"}},
        {"player": "bot:random"}]}, format="json")
    assert named.status_code == 201, named.content
    assert named.json()["seats"][0]["deck_name"] == "Saját"


def test_a_deck_check_round_and_final_carry_only_declared_fields(schema, cards_loaded,
                                                                 django_user_model):
    api = Checked(client_for(django_user_model.objects.create_user("typed-org", password="x")),
                  schema)
    event = api.post("/api/v1/tournaments/", {"name": "Típusos", "format": "practice",
                                              "decks_required": False,
                                              "rounds_planned": 2})
    url = f"/api/v1/tournaments/{event['id']}/"
    anna = api.post(url + "entries/", {"name": "Anna",
                                       "deck": {"text": "3 Nincs ilyen lap\n2 CRX"}})
    for name in ("Béla", "Cecil", "Dóra"):
        api.post(url + "entries/", {"name": name})
    rows = api.get(url + "deck-check/")
    errors = [v for row in rows for v in row["errors"]]
    assert {"deck_size", "import_unknown_card"} <= {v["code"] for v in errors}, errors
    assert all(v["details"] for v in errors)
    fixed = api.client.patch(url + f"entries/{anna['id']}/", {"deck": {"text": PRACTICE_A}},
                             format="json")
    api.schema.check("PATCH", url + f"entries/{anna['id']}/", fixed)
    assert fixed.json()["deck_valid"] is True
    api.post(url + "start/", {})
    one = api.post(url + "rounds/", {})
    _finish(api, url, one)
    two = api.post(url + "rounds/", {})
    (a1, b1) = one["pairings"][0]["a"], one["pairings"][0]["b"]
    partner = next(p["b"] if p["a"] == a1 else p["a"] for p in two["pairings"]
                   if a1 in (p["a"], p["b"]))
    swapped = api.post(url + "rounds/2/swap/", {"a": partner, "b": b1, "accept": True})
    change = swapped["manual_changes"][0]
    assert change["kind"] == "swap" and change["broken"], change
    _finish(api, url, swapped)
    final = api.post(url + "final/")
    assert [s["seed"] for s in final["bracket"]["seeds"]] == [1, 2, 3, 4]
    api.get(url + "final/")


def test_a_rematch_round_carries_only_declared_fields(schema, django_user_model):
    api = Checked(client_for(django_user_model.objects.create_user("typed-re", password="x")),
                  schema)
    event = api.post("/api/v1/tournaments/", {"name": "Kettes", "format": "practice",
                                              "decks_required": False, "rounds_planned": 3,
                                              "top_cut": False})
    url = f"/api/v1/tournaments/{event['id']}/"
    a, b = (api.post(url + "entries/", {"name": name})["id"] for name in ("A", "B"))
    api.post(url + "start/", {})
    _finish(api, url, api.post(url + "rounds/", {}))
    again = api.post(url + "rounds/", {"allow_rematch": True})
    assert [sorted(pair) for pair in again["rematches"]] == [sorted([a, b])]
    api.get(url + "rounds/")


def _finish(api: Checked, url: str, rnd: dict[str, Any]) -> None:
    n = rnd["number"]
    api.post(url + f"rounds/{n}/start/")
    for p in rnd["pairings"]:
        api.post(url + f"pairings/{p['id']}/result/", {"games_a": 2, "games_b": 1})
    api.post(url + f"rounds/{n}/finish/")
