"""Scenarios (rulesets/kgk/SCENARIOS.md): positions set up from a document through
``new_game``, the shipped KG-14 files, and every refusal with the field it names."""

from __future__ import annotations

import copy
import json

import pytest

from rulesets.base import ConfigError, IllegalAction
from rulesets.kgk import SCENARIOS_DIR, scenario_config, scenario_names, shipped_cards
from rulesets.kgk.scenario import card_ids
from rulesets.kgk.state import armor_now, val

from .helpers import R, act, check_invariants, legal_types

DANI, LACI = 0, 1
FILL = "practice-kikepzo-kolibri"


def game(doc, **options):
    return R.new_game({"scenario": doc, "cards": shipped_cards(), "options": options}, "t")


def base_doc(**over):
    """A small valid position: Laci's main phase, one ship each."""
    doc = {"format": "kgk-scenario/1", "turn": 6, "first": 0, "active": 1, "phase": "main",
           "options": {"lenient_cards": True},
           "seats": [
               {"credits": 3, "colony": [{"card": FILL, "count": 5}],
                "hangar": [{"card": "holdimado", "label": "hold"}]},
               {"credits": 10, "colony": [{"card": FILL, "count": 5}],
                "hand": [{"card": "tuzer", "label": "tuzer"}],
                "hangar": [{"card": "marduk-kurios", "label": "marduk"}]}]}
    doc.update(over)
    return doc


# ---------------------------------------------------------------- the shipped files

SHIPPED = ["kg-14-1", "kg-14-2", "kg-14-3", "kg-14-3-window", "kg-14-4", "kg-14-4-fire",
           "kg-14-5"]


def test_shipped_scenarios_are_the_five_kg_14_examples():
    # the five examples, two of them also at a point inside their combat
    assert scenario_names() == SHIPPED
    for name in scenario_names():
        doc = json.loads((SCENARIOS_DIR / f"{name}.json").read_text(encoding="utf-8"))
        number = "-".join(name.split("-")[:3])           # kg-14-3-window -> kg-14-3
        assert doc["rule"] == "KG-" + number[3:].replace("-", ".")
        assert doc["title"]["hu"] and doc["title"]["en"]


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_scenario_builds_a_consistent_position(name):
    cfg = scenario_config(name)
    s = R.new_game(cfg, name)
    check_invariants(s)
    # every labelled card is the card the file names, where the file puts it
    labels = card_ids(cfg["scenario"])
    for seat, spec in enumerate(cfg["scenario"]["seats"]):
        for zone in ("hand", "hangar", "surface", "canteen"):
            for e in spec.get(zone, []):
                if isinstance(e, dict) and "label" in e:
                    c = s["cards"][labels[e["label"]]]
                    assert (s["defs"][c["d"]]["slug"], c["o"], c["z"]) == (e["card"], seat, zone)
    # the protocol serves it: legal actions, both views, a JSON round trip
    seat = R.to_act(s)[0]
    assert R.legal_actions(s, seat)
    for q in range(s["n"]):
        R.view(s, q)
    assert R.from_json(R.to_json(s)) == s


def test_kg_14_2_position_as_each_side_sees_it():
    s, c = R.new_game(scenario_config("kg-14-2"), "v"), card_ids(scenario_config("kg-14-2")[
        "scenario"])
    # Dani sees an unknown face-down base with two developments on Laci's surface
    base = R.view(s, DANI)["players"][LACI]["surface"][0]
    assert base.get("slug") is None and base["dev"] == 2
    assert R.view(s, LACI)["players"][LACI]["surface"][0]["slug"] == "aknagyuru"
    assert s["p"][LACI]["fd"] == [c["akna"]] and s["p"][DANI]["fd"] == [c["chazma"]]


def test_kg_14_5_game_start_replayed_from_the_file():
    s = R.new_game(scenario_config("kg-14-5"), "kg-14.5")
    # KG-14.5.3, KG-14.5.5: both hold five, colonies of 40, 5 credits each; Dani first
    for q in (DANI, LACI):
        assert (len(s["p"][q]["hand"]), len(s["p"][q]["colony"]), s["p"][q]["cr"]) == (5, 40, 5)
    assert R.to_act(s) == [DANI] and legal_types(s, DANI) == {"keep", "mulligan"}
    # KG-14.5.4: Dani reshuffles, Laci keeps
    act(s, DANI, {"type": "mulligan"})
    assert len(s["p"][DANI]["hand"]) == 5 and len(s["p"][DANI]["colony"]) == 40
    assert R.to_act(s) == [LACI]
    act(s, LACI, {"type": "keep"})
    # KG-14.5.6: Dani's first start phase +1 -> 6, no attack; Laci's +2 -> 7
    assert s["active"] == DANI and s["p"][DANI]["cr"] == 6 and s["turn"] == 1
    with pytest.raises(IllegalAction) as e:
        R.apply(s, DANI, {"type": "mulligan"})
    assert e.value.code == "mulligan_used"
    assert "attack" not in legal_types(s, DANI)
    act(s, DANI, {"type": "end_turn"})
    assert s["active"] == LACI and s["p"][LACI]["cr"] == 7


def test_mulligan_position_with_the_first_seat_decided():
    doc = json.loads((SCENARIOS_DIR / "kg-14-5.json").read_text(encoding="utf-8"))
    doc["decision"] = {"kind": "mulligan", "seat": 1}
    s = game(doc)
    assert s["p"][DANI]["mull"] and not s["p"][LACI]["mull"] and R.to_act(s) == [LACI]
    act(s, LACI, {"type": "keep"})
    assert s["phase"] == "main" and s["active"] == DANI and s["p"][DANI]["cr"] == 6


# ---------------------------------------------------------------- card states

def test_card_states_attached_cards_and_a_bluff():
    doc = base_doc()
    doc["seats"][1]["hangar"] = [{"card": "marduk-kurios", "label": "marduk", "state": "used",
                                  "damage": 1, "attached": [
                                      {"card": "tuzer", "label": "t", "paid": True,
                                       "choice": 1}]}]
    doc["seats"][1]["hand"] = []
    doc["seats"][0]["canteen"] = [{"card": FILL, "as": "crew", "label": "bluff"}]
    doc["seats"][0]["trash"] = ["halalszarny"]
    doc["seats"][0]["ruin"] = [{"card": FILL, "count": 2}]
    s = game(doc)
    check_invariants(s)
    c = card_ids(doc)
    m = s["cards"][c["marduk"]]
    assert m["rot"] == 1 and m["att"] == [c["t"]] and s["cards"][c["t"]]["on"] == c["marduk"]
    assert val(s, c["marduk"], "bombard") == 3            # Tüzér's option 1: +3 bombard
    assert armor_now(s, c["marduk"]) == 1                 # 2 armor, 1 damage
    bluff = s["cards"][c["bluff"]]
    assert bluff["as"] == "crew" and not bluff["up"] and c["bluff"] not in s["p"][DANI]["fd"]
    assert len(s["p"][DANI]["ruin"]) == 2 and s["cards"][s["p"][DANI]["trash"][0]]["up"]
    # Laci's used ship cannot attack; Dani sees the bluff as a face-down crew only
    assert "attack" not in legal_types(s, LACI)
    assert R.view(s, DANI)["players"][DANI]["canteen"][0]["slug"] == "practice-kikepzo-kolibri"
    assert R.view(s, LACI)["players"][DANI]["canteen"][0].get("slug") is None


def test_start_phase_runs_the_engine_start_of_turn():
    doc = base_doc(phase="start", turn=7, active=0)
    s = game(doc)
    # turn 7 begins: Dani's 4th turn, full income of 5 (KG-8.5)
    assert (s["turn"], s["active"], s["p"][DANI]["turns"], s["p"][DANI]["cr"]) == (7, 0, 4, 8)
    assert s["dec"] == {"kind": "main", "seat": DANI}


def test_card_overrides_fix_an_unknown_value_with_a_reason():
    doc = base_doc(options={})
    doc["seats"][0]["hangar"] = []
    doc["seats"][0]["hand"] = ["extra-talalat"]
    with pytest.raises(ConfigError) as e:                 # unknown subtype and cost
        game(doc)
    assert e.value.code == "unplayable_card"
    assert e.value.details["field"] == "scenario.seats[0].hand[0].card"
    doc["card_overrides"] = {"extra-talalat": {"subtype": "combat", "cost": 1,
                                               "why": "not stated; read off KG-14.3"}}
    doc["seats"][1]["hangar"] = [{"card": "cobra-flash"}]
    doc["seats"][1]["hand"] = []
    s = game(doc)
    assert s["defs"][s["cards"][s["p"][0]["hand"][0]]["d"]]["sub"] == "combat"


# ---------------------------------------------------------------- refusals

def _seat(doc, s):
    return doc["seats"][s]


BAD = [
    ("unknown slug", lambda d: _seat(d, 0).setdefault("hand", []).append("no-such-card"),
     "unknown_card", "scenario.seats[0].hand[0].card"),
    ("same card in two zones", lambda d: _seat(d, 1).setdefault("canteen", []).append(
        {"card": "tuzer", "label": "tuzer"}),
     "card_in_two_zones", "scenario.seats[1].canteen[0].label"),
    ("development above the limit", lambda d: _seat(d, 1).update(surface=[
        {"card": "aknagyuru", "paid": False, "development": 5}]),
     "over_limit", "scenario.seats[1].surface[0].development"),
    ("negative credits", lambda d: _seat(d, 0).update(credits=-1),
     "bad_scenario", "scenario.seats[0].credits"),
    ("armament on a non-ship", lambda d: _seat(d, 1).update(surface=[
        {"card": "aknagyuru", "attached": [{"card": "tuzer"}]}]),
     "bad_placement", "scenario.seats[1].surface[0].attached"),
    ("a ship attached to a ship", lambda d: _seat(d, 0)["hangar"][0].update(
        attached=[{"card": "halalszarny"}]),
     "bad_placement", "scenario.seats[0].hangar[0].attached[0]"),
    ("over capacity", lambda d: _seat(d, 1)["hangar"][0].update(
        attached=[{"card": "tuzer"}, {"card": "tuzer"}]),
     "over_capacity", "scenario.seats[1].hangar[0].attached"),
    ("a base in the hangar", lambda d: _seat(d, 0)["hangar"].append("aknagyuru"),
     "bad_placement", "scenario.seats[0].hangar[1]"),
    ("an unpaid ship in the hangar", lambda d: _seat(d, 0)["hangar"][0].update(paid=False),
     "bad_placement", "scenario.seats[0].hangar[0].paid"),
    ("a paid bluff", lambda d: _seat(d, 0).update(canteen=[
        {"card": FILL, "as": "crew", "paid": True}]),
     "bad_placement", "scenario.seats[0].canteen[0].paid"),
    ("damage past the armor", lambda d: _seat(d, 0)["hangar"][0].update(damage=3),
     "bad_scenario", "scenario.seats[0].hangar[0].damage"),
    ("a used crew", lambda d: _seat(d, 1).update(canteen=[{"card": "tuzer", "state": "used"}],
                                                 hand=[]),
     "bad_scenario", "scenario.seats[1].canteen[0].state"),
    ("a choice on an unpaid card", lambda d: _seat(d, 1).update(
        canteen=[{"card": "tuzer", "choice": 0}], hand=[]),
     "bad_scenario", "scenario.seats[1].canteen[0].choice"),
    ("a fire decision outside combat", lambda d: d.update(decision={"kind": "fire", "seat": 1}),
     "bad_decision", "scenario.decision.kind"),
    ("a mulligan decision in the main phase",
     lambda d: d.update(decision={"kind": "mulligan", "seat": 1}),
     "bad_decision", "scenario.decision.kind"),
    ("the main decision of the wrong seat",
     lambda d: d.update(decision={"kind": "main", "seat": 0}),
     "bad_decision", "scenario.decision.seat"),
    ("a combat phase without its combat", lambda d: d.update(phase="combat"), "bad_scenario",
     "scenario.combat"),
    ("an active seat that does not exist", lambda d: d.update(active=2),
     "bad_scenario", "scenario.active"),
    ("turn 0 outside the mulligans", lambda d: d.update(turn=0),
     "bad_scenario", "scenario.turn"),
    ("a misspelt field", lambda d: _seat(d, 0).update(credit=3),
     "unknown_field", "scenario.seats[0].credit"),
    ("a zone that is not a list", lambda d: _seat(d, 0).update(hand="tuzer"),
     "bad_scenario", "scenario.seats[0].hand"),
    ("a count with a label", lambda d: _seat(d, 0)["colony"].append(
        {"card": FILL, "count": 2, "label": "x"}),
     "bad_scenario", "scenario.seats[0].colony[1].label"),
    ("development on a ship", lambda d: _seat(d, 0)["hangar"][0].update(development=1),
     "bad_scenario", "scenario.seats[0].hangar[0].development"),
    ("one seat", lambda d: d["seats"].pop(), "bad_players", None),
    ("an override without a reason", lambda d: d.update(
        card_overrides={"tuzer": {"cost": 1}}),
     "bad_scenario", "scenario.card_overrides.tuzer.why"),
    ("an override of an unknown card", lambda d: d.update(
        card_overrides={"nope": {"cost": 1, "why": "x"}}),
     "unknown_card", "scenario.card_overrides.nope"),
    ("another format", lambda d: d.update(format="kgk-scenario/9"),
     "bad_scenario", "scenario.format"),
    ("an override of the wrong kind", lambda d: d.update(
        card_overrides={"tuzer": {"cost": "x", "why": "x"}}),
     "bad_scenario", "scenario.card_overrides.tuzer.cost"),
    ("a turn beyond any game", lambda d: d.update(turn=10 ** 9),
     "bad_scenario", "scenario.turn"),
    ("too many copies", lambda d: _seat(d, 0)["colony"][0].update(count=10 ** 9),
     "bad_scenario", "scenario.seats[0].colony[0].count"),
]


@pytest.mark.parametrize("why,edit,code,field", BAD, ids=[b[0] for b in BAD])
def test_inconsistent_scenario_is_refused_naming_the_field(why, edit, code, field):
    doc = base_doc()
    game(copy.deepcopy(doc))                 # the untouched document is fine
    edit(doc)
    with pytest.raises(ConfigError) as e:
        game(doc)
    assert e.value.code == code, e.value.message
    if field is not None:
        assert e.value.details["field"] == field, e.value.message
        assert e.value.message.startswith(field)


def test_scenario_without_card_records_is_refused():
    with pytest.raises(ConfigError) as e:
        R.new_game({"scenario": base_doc()}, "t")
    assert e.value.details["field"] == "cards"
    with pytest.raises(ConfigError) as e:
        R.new_game({"scenario": "kg-14-2", "cards": shipped_cards()}, "t")
    assert e.value.details["field"] == "scenario"


def test_unknown_shipped_scenario_name():
    with pytest.raises(ConfigError) as e:
        scenario_config("kg-99")
    assert e.value.code == "unknown_scenario" and "kg-14-2" in e.value.details["known"]


def test_the_documented_example_builds():
    text = (SCENARIOS_DIR.parents[2] / "rulesets" / "kgk" / "SCENARIOS.md").read_text(
        encoding="utf-8")
    doc = json.loads(text.split("```json", 1)[1].split("```", 1)[0])
    s = game(doc)
    c = card_ids(doc)
    assert s["cards"][c["akna"]]["dev"] == 2 and s["dec"] == {"kind": "main", "seat": LACI}
