"""Interrupt windows and what may be added in them: activated abilities in any phase
(KG-12.8, KG-7.1.3, KG-17.9), face-down targets (KG-11.3, KG-11.10) and reaction
windows after every action (KG-10.7 "bármikor").

Scenario tests: each builds a position from the shipped practice cards and checks
the one reading it names, with ``auto_pass`` on (the default) unless it says so."""

from __future__ import annotations

from rulesets.kgk import RULESET as R
from rulesets.kgk.state import ACTIVE, USED, armor_now

from .helpers import act, filler, mid_game, practice, scenario
from .test_rules import A, B, fresh, on_table, setup


def abilities_offered(s, seat):
    return [a for a in R.legal_actions(s, seat) if a["type"] == "ability"]


def pass_prio(s):
    while s["dec"] and s["dec"]["kind"] == "prio":
        act(s, s["dec"]["seat"], {"type": "pass"})


# ---------------------------------------------------------------- KG-12.8 abilities

def test_kg_12_8_ability_in_the_opponents_main_phase_window():
    """A paid Tanuló utas may be used when the opponent plays a ship (KG-12.8: "bármelyik
    fázisban lehet használni, ez megszakításnak számít"); auto-pass does not skip a
    seat that holds a usable ability."""
    s = setup(["Kiképző Kolibri"], ["Tanuló utas"], cr=(10, 3))
    ship = on_table(s, A, "Kiképző Kolibri", "hand")
    u = on_table(s, B, "Tanuló utas", "canteen", paid=True)
    fresh(s)
    act(s, A, {"type": "play", "card": ship})
    assert s["dec"]["kind"] == "prio" and s["dec"]["seat"] == B
    assert abilities_offered(s, B) == [{"type": "ability", "card": u, "n": 0}]
    ev = act(s, B, {"type": "ability", "card": u, "n": 0})
    assert any(e["type"] == "ability" and e["card"] == u for e in ev)
    assert s["cards"][u]["rot"] == USED                  # the cost is paid at once
    pass_prio(s)                                         # both pass: the chain resolves
    assert s["p"][B]["cr"] == 4
    assert s["cards"][ship]["z"] == "hangar"
    assert s["dec"] == {"kind": "main", "seat": A}


def test_kg_12_8_ability_in_the_owners_start_phase():
    """KG-9.2.2 start-phase window: the active player may use an ability there."""
    s = setup([], ["Tanuló utas"], cr=(5, 0))
    u = on_table(s, B, "Tanuló utas", "canteen", paid=True)
    fresh(s)
    act(s, A, {"type": "end_turn"})
    while s["phase"] == "end" and s["dec"]["kind"] == "prio":
        act(s, s["dec"]["seat"], {"type": "pass"})
    assert s["active"] == B and s["phase"] == "start"
    assert s["dec"]["kind"] == "prio" and s["dec"]["ctx"] == "start" and s["dec"]["seat"] == B
    cr = s["p"][B]["cr"]
    act(s, B, {"type": "ability", "card": u, "n": 0})
    pass_prio(s)
    assert s["p"][B]["cr"] == cr + 1
    assert s["dec"] == {"kind": "main", "seat": B}


def test_kg_12_8_rescue_in_the_opponents_combat():
    """Gyakorló mentőkabin restores a defending ship in the opponent's combat: offered
    in the defender's firing decision and used as an interrupt (KG-12.8, KG-17.9: the
    combat window's subtype limit concerns interrupt cards only)."""
    s = setup(["Kiképző Kolibri"], ["Kiképző Szúnyog", "Gyakorló mentőkabin"], cr=(10, 10))
    att = on_table(s, A, "Kiképző Kolibri")
    dfn = on_table(s, B, "Kiképző Szúnyog")
    pod = on_table(s, B, "Gyakorló mentőkabin", "surface", paid=True)
    fresh(s)
    act(s, A, {"type": "attack", "target": "colony"})
    assert s["dec"]["kind"] == "prio" and s["dec"]["seat"] == B    # the target window
    assert abilities_offered(s, B)
    pass_prio(s)
    act(s, A, {"type": "commit", "ship": att})
    act(s, A, {"type": "done"})
    assert {"type": "ability", "card": pod, "n": 0, "target": dfn} in R.legal_actions(s, B)
    act(s, B, {"type": "commit", "ship": dfn})
    act(s, B, {"type": "done"})
    # A fires first (equal speed: the attacker, KG-9.7.2); B declines to return fire
    seen_in_prio = False
    while s["cards"][dfn]["dmg"] == 0:
        d = s["dec"]
        if d["kind"] == "fire" and d["seat"] == A:
            act(s, A, {"type": "fire", "ship": att, "target": dfn})
        elif d["kind"] == "ret":
            act(s, B, {"type": "no_return"})
        elif d["kind"] == "prio":
            if d["seat"] == B:
                seen_in_prio = seen_in_prio or bool(abilities_offered(s, B))
            act(s, d["seat"], {"type": "pass"})
        else:
            raise AssertionError(f"unexpected decision {d}")
    assert seen_in_prio                # the shot's pre-damage window (KG-9.7.6) offered it
    assert armor_now(s, dfn) == 1
    # B's own firing decision offers the rescue
    assert s["dec"]["kind"] == "fire" and s["dec"]["seat"] == B
    rescue = {"type": "ability", "card": pod, "n": 0, "target": dfn}
    assert rescue in R.legal_actions(s, B)
    act(s, B, rescue)
    assert s["cards"][pod]["z"] == "trash"                # sacrificed as the cost (KG-3.6)
    pass_prio(s)
    assert armor_now(s, dfn) == 2 and s["cards"][dfn]["rot"] == ACTIVE
    assert s["dec"]["kind"] == "fire" and s["dec"]["seat"] == B


def test_kg_7_1_3_an_ability_restricted_by_its_text_keeps_its_timing():
    """KG-7.1.3: "unless its text restricts it": ``"when": "own_main"`` keeps the
    ability to its owner's main phase (and out of every window)."""
    u = practice("Tanuló utas")
    u["effect"]["activated"][0]["when"] = "own_main"
    s = scenario([[practice("Kiképző Kolibri")] + filler(12), [u] + filler(12)])
    mid_game(s, A)
    s["p"][A]["cr"], s["p"][B]["cr"] = 10, 3
    ship = on_table(s, A, "Kiképző Kolibri", "hand")
    uid = on_table(s, B, "Tanuló utas", "canteen", paid=True)
    fresh(s)
    act(s, A, {"type": "play", "card": ship})
    assert s["dec"] == {"kind": "main", "seat": A}      # B was not asked: nothing to use
    act(s, A, {"type": "end_turn"})
    pass_prio(s)
    assert s["active"] == B and s["dec"] == {"kind": "main", "seat": B}
    assert {"type": "ability", "card": uid, "n": 0} in R.legal_actions(s, B)
