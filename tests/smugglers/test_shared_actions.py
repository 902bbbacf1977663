"""The legal lists are made of action dicts built once and shared between lists; what
leaves the engine (``legal_actions``, a bot's action) is a copy, so a caller that changes
or keeps the actions it got changes no later list."""

from __future__ import annotations

import json
from typing import Any

from rulesets.smugglers.ruleset import RULESET
from tests.support.seeded_games import seeded_positions


def _spoil(action: dict[str, Any]) -> None:
    for key in list(action):
        if key != "type":
            action[key] = "spoiled"
    goods = action.get("goods")
    if isinstance(goods, dict):
        goods["spoiled"] = 99
    action["extra"] = True


def test_changing_the_actions_handed_out_changes_no_later_list() -> None:
    seen: dict[str, Any] = {}
    kinds: set[str] = set()
    for players, seed in ((2, "shared-2a"), (2, "shared-2b"), (3, "shared-3")):
        config = RULESET.example_config(players)
        for state in seeded_positions(RULESET, config, seed):
            for seat in RULESET.to_act(state):
                text = json.dumps(RULESET.legal_actions(state, seat))
                # the same position asked again gives the same list, whatever was done
                # to the copies handed out before
                got = RULESET.legal_actions(state, seat)
                assert json.dumps(got) == text
                kinds.update(a["type"] for a in got)
                for action in got:
                    _spoil(action)
                _spoil(RULESET.bot_action(state, seat, "random", f"{seed}:{seat}"))
                assert json.dumps(RULESET.legal_actions(state, seat)) == text
                seen[text] = True
    # every kind of action with fields of its own went through the test
    assert {"place", "take_token", "done", "pay_goods", "take_energy", "take_goods",
            "decline"} <= kinds
    assert len(seen) > 100
