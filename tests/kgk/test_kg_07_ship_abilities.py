"""KGK rules, section 7: Ship abilities (``docs/rules/kgk/07-ship-abilities.md``):
each test names its rule (``test_kg_4_5_3_…``) or cites it in its docstring (KG-x.y).

The games start from the practice decks (``early_games``) or from positions written in the
scenario format (``positions``, ``asked_positions``; ``rulesets/kgk/SCENARIOS.md``); the
tests act through ``legal_actions``/``apply`` and look through ``view``."""

from __future__ import annotations

import pytest

from rulesets.base import IllegalAction
from rulesets.kgk import RULESET as R
from rulesets.kgk.state import armor_now, val

from .asked_positions import DANI, LACI, dec, position, seat, settle
from .combat_steps import declare, legal, ship, ship_of
from .early_games import A, B, formation_decision, on_table, pass_prio, setup, to_fire
from .helpers import act, filler, legal_types, mid_game, practice, scenario, ship_state


def test_kg_7_2_cloaking_cannot_be_targeted_by_cards_but_can_be_fired_at():
    s = setup(["Célgyakorlat", "Kiképző Kolibri"], ["Szimulátor-szonda", "Oktató Elmevadász"])
    ev = on_table(s, A, "Célgyakorlat", "hand")
    k = on_table(s, A, "Kiképző Kolibri")
    cl = on_table(s, B, "Szimulátor-szonda")
    e = on_table(s, B, "Oktató Elmevadász")
    targets = {a.get("target") for a in R.legal_actions(s, A)
               if a.get("card") == ev and a["type"] == "play"}
    assert targets == {e}
    to_fire(s, A, "colony", [k], [cl])                  # KG-17.25: firing is allowed
    if s["dec"]["seat"] == A:
        assert {"type": "fire", "ship": k, "target": cl} in R.legal_actions(s, A)


def test_kg_7_3_rapid_fire_cannot_be_returned():
    s = setup(["Oktató Gyorstüzelő"], ["Oktató Elmevadász"])
    g = on_table(s, A, "Oktató Gyorstüzelő")            # 3-3-4-2 rapid fire
    e = on_table(s, B, "Oktató Elmevadász")             # 4-2-3-1
    to_fire(s, A, "colony", [g], [e])
    act(s, B, {"type": "pass"})
    act(s, A, {"type": "fire", "ship": g, "target": e})
    assert s["dec"]["kind"] != "ret"
    assert s["cards"][e]["z"] == "trash" and armor_now(s, g) == 4


def test_kg_7_4_salvo_distribution_and_every_hit_active_ship_returns():
    """KG-7.4.1: Sorozatlövés spreads the firer's damage over the defending ships (``assign``
    to k, then g twice).
    The damage need not all be placed (KG-7.4.4); each ship it hit that is active may return
    fire (KG-7.4.3)."""
    s = setup(["Gyakorló Sortűzromboló"], [], active=B)
    s = setup([], ["Gyakorló Sortűzromboló", "Kiképző Kolibri"], active=A)
    s = setup(["Gyakorló Sortűzromboló"], ["Kiképző Kolibri", "Kiképző Szúnyog"], active=A)
    sal = on_table(s, A, "Gyakorló Sortűzromboló")        # 0-4-5-4 salvo
    k = on_table(s, B, "Kiképző Kolibri")                 # 5-1-1-1
    g = on_table(s, B, "Kiképző Szúnyog")                 # 5-1-2-0
    to_fire(s, A, "colony", [sal], [k, g])
    act(s, B, {"type": "pass"})                           # both B ships pass
    act(s, A, {"type": "fire", "ship": sal, "target": k})
    act(s, B, {"type": "no_return"})
    assert s["dec"]["kind"] == "assign" and s["dec"]["left"] == 4
    act(s, A, {"type": "assign", "ship": k})
    act(s, A, {"type": "assign", "ship": g})
    act(s, A, {"type": "assign", "ship": g})
    act(s, A, {"type": "assign_done"})                    # KG-7.4.4: 1 point unassigned
    # KG-7.4.3: Szúnyog was hit by the distribution and is active: it may return fire
    assert s["dec"]["kind"] == "ret" and s["dec"]["ship"] == g
    act(s, B, {"type": "return"})
    assert s["cards"][k]["z"] == "trash" and s["cards"][g]["z"] == "trash"
    assert armor_now(s, sal) == 4


def test_kg_7_5_formation_spreads_damage_within_armor():
    s, f1, f2 = formation_decision()
    assert s["dec"]["kind"] == "assign" and s["dec"]["why"] == "formation"
    act(s, B, {"type": "assign", "ship": f1})
    act(s, B, {"type": "assign", "ship": f2})
    act(s, B, {"type": "assign", "ship": f2})
    act(s, B, {"type": "assign", "ship": f1})
    assert armor_now(s, f1) == 1 and armor_now(s, f2) == 1


def test_kg_7_1_1_formation_is_optional():
    """KG-7.1.1 ("te döntöd el, hogy használod-e"): the defender may leave the damage on
    the ship it was dealt to. Spreading 4 damage over two armor-3 Kötelék ships would
    leave both at 1; not spreading loses one ship and keeps the other whole."""
    s, f1, f2 = formation_decision()
    assert {"type": "assign_done"} in R.legal_actions(s, B)
    act(s, B, {"type": "assign_done"})                   # Kötelék not used
    assert s["cards"][f1]["z"] == "trash"
    assert armor_now(s, f2) == 3


def test_kg_7_1_1_formation_may_stop_part_way():
    s, f1, f2 = formation_decision()
    act(s, B, {"type": "assign", "ship": f2})            # one point to f2, then stop
    act(s, B, {"type": "assign_done"})
    # The three points not spread stay on f1 (armor 3): it is destroyed; f2 took one.
    assert armor_now(s, f2) == 2 and s["cards"][f1]["z"] == "trash"


def test_kg_7_5_3_formation_not_against_salvo():
    s = setup(["Gyakorló Sortűzromboló"], ["Oktató Sólyom", "Tanszázad-vadász"])
    sal = on_table(s, A, "Gyakorló Sortűzromboló")
    f1 = on_table(s, B, "Oktató Sólyom")
    f2 = on_table(s, B, "Tanszázad-vadász")
    to_fire(s, A, "colony", [sal], [f1, f2])
    act(s, B, {"type": "pass"})
    act(s, A, {"type": "fire", "ship": sal, "target": f1})
    act(s, B, {"type": "no_return"})
    for _ in range(4):
        act(s, A, {"type": "assign", "ship": f1})
    assert s["cards"][f1]["z"] == "trash"


def test_kg_7_6_stealth_bombards_instead_of_firing():
    """KG-7.6.1: instead of firing, Lopakodás bombards at once (one card off the colony) and
    the ship turns used (``"H"``)."""
    s = setup(["Tanrovar"], ["Kiképző Szúnyog"])
    st = on_table(s, A, "Tanrovar")                       # 4-1-2-1 stealth
    g = on_table(s, B, "Kiképző Szúnyog")
    n = len(s["p"][B]["colony"])
    to_fire(s, A, "colony", [st], [g])
    act(s, B, {"type": "pass"})
    assert {"type": "stealth", "ship": st} in R.legal_actions(s, A)
    act(s, A, {"type": "stealth", "ship": st})
    assert len(s["p"][B]["colony"]) == n - 1 and ship_state(s, st)[0] == "H"


def test_kg_7_6_2_stealth_instead_of_returning_fire():
    s = setup(["Tanrovar"], ["Kiképző Kolibri"])
    st = on_table(s, A, "Tanrovar")
    k = on_table(s, B, "Kiképző Kolibri")
    n = len(s["p"][B]["colony"])
    to_fire(s, A, "colony", [st], [k])
    act(s, B, {"type": "fire", "ship": k, "target": st})
    assert legal_types(s, A) == {"return", "stealth", "no_return"}
    act(s, A, {"type": "stealth"})
    assert len(s["p"][B]["colony"]) == n - 1 and armor_now(s, st) == 1


def test_kg_7_7_heavy_weapons_two_credits_per_point_up_to_double():
    """KG-7.7; KG-9.9.3: the +1s last until the end of the combat phase (``firepower == 3``
    after the bombardment)."""
    s = setup(["Kiképző Kolibri"], ["Tanmodul-vadász"], active=B)
    k = on_table(s, A, "Kiképző Kolibri")
    h = on_table(s, B, "Tanmodul-vadász")                 # 3-3-2-1 heavy weapons
    act(s, B, {"type": "attack", "target": "colony"})
    act(s, B, {"type": "commit", "ship": h})
    act(s, B, {"type": "done"})
    act(s, A, {"type": "commit", "ship": k})
    act(s, A, {"type": "done"})
    act(s, A, {"type": "pass"})
    for n in range(3):
        act(s, B, {"type": "heavy", "ship": h})
        assert val(s, h, "firepower") == 4 + n
    assert {"type": "heavy", "ship": h} not in R.legal_actions(s, B)   # 6 = 2 x 3
    assert s["p"][B]["cr"] == 14
    act(s, B, {"type": "pass"})
    act(s, A, {"type": "pass"}) if s["dec"]["kind"] == "fire" else None
    while s["dec"]["kind"] == "bomb":
        act(s, B, {"type": "bombard"})
    assert val(s, h, "firepower") == 3                   # ends with the combat phase


def test_kg_7_8_repair_turns_used_instead_of_damaged():
    s = setup(["Kiképző Kolibri"], ["Tanfullánk"])
    k = on_table(s, A, "Kiképző Kolibri")
    r = on_table(s, B, "Tanfullánk")                      # repair
    to_fire(s, A, "colony", [k], [r])
    act(s, A, {"type": "fire", "ship": k, "target": r})
    act(s, B, {"type": "no_return"})
    act(s, B, {"type": "pass"}) if s["dec"]["seat"] == B else None
    while s["dec"]["kind"] == "fire":
        act(s, s["dec"]["seat"], {"type": "pass"})
    assert ship_state(s, r)[0] == "H"


def test_kg_7_9_pyrotechnics_discards_own_colony_for_bombard():
    """KG-7.9 / KG-9.8.9: Tűzszerészet is used in the bombardment step (``pyro`` after the
    bomber is designated); KG-9.9.3: its bonus ends with the combat phase
    (``bombard == 3`` after)."""
    s = setup(["Próbabogár"], [])
    p = on_table(s, A, "Próbabogár")                      # bombard 3
    own = len(s["p"][A]["colony"])
    theirs = len(s["p"][B]["colony"])
    act(s, A, {"type": "attack", "target": "colony"})
    act(s, A, {"type": "commit", "ship": p})
    act(s, A, {"type": "done"})
    act(s, A, {"type": "bomber", "ship": p})
    for _ in range(3):
        act(s, A, {"type": "pyro", "ship": p})
    assert {"type": "pyro", "ship": p} not in R.legal_actions(s, A)
    act(s, A, {"type": "bombard"})
    assert len(s["p"][A]["colony"]) == own - 3 and len(s["p"][B]["colony"]) == theirs - 6
    assert val(s, p, "bombard") == 3


def test_kg_7_4_2_salvo_on_return_fire():
    s = setup(["Kiképző Kolibri", "Kiképző Szúnyog"], ["Gyakorló Sortűzromboló"])
    k = on_table(s, A, "Kiképző Kolibri")                 # 5-1-1-1
    g = on_table(s, A, "Kiképző Szúnyog")                 # 5-1-2-0
    sal = on_table(s, B, "Gyakorló Sortűzromboló")        # 0-4-5-4 salvo
    to_fire(s, A, "colony", [k, g], [sal])
    act(s, A, {"type": "fire", "ship": k, "target": sal})
    act(s, B, {"type": "return"})
    assert s["dec"]["kind"] == "assign" and s["dec"]["seat"] == B
    act(s, B, {"type": "assign", "ship": k})
    act(s, B, {"type": "assign", "ship": g})
    act(s, B, {"type": "assign", "ship": g})
    act(s, B, {"type": "assign_done"})
    # Szúnyog was hit by the salvo and is active: it may fire back at the salvo ship
    assert s["dec"] == {"kind": "ret", "seat": A, "ship": g, "salvo_return": True, "at": sal}
    act(s, A, {"type": "return"})
    assert s["cards"][k]["z"] == "trash" and s["cards"][g]["z"] == "trash"
    assert armor_now(s, sal) == 3


def test_kg_7_8_repair_outside_combat_turns_used():
    s = setup(["Célgyakorlat"], ["Tanfullánk"])
    ev = on_table(s, A, "Célgyakorlat", "hand")
    r = on_table(s, B, "Tanfullánk")
    act(s, A, {"type": "play", "card": ev, "target": r})
    assert ship_state(s, r) == ("H", 1, "hangar")


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
