"""KGK rules, section 11: Definitions (Meghatározások) (``docs/rules/kgk/11-definitions.md``):
each test names its rule (``test_kg_4_5_3_…``) or cites it in its docstring (KG-x.y).

The games start from the practice decks (``early_games``) or from positions written in the
scenario format (``positions``, ``asked_positions``; ``rulesets/kgk/SCENARIOS.md``); the
tests act through ``legal_actions``/``apply`` and look through ``view``."""

from __future__ import annotations

import pytest

from rulesets.base import IllegalAction
from rulesets.kgk import RULESET as R

from .asked_positions import DANI, FILL, LACI, asked_position, me, seat, settle
from .early_games import A, B, on_table, pass_prio
from .helpers import act, filler, mid_game, practice, rec, scenario

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


def test_kg_11_4_cost_paid_on_play_or_not_at_all():
    """KG-11.4: the cost of events, interrupts and ships is paid as they are played;
    without the credits they cannot be played. A card is paid only once: a paid crew
    offers no second payment (KG-11.13)."""
    s, c = asked_position(
        seat(credits=4, hand=[{"card": "practice-oktato-elmevadasz", "label": "ship4"},
                              {"card": "practice-oktato-solyom", "label": "ship5"},
                              {"card": "practice-gyakorlo-segelyszallitmany",
                               "label": "event"}],
             canteen=[{"card": "practice-oktatotiszt", "label": "paid", "paid": True},
                      {"card": "practice-xeno-kikepzoormester", "label": "unpaid"}]),
        seat())
    legal = R.legal_actions(s, DANI)
    plays = {a["card"] for a in legal if a["type"] == "play"}
    assert c["ship4"] in plays and c["ship5"] not in plays          # 4 credits, cost 5
    with pytest.raises(IllegalAction):
        R.apply(s, DANI, {"type": "play", "card": c["ship5"]})
    pays = {a["card"] for a in legal if a["type"] == "pay"}
    assert pays == {c["unpaid"]}                                     # never twice
    act(s, DANI, {"type": "play", "card": c["ship4"]})
    assert me(s, DANI)["credits"] == 0                               # paid at once
    settle(s)
    assert c["ship4"] in [x["id"] for x in me(s, DANI)["hangar"]]


def test_kg_11_12_an_unpaid_card_is_hidden_and_has_no_effect():
    """KG-11.12: an unpaid armament lies face down, the opponent may not see what it is,
    and it does nothing; KG-11.13: paid, it is face up and works."""
    s, c = asked_position(
        seat(credits=10, hangar=[{"card": "practice-oktato-elmevadasz", "label": "ship",
                                  "attached": [{"card": "practice-kikepzo-lezeragyu",
                                                "label": "gun"}]}]),
        seat())
    own = me(s, DANI)["hangar"][0]
    seen = R.view(s, LACI)["players"][DANI]["hangar"][0]
    assert own["att"][0]["slug"] == "practice-kikepzo-lezeragyu" and own["att"][0]["face_down"]
    assert seen["att"][0] == {"hidden": True, "pos": 0, "rot": 0}
    assert own["firepower"] == 2                                     # no +2 yet
    act(s, DANI, {"type": "pay", "card": c["gun"]})
    settle(s)
    seen = R.view(s, LACI)["players"][DANI]["hangar"][0]
    assert seen["att"][0]["slug"] == "practice-kikepzo-lezeragyu"
    assert not seen["att"][0]["face_down"] and seen["firepower"] == 4


def test_kg_11_11_developments_fall_off_when_a_base_leaves_play():
    """KG-11.11: a card leaving play loses all its markers. Laci's face-down base with two
    developments is bombarded away (total 2, KG-9.8.5); back in his hand from the ruin
    (KG-9.3.3 i) and placed again, it has none."""
    s, c = asked_position(
        seat(hangar=[{"card": "practice-oktato-gyorstuzelo", "label": "bomber"}]),  # bombard 2
        {"credits": 10, "colony": [{"card": FILL, "count": 4}],
         "surface": [{"card": "practice-xeno-gyakorlobunker", "label": "base",
                      "development": 2}]},
        options={})
    act(s, DANI, {"type": "attack", "target": "base", "pos": 0})
    settle(s)
    act(s, DANI, {"type": "commit", "ship": c["bomber"]})
    act(s, DANI, {"type": "done"})
    settle(s)
    act(s, DANI, {"type": "bomber", "ship": c["bomber"]})
    act(s, DANI, {"type": "bombard"})
    settle(s)
    assert R.view(s, LACI)["players"][LACI]["surface"] == []
    assert me(s, LACI)["ruin"][-1]["id"] == c["base"]
    act(s, DANI, {"type": "end_turn"})
    settle(s)
    act(s, LACI, {"type": "ruin_draw"})                  # colony of 4: allowed
    settle(s)
    assert c["base"] in [x["id"] for x in me(s, LACI)["hand"]]
    act(s, LACI, {"type": "place", "card": c["base"], "as": "base"})
    settle(s)
    assert me(s, LACI)["surface"][0]["id"] == c["base"] and me(s, LACI)["surface"][0]["dev"] == 0


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
