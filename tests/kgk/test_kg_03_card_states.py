"""KGK rules, section 3: Card states (``docs/rules/kgk/03-card-states.md``):
each test names its rule (``test_kg_4_5_3_…``) or cites it in its docstring (KG-x.y).

The games start from the practice decks (``early_games``) or from positions written in the
scenario format (``positions``, ``asked_positions``; ``rulesets/kgk/SCENARIOS.md``); the
tests act through ``legal_actions``/``apply`` and look through ``view``."""

from __future__ import annotations

from rulesets.kgk import RULESET as R

from .early_games import A, B, bomb_setup, on_table, setup
from .helpers import act
from .positions import (
    DANI,
    FILL,
    LACI,
    QUIET,
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
)

SOLYOM = "practice-oktato-solyom"          # fighter 4-2-3-1, 5 credits


ELME = "practice-oktato-elmevadasz"        # fighter 4-2-3-1, 4 credits


SZUNYOG = "practice-kikepzo-szunyog"       # scout 5-1-2-0


LEZER = "practice-kikepzo-lezeragyu"       # weapon Tt+2


TISZT = "practice-oktatotiszt"             # captain Vv+1 Tt+1


CELGYAK = "practice-celgyakorlat"          # event: 2 damage to an opponent's ship


AKNAZAR = "practice-gyakorlo-aknazar"      # bunker, limit 3, armor 3


def to_firing(state):
    """Finish the payment step (no payments) up to the first firing decision."""
    while (d := deciding(state)) and d[0] not in ("fire", "main", "bomb"):
        acts = legal(state, d[1])
        do(state, d[1], next(a for a in acts if a["type"] in ("done", "pass")))


def fire_once(returns: bool):
    """Dani's fighter fires at Laci's fighter (2 damage on armor 3), which returns fire
    or not; then every further decision is declined."""
    st, c = position(seat(hangar=[{"card": ELME, "label": "a"}]),
                     seat(hangar=[{"card": SOLYOM, "label": "d"}]))
    attack(st, DANI, {"target": "colony"}, [c["a"]], [c["d"]])
    to_firing(st)
    assert deciding(st) == ("fire", DANI)
    do(st, DANI, next(a for a in legal(st, DANI) if a["type"] == "fire"))
    assert deciding(st) == ("ret", LACI)
    do(st, LACI, {"type": "return" if returns else "no_return"})
    finish_combat(st)
    return st, c


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


def test_kg_3_7_damaged_to_used_to_active_over_two_end_phases():
    s = setup(["Kiképző Kolibri"], [])
    k = on_table(s, A, "Kiképző Kolibri", rot=2)
    act(s, A, {"type": "end_turn"})
    assert s["cards"][k]["rot"] == 1
    act(s, B, {"type": "end_turn"})
    act(s, A, {"type": "end_turn"})
    assert s["cards"][k]["rot"] == 0


def test_kg_3_1_each_card_in_play_has_exactly_one_of_three_states():
    """KG-3.1: a ship is active, used or damaged, one at a time, and both seats see which."""
    st, c = position(
        seat(hangar=[{"card": FILL, "label": "a"}, {"card": FILL, "label": "u", "state": "used"},
                     {"card": FILL, "label": "d", "state": "damaged"}]),
        seat())
    for who in (DANI, LACI):
        rots = {label: ship(st, who, c[label], DANI)["rot"] for label in "aud"}
        assert rots == {"a": ROT["active"], "u": ROT["used"], "d": ROT["damaged"]}


def test_kg_3_2_cards_enter_play_active():
    """KG-3.2: a ship played and a crew placed face down both come into play active."""
    st, c = position(seat(hand=[{"card": SOLYOM, "label": "s"}, {"card": TISZT, "label": "t"}]),
                     seat())
    do(st, DANI, {"type": "play", "card": c["s"]})
    pass_until(st, "main")
    do(st, DANI, {"type": "place", "card": c["t"], "as": "crew"})
    pass_until(st, "main")
    assert ship(st, DANI, c["s"])["rot"] == ROT["active"]
    assert [v["rot"] for v in me(st, DANI)["canteen"]] == [ROT["active"]]


def test_kg_3_3_1_firing_and_return_fire_turn_ships_used():
    """KG-3.3, KG-3.3.1: a ship that fires is used afterwards; a ship that returns fire
    is no longer active either (used, and here damaged too, by the shot it answered);
    the unhit firer whose target did not return is exactly used."""
    st, c = fire_once(returns=False)
    assert ship(st, DANI, c["a"])["rot"] == ROT["used"]
    assert ship(st, DANI, c["d"], LACI)["rot"] == ROT["damaged"]
    st, c = fire_once(returns=True)
    assert ship(st, DANI, c["a"])["rot"] == ROT["damaged"]      # hit by the return fire
    assert ship(st, DANI, c["d"], LACI)["rot"] == ROT["damaged"]


def test_kg_3_3_2_bombarding_turns_the_ship_used():
    """KG-3.3.2: a ship that bombards is used afterwards."""
    st, c = position(seat(hangar=[{"card": ELME, "label": "a"}]), seat())
    attack(st, DANI, {"target": "colony"}, [c["a"]])
    bombard(st, DANI, [c["a"]])
    finish_combat(st)
    assert ship(st, DANI, c["a"])["rot"] == ROT["used"]


def test_kg_3_3_4_crew_back_from_a_used_ship_returns_used():
    """KG-3.3.4 (with KG-4.4.7): crew on a ship that bombarded (used) go back to the
    canteen used; unpaid crew stay unpaid."""
    st, c = position(seat(hangar=[{"card": ELME, "label": "a"}],
                          canteen=[{"card": TISZT, "label": "t"}]), seat())
    attack(st, DANI, {"target": "colony"}, [c["a"]], boards=[(c["t"], c["a"])])
    bombard(st, DANI, [c["a"]])
    finish_combat(st)
    crew = me(st, DANI)["canteen"]
    assert [(v["id"], v["rot"], v["paid"]) for v in crew] == [(c["t"], ROT["used"], False)]


def test_kg_3_5_1_a_hit_outside_combat_damages_at_once():
    """KG-3.5, KG-3.5.1, KG-3.11: an event's 2 damage on a 3-armor ship in the main phase
    turns it damaged at once and leaves armor 1; the damage is tracked apart from the
    rotation and restored in the end phase, while the rotation steps back only once."""
    st, c = position(seat(hand=[{"card": CELGYAK, "label": "e"}]),
                     seat(hangar=[{"card": SOLYOM, "label": "d"}]))
    do(st, DANI, {"type": "play", "card": c["e"], "target": c["d"]})
    pass_until(st, "main")
    v = ship(st, DANI, c["d"], LACI)
    assert (v["rot"], v["armor_now"], v["armor"]) == (ROT["damaged"], 1, 3)
    do(st, DANI, {"type": "end_turn"})
    pass_until(st, "main")
    assert R.view(st, LACI)["active"] == LACI
    v = ship(st, LACI, c["d"])
    assert v["armor_now"] == 3 and v["rot"] == ROT["damaged"]   # Dani's end phase: not his


def test_kg_3_11_armor_never_below_zero_the_ship_is_destroyed():
    """KG-3.11: 2 damage on a ship with 1 armor left destroys it (armor does not go
    negative: the ship leaves play to the trash)."""
    st, c = position(seat(hand=[{"card": CELGYAK, "label": "e"}]),
                     seat(hangar=[{"card": SZUNYOG, "label": "d", "damage": 1}]))
    do(st, DANI, {"type": "play", "card": c["e"], "target": c["d"]})
    pass_until(st, "main")
    assert c["d"] not in [v["id"] for v in me(st, DANI, LACI)["hangar"]]
    assert c["d"] in [v["id"] for v in me(st, DANI, LACI)["trash"]]


def test_kg_3_9_only_active_ships_attack_defend_and_bombard():
    """KG-3.9: a used or damaged ship cannot join an attack or the defence, and a ship
    that has fired (used) is not offered as a bomber."""
    st, c = position(seat(hangar=[{"card": ELME, "label": "a"},
                                  {"card": ELME, "label": "u", "state": "used"},
                                  {"card": ELME, "label": "x", "state": "damaged"}]),
                     seat(hangar=[{"card": SZUNYOG, "label": "d"},
                                  {"card": SZUNYOG, "label": "dd", "state": "damaged"}]))
    step(st, DANI, {"type": "attack", "target": "colony"})
    assert [a["ship"] for a in legal(st, DANI) if a["type"] == "commit"] == [c["a"]]
    step(st, DANI, {"type": "commit", "ship": c["a"]})
    step(st, DANI, {"type": "done"})
    assert [a["ship"] for a in legal(st, LACI) if a["type"] == "commit"] == [c["d"]]
    step(st, LACI, {"type": "commit", "ship": c["d"]})
    step(st, LACI, {"type": "done"})
    to_firing(st)
    # Laci's scout is faster (5 vs 4): it fires first at Dani's fighter
    assert deciding(st) == ("fire", LACI)
    do(st, LACI, next(a for a in legal(st, LACI) if a["type"] == "fire"))
    do(st, DANI, {"type": "return"})     # Dani's fighter returns fire: used, hit
    while (d := deciding(st)) and d[0] != "main":
        assert not [a for a in legal(st, d[1]) if a["type"] == "bomber"]
        do(st, d[1], next(a for a in legal(st, d[1]) if a["type"] in QUIET))
    assert ship(st, DANI, c["a"])["rot"] != ROT["active"]


def test_kg_3_10_paid_face_up_unpaid_face_down():
    """KG-3.10: a paid card lies face up (both seats see it), an unpaid one face down
    (only its owner knows it)."""
    st, c = position(seat(hangar=[{"card": ELME, "label": "s", "attached": [
        {"card": LEZER, "paid": True, "label": "p"}, {"card": LEZER, "label": "u"}]}]), seat())
    own = {v["pos"]: v for v in ship(st, DANI, c["s"])["att"]}
    theirs = {v["pos"]: v for v in ship(st, LACI, c["s"], DANI)["att"]}
    assert (own[0]["face_down"], own[1]["face_down"]) == (False, True)
    assert theirs[0]["id"] == c["p"] and theirs[1] == {"hidden": True, "pos": 1, "rot": 0}


def test_kg_3_10_1_only_armaments_crews_and_bases_go_into_play_face_down_unpaid():
    """KG-3.10.1: an armament, a crew and a base may be put into play face down without
    paying; a ship, an event or an interrupt may not (bluffing off)."""
    st, c = position(seat(credits=0, hand=[
        {"card": LEZER, "label": "arm"}, {"card": TISZT, "label": "crew"},
        {"card": AKNAZAR, "label": "base"}, {"card": ELME, "label": "ship"},
        {"card": CELGYAK, "label": "event"},
        {"card": "practice-korai-riado", "label": "int"}],
        hangar=[{"card": ELME, "label": "s"}]), seat())
    placeable = {a["card"] for a in legal(st, DANI) if a["type"] == "place"}
    assert placeable == {c["arm"], c["crew"], c["base"]}
    do(st, DANI, {"type": "place", "card": c["arm"], "as": "armament", "ship": c["s"]})
    pass_until(st, "main")
    do(st, DANI, {"type": "place", "card": c["crew"], "as": "crew"})
    pass_until(st, "main")
    do(st, DANI, {"type": "place", "card": c["base"], "as": "base"})
    pass_until(st, "main")
    mine = me(st, DANI)
    assert mine["credits"] == 0
    assert [v["paid"] for v in mine["canteen"] + mine["surface"]] == [False, False]


def test_kg_3_10_2_a_ship_is_paid_when_played_or_not_played():
    """KG-3.10.2: ships are played face up and paid at once: with fewer credits than its
    cost a ship is not playable, and it can never be put down unpaid."""
    st, c = position(seat(credits=4, hand=[{"card": SOLYOM, "label": "s5"},
                                           {"card": ELME, "label": "s4"}]), seat())
    plays = {a["card"] for a in legal(st, DANI) if a["type"] in ("play", "place")}
    assert plays == {c["s4"]}
    do(st, DANI, {"type": "play", "card": c["s4"]})
    assert ship(st, LACI, c["s4"], DANI)["id"] == c["s4"] and me(st, DANI)["credits"] == 0


def test_kg_3_10_3_a_face_down_card_is_paid_once_for_good():
    """KG-3.10.3: once paid the card is face up and is never offered for payment again."""
    st, c = position(seat(credits=10, canteen=[{"card": TISZT, "label": "t"}]), seat())
    pay = {"type": "pay", "card": c["t"]}
    assert pay in legal(st, DANI)
    do(st, DANI, pay)
    pass_until(st, "main")
    assert me(st, LACI, DANI)["canteen"][0]["id"] == c["t"]
    assert pay not in legal(st, DANI) and me(st, DANI)["credits"] == 8


def test_kg_3_12_developments_fall_off_when_the_base_leaves_play():
    """KG-3.12 (with KG-6.11.3, KG-4.5.8): an unpaid base with two developments, bombarded
    for 2, goes to the ruin and its developments are gone: in Laci's next main phase the
    two-development cash (offered with them in play) is not offered."""
    laci = seat(surface=[{"card": AKNAZAR, "label": "base", "development": 2},
                         {"card": AKNAZAR, "label": "bare"}])
    st, c = position(seat(), laci, active=LACI)
    assert any(a["type"] == "cash" for a in legal(st, LACI))     # the markers count here
    st, c = position(seat(hangar=[{"card": ELME, "label": "a"},
                                  {"card": FILL, "label": "b"}]), laci)
    assert me(st, DANI, LACI)["surface"][0]["dev"] == 2
    attack(st, DANI, {"target": "base", "pos": 0}, [c["a"], c["b"]])
    bombard(st, DANI, [c["a"], c["b"]])
    finish_combat(st)
    after = me(st, LACI)
    assert [v["id"] for v in after["surface"]] == [c["bare"]]
    assert [v["id"] for v in after["ruin"]] == [c["base"]]
    do(st, DANI, {"type": "end_turn"})
    pass_until(st, "main")
    assert R.view(st, LACI)["active"] == LACI
    assert [v["dev"] for v in me(st, LACI)["surface"]] == [0]
    assert not any(a["type"] == "cash" for a in legal(st, LACI))
