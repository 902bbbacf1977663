"""Every answer of the main operations, walked against the live schema with no room for
fields it does not declare: each object in the schema is read as if it said
``additionalProperties: false``, so a field the server sends but the schema leaves out
fails here, as it fails a strictly generated client."""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import pytest
from django.test import Client
from openapi_schema_validator import OAS30Validator
from rest_framework.test import APIClient

from matches import bots
from tests.support.api import client_for
from tests.support.matches import ROOT

pytestmark = pytest.mark.django_db

PRACTICE_A = (ROOT / "fixtures" / "decks" / "practice-a.txt").read_text(encoding="utf-8")


def _closed(node: Any) -> Any:
    """The schema with every object closed to undeclared properties."""
    if isinstance(node, dict):
        out = {k: _closed(v) for k, v in node.items()}
        if "properties" in out and "additionalProperties" not in out:
            out["additionalProperties"] = False
        return out
    if isinstance(node, list):
        return [_closed(v) for v in node]
    return node


class Schema:
    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self.components = _closed(copy.deepcopy(document["components"]))
        self.paths = [(re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", p) + "$"), p)
                      for p in document["paths"]]
        self.checked: set[tuple[str, str, str]] = set()

    def operation(self, method: str, url: str) -> tuple[str, dict[str, Any]]:
        path = url.split("?")[0]
        candidates = [p for rx, p in self.paths if rx.match(path)]
        assert candidates, f"{path} is not in the schema"
        # the most literal template wins (/matches/mine/ before /matches/{id}/)
        template = min(candidates, key=lambda p: p.count("{"))
        operation = self.document["paths"][template].get(method.lower())
        assert operation is not None, f"{method} {template} is not in the schema"
        return template, operation

    def check(self, method: str, url: str, response) -> Any:
        template, operation = self.operation(method, url)
        status = str(response.status_code)
        responses = operation["responses"]
        assert status in responses or "default" in responses, (
            f"{method} {template} answered {status}, not declared: {sorted(responses)}")
        declared = responses.get(status) or responses["default"]
        ctype = (response.get("Content-Type") or "").split(";")[0]
        if response.status_code in (204, 304):
            return None
        assert ctype in declared.get("content", {}), (
            f"{method} {template} {status}: {ctype} not declared")
        if ctype != "application/json":
            return response.content
        body = response.json()
        schema = declared["content"][ctype]["schema"]
        validator = OAS30Validator({"$ref": "#/x", "x": _closed(schema),
                                    "components": self.components})
        errors = sorted(validator.iter_errors(body), key=lambda e: list(e.path))
        assert not errors, (f"{method} {template} {status}: "
                            + "; ".join(f"{list(e.path)}: {e.message[:300]}"
                                        for e in errors[:5]))
        self.checked.add((method, template, status))
        return body

    def check_game(self, prefix: str, body: Any) -> int:
        """The game's own payloads in a match answer, against the game's published
        schemas (their operations declare them as open objects, one operation serving
        every game): the `view` against `<Game>View`, each event against `<Game>Event`,
        each legal action against `<Game>Action`. Returns how many were checked."""
        if not isinstance(body, dict):
            return 0
        found: list[tuple[str, Any]] = []
        if body.get("view") is not None:
            found.append(("View", body["view"]))
        found += [("Event", e["event"]) for e in body.get("events") or []]
        legal = body.get("legal_actions") or (body if "actions" in body else None)
        found += [("Action", a) for a in (legal or {}).get("actions") or []]
        for what, value in found:
            validator = OAS30Validator({"$ref": f"#/components/schemas/{prefix}{what}",
                                        "components": self.components})
            errors = list(validator.iter_errors(value))
            assert not errors, (f"{prefix}{what}: "
                                + "; ".join(f"{list(e.path)}: {e.message[:300]}"
                                            for e in errors[:5]))
        return len(found)


class Checked:
    """An API client whose every answer is checked against the schema."""

    def __init__(self, client: APIClient, schema: Schema) -> None:
        self.client = client
        self.schema = schema

    game: str | None = None        # a match's game prefix ("Kgk"): its payloads are checked
    game_payloads = 0

    def _ok(self, method: str, url: str, response) -> Any:
        assert response.status_code < 400, (method, url, response.content[:500])
        body = self.schema.check(method, url, response)
        if self.game:
            self.game_payloads += self.schema.check_game(self.game, body)
        return body

    def get(self, url: str, **extra: Any) -> Any:
        return self._ok("GET", url, self.client.get(url, **extra))

    def post(self, url: str, body: Any = None, **extra: Any) -> Any:
        return self._ok("POST", url, self.client.post(url, body, format="json", **extra))


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
