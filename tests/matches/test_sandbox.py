"""Sandbox matches through the API: a KGK position set up from a scenario
(rulesets/kgk/SCENARIOS.md), marked sandbox, every bad scenario a 400 in the one shape."""

from __future__ import annotations

import json

from matches.models import Match
from rulesets.kgk import SCENARIOS_DIR
from rulesets.kgk.scenario import card_ids
from tests.support.api import assert_error
from tests.support.matches import act

LACI = 1


def post(client, body, status=201):
    r = client.post("/api/v1/matches/", body, format="json")
    assert r.status_code == status, r.content
    return r.json()


def test_kg_14_2_sandbox_played_through_the_api(players, api):
    (a, ca), _ = players
    m = post(ca, {"ruleset": "kgk", "scenario": "kg-14-2",
                  "seats": [{"player": "me"}, {"player": "me"}]})
    assert m["status"] == "active" and m["options"]["sandbox"] is True
    assert "scenario" not in m["options"]            # it lists every hand
    view = ca.get(f"/api/v1/matches/{m['id']}/?seat={LACI}").json()["view"]
    assert (view["turn"], view["active"], view["phase"]) == (6, LACI, "main")
    doc = json.loads((SCENARIOS_DIR / "kg-14-2.json").read_text(encoding="utf-8"))
    akna = card_ids(doc)["akna"]
    # KG-14.2.1-2: two developments, then paid for free
    act(ca, m["id"], LACI, {"type": "develop", "base": akna})
    act(ca, m["id"], LACI, {"type": "develop", "base": akna})
    act(ca, m["id"], LACI, {"type": "pay", "card": akna})
    view = ca.get(f"/api/v1/matches/{m['id']}/?seat=0").json()["view"]
    assert view["players"][LACI]["credits"] == 8
    assert view["players"][LACI]["surface"][0]["slug"] == "aknagyuru"
    # a spectator sees the sandbox mark but not the scenario document
    public = api.get(f"/api/v1/matches/{m['id']}/").json()
    assert public["options"] == {"sandbox": True}
    # the stored log replays from the same position
    checked = ca.get(f"/api/v1/matches/{m['id']}/verify/").json()
    assert checked["ok"] is True, checked


def test_inline_scenario_and_its_refusals(players, api):
    (a, ca), _ = players
    doc = json.loads((SCENARIOS_DIR / "kg-14-4.json").read_text(encoding="utf-8"))
    m = post(ca, {"ruleset": "kgk", "scenario": doc,
                  "seats": [{"player": "me"}, {"player": "bot:random"}]})
    assert m["options"]["sandbox"] is True and m["view"]["turn"] == 5
    count = Match.objects.count()

    bad = json.loads(json.dumps(doc))
    bad["seats"][0]["hangar"][0]["card"] = "no-such-card"
    r = ca.post("/api/v1/matches/", {"ruleset": "kgk", "scenario": bad,
                                     "seats": [{"player": "me"}, {"player": "open"}]},
                format="json")
    err = assert_error(r, 400, "bad_scenario")
    assert err["details"] == {"code": "unknown_card", "slug": "no-such-card",
                              "field": "scenario.seats[0].hangar[0].card",
                              "fields": {"scenario.seats[0].hangar[0].card": [
                                  "no card record with slug 'no-such-card'"]}}
    assert_error(ca.post("/api/v1/matches/", {"ruleset": "kgk", "scenario": doc, "seats": [
        {"player": "me"}, {"player": "me"}, {"player": "me"}]}, format="json"),
        400, "bad_scenario")
    assert_error(ca.post("/api/v1/matches/", {"ruleset": "kgk", "scenario": "kg-99", "seats": [
        {"player": "me"}, {"player": "me"}]}, format="json"), 400, "bad_scenario")
    assert_error(ca.post("/api/v1/matches/", {"ruleset": "kgk", "scenario": doc, "seats": [
        {"player": "me", "deck": {"text": "3 CRX"}}, {"player": "me"}]}, format="json"),
        400, "deck_not_used")
    assert_error(ca.post("/api/v1/matches/", {"ruleset": "smugglers", "scenario": doc, "seats": [
        {"player": "me"}, {"player": "me"}]}, format="json"), 400, "scenario_not_supported")
    assert Match.objects.count() == count
