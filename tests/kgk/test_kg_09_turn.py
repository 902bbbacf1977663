"""KGK rules, section 9: The turn (``docs/rules/kgk/09-turn.md``):
each test names its rule (``test_kg_4_5_3_…``) or cites it in its docstring (KG-x.y).

The games start from the practice decks (``early_games``) or from positions written in the
scenario format (``positions``, ``asked_positions``; ``rulesets/kgk/SCENARIOS.md``); the
tests act through ``legal_actions``/``apply`` and look through ``view``."""

from __future__ import annotations

import pytest

from rulesets.base import IllegalAction
from rulesets.kgk import RULESET as R
from rulesets.kgk.state import armor_now, val

from .asked_positions import DANI, FILL, LACI, dec, me, position, seat, settle
from .combat_steps import declare, legal, pass_until_bomb, ship, ship_of, step
from .early_games import (
    A,
    B,
    bomb_setup,
    bombard_with,
    maybe,
    on_table,
    pass_firing,
    setup,
    to_fire,
)
from .helpers import act, legal_types, put, ship_state


def plays(s, q: int) -> set[int]:
    return {a["card"] for a in R.legal_actions(s, q) if a["type"] == "play"}


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


def test_kg_9_3_3_e_pay_later_in_the_main_phase():
    """The armament then affects its own ship (KG-4.3.4)."""
    s = setup(["Kiképző lézerágyú", "Kiképző Kolibri"])
    ship = on_table(s, A, "Kiképző Kolibri")
    gun = on_table(s, A, "Kiképző lézerágyú", "att", ship=ship, paid=False)
    act(s, A, {"type": "pay", "card": gun})
    assert s["cards"][gun]["paid"] and s["p"][A]["cr"] == 18
    assert val(s, ship, "firepower") == 3                  # KG-4.3.4
    assert {"type": "pay", "card": gun} not in R.legal_actions(s, A)   # KG-3.10.3 once


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


def test_kg_9_10_2_win_check_in_the_end_phase():
    """The end phase, done in its order (KG-9.10): the win check comes in it."""
    s = setup([], [])
    for c in list(s["p"][B]["colony"]):
        put(s, c, "ruin")
    assert R.outcome(s) is None                        # not before the end phase
    act(s, A, {"type": "end_turn"})
    out = R.outcome(s)
    assert out.winners == (A,) and out.reason == "colony_empty"


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


def test_kg_9_1_1_turns_alternate_and_kg_9_10_8_the_end_is_announced():
    """KG-9.1.1: when a turn ends the opponent's follows, then yours again. KG-9.1.5 /
    KG-9.10.8 / KG-11.15: the end of the end phase is announced: the opponent receives
    the end-phase event. KG-9.3.6: ending the main phase leads to the end phase.
    (How a turn is built: KG-9.1.)"""
    s, _ = position(seat(), seat())
    assert R.view(s, LACI)["active"] == DANI
    events = act(s, DANI, {"type": "end_turn"})
    seen_by_laci = [R.event_view(e, LACI)["type"] for e in events]
    assert "end_phase" in seen_by_laci
    assert seen_by_laci.index("end_phase") < seen_by_laci.index("turn")
    settle(s)
    v = R.view(s, DANI)
    assert (v["active"], v["turn"], v["phase"]) == (LACI, 8, "main")
    act(s, LACI, {"type": "end_turn"})
    settle(s)
    assert (R.view(s, LACI)["active"], R.view(s, LACI)["turn"]) == (DANI, 9)


def test_kg_9_1_3_only_the_player_whose_turn_it_is_acts():
    """KG-9.1.3 / KG-11.15: in Dani's main phase Laci has no action of his own (he acts
    only through interrupts and the decisions the rules give him)."""
    s, _ = position(seat(), seat(hand=["practice-gyakorlo-segelyszallitmany"]))
    assert R.legal_actions(s, LACI) == []
    with pytest.raises(IllegalAction) as e:
        R.apply(s, LACI, {"type": "end_turn"})
    assert e.value.code == "not_your_turn"
    assert R.view(s, LACI)["to_act"] == [DANI]


def test_kg_9_1_4_phase_order_start_main_combat_main_end():
    """KG-9.1.4: start phase, then the main phase with its combat phases (the main phase
    goes on after each), then the end phase; the next turn starts with its start phase."""
    s, c = position(seat(hangar=[{"card": FILL, "label": "k"}]), seat(credits=0))
    phases = [R.view(s, DANI)["phase"]]
    act(s, DANI, {"type": "attack", "target": "colony"})
    settle(s)
    phases.append("combat" if R.view(s, DANI)["combat"] else R.view(s, DANI)["phase"])
    act(s, DANI, {"type": "commit", "ship": c["k"]})
    act(s, DANI, {"type": "done"})
    settle(s)
    if dec(s)["kind"] == "bomb":
        act(s, DANI, {"type": "bomber", "ship": c["k"]})
        act(s, DANI, {"type": "bombard"})
        settle(s)
    phases.append(R.view(s, DANI)["phase"])
    events = act(s, DANI, {"type": "end_turn"})
    kinds = [e["type"] for e in events]
    assert phases == ["main", "combat", "main"]
    assert kinds.index("end_phase") < kinds.index("turn")       # end, then the next start
    assert R.view(s, LACI)["players"][LACI]["credits"] == 5     # its income came first


def test_kg_9_1_2_start_phase_income_comes_before_its_interrupts():
    """KG-9.1.2 (steps in the order written) / KG-9.2.1: the income arrives at the very
    beginning of the start phase, before the start interrupts (KG-9.2.2): Laci, at 0
    credits, can pay Korai riadó (cost 1) in his own start phase.
    KG-9.2.3: there is no draw step: his hand is what it was."""
    s, c = position(seat(), seat(credits=0, hand=[{"card": "practice-korai-riado",
                                                    "label": "early"}, FILL]))
    act(s, DANI, {"type": "end_turn"})
    v = R.view(s, LACI)
    assert v["phase"] == "start" and v["players"][LACI]["credits"] == 5
    assert v["players"][LACI]["hand_count"] == 2                 # no draw
    assert dec(s) == {"kind": "prio", "seat": LACI, "ctx": "start", "passes": 0}
    assert c["early"] in plays(s, LACI)
    act(s, LACI, {"type": "play", "card": c["early"]})
    settle(s)
    assert R.view(s, LACI)["phase"] == "main"
    assert me(s, LACI)["credits"] == 5 - 1 + 1 and me(s, LACI)["hand_count"] == 2


def test_kg_9_3_2_pay_bases_crews_and_armaments_in_the_main_phase():
    """KG-9.3.2: in his main phase the player may pay at any time a base developed to
    its limit (not a trap), a crew, an armament (not a rocket); each payment is an
    interrupt (KG-10.1.3): with auto-pass off the opponent gets a window after it."""
    s, c = position(
        seat(credits=20,
             hangar=[{"card": "practice-oktato-elmevadasz", "attached": [
                 {"card": "practice-kikepzo-lezeragyu", "label": "gun"},
                 {"card": "practice-probaraketa", "label": "rocket"}]}],
             canteen=[{"card": "practice-oktatotiszt", "label": "crew"}],
             surface=[{"card": "practice-tanmuhely", "label": "full", "development": 2},
                      {"card": "practice-xeno-gyakorlobunker", "label": "half",
                       "development": 1},
                      {"card": "practice-vaktolteny-csapda", "label": "trap",
                       "development": 0}]),
        seat(hand=[FILL]), options={"auto_pass": False})    # (a card: Laci is asked)
    pays = {a["card"] for a in R.legal_actions(s, DANI) if a["type"] == "pay"}
    assert pays == {c["gun"], c["crew"], c["full"]}
    act(s, DANI, {"type": "pay", "card": c["full"]})
    assert dec(s)["kind"] == "prio" and dec(s)["seat"] == LACI
    settle(s)
    assert me(s, DANI)["credits"] == 18
    surface = {x["id"]: x for x in R.view(s, LACI)["players"][DANI]["surface"]
               if "id" in x}
    assert surface[c["full"]]["paid"] and surface[c["full"]]["slug"] == "practice-tanmuhely"


def test_kg_9_3_4_main_phase_interrupts_general_and_reaction_by_either_player():
    """KG-9.3.4 / KG-10.7: in the main phase general and reaction interrupts may be
    played, by either player; combat and start interrupts may not."""
    hand = [{"card": "practice-kikepzesi-parancs", "label": "gen"},
            {"card": "practice-zarg-veszpajzs", "label": "react"},
            {"card": "practice-gyakorlo-talalat", "label": "combat"},
            {"card": "practice-korai-riado", "label": "start"}]
    laci_hand = [{"card": e["card"], "label": "l-" + e["label"]} for e in hand]
    s, c = position(seat(hand=hand, hangar=[{"card": FILL}]),
                    seat(hand=laci_hand, hangar=[{"card": FILL}]),
                    options={"auto_pass": False})
    mine = plays(s, DANI)
    assert {c["gen"], c["react"]} <= mine and not mine & {c["combat"], c["start"]}
    act(s, DANI, {"type": "draw"})                    # an action Laci may answer
    assert dec(s)["seat"] == LACI and dec(s)["kind"] == "prio"
    theirs = plays(s, LACI)
    assert {c["l-gen"], c["l-react"]} <= theirs
    assert not theirs & {c["l-combat"], c["l-start"]}


def test_kg_9_10_1_end_phase_limits_concern_the_active_player_only():
    """KG-9.10.1: the hand limit, hangar limit, credit cap and rotation of Dani's end
    phase concern Dani's cards only; KG-9.10.6 (armor) concerns both. Laci keeps his
    seven cards, his 25 credits and his used ship."""
    s, c = position(
        seat(credits=25),
        seat(credits=25, hand=[{"card": FILL, "count": 7}],
             hangar=[{"card": "practice-oktato-elmevadasz", "label": "used",
                      "state": "used", "damage": 1}]))
    act(s, DANI, {"type": "end_turn"})
    laci = R.view(s, DANI)["players"][LACI]
    assert R.view(s, DANI)["players"][DANI]["credits"] == 20      # Dani capped
    assert laci["hand_count"] == 7
    ship = laci["hangar"][0]
    assert ship["armor_now"] == ship["armor"]                      # both: armor restored
    # Laci's own turn began: his used ship is still used (his end phase turns it)
    assert ship["rot"] == 1
    assert laci["credits"] == 25 + 5                               # income, no cap yet


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
