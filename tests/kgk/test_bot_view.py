"""The heuristic bot's part of the view (``view.bot_view``) against the whole view.

The heuristic decides from ``bot_view(state, seat)``, built alone because a search's
playouts ask it at every step. It must be exactly the part of ``view(state, seat)`` it
claims to be (so it shows nothing the view hides, and the heuristic decides as it did
from the whole view): at every decision of seeded matches in every format, for every
seat, it equals the whole view cut down to its keys, and the heuristic picks the same
action from either.
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


def _cut(whole: dict[str, Any], part: dict[str, Any]) -> dict[str, Any]:
    """``whole`` cut down to the keys of ``part``, its ships without attachments."""
    out = {k: whole[k] for k in part}
    out["players"] = [
        {k: ([{f: v for f, v in ship.items() if f != "att"} for ship in pv["hangar"]]
             if k == "hangar" else pv[k]) for k in bp}
        for pv, bp in zip(whole["players"], part["players"], strict=True)]
    return out


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


def test_bot_view_never_shows_a_face_down_card_of_another_seat():
    """A face-down card in another seat's hangar attachments is left out with the
    attachments; on its owner's bases it is shown as the view shows it (hidden)."""
    cfg = _config({}, 2)
    s = R.new_game(cfg, "bot-view-hidden")
    steps = 0
    seen_hidden_base = False
    while R.outcome(s) is None and steps < MAX_STEPS:
        for seat in range(2):
            other = 1 - seat
            for ship in bot_view(s, seat)["players"][other]["hangar"]:
                assert "att" not in ship
            for base in bot_view(s, other)["players"][other]["surface"]:
                assert "id" in base        # its owner sees its own face-down bases
            for cid in s["p"][other]["surface"]:
                if not s["cards"][cid]["up"]:
                    seen_hidden_base = True
                    # another seat sees it in the whole view only as hidden
                    shown = view(s, seat)["players"][other]["surface"]
                    assert any(b.get("hidden") for b in shown)
        seat = R.to_act(s)[0]
        s, _ = R.apply(s, seat, R.bot_action(s, seat, "heuristic", f"h:{steps}"))
        steps += 1
    assert seen_hidden_base      # the game did place a base face down
