"""The heuristic bot's part of the view (``view.bot_view``) against the whole view.

The Roll heuristic decides from ``bot_view(state, seat)``, built alone because a search's
playouts ask it at every step. It must be exactly the part of ``view(state, seat)`` it
claims to be, so it shows nothing the view hides and the heuristic decides as it did from
the whole view: at every decision of seeded games (two to four players, first game and
not), for every seat, it equals the whole view cut down to its keys, the heuristic
picks the same action from either, and choosing leaves the state as it was (the seat's
lists are shared, only read).
"""

from __future__ import annotations

import json
from functools import partial

import pytest

from rulesets.roll import RULESET as R
from rulesets.roll import engine
from rulesets.roll.bots import _heuristic
from rulesets.roll.view import BOT_PLAYER_KEYS, bot_view, view
from tests.support.views import cut

GAMES = [(2, True, "heuristic"), (2, False, "random"), (3, True, "heuristic"),
         (4, False, "heuristic")]
MAX_STEPS = 5000   # (a seeded game ends well before: a guard)


def test_bot_view_shares_the_seats_lists():
    s = R.new_game({"players": 2, "first_game": True}, "bot-view-shares")
    own = bot_view(s, 0)["players"][0]
    assert own["tableau"] is s.players[0].tableau
    assert view(s, 0)["players"][0]["tableau"] is not s.players[0].tableau


@pytest.mark.parametrize(("players", "first_game", "kind"), GAMES)
def test_bot_view_is_the_view_cut_down_at_every_decision(players, first_game, kind):
    s = R.new_game({"players": players, "first_game": first_game},
                   f"bot-view-{players}-{first_game}")
    steps = picks = 0
    while R.outcome(s) is None:
        for seat in range(players):
            part = bot_view(s, seat)
            for q, pv in enumerate(part["players"]):     # only its own entry is filled
                assert tuple(pv) == (BOT_PLAYER_KEYS if q == seat else ())
            assert part == cut(view(s, seat), part), (steps, seat)
        seat = R.to_act(s)[0]
        legal = engine.legal_actions(s, seat)
        if len(legal) > 1:
            before = json.dumps(R.to_json(s))
            stage = view(s, seat)["stage"]
            assert _heuristic(stage, partial(bot_view, s, seat), seat, legal) == \
                _heuristic(stage, partial(view, s, seat), seat, legal), steps
            assert json.dumps(R.to_json(s)) == before, steps
            picks += 1
        s, _ = R.apply(s, seat, R.bot_action(s, seat, kind, f"bv:{steps}"))
        steps += 1
        assert steps < MAX_STEPS
    assert picks > 20          # the game reached real decisions
