"""KGK rules, section 12: Other rules (Egyéb szabályok) (``docs/rules/kgk/12-other-rules.md``):
each test names its rule (``test_kg_4_5_3_…``) or cites it in its docstring (KG-x.y).

The games start from the practice decks (``early_games``) or from positions written in the
scenario format (``positions``, ``asked_positions``; ``rulesets/kgk/SCENARIOS.md``); the
tests act through ``legal_actions``/``apply`` and look through ``view``."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.base import ConfigError
from rulesets.kgk import RULESET as R
from rulesets.kgk import shipped_cards
from rulesets.kgk.state import ACTIVE, USED, armor_now

from .asked_positions import DANI, FILL, LACI, asked_position, me, position, seat, settle
from .combat_steps import declare, ship, ship_of
from .early_games import A, B, bombard_with, on_table, pass_prio, setup
from .helpers import act


def abilities_offered(s, seat):
    return [a for a in R.legal_actions(s, seat) if a["type"] == "ability"]


# KG-12.3: nobody may give out information about the cards in his hand ("A központodban és
# az asztalon lévő kifizetetlen lapokat nem mutathatod meg a többi játékosnak, és nem is
# adhatsz ki róluk információkat"; the central, "központ", is the hand). Whether a seat is
# offered a window or a decision must not depend on what its hand holds: in a match with
# people in it (the host names the seats programs play in ``automatic_seats``), a person is
# asked whenever he could respond as far as the others can tell (a card in hand, an ability
# to use), and programs keep the quick skip ("bots are unaffected").
PEOPLE: list[int] = []          # automatic_seats of a match between two people


def _after_a_ship(hand_card, **opts):
    s = setup(["Kiképző Kolibri"], [hand_card], **opts)
    ship = on_table(s, A, "Kiképző Kolibri", "hand")
    on_table(s, B, hand_card, "hand")
    act(s, A, {"type": "play", "card": ship})
    return s


def _seen_by_a(s):
    view = R.view(s, A)
    return {k: view[k] for k in ("to_act", "decision") if k in view}, R.to_act(s)


def test_kg_12_10_bluffing_face_down_card_can_never_be_paid():
    s = setup(["Célgyakorlat"])
    ev = on_table(s, A, "Célgyakorlat", "hand")
    act(s, A, {"type": "place", "card": ev, "as": "base"})
    assert s["p"][A]["surface"] == [ev]
    act(s, A, {"type": "develop", "base": ev})
    assert {"type": "pay", "card": ev} not in R.legal_actions(s, A)
    assert R.view(s, B)["players"][A]["surface"][0] == {"hidden": True, "pos": 0, "rot": 0,
                                                         "dev": 1}


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


def test_kg_12_5_card_text_beats_the_rulebook():
    """KG-12.5: the rulebook makes an attack free (KG-9.3.3 b); Laci's paid Gyakorló
    aknazár says an attack on him costs 1 credit, and the card wins."""
    laci = seat(surface=[{"card": "practice-gyakorlo-aknazar", "paid": True,
                          "development": 3}])
    s, c = asked_position(seat(credits=3, hangar=[{"card": FILL, "label": "k"}]), laci)
    act(s, DANI, {"type": "attack", "target": "colony"})
    assert me(s, DANI)["credits"] == 2
    s, c = asked_position(seat(credits=0, hangar=[{"card": FILL, "label": "k"}]), laci)
    assert not any(a["type"] == "attack" for a in R.legal_actions(s, DANI))
    s, c = asked_position(seat(credits=0, hangar=[{"card": FILL, "label": "k"}]), seat())
    assert any(a["type"] == "attack" for a in R.legal_actions(s, DANI))


def test_kg_12_6_1_a_cost_never_drops_below_zero():
    """KG-12.6.1: three paid Oktató hírközpont (ships cost 1 less each) make a 2-credit
    Kiképző Kolibri free, not worth a credit: playing it leaves the credits as they were."""
    hq = {"card": "practice-oktato-hirkozpont", "paid": True, "development": 2}
    s, c = asked_position(seat(credits=3, hand=[{"card": FILL, "label": "k"}],
                         surface=[hq, hq, hq]), seat())
    act(s, DANI, {"type": "play", "card": c["k"]})
    settle(s)
    assert me(s, DANI)["credits"] == 3
    assert c["k"] in [x["id"] for x in me(s, DANI)["hangar"]]


def test_kg_12_1_3_rarity_has_no_effect_on_play():
    """KG-12.1.3: rarity has no effect on play. The same two decks, once with every card
    common and once with every card ultra rare, played by the same seeded bots, give the
    same events and the same views at every step."""
    def decks(rarity: str) -> list[list[dict[str, Any]]]:
        out = R.example_config(2)["decks"]
        for deck in out:
            for card in deck:
                card["rarity"] = rarity
        return out

    games = [R.new_game({"decks": decks(r), "options": {"rules": "official"}, "players": 2},
                        "rarity") for r in ("common", "ultra_rare")]
    for k in range(300):
        if R.outcome(games[0]) is not None:
            break
        who = R.to_act(games[0])[0]
        assert R.to_act(games[1])[0] == who
        action = R.bot_action(games[0], who, "random", f"rarity:{k}")
        assert action == R.bot_action(games[1], who, "random", f"rarity:{k}")
        events = [R.apply(g, who, action)[1] for g in games]
        assert events[0] == events[1]
        assert R.view(games[0], who) == R.view(games[1], who)


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


def test_kg_12_3_a_window_after_a_ship_opens_whatever_the_hand_holds():
    """Old engine: seat A saw `prio` when B held an interrupt and `main` when not."""
    with_interrupt = _after_a_ship("Kiképzési parancs", automatic_seats=PEOPLE)
    without = _after_a_ship("Tanműhely", automatic_seats=PEOPLE)
    for s in (with_interrupt, without):
        assert s["dec"]["kind"] == "prio" and s["dec"]["seat"] == B
    assert _seen_by_a(with_interrupt) == _seen_by_a(without)
    assert R.legal_actions(without, B) == [{"type": "pass"}]


def test_kg_12_3_programs_keep_the_quick_skip():
    """A seat a program plays (the host lists it) is still skipped when it holds
    nothing to add: bots are unaffected, and games of programs only (no list) too."""
    for opts in ({"automatic_seats": [B]}, {}):
        s = _after_a_ship("Tanműhely", **opts)
        assert s["dec"] == {"kind": "main", "seat": A}, opts
        s = _after_a_ship("Kiképzési parancs", **opts)
        assert s["dec"]["kind"] == "prio" and s["dec"]["seat"] == B, opts


def test_kg_12_3_an_empty_hand_is_skipped_because_everybody_sees_it():
    s = setup(["Kiképző Kolibri"], [], automatic_seats=PEOPLE)
    ship = on_table(s, A, "Kiképző Kolibri", "hand")
    assert not s["p"][B]["hand"]
    act(s, A, {"type": "play", "card": ship})
    assert s["dec"] == {"kind": "main", "seat": A}


@pytest.mark.parametrize("base", ["Gyakorló aknazár", "Vaktöltény-csapda"])
def test_kg_12_3_bombarding_an_unpaid_base_asks_whether_or_not_it_is_a_trap(base):
    """KG-9.8.5 with KG-12.3: the face-down base's owner is asked whether to pay it as a
    trap whatever it is (old engine: only when it was a payable trap, which told the
    attacker what lay face down)."""
    s = setup(["Gyakorló Bástyahajó"], [base], cr=(20, 5), automatic_seats=PEOPLE)
    d = on_table(s, A, "Gyakorló Bástyahajó")
    b = on_table(s, B, base, "surface", paid=False)
    bombard_with(s, "base", [d], pos=0)
    while s["dec"]["kind"] == "prio":
        act(s, s["dec"]["seat"], {"type": "pass"})
    assert s["dec"] == {"kind": "trap", "seat": B, "card": b}
    legal = {a["type"] for a in R.legal_actions(s, B)}
    assert legal == ({"decline"} if base == "Gyakorló aknazár" else {"decline", "pay_trap"})
    act(s, B, {"type": "decline"})
    assert s["cards"][b]["z"] == "ruin"


@pytest.mark.parametrize("value", ["yes", [7], [True], 1])
def test_auto_pass_option_is_checked(value):
    with pytest.raises(ConfigError) as e:
        R.new_game({**R.example_config(2), "options": {"auto_pass": value}}, "x")
    assert e.value.details.get("field") == "auto_pass"


def test_the_host_list_decides_auto_pass_and_is_checked():
    cfg = R.example_config(2)
    assert R.new_game({**cfg, "automatic_seats": [1]}, "x")["opts"]["auto_pass"] == [1]
    off = {**cfg, "options": {**cfg.get("options", {}), "auto_pass": False}}
    assert R.new_game({**off, "automatic_seats": [1]}, "x")["opts"]["auto_pass"] == []
    assert R.new_game(cfg, "x")["opts"]["auto_pass"] is True
    with pytest.raises(ConfigError):
        R.new_game({**cfg, "automatic_seats": "1"}, "x")
