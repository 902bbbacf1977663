"""KGK rule coverage, sections 8, 9.1-9.3, 9.10, 12 and 13.1: turns, phases, the main
phase, public information and the multiplayer turn order.

Positions are scenario documents (``rulesets/kgk/SCENARIOS.md``) built from the shipped
cards; the tests act through ``legal_actions``/``apply`` and look through ``view``.
"""

from __future__ import annotations

import pytest

from rulesets.base import IllegalAction
from rulesets.kgk import load_practice, shipped_cards

from .helpers import R, act
from .rules_b import DANI, FILL, LACI, dec, me, position, seat, settle


def plays(s, q: int) -> set[int]:
    return {a["card"] for a in R.legal_actions(s, q) if a["type"] == "play"}


# ---------------------------------------------------------------- KG-9.1 turns

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


# ---------------------------------------------------------------- KG-9.3 main phase

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


# ---------------------------------------------------------------- KG-9.10 end phase

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


# ---------------------------------------------------------------- KG-8 game start

def test_kg_8_8_thirty_card_decks_start_like_the_official_game():
    """KG-8.8: the 30-card casual format has no start procedure of its own: under the
    official rules 30-card decks get the shuffle, five cards, five credits, a mulligan
    each and the credit ramp (KG-8.1-8.6)."""
    ships = [c for c in load_practice()["cards"] if c["type"] == "ship"]
    deck = [ships[i % len(ships)] for i in range(30)]
    s = R.new_game({"decks": [deck, deck], "options": {"rules": "official"},
                    "players": 2}, "casual")
    first = R.view(s, 0)["first"]
    for q in (0, 1):
        p = me(s, q)
        assert (p["hand_count"], p["colony"], p["credits"]) == (5, 25, 5)
    assert {a["type"] for a in R.legal_actions(s, first)} == {"keep", "mulligan"}
    act(s, first, {"type": "keep"})
    act(s, 1 - first, {"type": "keep"})
    settle(s)
    assert me(s, first)["credits"] == 6                            # ramp: +1
    assert "attack" not in {a["type"] for a in R.legal_actions(s, first)}


# ---------------------------------------------------------------- KG-12 other rules

def test_kg_12_4_counts_and_credits_are_public():
    """KG-12.4: each player may know how many cards every player has in colony, central,
    trash and ruin, and everyone's credits."""
    s, _ = position(seat(credits=7, hand=[FILL, FILL], trash=[FILL], ruin=[FILL, FILL, FILL]),
                    seat(credits=3, hand=[FILL]))
    for viewer in (DANI, LACI):
        dani = R.view(s, viewer)["players"][DANI]
        assert (dani["colony"], dani["hand_count"], len(dani["trash"]), dani["ruin_count"],
                dani["credits"]) == (10, 2, 1, 3, 7)
    assert R.view(s, LACI)["players"][DANI]["hand"] is None        # the cards stay hidden


def test_kg_12_2_a_search_reshuffles_the_colony_out_of_the_players_hands():
    """KG-12.2: after every shuffle the opponent cuts, so nobody can stack his own colony.
    A cut cannot be made by hand in a digital game: the server shuffles and cuts from its
    generator. After a search (KG-9.3.3 h) the colony's order is not the one before: the
    top card drawn next depends on the seed, not on what lay on top."""
    colony = [FILL] * 3 + ["practice-kikepzo-szunyog", "practice-tanrovar",
                           "practice-probaindas", "practice-oktato-elmevadasz",
                           "practice-tanfullank", "practice-probabogar",
                           "practice-oktato-solyom"]
    tops = set()
    for seed in ("a", "b", "c", "d", "e", "f"):
        doc = {"format": "kgk-scenario/1", "turn": 7, "first": 0, "active": 0,
               "phase": "main",
               "seats": [{"credits": 10, "colony": colony}, seat()]}
        s = R.new_game({"scenario": doc, "cards": shipped_cards()}, seed)
        act(s, DANI, {"type": "search"})
        pick = R.legal_actions(s, DANI)[0]
        act(s, DANI, pick)                                 # take one of the top five
        settle(s)
        act(s, DANI, {"type": "draw"})
        settle(s)
        tops.add(me(s, DANI)["hand"][-1]["slug"])
    assert len(tops) > 1


# ---------------------------------------------------------------- KG-13.1 multiplayer

def test_kg_13_1_1_multiplayer_turns_pass_around_the_table():
    """KG-13.1.1: turns pass around the table in seat order, 0 -> 1 -> 2 -> 0.
    KG-13.1.6: nobody sees another player's central (the software offers no way to
    show it)."""
    s, _ = position(seat(), seat(hand=[FILL]), seat(hand=[FILL, FILL]))
    order = []
    for _ in range(4):
        order.append(R.view(s, 0)["active"])
        act(s, R.view(s, 0)["active"], {"type": "end_turn"})
        settle(s)
    assert order == [0, 1, 2, 0]
    for viewer in range(3):
        for q in range(3):
            assert (R.view(s, viewer)["players"][q]["hand"] is None) == (q != viewer)
