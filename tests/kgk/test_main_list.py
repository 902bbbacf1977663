"""The speed layer's main list (``main_list.main_legal``, KG-9.3.3 written out in one
pass) equals the plain computation (``turn.main_legal``, section by section), and the
per-match facts (``static.facts``) equal a fresh scan of the cards, at every main-phase
decision of seeded random matches in every format the engine plays.
"""

from __future__ import annotations

import pytest

from rulesets.kgk import RULESET as R
from rulesets.kgk import main_list, static, turn

FORMATS = {
    "official": ({}, 2, 12),
    "no_bluff": ({"bluffing": False}, 2, 6),
    "strict_windows": ({"auto_pass": False}, 2, 4),
    "simplified_combat": ({"simplified_combat": True}, 2, 4),
    "quick_start": ({"rules": "quick_start"}, 2, 6),
    "multiplayer3": ({}, 3, 4),
    "multiplayer4": ({}, 4, 3),
}


def _fresh_facts(state: dict) -> tuple:
    activated: list[list[int]] = [[] for _ in range(state["n"])]
    auras: list[list[tuple]] = [[] for _ in range(state["n"])]
    for c in state["cards"]:
        d = state["defs"][c["d"]]
        if d["actv"]:
            activated[c["o"]].append(c["id"])
        if d["eff"].get("aura"):
            auras[c["o"]].append((c["id"], d["eff"]["aura"]))
    return tuple(map(tuple, activated)), tuple(map(tuple, auras))


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_written_out_main_list_equals_the_plain_computation(fmt):
    opts, players, games = FORMATS[fmt]
    cfg = R.example_config(players)
    cfg["options"].update(opts)
    if opts.get("simplified_combat"):   # KG-13.2.4: no speed or return-fire cards
        from rulesets.kgk.cards import refers_to_speed_or_return_fire
        cfg["decks"] = [[c for c in deck if not refers_to_speed_or_return_fire(c)]
                        for deck in cfg["decks"]]
    compared = 0
    for g in range(games):
        s = R.new_game(cfg, f"mainlist-{fmt}-{g}")
        step = 0
        while R.outcome(s) is None:
            dec = s["dec"]
            if dec["kind"] == "main":
                plain = turn.main_legal(s, dec)
                assert main_list.main_legal(s, dec) == plain, (fmt, g, step)
                f = static.facts(s)
                assert (f.activated, f.auras) == _fresh_facts(s), (fmt, g, step)
                compared += 1
            seat = R.to_act(s)[0]
            R.apply(s, seat, R.bot_action(s, seat, "random", f"mainlist-{fmt}-{g}:{step}"))
            step += 1
    assert compared > 50 * games, compared      # (the comparison really ran)


def test_facts_of_interleaved_matches_are_each_their_own():
    """``static.facts`` answers from the facts it gave last when the card list is the
    same one: two matches asked in turn (a server plays many) each get their own, and
    a copy of a state (its own card list) gets facts equal to the original's."""
    cfg = R.example_config(2)
    cfg_swapped = dict(cfg, decks=list(reversed(cfg["decks"])))   # other owners per card
    a = R.new_game(cfg, "facts-a")
    b = R.new_game(cfg_swapped, "facts-b")
    for s in (a, b, a, a, b, b, a):
        f = static.facts(s)
        assert f.cards is s["cards"]
        assert (f.activated, f.auras) == _fresh_facts(s)
    assert static.facts(a).activated != static.facts(b).activated
    twin = R.from_json(R.to_json(a))
    assert static.facts(twin).cards is twin["cards"]
    assert static.facts(twin).activated == static.facts(a).activated
