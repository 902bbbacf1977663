"""The heuristic bot's part of the view (``view.bot_view``) against the whole view.

The Roll heuristic decides from ``bot_view(state, seat)``, built alone because a search's
playouts ask it at every step. It must be exactly the part of ``view(state, seat)`` it
claims to be, so it shows nothing the view hides and the heuristic decides as it did from
the whole view: at every decision of seeded games (two to four players, first game and
not), for every seat, it equals the whole view cut down to its keys, and the heuristic
picks the same action from either.
"""

from __future__ import annotations

import pytest

from rulesets.roll import RULESET as R
from rulesets.roll import engine
from rulesets.roll.bots import _heuristic
from rulesets.roll.view import BOT_PLAYER_KEYS, bot_view, view
from tests.support.views import cut

GAMES = [(2, True, "heuristic"), (2, False, "random"), (3, True, "heuristic"),
         (4, False, "heuristic")]
MAX_STEPS = 5000   # (a seeded game ends well before: a guard)


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
            assert _heuristic(bot_view(s, seat), seat, legal) == \
                _heuristic(view(s, seat), seat, legal), steps
            picks += 1
        s, _ = R.apply(s, seat, R.bot_action(s, seat, kind, f"bv:{steps}"))
        steps += 1
        assert steps < MAX_STEPS
    assert picks > 20          # the game reached real decisions
