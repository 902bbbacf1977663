"""A scenario document is bounded by what the rules allow before anything is
built (High 2), and a scenario only ever arrives through its own field, always as a
sandbox (Medium 4)."""

from __future__ import annotations

import copy
import json

import pytest

from matches.models import Match, Simulation
from rulesets.kgk import SCENARIOS_DIR
from tests.support.api import assert_error

FILL = "practice-kikepzo-kolibri"


@pytest.fixture
def doc() -> dict:
    """KG-14.4's position: ten filler cards and two ships a seat."""
    return json.loads((SCENARIOS_DIR / "kg-14-4.json").read_text(encoding="utf-8"))


def _sandbox(client, scenario):
    return client.post("/api/v1/matches/", {"ruleset": "kgk", "scenario": scenario,
                                            "seats": [{"player": "me"}, {"player": "me"}]},
                       format="json")


@pytest.mark.parametrize("count", [100, 45])
def test_the_audits_document_is_refused_before_anything_is_built(players, doc, count):
    """2,000 entries of 100 copies each (the audit's 106 KB document: 8.2 s and 525 MB
    in a worker) is a 400 naming the entry (at most 45 copies: a deck's cards); of 45
    copies each, naming the seat (at most 45 cards in all). Nothing is stored."""
    (_, ca), _ = players
    doc["seats"][0]["colony"] = [{"card": FILL, "count": count}] * 2000
    before = Match.objects.count()
    err = assert_error(_sandbox(ca, doc), 400, "bad_scenario")
    if count > 45:
        assert err["details"]["field"] == "scenario.seats[0].colony[0].count"
    else:
        assert err["details"]["code"] == "too_many_cards"
        assert err["details"]["field"] == "scenario.seats[0]"
        assert err["details"]["limit"] == 45 and err["details"]["count"] == 90_002
    assert Match.objects.count() == before


@pytest.mark.parametrize("where", ["count", "entries", "hand", "attached", "chain", "other"])
def test_a_seat_holds_at_most_a_decks_45_cards(players, doc, where):
    """Every card a seat has comes from its deck (45 cards, KG-1.6.1): counted over every
    zone, the cards attached to its ships and its cards on the chain. 45 is a position;
    46 is not."""
    (_, ca), _ = players
    seat = 1 if where == "other" else 0
    ok = copy.deepcopy(doc)
    ok["seats"][seat]["colony"] = [{"card": FILL, "count": 43}]   # + two ships in the hangar
    assert _sandbox(ca, ok).status_code == 201
    bad = copy.deepcopy(ok)
    colony = bad["seats"][seat]["colony"]
    if where == "count":
        colony[0]["count"] = 44
    elif where in ("entries", "other"):
        colony.append(FILL)
    elif where == "hand":
        bad["seats"][seat]["hand"] = [FILL]
    elif where == "attached":
        bad["seats"][seat]["hangar"][0] = {"card": "mamut-i", "label": "mamut",
                                           "attached": [FILL]}
    else:
        bad["chain"] = [{"card": FILL, "seat": seat}]
    err = assert_error(_sandbox(ca, bad), 400, "bad_scenario")
    assert err["details"]["code"] == "too_many_cards", err
    assert err["details"]["field"] == f"scenario.seats[{seat}]"


def test_one_entry_has_at_most_a_decks_cards(players, doc):
    (_, ca), _ = players
    doc["seats"][0]["colony"] = [{"card": FILL, "count": 46}]
    doc["seats"][0]["hangar"] = []
    err = assert_error(_sandbox(ca, doc), 400, "bad_scenario")
    assert err["details"]["field"] == "scenario.seats[0].colony[0].count"


@pytest.mark.parametrize("key,value", [("scenario", "document"), ("scenario", "kg-14-2"),
                                       ("sandbox", True), ("sandbox", False)])
def test_a_scenario_never_arrives_as_an_option(players, doc, key, value):
    """Medium 4: ``options.scenario`` started a match that was not a sandbox, with the
    position hidden from the others and the joiner's hand and deck order the creator's.
    The host's keys are not options: 400, nothing created."""
    (_, ca), _ = players
    options = {key: doc if value == "document" else value}
    before = Match.objects.count()
    r = ca.post("/api/v1/matches/", {"ruleset": "kgk", "options": options,
                                     "seats": [{"player": "me"}, {"player": "open"}]},
                format="json")
    err = assert_error(r, 400)
    assert "options" in json.dumps(err["details"])
    assert Match.objects.count() == before


def test_a_simulation_takes_no_scenario_option(players, doc):
    """The sibling: a simulation's options went to the ruleset the same way, so every game
    of it was built from the document."""
    (_, ca), _ = players
    r = ca.post("/api/v1/simulations/", {"ruleset": "kgk", "games": 2,
                                         "options": {"scenario": doc}}, format="json")
    assert_error(r, 400)
    assert Simulation.objects.count() == 0


def test_the_scenario_field_still_makes_a_sandbox(players, doc):
    (_, ca), _ = players
    r = ca.post("/api/v1/matches/", {"ruleset": "kgk", "scenario": doc,
                                     "options": {"simplified_combat": False},
                                     "seats": [{"player": "me"}, {"player": "me"}]},
                format="json")
    assert r.status_code == 201, r.content
    assert Match.objects.get(pk=r.json()["id"]).options["sandbox"] is True
