"""A test per rule, each citing its rule number (KG-x.y, defined in docs/rules/kgk/)."""

from __future__ import annotations

import pytest

from rulesets.base import ConfigError, IllegalAction
from rulesets.kgk import RULESET as R
from rulesets.kgk.state import armor_now, val

from .helpers import act, filler, legal_types, mid_game, practice, put, scenario, ship_state

A, B = 0, 1


def setup(d0=(), d1=(), active=A, cr=(20, 20), fill=12, **opts):
    decks = [[practice(n) for n in d0] + filler(fill), [practice(n) for n in d1] + filler(fill)]
    s = scenario(decks, **opts)
    mid_game(s, active)
    s["p"][A]["cr"], s["p"][B]["cr"] = cr
    if opts.get("auto_pass") is False:
        # Without auto-pass a seat is asked at a window when it holds a card (it might be
        # an interrupt, as far as the others can tell: KG-12.3); one filler card in each
        # hand keeps every window of these step-by-step tests open.
        for seat in (A, B):
            put(s, s["p"][seat]["colony"][-1], "hand")
    return s


def cid(s, seat, name, k=0):
    found = [c["id"] for c in s["cards"] if c["o"] == seat
             and s["defs"][c["d"]]["name"] == name]
    return found[k]


def on_table(s, seat, name, zone="hangar", k=0, **kw):
    return put(s, cid(s, seat, name, k), zone, **kw)


def maybe(s, seat, action):
    """Apply ``action`` if it is offered (auto-pass skips decisions with one choice)."""
    if action in R.legal_actions(s, seat):
        act(s, seat, action)


def until_main(s):
    while s["dec"]["kind"] == "prio":
        act(s, s["dec"]["seat"], {"type": "pass"})


def pass_firing(s):
    while s["dec"] and s["dec"]["kind"] == "fire":
        act(s, s["dec"]["seat"], {"type": "pass"})


def to_fire(s, att, target, attackers, defenders):
    """Declare an attack and run equip (and empty payments) up to the firing step."""
    act(s, att, {"type": "attack", "target": target})
    for x in attackers:
        act(s, att, {"type": "commit", "ship": x})
    act(s, att, {"type": "done"})
    dfn = 1 - att
    if s["dec"] and s["dec"]["kind"] == "equip" and s["dec"]["seat"] == dfn:
        for x in defenders:
            act(s, dfn, {"type": "commit", "ship": x})
        act(s, dfn, {"type": "done"})


# ---------------------------------------------------------------- KG-8 game start

def test_kg_8_1_colonies_shuffled_and_cut():
    cfg = R.example_config(2)
    s1, s2 = R.new_game(cfg, "a"), R.new_game(cfg, "b")
    deck0 = sorted(c["id"] for c in s1["cards"] if c["o"] == 0)
    for s in (s1, s2):
        assert sorted(s["p"][0]["colony"] + s["p"][0]["hand"]) == deck0
    assert s1["p"][0]["colony"] != s2["p"][0]["colony"]


def test_kg_8_2_dice_decide_who_starts():
    cfg = R.example_config(2)
    firsts = {R.new_game(cfg, f"die{k}")["first"] for k in range(30)}
    assert firsts == {0, 1}


def test_kg_8_3_five_cards_and_five_credits():
    s = R.new_game(R.example_config(2), "start")
    for p in s["p"]:
        assert len(p["hand"]) == 5 and p["cr"] == 5 and len(p["colony"]) == 40


def test_kg_8_4_one_mulligan_each_starting_player_first():
    s = R.new_game(R.example_config(2), "mull")
    first = s["first"]
    assert R.to_act(s) == [first] and legal_types(s, first) == {"keep", "mulligan"}
    act(s, first, {"type": "keep"})
    assert R.to_act(s) == [1 - first]
    act(s, 1 - first, {"type": "mulligan"})
    assert len(s["p"][1 - first]["hand"]) == 5 and len(s["p"][1 - first]["colony"]) == 40
    assert s["phase"] == "main"
    assert "mulligan" not in legal_types(s, first)


def test_kg_8_5_credit_ramp_1_2_3_4_then_5():
    s = R.new_game(R.example_config(2), "ramp")
    first = s["first"]
    act(s, first, {"type": "keep"})
    act(s, 1 - first, {"type": "keep"})
    seen = []
    for _ in range(6):
        seat = s["active"]
        seen.append(s["p"][seat]["cr"])
        s["p"][seat]["cr"] = 0
        act(s, seat, {"type": "end_turn"})
        while s["dec"]["kind"] == "choose":           # hand limit discards
            act(s, s["dec"]["seat"], R.legal_actions(s, s["dec"]["seat"])[0])
    assert seen == [5 + 1, 5 + 2, 3, 4, 5, 5]


def test_kg_8_6_no_attack_in_the_starting_players_first_turn():
    """KG-8.6 / KG-9.3.5 / KG-9.4.3: the starting player is offered no attack in his first
    turn (``"attack" not in legal_types``) and one he sends is refused."""
    s = setup(["Kiképző Kolibri"], ["Kiképző Kolibri"], active=A)
    s["first"] = A
    s["p"][A]["turns"] = 1
    on_table(s, A, "Kiképző Kolibri")
    assert "attack" not in legal_types(s, A)
    with pytest.raises(IllegalAction) as e:
        R.apply(s, A, {"type": "attack", "target": "colony"})
    assert e.value.rule == "KG-8.6"
    # the second player may attack in his first turn (KG-14.1.5)
    s["first"] = B
    assert "attack" in legal_types(s, A)


# ---------------------------------------------------------------- KG-9.2 start phase

def test_kg_9_2_2_start_interrupts_only_in_the_start_phase():
    """The start phase, where every turn begins (KG-9.2): start interrupts are played there
    only."""
    s = setup(["Korai riadó"], [], active=A)
    ri = on_table(s, A, "Korai riadó", "hand")
    assert {"type": "play", "card": ri} not in R.legal_actions(s, A)   # main phase: no
    act(s, A, {"type": "end_turn"})
    # KG-17.8: A may answer in B's start phase too
    assert s["dec"] == {"kind": "prio", "ctx": "start", "seat": A, "passes": 1}
    act(s, A, {"type": "pass"})
    act(s, B, {"type": "end_turn"})
    # A's start phase: the start window is open for the start interrupt
    assert s["dec"]["kind"] == "prio" and s["dec"]["ctx"] == "start"
    hand = len(s["p"][A]["hand"])
    cr = s["p"][A]["cr"]
    act(s, A, {"type": "play", "card": ri})
    assert len(s["p"][A]["hand"]) == hand - 1 + 1 and s["p"][A]["cr"] == cr - 1 + 1
    assert s["phase"] == "main"


# ---------------------------------------------------------------- KG-9.3 main phase

def test_kg_9_3_3_a_face_down_play_costs_nothing():
    """The main phase, where cards are played (KG-9.3): a face-down play costs nothing."""
    s = setup(["Oktatótiszt", "Gyakorló aknazár", "Kiképző lézerágyú", "Kiképző Kolibri"])
    ship = on_table(s, A, "Kiképző Kolibri")
    crew = on_table(s, A, "Oktatótiszt", "hand")
    base = on_table(s, A, "Gyakorló aknazár", "hand")
    gun = on_table(s, A, "Kiképző lézerágyú", "hand")
    act(s, A, {"type": "place", "card": crew, "as": "crew"})
    act(s, A, {"type": "place", "card": base, "as": "base"})
    act(s, A, {"type": "place", "card": gun, "as": "armament", "ship": ship})
    assert s["p"][A]["cr"] == 20
    assert s["p"][A]["canteen"] == [crew] and s["p"][A]["surface"] == [base]
    assert s["cards"][ship]["att"] == [gun]
    assert not any(s["cards"][c]["up"] for c in (crew, base, gun))
    # KG-3.10.4: unpaid armament has no effect
    assert val(s, ship, "firepower") == 1


def test_kg_4_2_4_capacity_limits_armaments_and_crews():
    s = setup(["Kiképző lézerágyú", "Gyakorló pajzs", "Kiképző Kolibri"])
    ship = on_table(s, A, "Kiképző Kolibri")                # scout: capacity 1
    gun = on_table(s, A, "Kiképző lézerágyú", "hand")
    shield = on_table(s, A, "Gyakorló pajzs", "hand")
    act(s, A, {"type": "place", "card": gun, "as": "armament", "ship": ship})
    assert not any(a.get("ship") == ship for a in R.legal_actions(s, A)
                   if a["type"] == "place" and a["card"] == shield)


def test_kg_9_3_3_e_pay_later_in_the_main_phase():
    """The armament then affects its own ship (KG-4.3.4)."""
    s = setup(["Kiképző lézerágyú", "Kiképző Kolibri"])
    ship = on_table(s, A, "Kiképző Kolibri")
    gun = on_table(s, A, "Kiképző lézerágyú", "att", ship=ship, paid=False)
    act(s, A, {"type": "pay", "card": gun})
    assert s["cards"][gun]["paid"] and s["p"][A]["cr"] == 18
    assert val(s, ship, "firepower") == 3                  # KG-4.3.4
    assert {"type": "pay", "card": gun} not in R.legal_actions(s, A)   # KG-3.10.3 once


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


def test_kg_9_3_3_g_draw_for_one_credit_not_from_an_empty_colony():
    s = setup([], [])
    hand = len(s["p"][A]["hand"])
    act(s, A, {"type": "draw"})
    assert len(s["p"][A]["hand"]) == hand + 1 and s["p"][A]["cr"] == 19
    s["p"][A]["hand"] += s["p"][A]["colony"]
    for c in s["p"][A]["colony"]:
        s["cards"][c]["z"] = "hand"
    s["p"][A]["colony"] = []
    assert "draw" not in legal_types(s, A) and "search" not in legal_types(s, A)   # KG-17.37


def test_kg_9_3_3_h_choose_from_the_top_five_for_two():
    s = setup([], [])
    top5 = s["p"][A]["colony"][:5]
    act(s, A, {"type": "search"})
    assert s["p"][A]["cr"] == 18 and s["dec"]["why"] == "search"
    assert s["dec"]["opts"] == top5
    assert "opts" not in R.view(s, B)["decision"]         # the opponent does not see them
    assert [c["id"] for c in R.view(s, A)["decision"]["cards"]] == top5
    act(s, A, {"type": "choose", "pick": top5[3]})
    assert top5[3] in s["p"][A]["hand"] and top5[3] not in s["p"][A]["colony"]


def test_kg_9_3_3_i_bottom_of_the_ruin_only_with_five_or_fewer_in_the_colony():
    s = setup([], [], fill=8)
    p = s["p"][A]
    for c in p["colony"][:2]:
        put(s, c, "ruin")
    bottom = p["ruin"][0]
    assert len(p["colony"]) == 6 and "ruin_draw" not in legal_types(s, A)
    put(s, p["colony"][0], "hand")
    act(s, A, {"type": "ruin_draw"})
    assert bottom in p["hand"] and p["cr"] == 18


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


def test_kg_12_10_bluffing_face_down_card_can_never_be_paid():
    s = setup(["Célgyakorlat"])
    ev = on_table(s, A, "Célgyakorlat", "hand")
    act(s, A, {"type": "place", "card": ev, "as": "base"})
    assert s["p"][A]["surface"] == [ev]
    act(s, A, {"type": "develop", "base": ev})
    assert {"type": "pay", "card": ev} not in R.legal_actions(s, A)
    assert R.view(s, B)["players"][A]["surface"][0] == {"hidden": True, "pos": 0, "rot": 0,
                                                         "dev": 1}


# ---------------------------------------------------------------- KG-9.4/9.5 combat, equip

def test_kg_9_5_1_only_active_ships_attack_and_defend():
    s = setup(["Kiképző Kolibri", "Kiképző Kolibri"], ["Kiképző Kolibri"])
    a1 = on_table(s, A, "Kiképző Kolibri", rot=1)
    a2 = on_table(s, A, "Kiképző Kolibri", k=1)
    b1 = on_table(s, B, "Kiképző Kolibri", rot=2)
    act(s, A, {"type": "attack", "target": "colony"})
    assert {a["ship"] for a in R.legal_actions(s, A) if a["type"] == "commit"} == {a2}
    assert {"type": "done"} not in R.legal_actions(s, A)      # KG-17.33: at least one
    act(s, A, {"type": "commit", "ship": a2})
    act(s, A, {"type": "done"})
    # B's only ship is damaged: no defence possible (skipped), straight to bombardment
    assert s["dec"]["kind"] == "bomb" and a1 not in s["cb"]["ships"] and b1 not in s["cb"]["ships"]


def test_kg_9_5_2_crews_board_only_ships_in_the_combat():
    s = setup(["Oktatótiszt", "Kiképző Kolibri", "Oktató Sólyom"], [])
    k = on_table(s, A, "Kiképző Kolibri")
    f = on_table(s, A, "Oktató Sólyom")
    crew = on_table(s, A, "Oktatótiszt", "canteen", paid=True)
    act(s, A, {"type": "attack", "target": "colony"})
    act(s, A, {"type": "commit", "ship": f})
    boards = [a for a in R.legal_actions(s, A) if a["type"] == "board"]
    assert boards == [{"type": "board", "crew": crew, "ship": f}]
    act(s, A, boards[0])
    assert val(s, f, "speed") == 5 and val(s, f, "firepower") == 3   # captain +1/+1
    assert k not in s["cb"]["ships"]


def test_kg_4_4_11_crew_has_effect_only_aboard():
    s = setup(["Oktatótiszt", "Oktató Sólyom"], [])
    f = on_table(s, A, "Oktató Sólyom")
    on_table(s, A, "Oktatótiszt", "canteen", paid=True)
    assert val(s, f, "firepower") == 2


# ---------------------------------------------------------------- KG-9.6 payment

def test_kg_9_6_attacker_pays_first_then_defender_rockets_only_here():
    """KG-9.6.2 / KG-9.6.3: the attacker pays everything first (``pay`` decision of A), then
    the defender (``pay`` decision of B); payments do not alternate.
    A rocket is paid only in a combat's payment step (KG-4.3.7.1) and acts when that step
    ends, with the other payments (KG-4.3.7.2, KG-9.6.4)."""
    s = setup(["Próbarakéta", "Oktató Sólyom"], ["Kiképző lézerágyú", "Oktató Sólyom"])
    fa = on_table(s, A, "Oktató Sólyom")
    rocket = on_table(s, A, "Próbarakéta", "att", ship=fa, paid=False)
    fb = on_table(s, B, "Oktató Sólyom")
    gun = on_table(s, B, "Kiképző lézerágyú", "att", ship=fb, paid=False)
    assert {"type": "pay", "card": rocket} not in R.legal_actions(s, A)  # KG-4.3.7.1
    to_fire(s, A, "colony", [fa], [fb])
    assert s["dec"] == {"kind": "pay", "seat": A}
    act(s, A, {"type": "pay", "card": rocket})
    maybe(s, A, {"type": "done"})
    assert s["dec"] == {"kind": "pay", "seat": B}
    act(s, B, {"type": "pay", "card": gun})
    maybe(s, B, {"type": "done"})
    # KG-9.6.4 / KG-4.3.7.2: the rocket's effect at the end of the payment step
    assert s["dec"]["kind"] == "choose" and s["dec"]["why"] == "rocket"
    act(s, A, {"type": "choose", "pick": fb})
    assert armor_now(s, fb) == 1 and s["cards"][fb]["hit"]
    assert s["dec"]["kind"] == "fire"


def test_kg_9_6_1_now_or_never_for_the_defender():
    s = setup(["Oktató Sólyom"], ["Kiképző lézerágyú", "Oktató Sólyom"])
    fa = on_table(s, A, "Oktató Sólyom")
    fb = on_table(s, B, "Oktató Sólyom")
    gun = on_table(s, B, "Kiképző lézerágyú", "att", ship=fb, paid=False)
    to_fire(s, A, "colony", [fa], [fb])
    act(s, B, {"type": "done"})
    assert s["dec"]["kind"] == "fire"
    assert not any(a["type"] == "pay" for a in R.legal_actions(s, s["dec"]["seat"]))
    assert not s["cards"][gun]["paid"]


# ---------------------------------------------------------------- KG-9.7 firing

def test_kg_9_7_2_speed_order_ties_to_the_attacker():
    """KG-9.7.1: the fastest ship fires first; KG-9.7.2: at equal speed, the attacker's.
    (Firing, one ship at a time: KG-9.7.)"""
    s = setup(["Tanfullánk"], ["Oktató Elmevadász"])       # both speed 4
    a = on_table(s, A, "Tanfullánk")
    b = on_table(s, B, "Oktató Elmevadász")
    to_fire(s, A, "colony", [a], [b])
    assert s["dec"] == {"kind": "fire", "seat": A, "allowed": [a]}


def test_kg_9_7_3_free_order_among_your_faster_ships():
    s = setup(["Kiképző Kolibri", "Tanfullánk", "Próbabogár"], ["Próbacirkáló"])
    k = on_table(s, A, "Kiképző Kolibri")      # 5
    t = on_table(s, A, "Tanfullánk")            # 4
    p = on_table(s, A, "Próbabogár")            # 2
    b = on_table(s, B, "Próbacirkáló")          # 3, armor 3
    to_fire(s, A, "colony", [k, t, p], [b])
    assert sorted(s["dec"]["allowed"]) == sorted([k, t])   # not the speed-2 ship
    act(s, A, {"type": "fire", "ship": t, "target": b})      # the slower one first
    act(s, B, {"type": "no_return"})
    assert s["dec"]["allowed"] == [k]


def test_kg_9_7_4_passing_gives_the_opponent_the_next_shot():
    s = setup(["Oktató Gyorstüzelő"], ["Próbacirkáló"])
    k = on_table(s, A, "Oktató Gyorstüzelő")     # 3-3-4-2, ties go to the attacker
    b = on_table(s, B, "Próbacirkáló")           # 3-3-3-2
    to_fire(s, A, "colony", [k], [b])
    assert s["dec"]["seat"] == A
    act(s, A, {"type": "pass"})
    assert s["dec"]["seat"] == B and s["dec"]["allowed"] == [b]
    act(s, B, {"type": "fire", "ship": b, "target": k})
    act(s, A, {"type": "no_return"})
    # the passed ship regains the turn
    assert s["dec"]["seat"] == A and s["dec"]["allowed"] == [k]
    act(s, A, {"type": "pass"})                  # B has no active ship: firing ends
    assert s["dec"]["kind"] == "bomb" or s["cb"] is None


def test_kg_17_5_two_consecutive_declines_end_firing():
    s = setup(["Kiképző Kolibri"], ["Tanmodul-vadász"])
    k = on_table(s, A, "Kiképző Kolibri")
    b = on_table(s, B, "Tanmodul-vadász")
    to_fire(s, A, "colony", [k], [b])
    act(s, A, {"type": "pass"})
    act(s, B, {"type": "pass"})
    assert s["dec"]["kind"] == "bomb" and ship_state(s, k)[0] == "A"


def test_kg_9_7_5_return_fire_and_simultaneous_damage_kg_9_7_9():
    s = setup(["Kiképző Kolibri"], ["Kiképző Szúnyog"])
    k = on_table(s, A, "Kiképző Kolibri")        # 5-1-1-1
    g = on_table(s, B, "Kiképző Szúnyog")        # 5-1-2-0
    to_fire(s, A, "colony", [k], [g])
    act(s, A, {"type": "fire", "ship": k, "target": g})
    assert s["dec"]["kind"] == "ret" and legal_types(s, B) == {"return", "no_return"}
    act(s, B, {"type": "return"})
    # Kolibri (armor 1) is destroyed by the return fire; Szúnyog keeps 1 armor
    assert s["cards"][k]["z"] == "trash" and ship_state(s, g) == ("D", 1, "hangar")


def test_kg_9_7_9_a_ship_being_destroyed_still_returns_fire():
    s = setup(["Tanmodul-vadász"], ["Kiképző Kolibri"])
    t = on_table(s, A, "Tanmodul-vadász")        # 3-3-2-1
    k = on_table(s, B, "Kiképző Kolibri")        # 5-1-1-1 (faster)
    to_fire(s, A, "colony", [t], [k])
    act(s, B, {"type": "pass"})
    act(s, A, {"type": "fire", "ship": t, "target": k})
    act(s, B, {"type": "return"})
    assert s["cards"][k]["z"] == "trash" and armor_now(s, t) == 1


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


# ---------------------------------------------------------------- KG-9.8 bombardment

def bomb_setup(target_cards=(), **kw):
    s = setup(["Gyakorló Bástyahajó", "Kiképző Kolibri"], list(target_cards), **kw)
    d = on_table(s, A, "Gyakorló Bástyahajó")     # bombard 4
    k = on_table(s, A, "Kiképző Kolibri")         # bombard 1
    return s, d, k


def bombard_with(s, target, ships, **extra):
    act(s, A, {"type": "attack", "target": target, **extra})
    for x in ships:
        act(s, A, {"type": "commit", "ship": x})
    act(s, A, {"type": "done"})
    for x in ships:
        act(s, A, {"type": "bomber", "ship": x})
    return act(s, A, {"type": "bombard"})


def test_kg_10_7_defender_may_respond_before_the_bombardment_lands():
    """KG-10.7 (combat and reaction interrupts in every combat step) and KG-10.2 (an
    interrupt answers an action before it takes effect): the declared bombardment opens a
    window for the defender, who destroys the only bomber; nothing is bombarded.
    (The bombardment: KG-9.8.)"""
    s, d, k = bomb_setup(["Űrcápa célbaütés-gyakorlat"], auto_pass=False)
    shot = on_table(s, B, "Űrcápa célbaütés-gyakorlat", "hand")
    n = len(s["p"][B]["colony"])
    act(s, A, {"type": "attack", "target": "colony"})
    while s["dec"]["kind"] == "prio":                # the target window (KG-9.4.2)
        act(s, s["dec"]["seat"], {"type": "pass"})
    act(s, A, {"type": "commit", "ship": k})
    until_main(s)                                    # the designation's window (KG-4.7.1)
    act(s, A, {"type": "done"})
    while s["dec"]["kind"] != "bomb":                # B equips nothing, both pay nothing
        seat = s["dec"]["seat"]
        legal = R.legal_actions(s, seat)
        act(s, seat, next(a for a in legal if a["type"] in ("pass", "done")))
    act(s, A, {"type": "bomber", "ship": k})
    until_main(s)                                    # the designation's window (KG-4.7.1)
    act(s, A, {"type": "bombard"})
    assert s["dec"]["kind"] == "prio" and s["dec"]["seat"] == B
    act(s, B, {"type": "play", "card": shot, "target": k})
    while s["dec"] and s["dec"]["kind"] == "prio":
        act(s, s["dec"]["seat"], {"type": "pass"})
    assert s["cards"][k]["z"] == "trash"
    assert len(s["p"][B]["colony"]) == n             # the bombardment never landed


def test_kg_3_5_1_a_ship_hit_in_the_payment_step_turns_damaged_without_a_firing_step():
    """No defenders, so no firing step (KG-9.5.5): a ship hit by a card in the payment
    step (KG-4.2.6: a hit, not yet damage) still turns damaged (KG-3.5.1) when the firing
    step would have ended, and so can no longer bombard (only active ships do)."""
    from rulesets.kgk.effects import damage_card

    s, d, k = bomb_setup(auto_pass=False)
    act(s, A, {"type": "attack", "target": "colony"})
    while s["dec"]["kind"] != "pay":
        seat = s["dec"]["seat"]
        if s["dec"]["kind"] == "equip" and seat == A and d not in s["cb"]["ships"]:
            act(s, A, {"type": "commit", "ship": d})
            continue                                 # (its window comes next)
        act(s, seat, next(a for a in R.legal_actions(s, seat)
                          if a["type"] in ("pass", "done")))
    damage_card(s, d, 1)                             # a card's hit in the payment step
    assert s["cards"][d]["hit"] and s["cards"][d]["rot"] == 0
    while s["dec"] and s["dec"]["kind"] == "pay":
        act(s, s["dec"]["seat"], {"type": "done"})
    assert s["cards"][d]["rot"] != 0                 # damaged (Javítás: used)
    assert not (s["dec"] and s["dec"]["kind"] == "bomb"
                and {"type": "bomber", "ship": d} in R.legal_actions(s, A))


def test_kg_9_8_2_colony_no_threshold():
    s, d, k = bomb_setup()
    n = len(s["p"][B]["colony"])
    bombard_with(s, "colony", [k])
    assert len(s["p"][B]["colony"]) == n - 1 and len(s["p"][B]["ruin"]) == 1
    assert ship_state(s, k)[0] == "H"                  # KG-9.8.7


def test_kg_9_8_3_central_needs_total_two():
    s, d, k = bomb_setup()
    put(s, s["p"][B]["colony"][0], "hand")
    put(s, s["p"][B]["colony"][0], "hand")
    bombard_with(s, "central", [k])                    # total 1: nothing
    assert len(s["p"][B]["hand"]) == 2 and s["dec"]["kind"] == "main"
    bombard_with(s, "central", [d])                    # total 4: exactly one card
    assert s["dec"]["kind"] == "choose" and s["dec"]["seat"] == B
    act(s, B, R.legal_actions(s, B)[0])
    assert len(s["p"][B]["hand"]) == 1 and len(s["p"][B]["ruin"]) == 1


def test_kg_9_8_4_crew_needs_total_two_and_is_safe_aboard():
    s, d, k = bomb_setup(["Oktatótiszt", "Oktatótiszt", "Oktató Sólyom"])
    c1 = on_table(s, B, "Oktatótiszt", "canteen", paid=True)
    c2 = on_table(s, B, "Oktatótiszt", "canteen", paid=False, k=1)
    bombard_with(s, "crew", [k], pos=0)               # total 1: nothing
    assert s["cards"][c1]["z"] == "canteen"
    bombard_with(s, "crew", [d], pos=1)               # unpaid crew -> ruin
    assert s["cards"][c2]["z"] == "ruin"
    # aboard a defending ship the targeted crew cannot be bombarded (KG-17.36)
    s2, d2, k2 = bomb_setup(["Oktatótiszt", "Oktató Sólyom"])
    crew = on_table(s2, B, "Oktatótiszt", "canteen", paid=True)
    f = on_table(s2, B, "Oktató Sólyom")
    act(s2, A, {"type": "attack", "target": "crew", "pos": 0})
    act(s2, A, {"type": "commit", "ship": d2})
    act(s2, A, {"type": "done"})
    act(s2, B, {"type": "commit", "ship": f})
    act(s2, B, {"type": "board", "crew": crew, "ship": f})
    act(s2, B, {"type": "done"})
    pass_firing(s2)
    assert s2["cb"] is None and s2["cards"][crew]["z"] == "canteen"   # back after disarm
    assert ship_state(s2, d2)[0] == "A"


def test_kg_9_8_5_unpaid_base_needs_total_two():
    s, d, k = bomb_setup(["Gyakorló aknazár"])
    b = on_table(s, B, "Gyakorló aknazár", "surface", paid=False)
    bombard_with(s, "base", [k], pos=0)
    assert s["cards"][b]["z"] == "surface"
    bombard_with(s, "base", [d], pos=0)
    if s["dec"] and s["dec"]["kind"] == "trap":       # strict offer (no trap here)
        assert legal_types(s, B) == {"decline"}
        act(s, B, {"type": "decline"})
    assert s["cards"][b]["z"] == "ruin"


def test_kg_9_8_6_paid_base_against_its_armor():
    s, d, k = bomb_setup(["Gyakorló aknazár"])
    b = on_table(s, B, "Gyakorló aknazár", "surface", paid=True)   # armor 3
    bombard_with(s, "base", [k], pos=0)                # 1 < 3: loses 1 armor, damaged
    assert s["cards"][b]["z"] == "surface" and s["cards"][b]["rot"] == 2
    assert s["cards"][b]["dmg"] == 1
    bombard_with(s, "base", [d], pos=0)                # 4 >= 2 remaining: destroyed
    assert s["cards"][b]["z"] == "trash"


def test_kg_9_10_6_paid_base_armor_restored_in_the_end_phase():
    s, d, k = bomb_setup(["Gyakorló aknazár"])
    b = on_table(s, B, "Gyakorló aknazár", "surface", paid=True)
    bombard_with(s, "base", [k], pos=0)
    act(s, A, {"type": "end_turn"})
    assert s["cards"][b]["dmg"] == 0


def test_kg_4_5_10_trap_paid_in_the_bombardment():
    s, d, k = bomb_setup(["Vaktöltény-csapda"], cr=(20, 5))
    t = on_table(s, B, "Vaktöltény-csapda", "surface", paid=False)
    n = len(s["p"][A]["colony"])
    bombard_with(s, "base", [d], pos=0)
    assert s["dec"] == {"kind": "trap", "seat": B, "card": t}
    act(s, B, {"type": "pay_trap"})
    assert s["cards"][t]["z"] == "trash" and s["p"][B]["cr"] == 3
    assert len(s["p"][A]["colony"]) == n - 3           # the trap's effect on the attacker


# ---------------------------------------------------------------- KG-9.9 disarm

def test_kg_9_9_crews_return_rockets_spent():
    """KG-9.9.1: crews return to the canteen, used from a used ship and active from an active
    one, still paid; KG-9.9.2: a paid rocket goes to the trash, an unpaid one stays on its
    ship."""
    s = setup(["Oktatótiszt", "Oktatótiszt", "Oktató Sólyom", "Oktató Gyorstüzelő",
               "Űrcápa gyakorlótorpedó", "Próbarakéta"], [])
    f = on_table(s, A, "Oktató Sólyom")
    g = on_table(s, A, "Oktató Gyorstüzelő")
    c1 = on_table(s, A, "Oktatótiszt", "canteen", paid=True)
    c2 = on_table(s, A, "Oktatótiszt", "canteen", paid=True, k=1)
    r1 = on_table(s, A, "Űrcápa gyakorlótorpedó", "att", ship=f, paid=False)
    r2 = on_table(s, A, "Próbarakéta", "att", ship=g, paid=False)
    act(s, A, {"type": "attack", "target": "colony"})
    act(s, A, {"type": "commit", "ship": f})
    act(s, A, {"type": "commit", "ship": g})
    act(s, A, {"type": "board", "crew": c1, "ship": f})
    act(s, A, {"type": "board", "crew": c2, "ship": g})
    act(s, A, {"type": "done"})
    act(s, A, {"type": "pay", "card": r1})
    act(s, A, {"type": "done"})
    assert val(s, f, "firepower") == 2 + 3 + 1
    act(s, A, {"type": "bomber", "ship": f})           # g stays active
    act(s, A, {"type": "bombard"})
    assert s["cb"] is None
    assert s["cards"][c1]["z"] == "canteen" and s["cards"][c1]["rot"] == 1   # from a used ship
    assert s["cards"][c2]["z"] == "canteen" and s["cards"][c2]["rot"] == 0   # from an active one
    assert s["cards"][r1]["z"] == "trash"                                    # paid rocket spent
    assert s["cards"][r2]["z"] == "att" and s["cards"][r2]["on"] == g        # KG-17.40
    assert s["cards"][c1]["paid"] and s["cards"][c2]["paid"]


# ---------------------------------------------------------------- KG-9.10 end phase

def test_kg_9_10_2_win_check_in_the_end_phase():
    """The end phase, done in its order (KG-9.10): the win check comes in it."""
    s = setup([], [])
    for c in list(s["p"][B]["colony"]):
        put(s, c, "ruin")
    assert R.outcome(s) is None                        # not before the end phase
    act(s, A, {"type": "end_turn"})
    out = R.outcome(s)
    assert out.winners == (A,) and out.reason == "colony_empty"


def test_kg_17_27_own_empty_colony_loses_only_at_the_opponents_check():
    s = setup([], [])
    for c in list(s["p"][A]["colony"]):
        put(s, c, "ruin")
    act(s, A, {"type": "end_turn"})
    assert R.outcome(s) is None
    act(s, B, {"type": "end_turn"})
    assert R.outcome(s).winners == (B,)


def test_kg_9_10_3_hand_limit_five_discard_by_choice_into_the_ruin():
    s = setup([], [])
    for c in list(s["p"][A]["colony"][:7]):
        put(s, c, "hand")
    act(s, A, {"type": "end_turn"})
    assert s["dec"]["why"] == "hand_limit" and s["dec"]["seat"] == A
    act(s, A, R.legal_actions(s, A)[0])
    act(s, A, R.legal_actions(s, A)[-1])
    assert len(s["p"][A]["hand"]) == 5 and len(s["p"][A]["ruin"]) == 2
    assert s["active"] == B


def test_kg_9_10_4_hangar_limit_twelve():
    s = setup(["Gyakorló Bástyahajó"] * 3 + ["Kiképző Kolibri"], [])
    ships = [on_table(s, A, "Gyakorló Bástyahajó", k=i) for i in range(3)]
    k = on_table(s, A, "Kiképző Kolibri")
    act(s, A, {"type": "end_turn"})
    assert s["dec"]["why"] == "hangar_limit" and sorted(s["dec"]["opts"]) == sorted(ships + [k])
    act(s, A, {"type": "choose", "pick": k})
    assert s["cards"][k]["z"] == "trash" and s["active"] == B


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


def test_kg_9_10_5_credit_cap_twenty():
    s = setup([], [], cr=(27, 0))
    act(s, A, {"type": "end_turn"})
    assert s["p"][A]["cr"] == 20


def test_kg_9_10_7_rotation_only_the_active_players_cards_one_step():
    s = setup(["Kiképző Kolibri", "Kiképző Kolibri"], ["Kiképző Kolibri"])
    a1 = on_table(s, A, "Kiképző Kolibri", rot=2)
    a2 = on_table(s, A, "Kiképző Kolibri", rot=1, k=1)
    b1 = on_table(s, B, "Kiképző Kolibri", rot=2)
    act(s, A, {"type": "end_turn"})
    assert [s["cards"][x]["rot"] for x in (a1, a2, b1)] == [1, 0, 2]


# ---------------------------------------------------------------- KG-7 abilities

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


def formation_decision():
    """Firepower 4 fired at one of two armor-3 Kötelék ships, no return fire: the
    defender's formation decision is next. Returns the state and the two ships."""
    s = setup(["Gyakorló Bástyahajó"], ["Oktató Sólyom", "Tanszázad-vadász"])
    d = on_table(s, A, "Gyakorló Bástyahajó")             # firepower 4
    f1 = on_table(s, B, "Oktató Sólyom")                  # armor 3, formation
    f2 = on_table(s, B, "Tanszázad-vadász")               # armor 3, formation
    to_fire(s, A, "colony", [d], [f1, f2])
    act(s, B, {"type": "pass"})
    act(s, A, {"type": "fire", "ship": d, "target": f1})
    act(s, B, {"type": "no_return"})
    return s, f1, f2


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


# ---------------------------------------------------------------- KG-10 chain

def test_kg_10_7_subtype_windows():
    s = setup(["Gyakorló találat", "Kiképzési parancs", "Gyakorló ellenparancs",
               "Kiképző Kolibri"], [])
    hit = on_table(s, A, "Gyakorló találat", "hand")
    order = on_table(s, A, "Kiképzési parancs", "hand")
    on_table(s, A, "Kiképző Kolibri")
    playable = {a["card"] for a in R.legal_actions(s, A) if a["type"] == "play"}
    assert order in playable and hit not in playable      # general yes, combat no (main)


def test_kg_10_3_interrupts_in_the_opponents_turn_and_priority_passes():
    s = setup(["Célgyakorlat", "Kiképző Kolibri"], ["Zarg zavaró gyakorlat", "Kiképző Kolibri"],
              auto_pass=False)
    ev = on_table(s, A, "Célgyakorlat", "hand")
    zz = on_table(s, B, "Zarg zavaró gyakorlat", "hand")
    bk = on_table(s, B, "Kiképző Kolibri")
    act(s, A, {"type": "play", "card": ev, "target": bk})
    assert s["dec"]["kind"] == "prio" and s["dec"]["seat"] == B
    item = s["chain"][0]["u"]
    act(s, B, {"type": "play", "card": zz, "target": item})
    assert s["dec"]["seat"] == A                           # priority passes after each play
    act(s, A, {"type": "pass"})
    act(s, B, {"type": "pass"})
    assert s["cards"][bk]["z"] == "hangar" and armor_now(s, bk) == 1   # neutralised
    assert s["p"][A]["cr"] == 17 and s["p"][B]["cr"] == 18             # costs lost (KG-10.9)


def test_kg_10_10_lost_target_leaves_without_effect():
    s = setup(["Célgyakorlat", "Célgyakorlat", "Kiképző Kolibri"], ["Kiképző Kolibri"],
              auto_pass=False)
    e1 = on_table(s, A, "Célgyakorlat", "hand")
    e2 = on_table(s, A, "Célgyakorlat", "hand", k=1)
    bk = on_table(s, B, "Kiképző Kolibri")
    # A plays two events at the same ship; the later resolves first and kills it
    act(s, A, {"type": "play", "card": e1, "target": bk})
    act(s, B, {"type": "pass"})
    # the chain for e1 closes when A passes; play e2 from a new declaration instead
    ev = act(s, A, {"type": "pass"})
    assert any(e["type"] == "resolved" for e in ev) and s["cards"][bk]["z"] == "trash"
    assert not any(a.get("card") == e2 for a in R.legal_actions(s, A)
                   if a["type"] == "play")                                  # no target


def test_kg_10_1_3_payment_counts_as_an_interrupt_and_can_be_neutralised():
    s = setup(["Kiképző lézerágyú", "Kiképző Kolibri"], ["Gyakorló ellenparancs"])
    k = on_table(s, A, "Kiképző Kolibri")
    gun = on_table(s, A, "Kiképző lézerágyú", "att", ship=k, paid=False)
    counter = on_table(s, B, "Gyakorló ellenparancs", "hand")
    act(s, A, {"type": "pay", "card": gun})
    assert s["dec"]["kind"] == "prio" and s["dec"]["seat"] == B
    item = s["chain"][0]["u"]
    act(s, B, {"type": "play", "card": counter, "target": item})
    assert s["cards"][gun]["z"] == "trash" and s["p"][A]["cr"] == 18   # leaves play, no refund
    assert val(s, k, "firepower") == 1


def test_kg_10_6_own_sequence_resolves_last_in_first_out():
    s = setup(["Gyakorló segélyszállítmány", "Kiképzési parancs"], [], auto_pass=False)
    ev = on_table(s, A, "Gyakorló segélyszállítmány", "hand")
    order = on_table(s, A, "Kiképzési parancs", "hand")
    act(s, A, {"type": "play", "card": ev})
    act(s, B, {"type": "pass"})
    events = act(s, A, {"type": "play", "card": order})
    act(s, B, {"type": "pass"})
    events = act(s, A, {"type": "pass"})
    resolved = [e["card"] for e in events if e["type"] == "resolved"]
    assert resolved == [order, ev]


# ---------------------------------------------------------------- card states and types

def test_kg_3_7_damaged_to_used_to_active_over_two_end_phases():
    s = setup(["Kiképző Kolibri"], [])
    k = on_table(s, A, "Kiképző Kolibri", rot=2)
    act(s, A, {"type": "end_turn"})
    assert s["cards"][k]["rot"] == 1
    act(s, B, {"type": "end_turn"})
    act(s, A, {"type": "end_turn"})
    assert s["cards"][k]["rot"] == 0


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


# ---------------------------------------------------------------- options

def test_kg_13_2_simplified_combat_alternates_no_return_fire_late_destruction():
    """KG-13.2.2: no speed order (both of A's ships may fire first) and no return fire (B's
    fire decision follows the shot); KG-13.2.3: shots alternate, attacker first, and
    destroyed ships leave only at the end of the firing step."""
    s = setup(["Kiképző Kolibri", "Oktató Sólyom"], ["Kiképző Szúnyog"], simplified_combat=True)
    k = on_table(s, A, "Kiképző Kolibri")
    f = on_table(s, A, "Oktató Sólyom")
    g = on_table(s, B, "Kiképző Szúnyog")
    to_fire(s, A, "colony", [f, k], [g])
    assert s["dec"]["seat"] == A and sorted(s["dec"]["allowed"]) == sorted([f, k])  # no speed
    act(s, A, {"type": "fire", "ship": f, "target": g})  # 2 damage: Szúnyog at 0 armor
    assert s["dec"]["kind"] == "fire" and s["dec"]["seat"] == B   # no return fire
    assert s["cards"][g]["z"] == "hangar"                 # still deals its damage
    act(s, B, {"type": "fire", "ship": g, "target": k})
    assert s["cards"][k]["z"] == "hangar"
    act(s, A, {"type": "pass"})
    assert s["cards"][g]["z"] == "trash" and s["cards"][k]["z"] == "trash"   # end of firing


def multiplayer(n=3):
    cfg = R.example_config(n)
    s = R.new_game(cfg, "mp")
    return s


def test_kg_13_1_multiplayer_no_ramp_neighbours_only_no_first_turn_attack():
    """KG-8.7 / KG-13.1.5: in multiplayer the first player gets 5 credits from his first turn
    (10 = 5 + 5, no ramp); KG-13.1.4; KG-13.1.2."""
    cfg = R.example_config(4)
    s = R.new_game(cfg, "mp4")
    for _q in range(4):                                    # mulligans
        act(s, s["dec"]["seat"], {"type": "keep"})
    until_main(s)
    first = s["active"]
    assert s["p"][first]["cr"] == 10                      # KG-13.1.5: 5 from the first turn
    assert "attack" not in legal_types(s, first)          # KG-13.1.4
    for _ in range(4):
        act(s, s["active"], {"type": "end_turn"})
        while s["dec"]["kind"] != "main":
            d = s["dec"]
            act(s, d["seat"], {"type": "pass"} if d["kind"] == "prio"
                else R.legal_actions(s, d["seat"])[0])
    seat = s["active"]
    ship = next(c for c in s["cards"] if c["o"] == seat
                and s["defs"][c["d"]]["type"] == "ship")
    put(s, ship["id"], "hangar")
    opps = {a["opp"] for a in R.legal_actions(s, seat) if a["type"] == "attack"}
    assert opps == {(seat + 1) % 4, (seat - 1) % 4}       # KG-13.1.2


def test_kg_13_1_7_most_eliminations_wins():
    cfg = R.example_config(3)
    s = R.new_game(cfg, "mp3")
    for _ in range(3):
        act(s, s["dec"]["seat"], {"type": "keep"})
    until_main(s)
    a = s["active"]
    others = [(a + 1) % 3, (a + 2) % 3]
    for q in others:
        for c in list(s["p"][q]["colony"]):
            put(s, c, "ruin")
    act(s, a, {"type": "end_turn"})
    out = R.outcome(s)
    assert out.winners == (a,) and out.scores[a] == 2.0


def test_kg_16_quick_start_ships_only_five_credits_no_mulligan():
    cfg = R.example_config(2)
    cfg["options"]["rules"] = "quick_start"
    s = R.new_game(cfg, "qs")
    assert s["dec"]["kind"] == "main"                     # KG-16.2.4: no mulligan
    seat = s["active"]
    assert s["p"][seat]["cr"] == 10                       # KG-16.1.6
    types = {s["defs"][s["cards"][a["card"]]["d"]]["type"]
             for a in R.legal_actions(s, seat) if "card" in a}
    assert types <= {"ship"}                               # KG-16.1.4
    assert legal_types(s, seat) <= {"play", "draw", "end_turn"}


def test_kg_16_2_12_quick_start_ends_when_a_colony_runs_out():
    s = setup([], [], rules="quick_start", fill=6)
    for c in list(s["p"][A]["colony"][:-1]):
        put(s, c, "hand")
    act(s, A, {"type": "draw"})
    assert R.outcome(s).winners == (B,)


# ---------------------------------------------------------------- protocol details

def test_config_errors():
    with pytest.raises(ConfigError):
        R.new_game({"decks": [[]], "players": 1}, "x")
    bad = practice("Kiképző Kolibri")
    bad["speed"] = None
    with pytest.raises(ConfigError) as e:
        R.new_game({"decks": [[bad] * 10, [bad] * 10], "players": 2}, "x")
    assert e.value.code == "unplayable_card"


def test_resign():
    s = R.new_game(R.example_config(2), "resign")
    R.resign(s, 0)
    assert R.outcome(s).winners == (1,) and R.outcome(s).reason == "resigned"
    s = R.new_game(R.example_config(3), "resign3")
    R.resign(s, s["dec"]["seat"])
    assert R.outcome(s) is None and R.to_act(s)


def test_kg_13_1_3_multiplayer_opponent_effect_names_a_neighbour():
    """KG-13.1.3 / KG-11.5: in multiplayer "your opponent" is one of the two neighbours, chosen
    by the player (both are offered as targets, nobody else)."""
    cfg = R.example_config(3)
    s = R.new_game(cfg, "mp-target")
    for _ in range(3):
        act(s, s["dec"]["seat"], {"type": "keep"})
    until_main(s)
    seat = s["active"]
    ev = next(c["id"] for c in s["cards"] if c["o"] == seat
              and s["defs"][c["d"]]["name"] in ("Szimulált hadgyakorlat", "Célgyakorlat",
                                                "Kiképző Kolibri"))
    # give the active seat the discard event (whatever its deck) and enough credits
    from .helpers import practice as _p  # noqa: F401
    d = next(i for i, x in enumerate(s["defs"]) if x["name"] == "Szimulált hadgyakorlat")
    s["cards"][ev]["d"] = d
    if s["cards"][ev]["z"] != "hand":
        put(s, ev, "hand")
    s["p"][seat]["cr"] = 10
    targets = {a.get("target") for a in R.legal_actions(s, seat)
               if a["type"] == "play" and a["card"] == ev}
    assert targets == {(seat + 1) % 3, (seat + 2) % 3}


def test_kg_10_10_card_whose_target_left_resolves_without_effect():
    """Its cost is lost (KG-12.9)."""
    s = setup(["Gyakorló találat", "Oktató Sólyom"],
              ["Űrcápa célbaütés-gyakorlat", "Kiképző Kolibri"], auto_pass=False)
    hit = on_table(s, A, "Gyakorló találat", "hand")
    f = on_table(s, A, "Oktató Sólyom")
    strike = on_table(s, B, "Űrcápa célbaütés-gyakorlat", "hand")
    k = on_table(s, B, "Kiképző Kolibri")
    act(s, A, {"type": "attack", "target": "colony"})
    while s["dec"]["kind"] == "prio":
        act(s, s["dec"]["seat"], {"type": "pass"})
    act(s, A, {"type": "commit", "ship": f})
    until_main(s)                                    # the designation's window (KG-4.7.1)
    act(s, A, {"type": "done"})
    act(s, B, {"type": "commit", "ship": k})
    until_main(s)
    act(s, B, {"type": "done"})
    pass_payments = [{"type": "done"}]
    while s["dec"]["kind"] == "pay":
        act(s, s["dec"]["seat"], pass_payments[0])
    # B's Kolibri (speed 5) fires first; in the window A plays +2 firepower on the
    # Kolibri (any participating ship), B answers by destroying it: the +2 loses its target.
    assert s["dec"]["kind"] == "fire" and s["dec"]["seat"] == B
    act(s, B, {"type": "fire", "ship": k, "target": f})
    act(s, A, {"type": "no_return"})
    assert s["dec"]["kind"] == "prio" and s["dec"]["seat"] == A     # answering B's shot
    act(s, A, {"type": "play", "card": hit, "target": k})
    act(s, B, {"type": "play", "card": strike, "target": k})
    act(s, A, {"type": "pass"})
    ev = act(s, B, {"type": "pass"})
    kinds = [(e["type"], e.get("card"), e.get("why")) for e in ev
             if e["type"] in ("resolved", "no_effect")]
    assert kinds[0] == ("resolved", strike, None)
    assert kinds[1] == ("no_effect", hit, "target_lost")
    assert s["cards"][k]["z"] == "trash" and s["cards"][hit]["z"] == "trash"
    assert s["p"][A]["cr"] == 19                       # its cost is lost (KG-12.9)


def test_kg_10_7_combat_and_reaction_windows():
    """A combat interrupt may be played right after the target is named (KG-9.4.2)."""
    s = setup(["Gyakorló találat", "Oktató Sólyom"], ["Zarg vészpajzs", "Kiképző Kolibri"],
              auto_pass=False)
    hit = on_table(s, A, "Gyakorló találat", "hand")
    f = on_table(s, A, "Oktató Sólyom")
    shield = on_table(s, B, "Zarg vészpajzs", "hand")
    k = on_table(s, B, "Kiképző Kolibri")
    # main phase: A's combat interrupt is not playable; B's reaction answers any window
    assert not any(a.get("card") == hit for a in R.legal_actions(s, A) if a["type"] == "play")
    act(s, A, {"type": "attack", "target": "colony"})
    assert s["dec"] == {"kind": "prio", "ctx": "target", "seat": B, "passes": 0}
    assert {"type": "play", "card": shield, "target": k} in R.legal_actions(s, B)
    act(s, B, {"type": "pass"})
    # A may play the combat interrupt in the target window (KG-9.4.2)
    assert {"type": "play", "card": hit, "target": f} not in R.legal_actions(s, A)  # not yet in
    act(s, A, {"type": "pass"})
    act(s, A, {"type": "commit", "ship": f})
    # the designation opens a window (KG-4.7.1: reaction "bármikor"): B's reaction and A's
    # combat interrupt may answer it; both pass
    assert s["dec"] == {"kind": "prio", "ctx": "combat", "seat": B, "passes": 0}
    assert {"type": "play", "card": shield, "target": k} in R.legal_actions(s, B)
    until_main(s)
    # in the equip step the combat interrupt is playable (participating target)
    assert {"type": "play", "card": hit, "target": f} in R.legal_actions(s, A)
    act(s, A, {"type": "play", "card": hit, "target": f})
    assert s["dec"]["kind"] == "prio" and s["dec"]["ctx"] == "combat"
    act(s, B, {"type": "pass"})
    act(s, A, {"type": "pass"})
    assert val(s, f, "firepower") == 4 and s["dec"]["kind"] == "equip"
    # end phase: the reaction window (KG-10.7: reaction only)
    act(s, A, {"type": "done"})
    act(s, B, {"type": "done"})
    while s["dec"]["kind"] in ("pay", "prio"):
        act(s, s["dec"]["seat"], {"type": "done"} if s["dec"]["kind"] == "pay"
            else {"type": "pass"})
    while s["dec"]["kind"] == "bomb":
        act(s, A, {"type": "bombard"})
    act(s, A, {"type": "end_turn"})
    assert s["dec"]["kind"] == "prio" and s["dec"]["ctx"] == "end"


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


def test_kg_13_1_resign_in_multiplayer_mid_combat():
    cfg = R.example_config(3)
    s = R.new_game(cfg, "mp-resign")
    steps = 0
    while R.outcome(s) is None and not s["cb"]:
        seat = R.to_act(s)[0]
        R.apply(s, seat, R.bot_action(s, seat, "random", f"r{steps}"))
        steps += 1
    if s["cb"]:
        loser = s["cb"]["def"]
        R.resign(s, loser)
        assert not s["p"][loser]["alive"] and s["cb"] is None
        from .helpers import check_invariants
        check_invariants(s)
        seat = R.to_act(s)[0]
        assert s["p"][seat]["alive"]


def test_kg_7_8_repair_outside_combat_turns_used():
    s = setup(["Célgyakorlat"], ["Tanfullánk"])
    ev = on_table(s, A, "Célgyakorlat", "hand")
    r = on_table(s, B, "Tanfullánk")
    act(s, A, {"type": "play", "card": ev, "target": r})
    assert ship_state(s, r) == ("H", 1, "hangar")


def test_kg_4_4_9_passenger_aboard_cannot_pay_rotation_costs():
    from rulesets.kgk.abilities import activated_ok as _activated_ok
    s = setup(["Tanuló utas", "Oktató Sólyom"], [])
    f = on_table(s, A, "Oktató Sólyom")
    u = on_table(s, A, "Tanuló utas", "att", ship=f, paid=True)
    ab = s["defs"][s["cards"][u]["d"]]["eff"]["activated"][0]
    assert not _activated_ok(s, A, u, ab)
    put(s, u, "canteen", paid=True)
    assert _activated_ok(s, A, u, ab)


def test_kg_17_17_hangar_discard_takes_its_armaments():
    s = setup(["Gyakorló Bástyahajó"] * 3 + ["Oktató Sólyom", "Kiképző lézerágyú",
                                              "Gyakorló pajzs"], [])
    for i in range(3):
        on_table(s, A, "Gyakorló Bástyahajó", k=i)
    f = on_table(s, A, "Oktató Sólyom")
    gun = on_table(s, A, "Kiképző lézerágyú", "att", ship=f, paid=True)
    shield = on_table(s, A, "Gyakorló pajzs", "att", ship=f, paid=False)
    act(s, A, {"type": "end_turn"})
    act(s, A, {"type": "choose", "pick": f})
    assert [s["cards"][x]["z"] for x in (f, gun, shield)] == ["trash", "trash", "ruin"]


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
