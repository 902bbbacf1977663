"""Positions inside a combat or an interrupt chain (SCENARIOS.md, "combat" and "chain"):
a position written down plays on exactly as the same position reached by play. Each
case builds the position both ways, compares the two states (every seat's view, every
seat's legal actions, the pending decision, the combat, the chain and the engine's tasks),
then plays both to the end of the combat with the same actions, comparing after each.
Then the refusals: each mistake a ConfigError naming its field."""

from __future__ import annotations

import copy
import json

import pytest

from rulesets.base import ConfigError
from rulesets.kgk import SCENARIOS_DIR, scenario_config, shipped_cards
from rulesets.kgk.scenario import card_ids

from .helpers import R, act

DANI, LACI = 0, 1
SEED = "same-seed"
# What a state holds besides the position: the event counter and the random generator's
# position (no draw happens in these combats, so it is compared too, below).
NOT_POSITION = ("seq", "ev")


def built(name_or_doc):
    if isinstance(name_or_doc, str):
        cfg = scenario_config(name_or_doc)
    else:
        cfg = {"scenario": name_or_doc, "cards": shipped_cards()}
    return R.new_game(cfg, SEED), card_ids(cfg["scenario"])


def played(name):
    cfg = scenario_config(name)
    return R.new_game(cfg, SEED), card_ids(cfg["scenario"])


def position(state):
    return {k: v for k, v in R.to_json(state).items() if k not in NOT_POSITION}


def assert_same(a, b, where=""):
    for seat in range(a["n"]):
        assert R.view(a, seat) == R.view(b, seat), (where, seat)
        assert R.legal_actions(a, seat) == R.legal_actions(b, seat), (where, seat)
    assert a["dec"] == b["dec"], where
    assert a["cb"] == b["cb"], where
    assert a["chain"] == b["chain"], where
    assert a["todo"] == b["todo"], where
    assert position(a) == position(b), where


def play_both(a, b, actions):
    for i, (seat, action) in enumerate(actions):
        act(a, seat, action)
        act(b, seat, action)
        assert_same(a, b, f"after action {i}: {action}")


def pass_windows(s):
    while s["dec"] and s["dec"]["kind"] == "prio":
        act(s, s["dec"]["seat"], {"type": "pass"})


# ------------------------------------------------ KG-14.3: the window before damage

def kg_14_3_to_the_window():
    """KG-14.3 from Laci's main phase (kg-14-3.json) to the window before damage."""
    s, c = played("kg-14-3")
    act(s, LACI, {"type": "attack", "target": "colony"})
    pass_windows(s)
    for seat, ship in ((LACI, c["cobra"]), (DANI, c["hold"])):
        act(s, seat, {"type": "commit", "ship": ship})
        pass_windows(s)
        act(s, seat, {"type": "done"})
    while s["dec"]["kind"] == "pay":
        act(s, s["dec"]["seat"], {"type": "done"})
    act(s, LACI, {"type": "fire", "ship": c["cobra"], "target": c["hold"]})
    act(s, DANI, {"type": "return"})
    return s, c


def test_kg_14_3_window_written_down_plays_as_played():
    a, c = kg_14_3_to_the_window()
    b, c2 = built("kg-14-3-window")
    assert c == c2                                 # the same cards under the same ids
    assert b["dec"] == {"kind": "prio", "ctx": "combat", "seat": LACI, "passes": 0}
    assert_same(a, b, "at the window")
    fp_item = 3                                    # uids: Extra találat 1, Durmacél 2
    play_both(a, b, [
        (LACI, {"type": "play", "card": c["et"], "target": c["cobra"]}),     # KG-14.3.3
        (DANI, {"type": "play", "card": c["dc"], "target": c["hold"]}),      # KG-14.3.4
        (LACI, {"type": "play", "card": c["fp"], "target": 2}),              # KG-14.3.5
        (DANI, {"type": "play", "card": c["fb"], "target": fp_item}),        # KG-14.3.6
    ])
    # KG-14.3.7: both hands empty, which everybody sees: neither is asked (KG-12.3), the
    # chain resolves at once, both ways
    assert a["chain"] == [] == b["chain"]
    # KG-14.3.8 (derived): Holdimádó 4 armor - 3 = 1; Cobra Flash 3 - 1 = 2, damaged;
    # both ways reach it, then play on to the end of the combat
    for s in (a, b):
        assert s["cards"][c["hold"]]["dmg"] == 3 and s["cards"][c["cobra"]]["dmg"] == 1
    while a["cb"] is not None:
        seat = a["dec"]["seat"]
        legal = R.legal_actions(a, seat)
        action = next((x for x in legal if x["type"] in ("pass", "done", "no_return")),
                      legal[0])
        play_both(a, b, [(seat, action)])
    assert b["cb"] is None and b["dec"] == {"kind": "main", "seat": LACI}


def test_cards_on_the_chain_written_down_play_as_played():
    """The same window two interrupts later (KG-14.3.3-4 done): Extra találat and
    Durmacél célterelő on the chain, Laci's priority."""
    a, c = kg_14_3_to_the_window()
    act(a, LACI, {"type": "play", "card": c["et"], "target": c["cobra"]})
    act(a, DANI, {"type": "play", "card": c["dc"], "target": c["hold"]})
    doc = json.loads((SCENARIOS_DIR / "kg-14-3-window.json").read_text(encoding="utf-8"))
    doc["seats"][DANI]["hand"] = [{"card": "felulbiralas", "label": "fb"}]
    doc["seats"][DANI]["credits"] = 2
    doc["seats"][LACI]["hand"] = [{"card": "felsobb-parancs", "label": "fp"}]
    doc["seats"][LACI]["credits"] = 2
    doc["chain"] = [{"card": "extra-talalat", "label": "et", "seat": LACI, "target": "cobra"},
                    {"card": "durmacel-celterelo", "label": "dc", "seat": DANI,
                     "target": "hold"}]
    b, c2 = built(doc)
    assert c2 == c                                  # chain cards keep their ids
    assert [it["card"] for it in b["chain"]] == [c["et"], c["dc"]]
    assert_same(a, b, "two cards on the chain")
    play_both(a, b, [
        (LACI, {"type": "play", "card": c["fp"], "target": 2}),
        (DANI, {"type": "play", "card": c["fb"], "target": 3}),
    ])
    assert b["chain"] == []
    # a neutraliser on the chain: Felülbírálás costs what its target cost (KG-14.3.6)
    doc["chain"].append({"card": "felsobb-parancs", "label": "fp", "seat": LACI,
                         "target": {"item": 1}})
    doc["seats"][LACI]["hand"] = []
    doc["seats"][LACI]["credits"] = 0
    del doc["decision"]                   # by default: the seat after the last declarer
    b, _ = built(doc)
    assert b["chain"][-1]["tgt"] == b["chain"][1]["u"] and b["dec"]["seat"] == DANI
    assert {"type": "play", "card": c["fb"], "target": b["chain"][-1]["u"]} in \
        R.legal_actions(b, DANI)


# ------------------------------------------------ KG-14.4: the firing step

def test_kg_14_4_firing_step_written_down_plays_as_played():
    a, c = played("kg-14-4")
    play = [(DANI, {"type": "attack", "target": "colony"}),
            (DANI, {"type": "commit", "ship": c["mamut"]}),
            (DANI, {"type": "commit", "ship": c["crx"]}),
            (DANI, {"type": "done"}),
            (LACI, {"type": "commit", "ship": c["cobra"]}),
            (LACI, {"type": "commit", "ship": c["hala"]}),
            (LACI, {"type": "done"})]
    for seat, action in play:
        act(a, seat, action)
    b, c2 = built("kg-14-4-fire")
    assert c == c2
    assert b["dec"]["kind"] == "fire" and sorted(b["dec"]["allowed"]) == sorted(
        [c["cobra"], c["hala"]])                                            # KG-14.4.4
    assert_same(a, b, "firing step")
    play_both(a, b, [
        (LACI, {"type": "fire", "ship": c["hala"], "target": c["mamut"]}),   # KG-14.4.5
        (DANI, {"type": "no_return"}),
        (LACI, {"type": "fire", "ship": c["cobra"], "target": c["crx"]}),    # KG-14.4.6
        (DANI, {"type": "return"}),
        *[(DANI, {"type": "assign", "ship": t}) for t in
          (c["cobra"], c["cobra"], c["cobra"], c["hala"])],
        (DANI, {"type": "assign_done"}),
    ])
    assert b["cb"] is None and b["dec"] == {"kind": "main", "seat": DANI}   # KG-14.4.9
    assert b["p"][LACI]["hangar"] == []


def test_equip_step_written_down_plays_as_played():
    a, c = played("kg-14-4")
    act(a, DANI, {"type": "attack", "target": "colony"})
    pass_windows(a)
    doc = json.loads((SCENARIOS_DIR / "kg-14-4.json").read_text(encoding="utf-8"))
    doc["phase"] = "combat"
    doc["combat"] = {"target": "colony", "step": "equip", "ships": []}
    b, _ = built(doc)
    assert b["dec"] == {"kind": "equip", "seat": DANI}
    assert_same(a, b, "equip step")
    play_both(a, b, [(DANI, {"type": "commit", "ship": c["mamut"]}),
                     (DANI, {"type": "done"}),
                     (LACI, {"type": "commit", "ship": c["cobra"]}),
                     (LACI, {"type": "done"})])


# ------------------------------------------------ refusals

WINDOW = json.loads((SCENARIOS_DIR / "kg-14-3-window.json").read_text(encoding="utf-8"))


def _edit(path, value):
    def edit(doc):
        node = doc
        for k in path[:-1]:
            node = node[k]
        if value is KeyError:
            del node[path[-1]]
        else:
            node[path[-1]] = value
    return edit


@pytest.mark.parametrize("edit,code,field", [
    (_edit(["combat"], KeyError), "bad_scenario", "scenario.combat"),
    (_edit(["phase"], "main"), "bad_scenario", "scenario.phase"),
    (_edit(["combat", "attacker"], 0), "bad_scenario", "scenario.combat.attacker"),
    (_edit(["combat", "defender"], 1), "bad_scenario", "scenario.combat.defender"),
    (_edit(["combat", "target"], "moon"), "bad_scenario", "scenario.combat.target"),
    (_edit(["combat", "target"], {"base": "cobra"}), "bad_scenario",
     "scenario.combat.target.base"),
    (_edit(["combat", "step"], "bomb"), "bad_scenario", "scenario.combat.step"),
    (_edit(["combat", "ships"], ["cobra", "cobra"]), "bad_scenario",
     "scenario.combat.ships[1]"),
    (_edit(["combat", "ships"], ["nobody"]), "bad_scenario", "scenario.combat.ships[0]"),
    (_edit(["combat", "ships"], ["hold"]), "bad_scenario", "scenario.combat.ships"),
    (_edit(["combat", "shot", "target"], "cobra"), "bad_scenario", "scenario.combat.shot"),
    (_edit(["combat", "shot", "speed"], 3), "unknown_field", "scenario.combat.shot.speed"),
    (_edit(["seats", 1, "hangar", 0, "state"], "active"), "bad_scenario",
     "scenario.combat.shot.ship"),
    (_edit(["seats", 0, "hangar", 0, "state"], "active"), "bad_scenario",
     "scenario.combat.shot.target"),
    (_edit(["seats", 0, "hangar", 0, "state"], "damaged"), "bad_scenario",
     "scenario.combat.ships[1]"),
    (_edit(["decision"], {"kind": "fire", "seat": 1}), "bad_decision",
     "scenario.decision.kind"),
    (_edit(["decision"], {"kind": "main", "seat": 1}), "bad_decision",
     "scenario.decision.kind"),
    # KG-12.3: an empty hand and no ability: that seat is never asked
    (_edit(["seats", 1, "hand"], []), "bad_decision", "scenario.decision.seat"),
    (_edit(["chain"], [{"card": "holdimado", "seat": 0}]), "bad_scenario",
     "scenario.chain[0].card"),
    (_edit(["chain"], [{"card": "extra-talalat", "seat": 1}]), "bad_scenario",
     "scenario.chain[0].target"),
    (_edit(["chain"], [{"card": "extra-talalat", "seat": 1, "target": "fp"}]),
     "bad_scenario", "scenario.chain[0].target"),
    (_edit(["chain"], [{"card": "felsobb-parancs", "seat": 1, "target": {"item": 0}}]),
     "bad_scenario", "scenario.chain[0].target"),
    (_edit(["chain"], [{"card": "extra-talalat", "seat": 5, "target": "cobra"}]),
     "bad_scenario", "scenario.chain[0].seat"),
    (_edit(["chain"], [{"card": "extra-talalat", "seat": 1, "target": "cobra",
                        "cost": 1}]), "unknown_field", "scenario.chain[0].cost"),
])
def test_refusals(edit, code, field):
    doc = copy.deepcopy(WINDOW)
    edit(doc)
    with pytest.raises(ConfigError) as e:
        R.new_game({"scenario": doc, "cards": shipped_cards()}, SEED)
    assert (e.value.code, e.value.details["field"]) == (code, field), e.value.message


def test_no_combat_without_a_shot_holds_a_chain():
    doc = json.loads((SCENARIOS_DIR / "kg-14-4-fire.json").read_text(encoding="utf-8"))
    doc["seats"][1]["hand"] = []
    doc["chain"] = [{"card": "extra-talalat", "seat": 1, "target": "cobra"}]
    doc["card_overrides"] = {"extra-talalat": {"subtype": "combat", "cost": 0, "why": "test"}}
    with pytest.raises(ConfigError) as e:
        R.new_game({"scenario": doc, "cards": shipped_cards()}, SEED)
    assert e.value.details["field"] == "scenario.chain"
