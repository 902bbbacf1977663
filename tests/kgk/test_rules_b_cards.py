"""KGK rule coverage, sections 11-13: credit costs, paid and unpaid cards, markers, card
text over the rulebook, the zero floor, rarity, the simplified combat system's decks.

Positions are scenario documents (``rulesets/kgk/SCENARIOS.md``) built from the shipped
cards; the tests act through ``legal_actions``/``apply`` and look through ``view``.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.base import ConfigError, IllegalAction
from rulesets.kgk import load_practice

from .helpers import R, act
from .rules_b import DANI, FILL, LACI, me, seat, settle
from .rules_b import asked_position as position

# ---------------------------------------------------------------- KG-11 costs and states

def test_kg_11_4_cost_paid_on_play_or_not_at_all():
    """KG-11.4: the cost of events, interrupts and ships is paid as they are played;
    without the credits they cannot be played. A card is paid only once: a paid crew
    offers no second payment (KG-11.13)."""
    s, c = position(
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
    s, c = position(
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
    s, c = position(
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


# ---------------------------------------------------------------- KG-12 other rules

def test_kg_12_5_card_text_beats_the_rulebook():
    """KG-12.5: the rulebook makes an attack free (KG-9.3.3 b); Laci's paid Gyakorló
    aknazár says an attack on him costs 1 credit, and the card wins."""
    laci = seat(surface=[{"card": "practice-gyakorlo-aknazar", "paid": True,
                          "development": 3}])
    s, c = position(seat(credits=3, hangar=[{"card": FILL, "label": "k"}]), laci)
    act(s, DANI, {"type": "attack", "target": "colony"})
    assert me(s, DANI)["credits"] == 2
    s, c = position(seat(credits=0, hangar=[{"card": FILL, "label": "k"}]), laci)
    assert not any(a["type"] == "attack" for a in R.legal_actions(s, DANI))
    s, c = position(seat(credits=0, hangar=[{"card": FILL, "label": "k"}]), seat())
    assert any(a["type"] == "attack" for a in R.legal_actions(s, DANI))


def test_kg_12_6_1_a_cost_never_drops_below_zero():
    """KG-12.6.1: three paid Oktató hírközpont (ships cost 1 less each) make a 2-credit
    Kiképző Kolibri free, not worth a credit: playing it leaves the credits as they were."""
    hq = {"card": "practice-oktato-hirkozpont", "paid": True, "development": 2}
    s, c = position(seat(credits=3, hand=[{"card": FILL, "label": "k"}],
                         surface=[hq, hq, hq]), seat())
    act(s, DANI, {"type": "play", "card": c["k"]})
    settle(s)
    assert me(s, DANI)["credits"] == 3
    assert c["k"] in [x["id"] for x in me(s, DANI)["hangar"]]


# ---------------------------------------------------------------- KG-13.2 simplified combat

def test_kg_13_2_4_no_speed_or_return_fire_cards_with_simplified_combat():
    """KG-13.2.4 ("Azokat a lapokat, amik a sebességre vagy a visszalövésre hivatkoznak,
    emellett a harcrendszer mellett nem rakhatjátok be a paklitokba."): under the
    simplified combat system a deck may not hold cards that refer to speed or return
    fire; a match with such a deck is refused."""
    cards = {c["slug"]: c for c in load_practice()["cards"]}
    plain = [cards[FILL]] * 30
    speedy = [cards["practice-oktatotiszt"]] + [cards[FILL]] * 29
    R.new_game({"decks": [plain, plain], "players": 2,
                "options": {"simplified_combat": True}}, "ok")      # a plain deck is fine
    with pytest.raises(ConfigError):
        R.new_game({"decks": [speedy, plain], "players": 2,
                    "options": {"simplified_combat": True}}, "speed")


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
