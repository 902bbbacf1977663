"""Interrupt windows and what may be added in them: activated abilities in any phase
(KG-12.8, KG-7.1.3, KG-17.9), face-down targets (KG-11.3, KG-11.10) and reaction
windows after every action (KG-10.7 "bármikor").

Scenario tests: each builds a position from the shipped practice cards and checks
the one reading it names, with ``auto_pass`` on (the default) unless it says so."""

from __future__ import annotations

from rulesets.kgk import RULESET as R
from rulesets.kgk.state import ACTIVE, USED, armor_now

from .helpers import act, filler, mid_game, practice, rec, scenario
from .test_rules import A, B, on_table, setup


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
    combat window's subtype limit concerns interrupt cards only).
    It is offered in the shot's window before the damage (KG-9.7.6)."""
    s = setup(["Kiképző Kolibri"], ["Kiképző Szúnyog", "Gyakorló mentőkabin"], cr=(10, 10))
    att = on_table(s, A, "Kiképző Kolibri")
    dfn = on_table(s, B, "Kiképző Szúnyog")
    pod = on_table(s, B, "Gyakorló mentőkabin", "surface", paid=True)
    act(s, A, {"type": "attack", "target": "colony"})
    assert s["dec"]["kind"] == "prio" and s["dec"]["seat"] == B    # the target window
    assert abilities_offered(s, B)
    pass_prio(s)
    act(s, A, {"type": "commit", "ship": att})
    pass_prio(s)                       # a designation opens a window too (bármikor)
    act(s, A, {"type": "done"})
    assert {"type": "ability", "card": pod, "n": 0, "target": dfn} in R.legal_actions(s, B)
    act(s, B, {"type": "commit", "ship": dfn})
    pass_prio(s)
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
    act(s, A, {"type": "play", "card": ship})
    assert s["dec"] == {"kind": "main", "seat": A}      # B was not asked: nothing to use
    act(s, A, {"type": "end_turn"})
    pass_prio(s)
    assert s["active"] == B and s["dec"] == {"kind": "main", "seat": B}
    assert {"type": "ability", "card": uid, "n": 0} in R.legal_actions(s, B)


# ---------------------------------------------------------------- KG-11.3, KG-11.10 targets

SABOTAGE = {"target": {"kind": "base", "side": "opponent"}, "ops": [{"op": "destroy"}]}
DISARM_CREW = {"target": {"kind": "crew", "side": "opponent"}, "ops": [{"op": "destroy"}]}


def hidden_target_game():
    """A holds an event that destroys an opponent's base and an interrupt that
    destroys an opponent's crew; B has a face-down base and a face-down crew aboard a
    ship (each unpaid: in play all the same, KG-11.10)."""
    ev = rec("szabotazs", "Szabotázs", "event", "general", 1, effect=SABOTAGE)
    ir = rec("lefegyverzes", "Lefegyverzés", "interrupt", "general", 1, effect=DISARM_CREW)
    s = scenario([[ev, ir] + filler(12),
                  [practice("Tanműhely"), practice("Oktatótiszt"),
                   practice("Kiképző Szúnyog")] + filler(12)])
    mid_game(s, A)
    s["p"][A]["cr"], s["p"][B]["cr"] = 10, 10
    e = on_table(s, A, "Szabotázs", "hand")
    i = on_table(s, A, "Lefegyverzés", "hand")
    base = on_table(s, B, "Tanműhely", "surface", paid=False)
    ship = on_table(s, B, "Kiképző Szúnyog")
    crew = on_table(s, B, "Oktatótiszt", "att", ship=ship, paid=False)
    return s, e, i, base, ship, crew


def test_kg_11_10_an_event_may_target_a_face_down_base():
    """KG-11.3 (a target is a chosen card in play), KG-11.10 (unpaid cards are in play
    too): Szabotázs may target B's face-down base. A names it by where it lies; its id
    appears in no legal action, view or event A or a spectator gets (KG-12.3)."""
    s, e, _i, base, _ship, _crew = hidden_target_game()
    legal = R.legal_actions(s, A)
    play = {"type": "play", "card": e, "target_seat": B, "target_zone": "surface",
            "target_pos": 0}
    assert play in legal
    assert not any(a.get("target") == base for a in legal)
    ev = act(s, A, play)
    for viewer in (A, None):
        shown = [R.event_view(x, viewer) for x in ev]
        assert not any(x.get("card") == base or x.get("target") == base for x in shown)
        chain = R.view(s, viewer)["chain"]
        assert chain[-1]["target"] == {"hidden": True, "seat": B, "zone": "surface", "pos": 0}
    played = next(x for x in ev if x["type"] == "played")
    assert played["target_where"] == {"seat": B, "zone": "surface", "pos": 0}
    while s["dec"]["kind"] == "prio":
        act(s, s["dec"]["seat"], {"type": "pass"})
    assert s["cards"][base]["z"] == "ruin"        # destroyed unpaid: to the ruin (KG-6.11.1)
    assert s["p"][B]["surface"] == []


def test_kg_11_3_an_interrupt_may_target_a_face_down_crew_aboard_a_ship():
    s, _e, i, _base, ship, crew = hidden_target_game()
    play = {"type": "play", "card": i, "target_seat": B, "target_zone": "ship",
            "target_ship": ship, "target_pos": 0}
    legal = R.legal_actions(s, A)
    assert play in legal
    assert not any(a.get("target") == crew for a in legal)
    ev = act(s, A, play)
    assert not any(R.event_view(x, A).get("target") == crew for x in ev)
    pass_prio(s)
    assert s["cards"][crew]["z"] == "ruin" and s["cards"][ship]["att"] == []


# ---------------------------------------------------------------- reaction windows (KG-4.7.1)

def test_kg_4_7_1_a_reaction_interrupt_answers_a_development():
    """Reaction interrupts may be played "bármikor" (at any time, KG-4.7.1): B holding
    Zarg vészpajzs gets a window after A develops a base, with auto-pass on."""
    s = setup(["Tanműhely"], ["Zarg vészpajzs", "Kiképző Szúnyog"], cr=(5, 5))
    base = on_table(s, A, "Tanműhely", "surface", paid=False)
    shield = on_table(s, B, "Zarg vészpajzs", "hand")
    ship = on_table(s, B, "Kiképző Szúnyog")
    act(s, A, {"type": "develop", "base": base})
    assert s["dec"] == {"kind": "prio", "ctx": "main", "seat": B, "passes": 0}
    act(s, B, {"type": "play", "card": shield, "target": ship})
    pass_prio(s)
    assert armor_now(s, ship) == 4 and s["cards"][base]["dev"] == 1
    assert s["dec"] == {"kind": "main", "seat": A}
    # the main list after the window is the full one (the derived list is not reused)
    assert {"type": "develop", "base": base} in R.legal_actions(s, A)


def test_kg_4_7_1_no_window_when_nobody_could_answer_with_auto_pass_on():
    """With auto-pass on a seat with nothing to add is skipped, as in every window:
    developing, drawing and placing face down keep A's main decision."""
    s = setup(["Tanműhely", "Oktatótiszt"], ["Kiképző Szúnyog"], cr=(5, 5))
    base = on_table(s, A, "Tanműhely", "surface", paid=False)
    crew = on_table(s, A, "Oktatótiszt", "hand")
    on_table(s, B, "Kiképző Szúnyog")
    for a in ({"type": "develop", "base": base}, {"type": "draw"},
              {"type": "place", "card": crew, "as": "crew"}):
        act(s, A, a)
        assert s["dec"] == {"kind": "main", "seat": A}, a


def test_kg_10_7_windows_after_every_action_with_auto_pass_off():
    """With auto-pass off every seat that holds a card is asked after a draw, a
    development, a face-down play and a designation (KG-10.7: reaction interrupts in
    every phase and step; KG-12.3: whether it is asked never depends on what it holds)."""
    # (setup gives each seat a filler card in hand without auto-pass: B holds a card,
    # but no interrupt)
    s = setup(["Tanműhely", "Oktatótiszt", "Kiképző Kolibri"], ["Kiképző Szúnyog"],
              cr=(5, 5), auto_pass=False)
    base = on_table(s, A, "Tanműhely", "surface", paid=False)
    crew = on_table(s, A, "Oktatótiszt", "hand")
    att = on_table(s, A, "Kiképző Kolibri")
    on_table(s, B, "Kiképző Szúnyog")
    for a in ({"type": "develop", "base": base}, {"type": "draw"},
              {"type": "place", "card": crew, "as": "crew"}):
        ev = act(s, A, a)
        assert s["dec"]["kind"] == "prio" and s["dec"]["ctx"] == "main"
        assert s["dec"]["seat"] == B, a
        assert R.legal_actions(s, B) == [{"type": "pass"}]
        pass_prio(s)
        assert s["dec"] == {"kind": "main", "seat": A}
    assert ev[0]["type"] == "place" and "card" not in R.event_view(ev[0], B)
    act(s, A, {"type": "attack", "target": "colony"})
    pass_prio(s)
    act(s, A, {"type": "commit", "ship": att})
    assert s["dec"]["kind"] == "prio" and s["dec"]["ctx"] == "combat"
    assert s["dec"]["seat"] == B
    pass_prio(s)
    assert s["dec"] == {"kind": "equip", "seat": A}
