"""KGK rules, section 13: Optional rules (Opcionális szabályok) (``docs/rules/kgk/13-optional-rules.md``):
each test names its rule (``test_kg_4_5_3_…``) or cites it in its docstring (KG-x.y).

The games start from the practice decks (``early_games``) or from positions written in the
scenario format (``positions``, ``asked_positions``; ``rulesets/kgk/SCENARIOS.md``); the
tests act through ``legal_actions``/``apply`` and look through ``view``."""

from __future__ import annotations

import pytest

from rulesets.base import ConfigError
from rulesets.kgk import RULESET as R
from rulesets.kgk import load_practice

from .asked_positions import FILL, position, seat, settle
from .early_games import A, B, on_table, setup, to_fire, until_main
from .helpers import act, legal_types, put


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
    s.reindex()
    if s["cards"][ev]["z"] != "hand":
        put(s, ev, "hand")
    s["p"][seat]["cr"] = 10
    targets = {a.get("target") for a in R.legal_actions(s, seat)
               if a["type"] == "play" and a["card"] == ev}
    assert targets == {(seat + 1) % 3, (seat + 2) % 3}


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
