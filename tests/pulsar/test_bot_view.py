"""The heuristic bot's part of the view (``view.bot_view``) against the whole view.

The Pulsar heuristic decides from ``bot_view(state, seat)``, built alone and sharing the
state's public parts instead of copying them, because a search's playouts ask it at every
step. At every decision of seeded games (two to four players), for every seat, it equals
the whole view cut down to its keys (so it shows nothing the view hides), the heuristic
picks the same action from either, and choosing leaves the state as it was (the shared
parts are only read).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rulesets.pulsar import RULESET as R
from rulesets.pulsar.bots import choose
from rulesets.pulsar.engine import legal_actions
from rulesets.pulsar.view import bot_view, view
from tests.support.views import cut

GAMES = [(2, "heuristic"), (3, "random"), (4, "heuristic")]
MAX_STEPS = 3000   # (a seeded game ends well before: a guard)


def test_bot_view_shares_what_the_view_copies():
    """The point of it: the public parts are the state's own objects (the view's are
    copies), and the hidden ones are built as the view builds them."""
    s = R.new_game(R.example_config(2), "bot-view-shares")
    part = bot_view(s, 0)
    assert part["tracks"] is s.tracks and view(s, 0)["tracks"] is not s.tracks
    assert part["players"][0]["pulsars"] is s.players[0].pulsars
    assert part["players"] == view(s, 0)["players"] == [p.to_json() for p in s.players]
    assert part["tx"] == {"display": view(s, 0)["tx"]["display"]}   # (all it reads of them)
    assert part["tx"]["display"] is s.tx["display"]
    hidden = [v for v in part["systems"].values() if not v["revealed"]]
    assert hidden and all(v == {"revealed": False} for v in hidden)


@pytest.mark.parametrize(("players", "kind"), GAMES)
def test_bot_view_is_the_view_cut_down_and_choosing_only_reads(players, kind):
    s = R.new_game(R.example_config(players), f"bot-view-{players}")
    steps = picks = 0
    while R.outcome(s) is None:
        for seat in range(players):
            part = bot_view(s, seat)
            whole = view(s, seat)
            assert part == cut(whole, part), (steps, seat)
        acting = R.to_act(s)
        seat = acting[steps % len(acting)]
        legal = legal_actions(s, seat)
        if len(legal) > 1:
            seed = f"bv:{steps}"
            before = json.dumps(R.to_json(s), sort_keys=True)
            picked: Any = choose(bot_view(s, seat), seat, legal, seed)
            assert json.dumps(R.to_json(s), sort_keys=True) == before, steps
            assert picked == choose(view(s, seat), seat, legal, seed), steps
            picks += 1
        s, _ = R.apply(s, seat, R.bot_action(s, seat, kind, f"bv:{steps}"))
        steps += 1
        assert steps < MAX_STEPS
    assert picks > 20          # the game reached real decisions
