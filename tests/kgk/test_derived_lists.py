"""The engine's derived main-phase lists and inlined shuffle equal the full computations.

After a develop, a draw, a cash, a search or a face-down placement, ``apply`` derives the
next main list from the one the action was picked from (``main_list.after_develop``,
``after_draw``, ``after_place``, and ``after_choice`` after a cash's second base or a
search's card) and keeps it for the bot's next pick.
Over a few hundred seeded random matches in several formats, every kept main list must
equal the plain computation (``turn.main_legal``); the derived paths must actually run.
The random bot's pick must be ``bots.random_index``'s. The colony shuffle must equal
``Rng.shuffle`` plus the cut draw.
"""

from __future__ import annotations

import random

import pytest

from rulesets.kgk import RULESET as R
from rulesets.kgk import engine, legal_cache
from rulesets.kgk.bots import random_index
from rulesets.kgk.shuffle import shuffle_and_cut
from rulesets.kgk.turn import main_legal
from rulesets.rng import Rng

FORMATS = {"official": ({}, 2, 200), "no_bluff": ({"bluffing": False}, 2, 40),
           "strict_windows": ({"auto_pass": False}, 2, 30), "multiplayer3": ({}, 3, 30)}


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_cached_main_lists_equal_full_computation(fmt):
    opts, players, games = FORMATS[fmt]
    cfg = R.example_config(players)
    cfg["options"].update(opts)
    derived = {"develop": 0, "cash": 0, "search": 0, "place": 0, "draw": 0}
    for g in range(games):
        s = R.new_game(cfg, f"derived-{fmt}-{g}")
        step = 0
        while R.outcome(s) is None:
            seat = R.to_act(s)[0]
            a = R.bot_action(s, seat, "random", f"derived-{fmt}-{g}:{step}")
            # (a choice after a cash or a search: counted as the action it completes)
            kind = s["dec"].get("why") if a["type"] == "choose" else a["type"]
            R.apply(s, seat, a)
            step += 1
            dec = s["dec"]
            if dec is None or dec["kind"] != "main":
                continue
            kept = legal_cache.kept(s, dec)    # what the speed layer kept for this decision
            if kept is None:
                continue
            assert kept == main_legal(s, dec), (fmt, g, step, a)
            if kind in derived:
                derived[kind] += 1
    assert derived["cash"] > 5, derived
    assert derived["search"] > 5, derived
    if opts.get("auto_pass", True):
        assert derived["develop"] > 100, derived
        assert derived["draw"] > 10, derived
        assert derived["place"] > (10 if opts.get("bluffing", True) else -1), derived
    # Without auto-pass a window follows a development or face-down play whenever the
    # other seat holds a card or an ability (reaction interrupts "bármikor", KG-12.3):
    # the main list after it is then built in full, and after the rest derived, which
    # the comparison at every step above checks either way.


def test_random_bot_picks_by_random_index():
    """The random bot's pick (``legal_cache.random_pick``, the hash written out) is the
    action ``bots.random_index`` names in the protocol's legal list."""
    cfg = R.example_config(2)
    for g in range(3):
        s = R.new_game(cfg, f"pick-{g}")
        step = 0
        while R.outcome(s) is None:
            seat = R.to_act(s)[0]
            seed = f"pick-{g}:{step}"
            legal = R.legal_actions(s, seat)
            a = R.bot_action(s, seat, "random", seed)
            assert a == legal[random_index(len(legal), seed)], (g, step)
            R.apply(s, seat, a)
            step += 1


def test_replay_without_caches_reaches_the_same_states():
    """A match replayed from its actions with every cache dropped before each action
    (so each is checked against a freshly built list) ends in the same state, also
    after a JSON round trip."""
    cfg = R.example_config(2)
    for g in range(5):
        s = R.new_game(cfg, f"replay-{g}")
        actions = []
        while R.outcome(s) is None:
            seat = R.to_act(s)[0]
            a = R.bot_action(s, seat, "random", f"replay-{g}:{len(actions)}")
            actions.append((seat, dict(a)))
            R.apply(s, seat, a)
        t = R.new_game(cfg, f"replay-{g}")
        for i, (seat, a) in enumerate(actions):
            engine.clear_cache()
            if i % 100 == 0:
                t = R.from_json(R.to_json(t))
            R.apply(t, seat, a)
        assert R.to_json(t) == R.to_json(s), g


def test_shuffle_equals_rng_shuffle_and_cut():
    r = random.Random(7)
    for n in (0, 1, 2, 3, 5, 40, 60, 256, 257, 300):
        for _ in range(30):
            x = r.getrandbits(64)
            s = {"rng": x, "p": [{"colony": list(range(n))}]}
            shuffle_and_cut(s, 0)
            g = Rng(x)
            col = list(range(n))
            g.shuffle(col)
            if n > 1:
                k = g.below(n)
                col = col[k:] + col[:k]
            assert s["p"][0]["colony"] == col and s["rng"] == g.state, (n, x)
