"""KGK rule coverage, sections 7 and 9.4-9.9: the combat phase, step by step.

Every position is a scenario document (``rulesets/kgk/SCENARIOS.md``) built from the
shipped cards; the tests drive the game through ``legal_actions``/``apply`` and read it
through ``view`` only, so they survive changes to the engine's internals.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.base import IllegalAction

from .helpers import R, act
from .rules_b import DANI, FILL, LACI, dec, position, seat, settle


def ship(slug: str, label: str, **kw: Any) -> dict[str, Any]:
    return {"card": slug, "label": label, **kw}


def step(s) -> str | None:
    cb = R.view(s, DANI)["combat"]
    return cb["step"] if cb else None


def ship_of(s, cid: int) -> dict[str, Any] | None:
    """A ship as the view shows it (to either seat: ships are public), None when gone."""
    for p in R.view(s, DANI)["players"]:
        for v in p["hangar"]:
            if v["id"] == cid:
                return v
    return None


def legal(s, who: int) -> list[dict[str, Any]]:
    return R.legal_actions(s, who)


def declare(s, target: str, attackers: list[int], defenders: list[int] | None,
            **extra: Any) -> None:
    """Dani attacks ``target`` with ``attackers``; Laci defends with ``defenders``
    (None: Laci is not asked, e.g. he has no active ship)."""
    act(s, DANI, {"type": "attack", "target": target, **extra})
    settle(s)
    for x in attackers:
        act(s, DANI, {"type": "commit", "ship": x})
        settle(s)
    act(s, DANI, {"type": "done"})
    settle(s)
    if defenders is not None:
        assert dec(s) == {"kind": "equip", "seat": LACI}
        for x in defenders:
            act(s, LACI, {"type": "commit", "ship": x})
            settle(s)
        act(s, LACI, {"type": "done"})
        settle(s)


def pass_until_bomb(s) -> None:
    while (d := dec(s)) is not None and d["kind"] in ("fire", "prio"):
        act(s, d["seat"], {"type": "pass"})
    assert d is not None, "the combat ended before the bombardment step"


# ---------------------------------------------------------------- KG-9.4 the combat phase

def test_kg_9_4_4_steps_in_order_and_kg_9_4_6_main_phase_continues():
    """KG-9.4.1 a combat phase starts at the declaration, with its target; KG-9.4.4 equip,
    payment, firing and bombardment in that order, the disarm step closing the combat;
    KG-9.4.6 then the main phase goes on;
    KG-9.3.1 another attack may follow in the same turn, with a combat phase of its own.
    (The combat phase: KG-9.4.)"""
    s, c = position(
        seat(hangar=[ship("practice-oktato-elmevadasz", "a1", attached=[
            {"card": "practice-kikepzo-lezeragyu", "label": "gun"}]),
            ship("practice-kikepzo-szunyog", "a2")]),
        seat(hangar=[ship(FILL, "d1")]))
    assert step(s) is None
    act(s, DANI, {"type": "attack", "target": "colony"})
    assert R.view(s, LACI)["combat"]["target"] == {"kind": "colony"}       # KG-9.4.1
    seen = []

    def note() -> None:
        if step(s) and step(s) not in seen:
            seen.append(step(s))
    note()
    settle(s)
    act(s, DANI, {"type": "commit", "ship": c["a1"]})
    act(s, DANI, {"type": "done"})
    note()
    act(s, LACI, {"type": "commit", "ship": c["d1"]})
    act(s, LACI, {"type": "done"})
    note()
    assert dec(s) == {"kind": "pay", "seat": DANI}
    act(s, DANI, {"type": "pay", "card": c["gun"]})
    settle(s)
    if dec(s)["kind"] == "pay":
        act(s, DANI, {"type": "done"})
    note()
    while dec(s)["kind"] in ("fire", "prio", "ret"):
        note()
        act(s, dec(s)["seat"], {"type": "pass"} if dec(s)["kind"] != "ret"
            else {"type": "no_return"})
    note()
    assert dec(s)["kind"] == "bomb"
    act(s, DANI, {"type": "bomber", "ship": c["a1"]})
    act(s, DANI, {"type": "bombard"})
    settle(s)
    steps = [x for x in seen if x != "target"]
    assert steps == ["equip", "pay", "fire", "bomb"]
    # KG-9.4.6: the disarm step closed the combat phase and the main phase goes on
    assert step(s) is None and dec(s) == {"kind": "main", "seat": DANI}
    # KG-9.3.1: Szúnyog, still active, attacks again: a new combat phase, its own target
    assert {"type": "attack", "target": "central"} in legal(s, DANI)
    act(s, DANI, {"type": "attack", "target": "central"})
    assert R.view(s, DANI)["combat"]["target"] == {"kind": "central"}
    settle(s)
    assert {a.get("ship") for a in legal(s, DANI) if a["type"] == "commit"} == {c["a2"]}


def test_kg_9_4_5_only_designated_ships_take_part():
    """KG-9.4.5 / KG-11.25.4: a ship not designated in the equip step can neither be
    fired at nor fire nor bombard."""
    s, c = position(
        seat(hangar=[ship("practice-oktato-elmevadasz", "a1"), ship(FILL, "a2")]),
        seat(hangar=[ship("practice-kikepzo-szunyog", "d1"), ship(FILL, "d2")]))
    declare(s, "colony", [c["a1"]], [c["d1"]])
    assert dec(s)["kind"] == "fire"
    fires = [a for a in legal(s, dec(s)["seat"]) if a["type"] == "fire"]
    assert fires and {a["ship"] for a in fires} <= {c["a1"], c["d1"]}
    assert {a["target"] for a in fires} <= {c["a1"], c["d1"]}
    with pytest.raises(IllegalAction):
        R.apply(s, LACI, {"type": "fire", "ship": c["d2"], "target": c["a1"]})
    pass_until_bomb(s)
    bombers = {a["ship"] for a in legal(s, DANI) if a["type"] == "bomber"}
    assert bombers == {c["a1"]}


# ---------------------------------------------------------------- KG-9.5 equip

def test_kg_9_5_3_defender_chooses_which_active_ships_defend_or_none():
    """KG-9.5.3: the defender decides whether and with which of his active ships
    (KG-11.1: paid and unrotated) he defends; a used ship is not offered. (Equip: KG-9.5.)"""
    s, c = position(
        seat(hangar=[ship("practice-oktato-elmevadasz", "a1")]),
        seat(hangar=[ship("practice-kikepzo-szunyog", "d1"), ship(FILL, "d2"),
                     ship(FILL, "d3", state="used")]))
    act(s, DANI, {"type": "attack", "target": "colony"})
    settle(s)
    act(s, DANI, {"type": "commit", "ship": c["a1"]})
    act(s, DANI, {"type": "done"})
    assert dec(s) == {"kind": "equip", "seat": LACI}
    offered = {a["ship"] for a in legal(s, LACI) if a["type"] == "commit"}
    assert offered == {c["d1"], c["d2"]}                                  # not the used d3
    assert {"type": "done"} in legal(s, LACI)                             # may not defend
    act(s, LACI, {"type": "commit", "ship": c["d2"]})
    act(s, LACI, {"type": "done"})
    settle(s)
    assert set(R.view(s, DANI)["combat"]["ships"]) == {c["a1"], c["d2"]}


def test_kg_9_5_4_defender_boards_crews_and_kg_9_5_6_no_armament_placed():
    """KG-9.5.4: the defender may put active crews of his canteen onto his participating
    ships, within capacity (KG-9.5.2); KG-9.5.6: no armament is placed in the equip step
    (a hand armament is not offered, to either side)."""
    s, c = position(
        seat(hand=["practice-kikepzo-lezeragyu"],
             hangar=[ship("practice-oktato-elmevadasz", "a1")]),
        seat(hand=["practice-gyakorlo-plazmaagyu"],
             hangar=[ship(FILL, "d1"), ship("practice-oktato-elmevadasz", "d2")],
             canteen=[{"card": "practice-oktatotiszt", "label": "cr1", "paid": True}]))
    act(s, DANI, {"type": "attack", "target": "colony"})
    settle(s)
    assert not any(a["type"] == "place" for a in legal(s, DANI))
    act(s, DANI, {"type": "commit", "ship": c["a1"]})
    act(s, DANI, {"type": "done"})
    act(s, LACI, {"type": "commit", "ship": c["d2"]})
    boards = [a for a in legal(s, LACI) if a["type"] == "board"]
    # onto the participating ship only, not onto d1 which stays out of the combat
    assert boards == [{"type": "board", "crew": c["cr1"], "ship": c["d2"]}]
    assert not any(a["type"] == "place" for a in legal(s, LACI))
    act(s, LACI, boards[0])
    act(s, LACI, {"type": "done"})
    settle(s)
    d2 = ship_of(s, c["d2"])
    assert [x["id"] for x in d2["att"]] == [c["cr1"]]
    assert d2["firepower"] == 3 and d2["speed"] == 5                      # +1 / +1 aboard


# ---------------------------------------------------------------- KG-9.6 payment

def test_kg_9_6_5_a_payment_in_the_payment_step_is_an_interrupt():
    """KG-9.6.5 / KG-10.1.3: paying an armament in the payment step is an interrupt the
    defender may answer: Laci's Gyakorló ellenparancs neutralises it (KG-10.9), so the
    armament leaves play without effect and Dani's credits are lost (KG-11.18)."""
    s, c = position(
        seat(credits=10, hangar=[ship("practice-oktato-elmevadasz", "a1", attached=[
            {"card": "practice-kikepzo-lezeragyu", "label": "gun"}])]),
        seat(hand=[{"card": "practice-gyakorlo-ellenparancs", "label": "counter"}],
             hangar=[ship(FILL, "d1")]),
        options={"auto_pass": False})
    declare(s, "colony", [c["a1"]], [c["d1"]])
    assert dec(s) == {"kind": "pay", "seat": DANI}
    act(s, DANI, {"type": "pay", "card": c["gun"]})
    assert R.view(s, DANI)["players"][DANI]["credits"] == 8               # paid at once
    assert dec(s)["kind"] == "prio" and dec(s)["seat"] == LACI
    answer = [a for a in legal(s, LACI) if a["type"] == "play" and a["card"] == c["counter"]]
    assert answer, legal(s, LACI)
    act(s, LACI, answer[0])
    settle(s)
    a1 = ship_of(s, c["a1"])
    assert a1["att"] == [] and a1["firepower"] == 2                        # no +2
    assert c["gun"] in [x["id"] for x in R.view(s, DANI)["players"][DANI]["trash"]]
    assert R.view(s, DANI)["players"][DANI]["credits"] == 8                # not refunded


# ---------------------------------------------------------------- KG-9.7 firing

def test_kg_9_7_1_and_9_7_11_ships_act_in_speed_order():
    """KG-9.7.1 the fastest participating ship acts first; KG-9.7.11 then the next
    fastest; KG-9.7.3 a run of one side's ships ahead of the other's next ship may act
    in any order. Speeds: Laci 5, Dani 4 and 3, Laci 2."""
    s, c = position(
        seat(hangar=[ship("practice-oktato-elmevadasz", "a4"),
                     ship("practice-tanmodul-vadasz", "a3")]),
        seat(hangar=[ship("practice-kikepzo-szunyog", "d5"),
                     ship("practice-zarg-celbabu", "d2")]))
    declare(s, "colony", [c["a4"], c["a3"]], [c["d5"], c["d2"]])
    assert (dec(s)["seat"], dec(s)["allowed"]) == (LACI, [c["d5"]])
    act(s, LACI, {"type": "fire", "ship": c["d5"], "target": c["a3"]})
    act(s, DANI, {"type": "no_return"})
    settle(s)
    assert dec(s)["seat"] == DANI and set(dec(s)["allowed"]) == {c["a4"], c["a3"]}
    act(s, DANI, {"type": "fire", "ship": c["a3"], "target": c["d5"]})   # used: no return
    settle(s)
    assert (dec(s)["seat"], dec(s)["allowed"]) == (DANI, [c["a4"]])
    act(s, DANI, {"type": "fire", "ship": c["a4"], "target": c["d2"]})
    if dec(s)["kind"] == "ret":
        act(s, LACI, {"type": "no_return"})
    settle(s)
    assert (dec(s)["seat"], dec(s)["allowed"]) == (LACI, [c["d2"]])


def test_kg_9_7_7_rotation_and_kg_9_7_12_no_second_shot_damage_adds_up():
    """KG-9.7.7: the firing ship turns used; a target that returned fire turns used too,
    one that did not stays active and fires later. KG-9.7.12: a ship that fired or
    returned fire cannot fire again, and damage adds up over the combat. KG-9.7.10: a
    hit ship is not damaged yet."""
    s, c = position(
        seat(hangar=[ship("practice-kikepzo-szunyog", "a5"),
                     ship("practice-oktato-elmevadasz", "a4")]),
        seat(hangar=[ship("practice-gyakorlo-bastyahajo", "big"),
                     ship("practice-zarg-celbabu", "d2")]))
    declare(s, "colony", [c["a5"], c["a4"]], [c["big"], c["d2"]])
    act(s, DANI, {"type": "fire", "ship": c["a5"], "target": c["big"]})
    assert dec(s) == {"kind": "ret", "seat": LACI, "ship": c["big"]}
    act(s, LACI, {"type": "no_return"})
    settle(s)
    big = ship_of(s, c["big"])
    assert big["rot"] == 0 and big["hit"] and big["armor_now"] == 5        # active, hit
    assert ship_of(s, c["a5"])["rot"] == 1                                 # firer used
    assert c["a5"] not in dec(s)["allowed"]
    act(s, DANI, {"type": "fire", "ship": c["a4"], "target": c["big"]})
    act(s, LACI, {"type": "return"})
    settle(s)
    assert ship_of(s, c["big"])["armor_now"] == 6 - 1 - 2                  # cumulative
    assert ship_of(s, c["big"])["rot"] == 1                                # returned: used
    assert ship_of(s, c["a4"]) is None                                     # 3 armor, 4 damage
    # the used Bástyahajó may not fire again: only the Célbábu is left to act for Laci
    assert dec(s)["seat"] == LACI and dec(s)["allowed"] == [c["d2"]]


def test_kg_9_7_14_damaged_ships_cannot_bombard():
    """KG-9.7.13 / KG-9.7.14: a ship hit in the firing step is damaged at its end and
    cannot bombard; an unhit active one can."""
    s, c = position(
        seat(hangar=[ship("practice-oktato-elmevadasz", "a4"),
                     ship("practice-tanmodul-vadasz", "a3")]),
        seat(hangar=[ship("practice-kikepzo-szunyog", "d5")]))
    declare(s, "colony", [c["a4"], c["a3"]], [c["d5"]])
    act(s, LACI, {"type": "fire", "ship": c["d5"], "target": c["a4"]})
    act(s, DANI, {"type": "no_return"})
    settle(s)
    pass_until_bomb(s)
    assert ship_of(s, c["a4"])["rot"] == 2
    assert {a["ship"] for a in legal(s, DANI) if a["type"] == "bomber"} == {c["a3"]}


def test_kg_12_6_2_armor_never_below_zero():
    """KG-12.6.2: 0 is the lowest value a card can have: 4 damage on a ship with 1 armor
    takes it to 0, not to -3, so it is destroyed like any ship at 0 armor (KG-9.7.8);
    the views show no armor below 0."""
    s, c = position(
        seat(hangar=[ship("practice-gyakorlo-bastyahajo", "big")]),     # firepower 4
        seat(hangar=[ship(FILL, "d1")]))                                 # armor 1
    declare(s, "colony", [c["big"]], [c["d1"]])
    act(s, LACI, {"type": "pass"})
    act(s, DANI, {"type": "fire", "ship": c["big"], "target": c["d1"]})
    act(s, LACI, {"type": "return"})
    settle(s)
    assert ship_of(s, c["d1"]) is None
    assert c["d1"] in [x["id"] for x in R.view(s, DANI)["players"][LACI]["trash"]]
    for q in (DANI, LACI):
        for p in R.view(s, q)["players"]:
            assert all(v["armor_now"] >= 0 for v in p["hangar"])
    assert ship_of(s, c["big"])["armor_now"] == 5                         # 6 - 1 returned


# ---------------------------------------------------------------- KG-9.8 bombardment

def test_kg_9_8_1_designated_ships_bombard_together():
    """KG-9.8.1: the attacker designates which active participating ships bombard; the
    total is the sum of their bombard values (KG-11.25.1); a ship not designated does not
    bombard and is not turned (the designated ones are, KG-9.8.7)."""
    s, c = position(
        seat(hangar=[ship("practice-gyakorlo-bastyahajo", "b4"),     # bombard 4
                     ship("practice-oktato-gyorstuzelo", "b2"),      # bombard 2
                     ship(FILL, "b1")]),                              # bombard 1
        seat())
    before = R.view(s, DANI)["players"][LACI]["colony"]
    declare(s, "colony", [c["b4"], c["b2"], c["b1"]], None)
    assert dec(s)["kind"] == "bomb"
    act(s, DANI, {"type": "bomber", "ship": c["b4"]})
    act(s, DANI, {"type": "bomber", "ship": c["b1"]})
    act(s, DANI, {"type": "bombard"})
    settle(s)
    assert R.view(s, DANI)["players"][LACI]["colony"] == before - 5
    rot = {k: ship_of(s, c[k])["rot"] for k in ("b4", "b2", "b1")}
    assert rot == {"b4": 1, "b2": 0, "b1": 1}


# ---------------------------------------------------------------- KG-7 abilities

def test_kg_7_1_2_a_combat_ability_waits_for_its_ships_turn():
    """KG-7.1.2: a ship ability used in combat is used when the ship gets its turn by
    speed: while Laci's faster ship has the turn, Dani's Tanrovar offers neither its
    Lopakodás nor a shot; once the turn is Dani's, it does."""
    s, c = position(
        seat(hangar=[ship("practice-tanrovar", "st")]),            # speed 4, stealth
        seat(hangar=[ship("practice-kikepzo-szunyog", "d5")]))
    declare(s, "colony", [c["st"]], [c["d5"]])
    assert dec(s)["seat"] == LACI
    assert legal(s, DANI) == []
    with pytest.raises(IllegalAction):
        R.apply(s, DANI, {"type": "stealth", "ship": c["st"]})
    act(s, LACI, {"type": "pass"})
    assert {"type": "stealth", "ship": c["st"]} in legal(s, DANI)


def test_kg_7_1_4_heavy_weapons_cap_is_twice_the_printed_firepower():
    """KG-7.1.4 / KG-11.2: the base value is the printed one, whatever is on the ship.
    Tanmodul-vadász (firepower 3) with a paid +2 weapon fires at 5; Nehéz fegyverzet
    may raise it to 2 x 3 = 6 only, one step, not to 2 x 5."""
    s, c = position(
        seat(credits=20, hangar=[ship("practice-tanmodul-vadasz", "h", attached=[
            {"card": "practice-gyakorlo-plazmaagyu", "paid": True}])]),
        seat(hangar=[ship("practice-zarg-celbabu", "d2")]))
    declare(s, "colony", [c["h"]], [c["d2"]])
    assert dec(s)["seat"] == DANI
    assert ship_of(s, c["h"])["firepower"] == 5
    act(s, DANI, {"type": "heavy", "ship": c["h"]})
    settle(s)
    assert ship_of(s, c["h"])["firepower"] == 6
    assert {"type": "heavy", "ship": c["h"]} not in legal(s, DANI)
    assert R.view(s, DANI)["players"][DANI]["credits"] == 18


def test_kg_7_5_2_formation_never_puts_more_than_a_ships_armor_on_it():
    """KG-7.5.1 the defender spreads the firer's damage over his Kötelék ships in the
    combat; KG-7.5.2 never more on one than its armor: once a ship carries damage equal
    to its armor it is no longer offered."""
    s, c = position(
        seat(hangar=[ship("practice-gyakorlo-bastyahajo", "big")]),      # firepower 4
        seat(hangar=[ship("practice-oktato-solyom", "f1"),                # armor 3
                     ship("practice-xeno-gyakorlo-okol", "f2", damage=1)]))  # 3 armor, 2 left
    declare(s, "colony", [c["big"]], [c["f1"], c["f2"]])
    act(s, LACI, {"type": "pass"})
    act(s, DANI, {"type": "fire", "ship": c["big"], "target": c["f1"]})
    act(s, LACI, {"type": "no_return"})
    assert dec(s)["kind"] == "assign"
    act(s, LACI, {"type": "assign", "ship": c["f2"]})
    act(s, LACI, {"type": "assign", "ship": c["f2"]})
    assert {"type": "assign", "ship": c["f2"]} not in legal(s, LACI)       # at its armor
    while dec(s)["kind"] == "assign":          # the rest goes on f1, the only one left
        assert legal(s, LACI) == [{"type": "assign", "ship": c["f1"]}] or \
            {"type": "assign", "ship": c["f2"]} not in legal(s, LACI)
        act(s, LACI, {"type": "assign", "ship": c["f1"]})
    settle(s)
    assert ship_of(s, c["f1"])["armor_now"] == 1
    assert ship_of(s, c["f2"]) is None                                     # 3 damage on 3
