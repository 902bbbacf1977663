"""The legal lists copy their commonest actions from tables made once
(``rulesets/roll/offers.py``): every list must still hold dicts of its own, so that a caller
who edits an action it was offered changes neither the tables nor the next list."""

from __future__ import annotations

import json

import pytest

from rulesets.roll import RULESET, offers
from tests.support.seeded_games import seeded_positions


def _tables() -> str:
    return json.dumps([offers.PLACE_DIE, offers.SELECT, offers.DICTATE, offers.REASSIGN,
                       {str(k): v for k, v in offers.STOCK_SCOUT.items()},
                       offers.DISCARD,
                       {str(k): v for k, v in offers.PLACE_TILE.items()},
                       offers.RECALL, offers.LOGISTICS, offers.PICK, offers.DRAW, offers.DONE, offers.STOP],
                      sort_keys=True)


@pytest.mark.parametrize("players", [2, 4])
def test_an_edited_offer_changes_neither_the_tables_nor_the_next_list(players):
    tables = _tables()
    offered = 0
    for state in seeded_positions(RULESET, RULESET.example_config(players), f"offers-{players}"):
        for seat in RULESET.to_act(state):
            legal = RULESET.legal_actions(state, seat)
            before = json.dumps(legal)
            for action in legal:
                action["type"] = "edited"
                action["extra"] = True
            assert json.dumps(RULESET.legal_actions(state, seat)) == before
            offered += len(legal)
    assert offered > 1000           # (the games offered every kind of table many times)
    assert _tables() == tables


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_an_edited_bot_pick_changes_neither_the_tables_nor_the_next_list(kind):
    """The bots pick from the rules' shared list (``engine.shared_legal``) and hand out a
    copy of their pick."""
    from rulesets.roll import bots

    tables = _tables()
    picks = 0
    for state in seeded_positions(RULESET, RULESET.example_config(2), f"picks-{kind}"):
        for seat in RULESET.to_act(state):
            before = json.dumps(RULESET.legal_actions(state, seat))
            action = bots.bot_action(state, seat, kind, f"pick-{picks}")
            action["type"] = "edited"
            action["extra"] = True
            assert json.dumps(RULESET.legal_actions(state, seat)) == before
            picks += 1
    assert picks > 100
    assert _tables() == tables
