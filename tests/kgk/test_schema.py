"""The typed description of the state (``rulesets/kgk/schema.py``) matches the states the
engine really produces: every key a state, player, card, combat, shot, chain item or
decision holds is declared, and every required key is there (so the documentation
of the JSON form cannot drift from it)."""

from __future__ import annotations

import pytest

from rulesets.kgk import RULESET as R
from rulesets.kgk import schema
from rulesets.kgk.cards import refers_to_speed_or_return_fire
from rulesets.kgk.game_state import Game

FORMATS = {"official": ({}, 2), "simplified": ({"simplified_combat": True}, 2),
           "quick_start": ({"rules": "quick_start"}, 2), "multiplayer3": ({}, 3)}


def check(obj, td, where):
    keys = set(obj)
    assert keys <= set(td.__annotations__), (where, keys - set(td.__annotations__))
    assert td.__required_keys__ <= keys, (where, td.__required_keys__ - keys)


def check_state(state):
    s = R.to_json(state) if isinstance(state, Game) else state   # the stored form
    check(s, schema.State, "state")
    check(s["opts"], schema.Options, "opts")
    for p in s["p"]:
        check(p, schema.Player, "player")
    for c in s["cards"]:
        check(c, schema.Card, "card")
    for it in s["chain"]:
        check(it, schema.ChainItem, "chain item")
    if s["dec"] is not None:
        check(s["dec"], schema.Decision, f"decision {s['dec']['kind']}")
    cb = s["cb"]
    if cb is not None:
        check(cb, schema.Combat, "combat")
        check(cb["tgt"], schema.AttackTarget, "attack target")
        check(cb["fire"], schema.Firing, "firing")
        if cb["shot"] is not None:
            check(cb["shot"], schema.Shot, "shot")
        for e in cb["eop"] or ():
            check(e, schema.EndOfPaymentChoice, "end-of-payment choice")
    if s["result"] is not None:
        check(s["result"], schema.Result, "result")


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_every_state_of_seeded_matches_fits_the_schema(fmt):
    opts, players = FORMATS[fmt]
    seen = set()
    for g in range(4):
        cfg = R.example_config(players)
        cfg["options"].update(opts)
        if opts.get("simplified_combat"):       # KG-13.2.4: no speed or return-fire cards
            cfg["decks"] = [[c for c in deck if not refers_to_speed_or_return_fire(c)]
                            for deck in cfg["decks"]]
        s = R.new_game(cfg, f"schema-{fmt}-{g}")
        k = 0
        while R.outcome(s) is None:
            check_state(s)
            seen.add(s["dec"]["kind"])
            if s["cb"] and s["cb"]["shot"]:
                seen.add("shot")
            seat = R.to_act(s)[0]
            R.apply(s, seat, R.bot_action(s, seat, "random", f"schema-{fmt}-{g}:{k}"))
            k += 1
        check_state(s)
    assert "main" in seen, seen                  # (the check saw the common shapes)
    if fmt != "quick_start":                     # (no interrupts in the quick start, KG-16)
        assert {"prio", "fire", "choose"} <= seen, seen
    if fmt in ("official", "multiplayer3"):    # (simplified combat asks nothing mid-shot)
        assert "shot" in seen, seen


def test_the_schema_refuses_an_undeclared_key():
    s = R.to_json(R.new_game(R.example_config(2), "schema-undeclared"))
    s["p"][0]["credits"] = 5                   # a key the schema does not know
    with pytest.raises(AssertionError):
        check_state(s)
