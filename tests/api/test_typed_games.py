"""Each game's options, config and replay, typed (``matches.api.config_schema``): the
options a match was made with (by a person, a challenge, a sandbox) as its game's
``<Game>Options``, and a replay's config and log as its game's, walked against the live
schema with no room for an undeclared field; the request schema takes what clients send
and names what no game reads."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from openapi_schema_validator import OAS30Validator

from matches import bots
from matches.models import Match, MatchAction
from tests.support.api import assert_error, client_for
from tests.support.strict_api import Checked, Schema

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema() -> Schema:
    return Schema(Client().get("/api/v1/schema/?format=json").json())


def _request_errors(schema: Schema, component: str, body: dict[str, Any]) -> list[str]:
    validator = OAS30Validator({"$ref": f"#/components/schemas/{component}",
                                "components": schema.document["components"]})
    return [e.message for e in validator.iter_errors(body)]


def test_the_options_clients_send_are_typed_and_a_misspelt_one_is_not(schema):
    seats = [{"player": "me"}, {"player": "bot:random"}]
    for ruleset, options in (("kgk", {"format": "practice", "rules": "quick_start",
                                      "auto_pass": [1], "time_limit_seconds": 600}),
                             ("smugglers", {"advanced": True, "stacked_dice": False}),
                             ("pulsar", {"hq": False, "balanced_start": True}),
                             ("roll", {"first_game": True})):
        body = {"ruleset": ruleset, "options": options, "seats": seats}
        assert not _request_errors(schema, "MatchCreateRequestRequest", body), ruleset
    assert _request_errors(schema, "MatchCreateRequestRequest", {
        "ruleset": "kgk", "options": {"rule": "official"}, "seats": seats})
    assert not _request_errors(schema, "SimulationRequestRequest", {
        "ruleset": "smugglers", "games": 2, "options": {"stations": True}})
    assert not _request_errors(schema, "MatchCreateRequestRequest", {
        "ruleset": "kgk", "scenario": "kg-14-2", "seats": seats})


def test_a_match_s_options_are_its_game_s_however_it_was_made(schema, cards_loaded,
                                                              django_user_model):
    anna = django_user_model.objects.create_user("opt-anna", password="x")
    bela = django_user_model.objects.create_user("opt-bela", password="x")
    api = Checked(client_for(anna), schema)
    made = api.post("/api/v1/matches/", {"ruleset": "kgk", "options": {
        "format": "practice", "bluffing": False, "time_limit_seconds": 600},
        "seats": [{"player": "me"}, {"player": "bot:random"}]})
    assert made["options"]["bluffing"] is False
    api.get(f"/api/v1/matches/{made['id']}/")
    # (no time limit said as null, the default format as ""; both are taken and shown)
    loose = {"ruleset": "smugglers", "options": {"advanced": True, "format": None,
                                                 "time_limit_seconds": None},
             "seats": [{"player": "me"}, {"player": "bot:random"}]}
    assert not _request_errors(schema, "MatchCreateRequestRequest", loose)
    assert api.post("/api/v1/matches/", loose)["options"]["time_limit_seconds"] is None
    sandbox = api.post("/api/v1/matches/", {"ruleset": "kgk", "scenario": "kg-14-2",
                                            "seats": [{"player": "me"},
                                                      {"player": "bot:random"}]})
    assert sandbox["options"]["sandbox"] is True
    challenge = client_for(anna).post("/api/v1/challenges/", {
        "ruleset": "roll", "time_control": "3d", "rated": True}, format="json").json()
    client_for(bela).post(f"/api/v1/challenges/{challenge['id']}/accept/", {},
                          format="json")
    played = api.get(f"/api/v1/matches/{challenge['id']}/")
    assert played["options"]["time_control"]["preset"] == "3d" and played["options"]["rated"]


@pytest.mark.parametrize("ruleset", ["kgk", "roll"])
def test_a_replay_is_its_game_s_config_and_log(schema, cards_loaded, django_user_model,
                                               ruleset):
    """A resignation and an adjudication in the log beside the moves; each event in full
    (the engine's privacy markers left out)."""
    anna = django_user_model.objects.create_user(f"re-{ruleset}", password="x")
    api = Checked(client_for(anna), schema)
    made = api.post("/api/v1/matches/", {"ruleset": ruleset, "seats": [
        {"player": "me"}, {"player": "bot:random"}]})
    url = f"/api/v1/matches/{made['id']}/"
    for _ in range(40):        # until an event kept private to a seat is in the log
        if _markers_kept(made["id"]):
            break
        legal = api.get(url + "legal-actions/")
        if legal["actions"]:
            api.post(url + "actions/", {"action": legal["actions"][-1]})
        else:
            bots.play_pending(made["id"])   # (a test transaction runs no task)
    else:
        pytest.fail("no private event in the log")
    api.post(url + "resign/", {})
    replay = api.get(url + "replay/")
    assert replay["ruleset"] == ruleset and replay["log"][-1]["kind"] == "resign"
    assert not [k for e in replay["log"] for ev in e["events"] for k in ev if k[0] == "_"]
    if ruleset == "kgk":
        assert replay["config"]["decks"][0] and all("slug" in card for deck in
                                                    replay["config"]["decks"] for card in deck)
    timed = api.post("/api/v1/matches/", {"ruleset": ruleset, "options": {
        "time_limit_seconds": 60}, "seats": [{"player": "me"}, {"player": "bot:random"}]})
    Match.objects.filter(pk=timed["id"]).update(
        started=timezone.now() - timedelta(hours=1), organiser=anna)
    decided = api.post(f"/api/v1/matches/{timed['id']}/adjudicate/", {"winners": [0],
                                                                       "note": "idő"})
    assert decided["events"][-1]["event"]["type"] == "adjudicated"
    api.get(f"/api/v1/matches/{timed['id']}/events/?after=0")
    judged = api.get(f"/api/v1/matches/{timed['id']}/replay/")
    assert judged["log"][-1]["action"] == {"winners": [0], "note": "idő"}


def _markers_kept(match_id: int) -> list[str]:
    kept = MatchAction.objects.filter(match_id=match_id).values_list("events", flat=True)
    return [k for events in kept for event in events for k in event if k[0] == "_"]


def test_a_game_option_of_another_kind_is_refused_naming_it(django_user_model):
    """KGK took ``"bluffing": null`` (and any value of a flag) where the schema says a
    boolean; every game's options are now held to their kinds before a match is made."""
    api = client_for(django_user_model.objects.create_user("opt-kinds", password="x"))
    seats = [{"player": "me"}, {"player": "bot:random"}]
    for ruleset, options in (("kgk", {"bluffing": None}), ("kgk", {"auto_pass": ["1"]}),
                             ("roll", {"first_game": "yes"})):
        error = assert_error(api.post("/api/v1/matches/", {
            "ruleset": ruleset, "options": options, "seats": seats}, format="json"),
            400, "invalid")
        assert next(iter(options)) in error["message"], error
    assert_error(api.post("/api/v1/simulations/", {"ruleset": "kgk", "games": 1, "options": {
        "simplified_combat": 1}}, format="json"), 400, "invalid")
    made = api.post("/api/v1/matches/", {"ruleset": "kgk", "options": {
        "bluffing": False, "auto_pass": [1]}, "seats": seats}, format="json")
    assert made.status_code == 201, made.content
