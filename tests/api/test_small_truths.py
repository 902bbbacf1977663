"""What a client author found untrue in small things, each pinned down: an organiser
enters their own tournament like anyone; one status for `unknown_ruleset`; the stream's
`?probe=1` answer, `If-None-Match` and the servers declared; every timestamp in `Z`."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.support.api import assert_error, client_for
from tests.support.matches import create as create_match
from tests.support.tournaments import create, url

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def document(django_db_blocker) -> dict:
    with django_db_blocker.unblock():
        return Client().get("/api/v1/schema/?format=json").json()


def test_an_organiser_enters_their_own_tournament_without_naming_themself(
        django_user_model):
    org = django_user_model.objects.create_user("szervezo")
    api = client_for(org)
    t = create(api, name="Kedd esti", decks_required=False)
    entered = api.post(url(t, "entries/"), {}, format="json")
    assert entered.status_code == 201, entered.content
    assert entered.json()["name"] == "szervezo"


def test_unknown_ruleset_is_400_wherever_a_game_is_named(django_user_model):
    api = client_for(django_user_model.objects.create_user("jatekos"))
    assert_error(api.get("/api/v1/leaderboards/chess/"), 400, "unknown_ruleset")
    assert_error(api.post("/api/v1/matches/", {"ruleset": "chess", "seats": [
        {"player": "me"}, {"player": "bot:random"}]}, format="json"), 400)


def test_the_stream_probe_get_conditions_and_servers_are_declared(document):
    stream = document["paths"]["/api/v1/matches/{id}/stream/"]["get"]["responses"]["200"]
    assert set(stream["content"]) == {"text/event-stream", "application/json"}
    assert stream["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/StreamProbe"}
    gets = [(path, item["get"]) for path, item in document["paths"].items() if "get" in item]
    undeclared = [path for path, op in gets
                  if "304" in op["responses"] and not any(
                      p["in"] == "header" and p["name"] == "If-None-Match"
                      for p in op.get("parameters", []))]
    assert gets and not undeclared, undeclared
    assert document["servers"] and document["servers"][0]["url"]


@pytest.mark.django_db(transaction=True)
def test_every_timestamp_ends_in_z(django_user_model, bots_in_process):
    api = client_for(django_user_model.objects.create_user("ido"))
    m = create_match(api, "smugglers", ["me", "bot:random"])
    assert api.post(f"/api/v1/matches/{m['id']}/resign/", {}, format="json").status_code == 200
    replay = api.get(f"/api/v1/matches/{m['id']}/replay/").json()
    stamps = [e["created"] for e in replay["log"]]
    detail = api.get(f"/api/v1/matches/{m['id']}/").json()
    stamps += [detail["created"], detail["finished"]]
    assert stamps and all(s.endswith("Z") for s in stamps), stamps


@pytest.mark.django_db(transaction=True)
def test_the_clocks_come_with_the_events(django_user_model, bots_in_process):
    """An events answer with events (the long-poll's and the match stream's) carries the
    match's clocks after them, typed as a match's are."""
    api = client_for(django_user_model.objects.create_user("ora"))
    m = create_match(api, "smugglers", ["me", "bot:random"],
                     options={"time_limit_seconds": 600})
    got = api.get(f"/api/v1/matches/{m['id']}/events/?after=0").json()
    assert got["events"] and set(got["clocks"]) == {
        "used_ms", "running", "time_limit_seconds", "remaining_ms", "time_up", "turn"}
    assert got["clocks"]["time_limit_seconds"] == 600 and got["clocks"]["turn"] is None
    assert 0 < got["clocks"]["remaining_ms"] <= 600_000
    assert len(got["clocks"]["used_ms"]) == 2
