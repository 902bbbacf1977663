"""The heuristic bot's part of the view (``view.bot_view``) against the whole view.

The Űrcsempészek heuristic decides from ``bot_view(state, seat)``, built alone because a
search's playouts ask it at every step. It must be exactly the part of the seat's view it
claims to be, so it shows nothing the view hides and the heuristic decides as it did from
the whole view: at every decision of seeded games (two to five players, the variants on
and off), for every seat, it equals the whole view cut down to its keys, the heuristic
picks the same action from either (and, where it reads no table, from the part without
it), and choosing leaves the state as it was (the printed cards are shared, only read).
"""

from __future__ import annotations

import json

import pytest

from rulesets.smugglers import RULESET as R
from rulesets.smugglers.bots import choose, reads_table
from rulesets.smugglers.view import BOT_SEAT_KEYS, bot_view
from tests.support.views import cut

VARIANTS = {"stations": True, "favourite_ships": True, "favourite_goods": True}
GAMES = [(2, {}, "heuristic"), (3, VARIANTS, "heuristic"), (4, {"stacked_dice": True}, "random"),
         (5, {**VARIANTS, "stacked_dice": True}, "heuristic")]
MAX_STEPS = 3000   # (a seeded game ends well before: a guard)


def test_bot_view_shares_the_printed_cards_and_the_seats_goods():
    s = R.new_game(R.example_config(2), "bot-view-shares")
    shown = bot_view(s, 0)["table"][0]["card"]
    assert shown is s.components["cards"][s.table[0]]
    assert R.view(s, 0)["table"][0]["card"] is not shown
    assert bot_view(s, 0)["seats"][0]["goods"] is s.seats[0].goods


@pytest.mark.parametrize(("players", "options", "kind"), GAMES)
def test_bot_view_is_the_view_cut_down_at_every_decision(players, options, kind):
    s = R.new_game(R.example_config(players, **options), f"bot-view-{players}")
    steps = picks = 0
    while R.outcome(s) is None:
        for seat in range(players):
            part = bot_view(s, seat)
            for q, sv in enumerate(part["seats"]):        # only its own entry is filled
                assert tuple(sv) == (BOT_SEAT_KEYS if q == seat else ())
            assert part == cut(R.view(s, seat), part), (steps, seat)
        acting = R.to_act(s)
        seat = acting[steps % len(acting)]
        legal = R.legal_actions(s, seat)
        if len(legal) > 1:
            seed = f"bv:{steps}"
            before = json.dumps(R.to_json(s))
            assert choose(bot_view(s, seat), legal, "heuristic", seed) == \
                choose(R.view(s, seat), legal, "heuristic", seed), steps
            if not reads_table(legal):         # a choice that reads no table
                assert choose(bot_view(s, seat, table=False), legal, "heuristic", seed) == \
                    choose(R.view(s, seat), legal, "heuristic", seed), steps
            assert json.dumps(R.to_json(s)) == before, steps
            picks += 1
        s, _ = R.apply(s, seat, R.bot_action(s, seat, kind, f"bv:{steps}"))
        steps += 1
        assert steps < MAX_STEPS
    assert picks > 10          # the game reached real decisions


@pytest.mark.parametrize(("players", "options", "kind"), GAMES)
def test_a_refill_lists_the_takes_of_goods_last(players, options, kind):
    """The refill heuristic stops at the first take of goods it has no use for
    (``bots._refill``): nothing else may follow the takes of goods in the list."""
    s = R.new_game(R.example_config(players, **options), f"refill-order-{players}")
    refills = steps = 0
    while R.outcome(s) is None:
        seat = R.to_act(s)[steps % len(R.to_act(s))]
        legal = R.legal_actions(s, seat)
        if s.phase == "refill":
            types = [a["type"] for a in legal]
            first = types.index("take_goods") if "take_goods" in types else len(types)
            assert set(types[first:]) <= {"take_goods"}, steps
            refills += 1
        s, _ = R.apply(s, seat, R.bot_action(s, seat, kind, f"ro:{steps}"))
        steps += 1
        assert steps < MAX_STEPS
    assert refills > 3
