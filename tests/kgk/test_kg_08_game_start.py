"""KGK rules, section 8: Starting the game (``docs/rules/kgk/08-game-start.md``):
each test names its rule (``test_kg_4_5_3_…``) or cites it in its docstring (KG-x.y).

The games start from the practice decks (``early_games``) or from positions written in the
scenario format (``positions``, ``asked_positions``; ``rulesets/kgk/SCENARIOS.md``); the
tests act through ``legal_actions``/``apply`` and look through ``view``."""

from __future__ import annotations

import pytest

from rulesets.base import ConfigError, IllegalAction
from rulesets.kgk import RULESET as R
from rulesets.kgk import load_practice

from .asked_positions import me, settle
from .early_games import A, B, on_table, setup
from .helpers import act, legal_types, practice


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


def test_config_errors():
    with pytest.raises(ConfigError):
        R.new_game({"decks": [[]], "players": 1}, "x")
    bad = practice("Kiképző Kolibri")
    bad["speed"] = None
    with pytest.raises(ConfigError) as e:
        R.new_game({"decks": [[bad] * 10, [bad] * 10], "players": 2}, "x")
    assert e.value.code == "unplayable_card"


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
