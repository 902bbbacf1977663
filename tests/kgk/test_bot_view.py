"""The heuristic bot's part of the view (``view.bot_view``) against the whole view.

The heuristic decides from ``bot_view(state, seat)``, built alone because a search's
playouts ask it at every step. It must be exactly the part of ``view(state, seat)`` it
claims to be (so it shows nothing the view hides, and the heuristic decides as it did
from the whole view): at every decision of seeded matches in every format, for every
seat, it equals the whole view cut down to its shape (its keys, level by level), and the
heuristic picks the same action from either.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.kgk.bots import heuristic_action
from rulesets.kgk.cards import refers_to_speed_or_return_fire
from rulesets.kgk.ruleset import RULESET as R
from rulesets.kgk.view import bot_view, view

# format -> (options, players, bot kinds per seat, games)
FORMATS: dict[str, tuple[dict[str, Any], int, tuple[str, ...], int]] = {
    "official": ({}, 2, ("heuristic", "random"), 6),
    "official-heuristics": ({}, 2, ("heuristic", "heuristic"), 4),
    "no_bluff": ({"bluffing": False}, 2, ("random", "heuristic"), 3),
    "strict_windows": ({"auto_pass": False}, 2, ("heuristic", "random"), 3),
    "simplified_combat": ({"simplified_combat": True}, 2, ("heuristic", "random"), 3),
    "quick_start": ({"rules": "quick_start"}, 2, ("heuristic", "random"), 3),
    "multiplayer3": ({}, 3, ("heuristic", "random", "heuristic"), 2),
}
MAX_STEPS = 4000   # (a seeded game ends well before; a guard, not a limit of the game)


def _config(opts: dict[str, Any], players: int) -> dict[str, Any]:
    cfg = R.example_config(players)
    cfg["options"].update(opts)
    if opts.get("simplified_combat"):   # KG-13.2.4: no speed or return-fire cards
        cfg["decks"] = [[c for c in deck if not refers_to_speed_or_return_fire(c)]
                        for deck in cfg["decks"]]
    return cfg


def _cut(whole: Any, part: Any) -> Any:
    """``whole`` cut down to the shape of ``part``: of a dict the keys ``part`` has, of a
    list each item cut alike (the lengths must agree), anything else as it is."""
    if isinstance(part, dict) and isinstance(whole, dict):
        return {k: _cut(whole[k], part[k]) for k in part if k in whole}
    if isinstance(part, list) and isinstance(whole, list) and len(part) == len(whole):
        return [_cut(w, p) for w, p in zip(whole, part, strict=True)]
    return whole


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_bot_view_is_the_view_cut_down_at_every_decision(fmt):
    opts, players, kinds, games = FORMATS[fmt]
    cfg = _config(opts, players)
    checked = picks = 0
    for g in range(games):
        s = R.new_game(cfg, f"bot-view-{fmt}-{g}")
        steps = 0
        while R.outcome(s) is None:
            for seat in range(players):
                part = bot_view(s, seat)
                # own hand and bases only: another seat's hand is None (as in the
                # view) and its bases are not listed
                for q, pv in enumerate(part["players"]):
                    assert (pv["hand"] is None) == (q != seat)
                    assert ("surface" in pv) == (q == seat)
                assert part == _cut(view(s, seat), part), (fmt, g, steps, seat)
                checked += 1
            seat = R.to_act(s)[0]
            legal = R.legal_actions(s, seat)
            seed = f"bv:{steps}"
            if len(legal) > 1:
                assert heuristic_action(bot_view(s, seat), legal, seed) == \
                    heuristic_action(view(s, seat), legal, seed), (fmt, g, steps)
                picks += 1
            s, _ = R.apply(s, seat, R.bot_action(s, seat, kinds[seat], f"bv-{g}:{steps}"))
            steps += 1
            assert steps < MAX_STEPS
    assert checked > 100 and picks > 20       # the games reached real decisions


def test_the_cut_notices_a_value_or_a_key_the_view_has_not():
    """The comparison above fails on a changed value, an added key or a changed length."""
    s = R.new_game(_config({}, 2), "bot-view-cut")
    whole = view(s, 0)
    part = bot_view(s, 0)
    assert part == _cut(whole, part)
    changed = bot_view(s, 0)
    changed["players"][0]["credits"] += 1
    assert changed != _cut(whole, changed)
    added = bot_view(s, 0)
    added["players"][1]["hand"] = []          # another seat's hand: None in the view
    assert added != _cut(whole, added)
    extra = bot_view(s, 0)
    extra["players"][0]["secret"] = 1
    assert extra != _cut(whole, extra)
