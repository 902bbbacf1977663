"""Every answer of the main operations, walked against the live schema with no room for
fields it does not declare: each object in the schema is read as if it said
``additionalProperties: false``, so a field the server sends but the schema leaves out
fails here, as it fails a strictly generated client."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from rest_framework.test import APIClient

from matches import bots
from tests.support.api import client_for
from tests.support.matches import ROOT
from tests.support.strict_api import Checked, Schema

pytestmark = pytest.mark.django_db

PRACTICE_A = (ROOT / "fixtures" / "decks" / "practice-a.txt").read_text(encoding="utf-8")


@pytest.fixture
def schema() -> Schema:
    answer = Client().get("/api/v1/schema/?format=json")
    assert answer.status_code == 200
    return Schema(answer.json())


def test_the_schema_url_answers_json_when_asked(schema):
    answer = Client().get("/api/v1/schema/?format=json")
    assert answer["Content-Type"].startswith("application/vnd.oai.openapi+json")
    assert Client().get("/api/v1/schema/")["Content-Type"].startswith(
        "application/vnd.oai.openapi")


def test_card_and_deck_answers_carry_only_declared_fields(schema, cards_loaded,
                                                          django_user_model):
    user = django_user_model.objects.create_user("strict", password="x")
    api = Checked(client_for(user), schema)
    anon = Checked(APIClient(), schema)
    page = anon.get("/api/v1/cards/?q=cost<=3&page_size=5")
    assert page["results"]
    anon.get("/api/v1/cards/?q=bogus:1")       # a query with an ignored part: warnings
    anon.get(f"/api/v1/cards/{page['results'][0]['slug']}/")
    anon.get("/api/v1/cards/explain/?q=cost<=3")
    anon.get("/api/v1/sets/")
    formats = anon.get("/api/v1/formats/")
    assert formats and len(formats[0]) > 1
    anon.get("/api/v1/rulesets/")
    api.get("/api/v1/me/")
    deck = api.post("/api/v1/decks/", {"name": "d", "format": "practice",
                                       "text": PRACTICE_A})
    api.get(f"/api/v1/decks/{deck['id']}/")
    api.get("/api/v1/decks/")
    validation = api.get(f"/api/v1/decks/{deck['id']}/validation/")
    assert "format" in validation
    api.post("/api/v1/decks/validate/", {"format": "practice", "text": "3 Nincs ilyen lap"})
    api.get(f"/api/v1/decks/{deck['id']}/stats/")
    api.get(f"/api/v1/decks/{deck['id']}/export/")
    api.get(f"/api/v1/decks/{deck['id']}/revisions/")
    api.get("/api/v1/collection/")
    curve = f"/api/v1/decks/{deck['id']}/cost-curve/"
    svg = api.get(curve, HTTP_ACCEPT="image/svg+xml")
    assert svg.startswith(b"<svg")
    # the same picture as a download for generators that know no image/svg+xml
    binary = api.client.get(curve, HTTP_ACCEPT="application/octet-stream")
    assert binary["Content-Type"] == "application/octet-stream" and binary.content == svg
    schema.check("GET", curve, binary)


@pytest.mark.parametrize("ruleset", ["kgk", "smugglers", "pulsar", "roll"])
def test_a_match_against_a_bot_carries_only_declared_fields(schema, cards_loaded,
                                                            django_user_model, ruleset):
    user = django_user_model.objects.create_user(f"strict-{ruleset}", password="x")
    api = Checked(client_for(user), schema)
    api.game = ruleset.capitalize()   # and the view, events and actions as the game's own
    match = api.post("/api/v1/matches/", {"ruleset": ruleset, "seats": [
        {"player": "me"}, {"player": "bot:random"}]})
    url = f"/api/v1/matches/{match['id']}/"
    rng = random.Random(29)
    for _ in range(400):
        state = api.get(url)
        if state["status"] == "finished":
            break
        legal = api.get(url + "legal-actions/")
        if not legal["actions"]:
            # The bot's move (a test transaction never commits, so no task runs it).
            bots.play_pending(match["id"])
            api.get(url + "events/?after=0&include_legal_actions=1")
            continue
        api.post(url + "actions/", {"action": rng.choice(legal["actions"]),
                                    "expected_version": legal["version"],
                                    "client_action_id": f"a{legal['version']}",
                                    "include_legal_actions": True})
    else:
        api.post(url + "resign/", {})
    final = api.get(url)
    assert final["status"] == "finished" and final["outcome"] is not None
    api.get(url + "events/?after=0")
    api.get(url + "replay/")
    api.get(url + "verify/")
    api.get("/api/v1/matches/")
    assert api.game_payloads > 100, api.game_payloads


def test_a_tournament_round_carries_only_declared_fields(schema, django_user_model):
    organiser = django_user_model.objects.create_user("strict-org", password="x")
    api = Checked(client_for(organiser), schema)
    event = api.post("/api/v1/tournaments/", {"name": "Szigorú", "format": "practice",
                                              "decks_required": False})
    url = f"/api/v1/tournaments/{event['id']}/"
    for name in ("Anna", "Béla", "Cecil", "Dóra"):
        api.post(url + "entries/", {"name": name})
    api.get(url + "entries/")
    api.post(url + "start/", {})
    api.post(url + "rounds/", {})
    rounds = api.get(url + "rounds/")
    api.get(url + "standings/")
    api.get(url)
    pairings = api.get(url + "pairings/")
    assert rounds and pairings
    api.post(url + "end/", {"reason": "a test"})


def test_a_simulation_s_summary_carries_only_declared_fields(schema, django_user_model):
    """The summary (games, each entrant's wins and interval, the ways games ended), as
    queued and as read back: every field declared, none of another kind."""
    api = Checked(client_for(django_user_model.objects.create_user("strict-sim",
                                                                   password="x")), schema)
    sim = api.post("/api/v1/simulations/", {"ruleset": "smugglers", "games": 4,
                                            "seed": "strict", "chunk_size": 2})
    done = api.get(f"/api/v1/simulations/{sim['id']}/")
    assert done["games"] == 4 and len(done["summary"]["entrants"]) == 2, done
