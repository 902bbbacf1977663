"""Property tests over seeded random matches.

The default run plays several hundred complete matches across the formats; the
``slow`` loop plays thousands more.
"""

from __future__ import annotations

import json

import pytest

from rulesets.base import IllegalAction
from rulesets.kgk import RULESET as R
from rulesets.kgk.cards import refers_to_speed_or_return_fire

from .helpers import check_end_limits, dumps, hidden_permutation, run_match

FORMATS = {
    "official": ({}, 2),
    "simplified": ({"simplified_combat": True}, 2),
    "quick_start": ({"rules": "quick_start"}, 2),
    "strict_windows": ({"auto_pass": False}, 2),
    "no_bluff": ({"bluffing": False}, 2),
    "multiplayer3": ({}, 3),
    "multiplayer4": ({}, 4),
}
COUNTS = {"official": 160, "simplified": 40, "quick_start": 40, "strict_windows": 30,
          "no_bluff": 20, "multiplayer3": 20, "multiplayer4": 10}


def config_for(fmt):
    opts, players = FORMATS[fmt]
    cfg = R.example_config(players)
    cfg["options"].update(opts)
    if opts.get("simplified_combat"):       # KG-13.2.4: no speed or return-fire cards
        cfg["decks"] = [[c for c in deck if not refers_to_speed_or_return_fire(c)]
                        for deck in cfg["decks"]]
    return cfg, players


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_random_matches_end_with_a_winner_and_keep_invariants(fmt):
    """Every match ends with a winner; every offered action is accepted; every card
    is in exactly one zone; credits never negative; end-of-turn limits hold."""
    cfg, players = config_for(fmt)
    for g in range(COUNTS[fmt]):
        s, steps = run_match(f"{fmt}-{g}", kinds=("random",) * players, config=cfg, checks=True)
        out = R.outcome(s)
        assert out is not None and out.winners, (fmt, g)
        assert all(0 <= w < players for w in out.winners)


@pytest.mark.slow
@pytest.mark.parametrize("fmt", list(FORMATS))
def test_many_random_matches(fmt):
    cfg, players = config_for(fmt)
    for g in range(COUNTS[fmt] * 10):
        s, _ = run_match(f"slow-{fmt}-{g}", kinds=("random",) * players, config=cfg,
                         checks=True)
        assert R.outcome(s).winners


def test_views_never_reveal_face_down_cards_or_private_event_parts():
    """Two states differing only in what a seat may not see give that seat identical
    views: beyond the hands, colonies and ruins every game's conformance test rearranges,
    KGK's face-down cards in play and the PRNG (KG-6.12), and private parts of events."""
    cfg = R.example_config(2)
    for g in range(6):
        s = R.new_game(cfg, f"view-{g}")
        k = 0
        while R.outcome(s) is None:
            seat = R.to_act(s)[0]
            if k % 13 == 0:
                for viewer in (0, 1, None):
                    other = hidden_permutation(s, viewer if viewer is not None else -1)
                    assert R.view(s, viewer) == R.view(other, viewer), (g, k, viewer)
                v = R.view(s, 1 - seat)
                assert v["players"][seat]["hand"] is None and v["players"][seat]["ruin"] is None
                text = json.dumps(v)
                assert '"rng"' not in text
            _, ev = R.apply(s, seat, R.bot_action(s, seat, "random", f"{g}:{k}"))
            for e in ev:
                for viewer in (0, 1, None):
                    ve = R.event_view(e, viewer)
                    assert "_priv" not in ve
                    if "_priv" in e and viewer != e["_priv"][0]:
                        assert not set(e["_priv"][1]) & set(ve)
            k += 1


def test_hidden_cards_have_no_identity_in_the_opponents_view():
    cfg = R.example_config(2)
    s = R.new_game(cfg, "ids")
    k = 0
    while R.outcome(s) is None and k < 3000:
        seat = R.to_act(s)[0]
        for viewer in (0, 1):
            v = R.view(s, viewer)
            hidden_ids = {c["id"] for c in s["cards"] if not c["up"] and c["o"] != viewer
                          and c["z"] not in ("trash",)}
            shown = set()

            def walk(x, out=shown):
                if isinstance(x, dict):
                    if "id" in x:
                        out.add(x["id"])
                    for y in x.values():
                        walk(y)
                elif isinstance(x, list):
                    for y in x:
                        walk(y)
            walk(v["players"])
            assert not (shown & hidden_ids)
        R.apply(s, seat, R.bot_action(s, seat, "random", f"ids:{k}"))
        k += 1


def test_heuristic_bot_beats_random():
    """A quick check (the bench measures 1,000 matches with a Wilson interval)."""
    cfg = R.example_config(2)
    wins = 0
    n = 40
    for g in range(n):
        h = g % 2
        kinds = ("heuristic", "random") if h == 0 else ("random", "heuristic")
        s, _ = run_match(f"hr-{g}", kinds=kinds, config=cfg)
        wins += h in R.outcome(s).winners
    assert wins >= 0.8 * n


def test_bots_decide_from_the_view_only():
    """The heuristic bot's choice is the same on a state whose hidden information
    was swapped (it cannot peek)."""
    cfg = R.example_config(2)
    s = R.new_game(cfg, "peek")
    for k in range(400):
        if R.outcome(s):
            break
        seat = R.to_act(s)[0]
        a = R.bot_action(s, seat, "heuristic", f"p{k}")
        other = hidden_permutation(s, seat)
        assert R.bot_action(other, seat, "heuristic", f"p{k}") == a
        R.apply(s, seat, a)


def test_end_limits_checked_from_events():
    cfg = R.example_config(2)
    s = R.new_game(cfg, "limits")
    seen = 0
    while R.outcome(s) is None:
        seat = R.to_act(s)[0]
        _, ev = R.apply(s, seat, R.bot_action(s, seat, "random", f"l{seen}"))
        check_end_limits(ev)
        seen += 1


def test_editing_a_returned_action_in_place_does_not_make_it_legal():
    s = R.new_game(R.example_config(2), "edit")
    seat = R.to_act(s)[0]
    legal = R.legal_actions(s, seat)
    a = legal[0]
    a["type"] = "end_turn_now"
    with pytest.raises(IllegalAction):
        R.apply(s, seat, a)


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_heuristic_matches_end_in_every_format(fmt):
    cfg, players = config_for(fmt)
    for g in range(6):
        s, _ = run_match(f"hh-{fmt}-{g}", kinds=("heuristic",) * players, config=cfg,
                         max_steps=20000)
        assert R.outcome(s).winners


@pytest.mark.parametrize("fmt", ["official", "simplified", "multiplayer3"])
def test_static_parts_never_change_during_a_match(fmt):
    """``static_keys`` is a promise to hosts (matches.store shares one parsed copy of them
    between every copy of a match's state, and between matches): play never writes them."""
    cfg, players = config_for(fmt)
    for g in range(15):
        s = R.new_game(cfg, f"static-{fmt}-{g}")
        before = {k: dumps(R.to_json(s)[k]) for k in R.static_keys}   # (as a host keeps them)
        assert before["defs"] != "[]"
        kinds = ("heuristic", "random") * 3
        s, _ = run_match(f"static-{fmt}-{g}", kinds=kinds[:players], config=cfg)
        assert {k: dumps(R.to_json(s)[k]) for k in R.static_keys} == before, (fmt, g)
