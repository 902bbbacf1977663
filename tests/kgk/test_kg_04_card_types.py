"""KGK rules, section 4: Card types and subtypes (``docs/rules/kgk/04-card-types.md``):
each test names its rule (``test_kg_4_5_3_…``) or cites it in its docstring (KG-x.y).

The games start from the practice decks (``early_games``) or from positions written in the
scenario format (``positions``, ``asked_positions``; ``rulesets/kgk/SCENARIOS.md``); the
tests act through ``legal_actions``/``apply`` and look through ``view``."""

from __future__ import annotations

import pytest

from rulesets.base import IllegalAction
from rulesets.kgk import RULESET as R
from rulesets.kgk import shipped_cards
from rulesets.kgk.state import armor_now, val

from .early_games import (
    A,
    B,
    bomb_setup,
    bombard_with,
    maybe,
    on_table,
    pass_firing,
    pass_prio,
    setup,
    to_fire,
)
from .helpers import act, filler, legal_types, mid_game, put, scenario, ship_state
from .positions import (
    DANI,
    FILL,
    LACI,
    ROT,
    attack,
    bombard,
    deciding,
    do,
    finish_combat,
    legal,
    me,
    pass_until,
    position,
    seat,
    ship,
    step,
    to_decision,
)

CARDS = shipped_cards()


ELME = "practice-oktato-elmevadasz"        # fighter 4-2-3-1 (capacity 2)


SOLYOM = "practice-oktato-solyom"          # fighter 4-2-3-1


BASTYA = "practice-gyakorlo-bastyahajo"    # destroyer 1-4-6-4 (4 spaces)


LEZER = "practice-kikepzo-lezeragyu"       # weapon Tt+2


RAKETA = "practice-probaraketa"            # rocket: 2 damage to an opposing ship in combat


TISZT = "practice-oktatotiszt"             # captain Vv+1 Tt+1


UTAS = "practice-tanulo-utas"              # passenger: Hh -> 1 credit


AKNAZAR = "practice-gyakorlo-aknazar"      # bunker, limit 3, armor 3


BUNKER = "practice-xeno-gyakorlobunker"    # bunker, limit 2, armor 4


CSAPDA = "practice-vaktolteny-csapda"      # trap, limit ?, mills 3 of the attacker's colony


CELGYAK = "practice-celgyakorlat"          # event: 2 damage to an opponent's ship


SEGELY = "practice-gyakorlo-segelyszallitmany"  # event: gain 3 credits


PARANCS = "practice-kikepzesi-parancs"     # general interrupt: draw 2


ZAVARO = "practice-zarg-zavaro-gyakorlat"  # general interrupt: neutralise an event


TALALAT = "practice-gyakorlo-talalat"      # combat interrupt: a ship in combat Tt+2


RIADO = "practice-korai-riado"             # start interrupt: draw 1, gain 1


VESZPAJZS = "practice-zarg-veszpajzs"      # reaction interrupt: a ship Pp+2


SUBTYPES = {
    "ship": {"scout", "fighter", "cruiser", "destroyer"},
    "armament": {"weapon", "shield", "item", "rocket"},
    "crew": {"captain", "personnel", "passenger", "robot"},
    "base": {"research", "building", "bunker", "trap"},
    "event": {"attack", "reaction", "resource", "special"},
    "interrupt": {"start", "combat", "reaction", "general"},
}


def ids_in(cards):
    return [v.get("id") for v in cards]


def offered(state, who, cid):
    return any(a["type"] == "play" and a["card"] == cid for a in legal(state, who))


def test_kg_4_2_4_capacity_limits_armaments_and_crews():
    s = setup(["Kiképző lézerágyú", "Gyakorló pajzs", "Kiképző Kolibri"])
    ship = on_table(s, A, "Kiképző Kolibri")                # scout: capacity 1
    gun = on_table(s, A, "Kiképző lézerágyú", "hand")
    shield = on_table(s, A, "Gyakorló pajzs", "hand")
    act(s, A, {"type": "place", "card": gun, "as": "armament", "ship": ship})
    assert not any(a.get("ship") == ship for a in R.legal_actions(s, A)
                   if a["type"] == "place" and a["card"] == shield)


def test_kg_4_5_4_base_paid_only_when_developed_to_its_limit():
    s = setup(["Gyakorló aknazár"])
    b = on_table(s, A, "Gyakorló aknazár", "surface", paid=False, dev=2)
    assert {"type": "pay", "card": b} not in R.legal_actions(s, A)
    act(s, A, {"type": "develop", "base": b})
    assert {"type": "pay", "card": b} in R.legal_actions(s, A)


def test_kg_4_5_3_two_developments_per_base_per_turn():
    """KG-4.5.3 / KG-11.7: at most two developments per base per turn, one credit each."""
    s = setup(["Gyakorló aknazár", "Tanműhely"])
    b = on_table(s, A, "Gyakorló aknazár", "surface", paid=False)
    b2 = on_table(s, A, "Tanműhely", "surface", paid=False)
    act(s, A, {"type": "develop", "base": b})
    act(s, A, {"type": "develop", "base": b})
    assert {"type": "develop", "base": b} not in R.legal_actions(s, A)
    assert {"type": "develop", "base": b2} in R.legal_actions(s, A)
    assert s["p"][A]["cr"] == 18
    act(s, A, {"type": "end_turn"})
    act(s, B, {"type": "end_turn"})
    assert {"type": "develop", "base": b} in R.legal_actions(s, A)   # a new turn


def test_kg_4_5_13_two_developments_for_one_credit():
    s = setup(["Gyakorló aknazár", "Tanműhely"])
    b1 = on_table(s, A, "Gyakorló aknazár", "surface", paid=False, dev=1)
    b2 = on_table(s, A, "Tanműhely", "surface", paid=False, dev=1)
    act(s, A, {"type": "cash", "base": b1})
    assert s["dec"]["why"] == "cash" and s["dec"]["opts"] == [b2]
    act(s, A, {"type": "choose", "pick": b2})
    assert s["cards"][b1]["dev"] == 0 and s["cards"][b2]["dev"] == 0
    assert s["p"][A]["cr"] == 21
    assert "cash" not in legal_types(s, A)


def test_kg_4_2_2_ships_are_paid_when_played():
    """What cannot be paid for is refused (KG-9.3.7: the credit pool is never negative)."""
    s = setup(["Gyakorló Bástyahajó"], [], cr=(11, 0))
    ship = on_table(s, A, "Gyakorló Bástyahajó", "hand")
    assert {"type": "play", "card": ship} not in R.legal_actions(s, A)
    with pytest.raises(IllegalAction) as e:
        R.apply(s, A, {"type": "play", "card": ship})
    assert e.value.code == "insufficient_credits" and e.value.rule == "KG-9.3.7"
    s["p"][A]["cr"] = 12
    act(s, A, {"type": "play", "card": ship})
    assert s["p"][A]["hangar"] == [ship] and s["p"][A]["cr"] == 0
    assert s["cards"][ship]["paid"] and s["cards"][ship]["rot"] == 0    # KG-3.2


def test_kg_4_6_2_event_resolves_then_trash():
    s = setup(["Gyakorló segélyszállítmány"])
    ev = on_table(s, A, "Gyakorló segélyszállítmány", "hand")
    act(s, A, {"type": "play", "card": ev})
    assert s["p"][A]["cr"] == 20 - 1 + 3 and s["p"][A]["trash"] == [ev]


def test_kg_4_5_9_research_goes_to_the_trash_when_paid():
    s = setup(["Kiképző kutatóbázis"])
    b = on_table(s, A, "Kiképző kutatóbázis", "surface", paid=False, dev=2)
    hand = len(s["p"][A]["hand"])
    act(s, A, {"type": "pay", "card": b})
    assert s["p"][A]["trash"] == [b] and s["p"][A]["surface"] == []
    assert len(s["p"][A]["hand"]) == hand + 2


def test_kg_4_5_5_x_base_fixed_at_payment():
    s = setup(["Karnoplantusz próbapiac"])
    b = on_table(s, A, "Karnoplantusz próbapiac", "surface", paid=False, dev=3)
    act(s, A, {"type": "pay", "card": b})
    assert s["p"][A]["cr"] == 20 - 1 + 3


def test_kg_4_5_10_traps_not_paid_in_the_main_phase():
    s = setup(["Vaktöltény-csapda"])
    b = on_table(s, A, "Vaktöltény-csapda", "surface", paid=False, dev=5)
    assert {"type": "pay", "card": b} not in R.legal_actions(s, A)


def test_kg_4_4_11_crew_has_effect_only_aboard():
    s = setup(["Oktatótiszt", "Oktató Sólyom"], [])
    f = on_table(s, A, "Oktató Sólyom")
    on_table(s, A, "Oktatótiszt", "canteen", paid=True)
    assert val(s, f, "firepower") == 2


def test_kg_4_2_6_hit_ships_turn_damaged_only_at_the_end_of_firing():
    """KG-4.2.6 / KG-9.7.10 / KG-11.25.3: a ship that loses armor has received a hit (``hit``)
    but stays active (``"A"``) until the firing step ends, then turns damaged (``"D"``)."""
    s = setup(["Oktató Sólyom", "Kiképző Kolibri"], ["Oktató Elmevadász"])
    f = on_table(s, A, "Oktató Sólyom")
    k = on_table(s, A, "Kiképző Kolibri")
    b = on_table(s, B, "Oktató Elmevadász")
    to_fire(s, A, "colony", [f, k], [b])
    act(s, A, {"type": "fire", "ship": k, "target": b})
    act(s, B, {"type": "no_return"})
    assert ship_state(s, b) == ("A", 2, "hangar") and s["cards"][b]["hit"]
    act(s, A, {"type": "pass"})
    act(s, B, {"type": "pass"})
    assert ship_state(s, b)[0] == "D"                  # KG-9.7.13


def test_kg_4_2_7_destroyed_ship_takes_its_cards_paid_to_trash_unpaid_to_ruin():
    """KG-4.2.7 / KG-9.7.8 / KG-11.17: a ship at 0 armor goes to the trash with its cards: the
    paid gun to the trash, the unpaid shield to the ruin."""
    s = setup(["Gyakorló Bástyahajó"], ["Kiképző Kolibri", "Kiképző lézerágyú", "Gyakorló pajzs"])
    d = on_table(s, A, "Gyakorló Bástyahajó")
    k = on_table(s, B, "Kiképző Kolibri")
    s["defs"][s["cards"][k]["d"]]["cap"] = 2           # room for both (test only)
    gun = on_table(s, B, "Kiképző lézerágyú", "att", ship=k, paid=True)
    shield = on_table(s, B, "Gyakorló pajzs", "att", ship=k, paid=False)
    to_fire(s, A, "colony", [d], [k])
    maybe(s, B, {"type": "done"})
    act(s, B, {"type": "pass"})
    act(s, A, {"type": "fire", "ship": d, "target": k})
    act(s, B, {"type": "no_return"})
    assert s["cards"][k]["z"] == "trash" and s["cards"][gun]["z"] == "trash"
    assert s["cards"][shield]["z"] == "ruin"


def test_kg_4_5_10_trap_paid_in_the_bombardment():
    s, d, k = bomb_setup(["Vaktöltény-csapda"], cr=(20, 5))
    t = on_table(s, B, "Vaktöltény-csapda", "surface", paid=False)
    n = len(s["p"][A]["colony"])
    bombard_with(s, "base", [d], pos=0)
    assert s["dec"] == {"kind": "trap", "seat": B, "card": t}
    act(s, B, {"type": "pay_trap"})
    assert s["cards"][t]["z"] == "trash" and s["p"][B]["cr"] == 3
    assert len(s["p"][A]["colony"]) == n - 3           # the trap's effect on the attacker


def test_kg_4_2_9_mamut_takes_six_spaces():
    from .helpers import rulebook_cards
    rb = rulebook_cards()
    s = scenario([[rb["mamut-i"], rb["mamut-i"], rb["halalszarny"]] + filler(5), filler(8)])
    mid_game(s, A)
    from .helpers import ids_of
    m = ids_of(s, A, "mamut-i")
    put(s, m[0], "hangar")
    put(s, m[1], "hangar")
    put(s, ids_of(s, A, "halalszarny")[0], "hangar")
    act(s, A, {"type": "end_turn"})
    assert s["dec"]["why"] == "hangar_limit"             # 6 + 6 + 1 = 13 > 12
    assert s["defs"][s["cards"][m[0]]["d"]]["cap"] == 3  # capacity stays 3 (KG-17.16)


def test_kg_4_2_5_damage_outside_combat_is_immediate():
    s = setup(["Célgyakorlat"], ["Oktató Elmevadász", "Kiképző Kolibri"])
    ev = on_table(s, A, "Célgyakorlat", "hand")
    e = on_table(s, B, "Oktató Elmevadász")
    act(s, A, {"type": "play", "card": ev, "target": e})
    assert ship_state(s, e) == ("D", 1, "hangar")


def test_kg_4_4_9_passenger_used_in_the_canteen():
    s = setup(["Tanuló utas"], [])
    u = on_table(s, A, "Tanuló utas", "canteen", paid=True)
    act(s, A, {"type": "ability", "card": u, "n": 0})
    assert s["p"][A]["cr"] == 21 and s["cards"][u]["rot"] == 1
    assert not any(a["type"] == "ability" for a in R.legal_actions(s, A))   # KG-3.4


def test_grants_and_modifiers_from_paid_equipment():
    s = setup(["Oktatórobot", "Szimulált álcaháló", "Oktató Gyorstüzelő"], [])
    g = on_table(s, A, "Oktató Gyorstüzelő")
    on_table(s, A, "Szimulált álcaháló", "att", ship=g, paid=True)
    from rulesets.kgk.state import abilities
    assert "cloaking" in abilities(s, g)


def test_kg_4_6_event_opponent_discards_by_choice():
    s = setup(["Szimulált hadgyakorlat"], [])
    ev = on_table(s, A, "Szimulált hadgyakorlat", "hand")
    put(s, s["p"][B]["colony"][0], "hand")
    put(s, s["p"][B]["colony"][0], "hand")
    act(s, A, {"type": "play", "card": ev})
    assert s["dec"]["kind"] == "choose" and s["dec"]["seat"] == B
    assert "opts" not in R.view(s, A)["decision"]
    act(s, B, R.legal_actions(s, B)[0])
    assert len(s["p"][B]["hand"]) == 1 and len(s["p"][B]["ruin"]) == 1


def test_aura_income_and_ship_discount():
    s = setup(["Tanműhely", "Oktató hírközpont", "Kiképző Kolibri"], [])
    on_table(s, A, "Tanműhely", "surface", paid=True)
    on_table(s, A, "Oktató hírközpont", "surface", paid=True)
    k = on_table(s, A, "Kiképző Kolibri", "hand")
    s["p"][A]["cr"] = 1
    act(s, A, {"type": "play", "card": k})                 # costs 2 - 1
    assert s["p"][A]["cr"] == 0
    act(s, A, {"type": "end_turn"})
    act(s, B, {"type": "end_turn"})
    assert s["p"][A]["cr"] == 5 + 1


def test_kg_4_5_10_trap_payment_can_be_neutralised():
    s = setup(["Gyakorló Bástyahajó", "Gyakorló ellenparancs"], ["Vaktöltény-csapda"],
              cr=(20, 5))
    d = on_table(s, A, "Gyakorló Bástyahajó")
    counter = on_table(s, A, "Gyakorló ellenparancs", "hand")
    t = on_table(s, B, "Vaktöltény-csapda", "surface", paid=False)
    colony = len(s["p"][A]["colony"])
    act(s, A, {"type": "attack", "target": "base", "pos": 0})
    act(s, A, {"type": "commit", "ship": d})
    act(s, A, {"type": "done"})
    act(s, A, {"type": "bomber", "ship": d})
    act(s, A, {"type": "bombard"})
    act(s, B, {"type": "pay_trap"})
    assert s["dec"]["kind"] == "prio" and s["dec"]["seat"] == A
    act(s, A, {"type": "play", "card": counter, "target": s["chain"][0]["u"]})
    assert s["cards"][t]["z"] == "trash" and len(s["p"][A]["colony"]) == colony
    assert s["p"][B]["cr"] == 3


def test_kg_4_4_9_passenger_aboard_cannot_pay_rotation_costs():
    from rulesets.kgk.abilities import activated_ok as _activated_ok
    s = setup(["Tanuló utas", "Oktató Sólyom"], [])
    f = on_table(s, A, "Oktató Sólyom")
    u = on_table(s, A, "Tanuló utas", "att", ship=f, paid=True)
    ab = s["defs"][s["cards"][u]["d"]]["eff"]["activated"][0]
    assert not _activated_ok(s, A, u, ab)
    put(s, u, "canteen", paid=True)
    assert _activated_ok(s, A, u, ab)


def test_kg_4_2_5_ship_left_at_zero_armor_when_its_crew_leaves_is_destroyed():
    s = setup(["Kiképző Kolibri", "Oktatórobot"], ["Kiképző Kolibri"])
    k = on_table(s, A, "Kiképző Kolibri")                  # armor 1
    robot = on_table(s, A, "Oktatórobot", "canteen", paid=True)   # +1 armor aboard
    b = on_table(s, B, "Kiképző Kolibri")
    act(s, A, {"type": "attack", "target": "colony"})
    act(s, A, {"type": "commit", "ship": k})
    act(s, A, {"type": "board", "crew": robot, "ship": k})
    act(s, A, {"type": "done"})
    act(s, B, {"type": "commit", "ship": b})
    act(s, B, {"type": "done"})
    act(s, A, {"type": "pass"})
    act(s, B, {"type": "fire", "ship": b, "target": k})
    act(s, A, {"type": "no_return"})
    assert armor_now(s, k) == 1 and s["cards"][k]["z"] == "hangar"
    pass_firing(s)
    while s["dec"]["kind"] == "bomb":
        act(s, A, {"type": "bombard"})
    # disarm: the robot returns to the canteen, the Kolibri is left at 0 armor
    assert s["cards"][k]["z"] == "trash" and s["cards"][robot]["z"] == "canteen"


def test_kg_4_1_six_types_with_four_subtypes_each():
    """KG-4.1 (KG-4.3.1, KG-4.4.1, KG-4.5.1, KG-4.6.1): six card types, each with exactly
    its four subtypes; every shipped card's known subtype is one of its type's four, and
    the practice set uses all 24."""
    assert all(len(s) == 4 for s in SUBTYPES.values()) and len(SUBTYPES) == 6
    for c in CARDS:
        assert c["type"] in SUBTYPES, c["slug"]
        assert c["subtype"] is None or c["subtype"] in SUBTYPES[c["type"]], c["slug"]
    used = {(c["type"], c["subtype"]) for c in CARDS if not c["official"]}
    assert used == {(t, s) for t, subs in SUBTYPES.items() for s in subs}


def test_kg_4_2_3_hangar_over_twelve_only_matters_in_the_end_phase():
    """KG-4.2.3, KG-6.7.2: three destroyers (12 spaces) and a fighter played on top make
    14 during the turn, which is allowed; in the end phase the owner discards ships of
    his choice into the trash until 12 or less remain."""
    st, c = position(seat(hand=[{"card": SOLYOM, "label": "f"}],
                          hangar=[{"card": BASTYA, "label": f"d{k}"} for k in range(3)]),
                     seat())
    do(st, DANI, {"type": "play", "card": c["f"]})
    pass_until(st, "main")
    assert len(me(st, DANI)["hangar"]) == 4 and deciding(st) == ("main", DANI)
    do(st, DANI, {"type": "end_turn"})
    pass_until(st, "choose")
    assert deciding(st) == ("choose", DANI)
    picks = {a["pick"] for a in legal(st, DANI)}
    assert picks == {c["f"], c["d0"], c["d1"], c["d2"]}
    do(st, DANI, {"type": "choose", "pick": c["d1"]})
    assert ids_in(me(st, LACI, DANI)["hangar"]) == [c["d0"], c["d2"], c["f"]]
    assert c["d1"] in ids_in(me(st, LACI, DANI)["trash"])


def test_kg_4_3_2_armament_placed_free_onto_an_own_ship_within_its_capacity():
    """KG-4.3.2: an armament goes face down onto one of your ships for no credits and
    takes one of the ship's places: a full scout (size 1) takes no second one."""
    st, c = position(seat(credits=3, hand=[{"card": LEZER, "label": "l1"},
                                           {"card": LEZER, "label": "l2"}],
                          hangar=[{"card": FILL, "label": "s"}]),
                     seat(hangar=[{"card": FILL, "label": "o"}]))
    ships = {a.get("ship") for a in legal(st, DANI) if a["type"] == "place"}
    assert ships == {c["s"]}                       # never onto the opponent's ship
    do(st, DANI, {"type": "place", "card": c["l1"], "as": "armament", "ship": c["s"]})
    pass_until(st, "main")
    assert me(st, DANI)["credits"] == 3
    assert ship(st, DANI, c["s"])["att"][0]["face_down"] is True
    assert not [a for a in legal(st, DANI) if a["type"] == "place"]


def test_kg_4_3_3_armament_paid_in_the_main_phase_or_in_its_combats_payment_step():
    """KG-4.3.3 (with KG-4.4.3): in the main phase any unpaid armament may be paid; in a
    combat only the ones on ships taking part, and only in the payment step; crews only
    once aboard a ship of the combat."""
    st, c = position(seat(hangar=[
        {"card": ELME, "label": "in", "attached": [{"card": LEZER, "label": "l_in"}]},
        {"card": ELME, "label": "out", "attached": [{"card": LEZER, "label": "l_out"}]}],
        canteen=[{"card": TISZT, "label": "t_in"}, {"card": TISZT, "label": "t_out"}]),
        seat())
    main_pays = {a["card"] for a in legal(st, DANI) if a["type"] == "pay"}
    assert main_pays == {c["l_in"], c["l_out"], c["t_in"], c["t_out"]}
    step(st, DANI, {"type": "attack", "target": "colony"})
    assert not [a for a in legal(st, DANI) if a["type"] == "pay"]      # not in equip
    step(st, DANI, {"type": "commit", "ship": c["in"]})
    step(st, DANI, {"type": "board", "crew": c["t_in"], "ship": c["in"]})
    step(st, DANI, {"type": "done"})
    to_decision(st, "pay")
    assert {a["card"] for a in legal(st, DANI) if a["type"] == "pay"} == {c["l_in"], c["t_in"]}


def test_kg_4_3_5_armaments_leave_play_with_their_ship():
    """KG-4.3.5 (with KG-6.11.4, KG-6.3.1, KG-6.4.1): a ship destroyed by an event takes its
    armaments along: the paid one to the trash, the unpaid one to the ruin."""
    st, c = position(seat(hand=[{"card": CELGYAK, "label": "e"}]),
                     seat(hangar=[{"card": ELME, "label": "s", "damage": 1, "attached": [
                         {"card": LEZER, "label": "p", "paid": True},
                         {"card": LEZER, "label": "u"}]}]))
    do(st, DANI, {"type": "play", "card": c["e"], "target": c["s"]})
    pass_until(st, "main")
    laci = me(st, LACI)
    assert ids_in(laci["hangar"]) == []
    assert set(ids_in(laci["trash"])) == {c["s"], c["p"]}
    assert ids_in(laci["ruin"]) == [c["u"]]


def test_kg_4_3_6_armaments_stay_on_the_ship_after_combat_and_stay_paid():
    """KG-4.3.6 (with KG-4.3.7.3): after the disarm step a paid weapon and an unpaid rocket
    are still on the ship (paid and unpaid as before); the rocket paid in the payment step
    is gone to the trash."""
    st, c = position(seat(hangar=[{"card": ELME, "label": "s", "attached": [
        {"card": LEZER, "label": "w", "paid": True}, {"card": RAKETA, "label": "r"}]},
        {"card": BASTYA, "label": "b", "attached": [
            {"card": RAKETA, "label": "r2"}]}]),
        seat(hangar=[{"card": FILL, "label": "o"}]))
    attack(st, DANI, {"target": "colony"}, [c["s"], c["b"]], [c["o"]])
    to_decision(st, "pay")
    do(st, DANI, {"type": "pay", "card": c["r2"]})
    to_decision(st, "choose")                      # the paid rocket's target
    do(st, DANI, {"type": "choose", "pick": c["o"]})
    finish_combat(st)
    att = {v["id"]: v for v in ship(st, DANI, c["s"])["att"]}
    assert att[c["w"]]["paid"] is True and att[c["r"]]["paid"] is False
    assert ids_in(ship(st, DANI, c["b"])["att"]) == []
    assert c["r2"] in ids_in(me(st, DANI)["trash"])


def test_kg_4_4_2_crew_placed_face_down_into_the_canteen_for_nothing():
    """KG-4.4.2 (with KG-6.5.1): a crew is played face down into your canteen at no cost;
    paid, it lies there face up."""
    st, c = position(seat(credits=2, hand=[{"card": TISZT, "label": "t"}]), seat())
    assert {"type": "place", "card": c["t"], "as": "crew"} in legal(st, DANI)
    do(st, DANI, {"type": "place", "card": c["t"], "as": "crew"})
    pass_until(st, "main")
    assert me(st, DANI)["credits"] == 2
    assert me(st, LACI, DANI)["canteen"] == [{"hidden": True, "pos": 0, "rot": 0}]
    do(st, DANI, {"type": "pay", "card": c["t"]})
    pass_until(st, "main")
    assert me(st, LACI, DANI)["canteen"][0]["id"] == c["t"]


def test_kg_4_4_4_a_captain_counts_only_aboard():
    """KG-4.4.4: a paid captain (Vv+1 Tt+1) changes no ship from the canteen; aboard a
    ship in combat it adds to that ship."""
    st, c = position(seat(hangar=[{"card": ELME, "label": "s"}],
                          canteen=[{"card": TISZT, "label": "t", "paid": True}]), seat())
    assert (ship(st, DANI, c["s"])["speed"], ship(st, DANI, c["s"])["firepower"]) == (4, 2)
    attack(st, DANI, {"target": "colony"}, [c["s"]], boards=[(c["t"], c["s"])])
    assert (ship(st, DANI, c["s"])["speed"], ship(st, DANI, c["s"])["firepower"]) == (5, 3)


def test_kg_4_4_5_crews_share_the_ships_capacity_with_armaments():
    """KG-4.4.5: a scout (capacity 1) carrying an armament has no place for a crew."""
    st, c = position(seat(hangar=[{"card": FILL, "label": "full", "attached": [
        {"card": LEZER}]}, {"card": FILL, "label": "free"}],
        canteen=[{"card": TISZT, "label": "t"}]), seat())
    step(st, DANI, {"type": "attack", "target": "colony"})
    step(st, DANI, {"type": "commit", "ship": c["full"]})
    step(st, DANI, {"type": "commit", "ship": c["free"]})
    boards = {a["ship"] for a in legal(st, DANI) if a["type"] == "board"}
    assert boards == {c["free"]}


def test_kg_4_4_6_only_active_crew_board_only_in_the_equip_step_only_combat_ships():
    """KG-4.4.6: crews board only in the equip step, only ships of that combat; unpaid
    crew may board (the reading of KG-17.2), a used crew may not."""
    st, c = position(seat(hangar=[{"card": ELME, "label": "in"}, {"card": ELME, "label": "out"}],
                          canteen=[{"card": TISZT, "label": "unpaid"},
                                   {"card": UTAS, "label": "used", "paid": True}]), seat())
    assert not [a for a in legal(st, DANI) if a["type"] == "board"]     # not in main
    do(st, DANI, next(a for a in legal(st, DANI) if a["type"] == "ability"))   # utas: Hh
    pass_until(st, "main")
    step(st, DANI, {"type": "attack", "target": "colony"})
    step(st, DANI, {"type": "commit", "ship": c["in"]})
    boards = {(a["crew"], a["ship"]) for a in legal(st, DANI) if a["type"] == "board"}
    assert boards == {(c["unpaid"], c["in"])}


def test_kg_4_4_7_crew_return_in_the_disarm_step_as_their_ship_was():
    """KG-4.4.7 (with KG-6.5.2): every crew goes back to the canteen in the disarm step;
    from a ship that stayed active it returns active, from a used one used; a paid crew
    stays paid, an unpaid one unpaid."""
    st, c = position(seat(hangar=[{"card": ELME, "label": "bomber"},
                                  {"card": ELME, "label": "idle"}],
                          canteen=[{"card": TISZT, "label": "t1", "paid": True},
                                   {"card": TISZT, "label": "t2"}]), seat())
    attack(st, DANI, {"target": "colony"}, [c["bomber"], c["idle"]],
           boards=[(c["t1"], c["bomber"]), (c["t2"], c["idle"])])
    assert me(st, DANI)["canteen"] == []
    bombard(st, DANI, [c["bomber"]])
    finish_combat(st)
    crew = {v["id"]: (v["rot"], v["paid"]) for v in me(st, DANI)["canteen"]}
    assert crew == {c["t1"]: (ROT["used"], True), c["t2"]: (ROT["active"], False)}


def test_kg_4_4_8_crew_destroyed_with_their_ship():
    """KG-4.4.8: a ship destroyed in combat (by a rocket) takes its boarded crew along:
    unpaid to the ruin."""
    st, c = position(seat(hangar=[{"card": ELME, "label": "a", "attached": [
        {"card": RAKETA, "label": "r"}]}]),
        seat(hangar=[{"card": FILL, "label": "d"}], canteen=[{"card": TISZT, "label": "t"}]))
    step(st, DANI, {"type": "attack", "target": "colony"})
    step(st, DANI, {"type": "commit", "ship": c["a"]})
    step(st, DANI, {"type": "done"})
    step(st, LACI, {"type": "commit", "ship": c["d"]})
    step(st, LACI, {"type": "board", "crew": c["t"], "ship": c["d"]})
    step(st, LACI, {"type": "done"})
    to_decision(st, "pay")
    do(st, DANI, {"type": "pay", "card": c["r"]})
    to_decision(st, "choose")
    do(st, DANI, {"type": "choose", "pick": c["d"]})
    laci = me(st, LACI)
    assert ids_in(laci["hangar"]) == [] and ids_in(laci["canteen"]) == []
    assert c["d"] in ids_in(laci["trash"]) and c["t"] in ids_in(laci["ruin"])


def test_kg_4_4_10_a_crew_can_be_the_target_of_an_attack():
    """KG-4.4.10: a crew in the opponent's canteen may be named as an attack's target (by
    its place), and a total bombard of 2 destroys it."""
    st, c = position(seat(hangar=[{"card": ELME, "label": "a"}, {"card": FILL, "label": "b"}]),
                     seat(canteen=[{"card": TISZT, "label": "t"}]))
    assert {"type": "attack", "target": "crew", "pos": 0} in legal(st, DANI)
    attack(st, DANI, {"target": "crew", "pos": 0}, [c["a"], c["b"]])
    bombard(st, DANI, [c["a"], c["b"]])
    finish_combat(st)
    assert me(st, LACI)["canteen"] == [] and ids_in(me(st, LACI)["ruin"]) == [c["t"]]


def test_kg_4_5_2_bases_lie_left_to_right_in_the_order_played():
    """KG-4.5.2 (with KG-6.6.1, KG-6.6.2): bases go face down onto the surface, each to
    the right of the ones before, and keep that order."""
    st, c = position(seat(hand=[{"card": BUNKER, "label": "b1"}, {"card": AKNAZAR, "label": "b2"},
                                {"card": CSAPDA, "label": "b3"}],
                          surface=[{"card": AKNAZAR, "label": "b0", "development": 1}]), seat())
    for label in ("b2", "b1", "b3"):
        do(st, DANI, {"type": "place", "card": c[label], "as": "base"})
        pass_until(st, "main")
    assert ids_in(me(st, DANI)["surface"]) == [c["b0"], c["b2"], c["b1"], c["b3"]]
    assert [v["pos"] for v in me(st, LACI, DANI)["surface"]] == [0, 1, 2, 3]
    do(st, DANI, {"type": "develop", "base": c["b1"]})
    pass_until(st, "main")
    assert ids_in(me(st, DANI)["surface"]) == [c["b0"], c["b2"], c["b1"], c["b3"]]


@pytest.mark.parametrize("developments", [0, 4])
def test_kg_4_5_6_a_question_mark_trap_works_the_same_however_developed(developments):
    """KG-4.5.6: a `?` trap may be developed any number of times, but the developments do
    not change its effect: Vaktöltény csapda mills three of the attacker's colony with no
    development or with four."""
    st, c = position(seat(colony=10, hangar=[{"card": ELME, "label": "a"},
                                             {"card": FILL, "label": "b"}]),
                     seat(surface=[{"card": CSAPDA, "label": "trap",
                                    "development": developments}]))
    attack(st, DANI, {"target": "base", "pos": 0}, [c["a"], c["b"]])
    bombard(st, DANI, [c["a"], c["b"]])
    to_decision(st, "trap")
    do(st, LACI, {"type": "pay_trap"})
    finish_combat(st)
    assert me(st, DANI)["colony"] == 10 - 3


def test_kg_4_5_6_a_question_mark_trap_takes_developments_past_any_number():
    """KG-4.5.6: developing a `?` trap stays possible however many it holds."""
    st, c = position(seat(surface=[{"card": CSAPDA, "label": "trap", "development": 6}]),
                     seat())
    assert {"type": "develop", "base": c["trap"]} in legal(st, DANI)


def test_kg_4_5_7_a_paid_base_needs_bombard_equal_to_its_armor():
    """KG-4.5.7, KG-4.5.11, KG-4.5.12, KG-4.5.14: a paid bunker with armor 3 survives a total
    bombard of 2 but turns damaged at once with 1 armor left, which comes back in the end
    phase; a total of 3 destroys it (to the trash)."""
    st, c = position(seat(hangar=[{"card": ELME, "label": "a"}, {"card": FILL, "label": "b"},
                                  {"card": FILL, "label": "x"}]),
                     seat(surface=[{"card": AKNAZAR, "label": "base", "paid": True,
                                    "development": 3}]))
    attack(st, DANI, {"target": "base", "pos": 0}, [c["a"], c["b"]])
    bombard(st, DANI, [c["a"], c["b"]])
    finish_combat(st)
    base = me(st, DANI, LACI)["surface"][0]
    assert (base["id"], base["rot"], base["armor_now"]) == (c["base"], ROT["damaged"], 1)
    do(st, DANI, {"type": "end_turn"})
    pass_until(st, "main")
    assert me(st, LACI)["surface"][0]["armor_now"] == 3

    st, c = position(seat(hangar=[{"card": ELME, "label": "a"}, {"card": FILL, "label": "b"},
                                  {"card": FILL, "label": "x"}]),
                     seat(surface=[{"card": AKNAZAR, "label": "base", "paid": True,
                                    "development": 3}]))
    attack(st, DANI, {"target": "base", "pos": 0}, [c["a"], c["b"], c["x"]])
    bombard(st, DANI, [c["a"], c["b"], c["x"]])
    finish_combat(st)
    assert me(st, LACI)["surface"] == [] and ids_in(me(st, LACI)["trash"]) == [c["base"]]


def test_kg_4_5_8_an_unpaid_base_falls_to_a_total_bombard_of_two_not_one():
    """KG-4.5.8: an unpaid base survives a total bombard of 1 and is destroyed (to the ruin,
    face down) by 2."""
    for bombers, survives in ((1, True), (2, False)):
        st, c = position(seat(hangar=[{"card": FILL, "label": f"s{k}"} for k in range(2)]),
                         seat(surface=[{"card": BUNKER, "label": "base"}]))
        ships = [c[f"s{k}"] for k in range(bombers)]
        attack(st, DANI, {"target": "base", "pos": 0}, ships)
        bombard(st, DANI, ships)
        finish_combat(st)
        laci = me(st, LACI)
        assert (ids_in(laci["surface"]) == [c["base"]]) is survives
        assert (ids_in(laci["ruin"]) == [c["base"]]) is not survives
        assert me(st, DANI, LACI)["ruin_count"] == (0 if survives else 1)


def test_kg_4_6_3_the_opponent_may_answer_an_event_and_his_answer_comes_first():
    """KG-4.6.3, KG-4.7.2, KG-4.7.4: when Dani plays an event Laci may answer in Dani's
    turn with an interrupt; the interrupt takes effect first (it neutralises the event,
    so Dani gains nothing) and the event goes to the trash without effect."""
    st, c = position(seat(credits=5, hand=[{"card": SEGELY, "label": "e"}]),
                     seat(credits=5, hand=[{"card": ZAVARO, "label": "z"}]))
    do(st, DANI, {"type": "play", "card": c["e"]})
    assert deciding(st) == ("prio", LACI)
    answer = [a for a in legal(st, LACI) if a["type"] == "play" and a["card"] == c["z"]]
    assert answer
    do(st, LACI, answer[0])
    pass_until(st, "main")
    assert me(st, DANI)["credits"] == 5 - 1
    assert me(st, DANI, LACI)["credits"] == 5 - 2
    assert c["e"] in ids_in(me(st, DANI)["trash"]) and c["z"] in ids_in(me(st, LACI)["trash"])


def test_kg_4_7_3_an_interrupt_is_paid_takes_effect_and_goes_to_the_trash():
    """KG-4.7.3: Kiképzési parancs (2 credits, draw 2) played in the main phase: paid at
    once, two cards drawn, the card in its owner's trash."""
    st, c = position(seat(credits=5, hand=[{"card": PARANCS, "label": "p"}]), seat())
    do(st, DANI, {"type": "play", "card": c["p"]})
    pass_until(st, "main")
    mine = me(st, DANI)
    assert (mine["credits"], mine["hand_count"], mine["colony"]) == (3, 2, 8 - 2)
    assert ids_in(mine["trash"]) == [c["p"]]


def test_kg_4_7_5_interrupt_timing_by_subtype():
    """KG-4.7.5: in the main phase a general and a reaction interrupt may be played, a
    start or combat one may not; in the start phase the start interrupt may be played and
    the general one may not; in the combat phase the combat interrupt may be played."""
    hand = [{"card": s, "label": s} for s in (PARANCS, VESZPAJZS, RIADO, TALALAT)]
    st, c = position(seat(hand=hand, hangar=[{"card": ELME, "label": "a"}]), seat(),
                     auto_pass=False)
    assert [offered(st, DANI, c[s]) for s in (PARANCS, VESZPAJZS, RIADO, TALALAT)] == [
        True, True, False, False]
    step(st, DANI, {"type": "attack", "target": "colony"})
    step(st, DANI, {"type": "commit", "ship": c["a"]})
    pass_until(st, "equip")
    # combat phase, a ship of the combat to aim at: combat and reaction yes, general no
    assert [offered(st, DANI, c[s]) for s in (PARANCS, VESZPAJZS, RIADO, TALALAT)] == [
        False, True, False, True]

    st, c = position(seat(hand=hand), seat(), phase="start", auto_pass=False)
    assert deciding(st) == ("prio", DANI)
    assert offered(st, DANI, c[RIADO]) and not offered(st, DANI, c[PARANCS])
    assert not offered(st, DANI, c[TALALAT])


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
