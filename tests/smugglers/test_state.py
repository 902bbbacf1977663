"""The rules hold an Űrcsempészek game in slotted classes (``rulesets/smugglers/state.py``);
its JSON form, made only at the edges, must be exactly the stored form: every position of
seeded games in every player count and variant goes to JSON and back unchanged, keys in
their stored order, and a copy (what the search plays on) is equal and detached."""

from __future__ import annotations

import json

import pytest

from rulesets.smugglers import RULESET
from rulesets.smugglers.state import Game
from tests.support.seeded_games import seeded_positions

# The stored form's keys, in order (the host stores the text verbatim).
KEYS = ["game", "version", "players", "options", "components", "rng", "round", "rounds",
        "phase", "galaxies", "box", "discarded", "table", "bids", "tokens_all",
        "tokens_center", "pool", "seats", "refill_order", "steps", "result", "winners"]
SEAT_KEYS = ["character", "energy", "goods", "hand", "tokens", "status", "paid", "unpaid",
             "won", "choose_energy", "goods_due", "resigned"]
VARIANTS = [{}, {"advanced": True}, {"stacked_dice": True, "refund_on_goods_failure": True}]


def _positions(players: int, options: dict[str, bool], seed: str):
    return seeded_positions(RULESET, RULESET.example_config(players, **options), seed)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_position_goes_to_json_and_back_unchanged(players):
    for v, options in enumerate(VARIANTS):
        for state in _positions(players, options, f"state-{players}-{v}"):
            data = RULESET.to_json(state)
            text = json.dumps(data)
            assert json.loads(text) == data, "plain JSON"
            assert list(data) == KEYS and all(list(s) == SEAT_KEYS for s in data["seats"])
            back = RULESET.from_json(json.loads(text))
            assert isinstance(back, Game) and json.dumps(RULESET.to_json(back)) == text
            copied = state.copy()
            assert json.dumps(RULESET.to_json(copied)) == text


def test_a_copy_is_detached_and_shares_only_what_never_changes():
    state = RULESET.new_game(RULESET.example_config(3), "copy")
    before = json.dumps(RULESET.to_json(state))
    copied = state.copy()
    seat = RULESET.to_act(copied)[0]
    RULESET.apply(copied, seat, RULESET.legal_actions(copied, seat)[0])
    copied.seats[1].goods["red"] += 5
    copied.pool.energy += 1
    copied.galaxies[0].reverse()
    assert json.dumps(RULESET.to_json(state)) == before
    assert copied.components is state.components and copied.options is state.options


def test_a_state_of_another_game_is_refused():
    from rulesets.base import ConfigError
    with pytest.raises(ConfigError):
        RULESET.from_json({"game": "roll"})
