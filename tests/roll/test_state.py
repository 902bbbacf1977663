"""The rules hold a Roll for the Galaxy game in slotted classes (``rulesets/roll/state.py``);
its JSON form, made only at the edges, must be exactly the stored form: every position of
seeded games in every player count, first game or not, goes to JSON and back unchanged,
keys in their stored order, and a copy (what the search plays on) is equal and detached."""

from __future__ import annotations

import json

import pytest

from rulesets.base import ConfigError
from rulesets.roll import RULESET
from rulesets.roll.state import Game
from tests.support.seeded_games import resigned_after, seeded_positions

# The stored form's keys, in order (the host stores the text verbatim).
KEYS = ["game", "config", "seed", "round", "stage", "steps", "bag", "discards", "supply",
        "vp_pool", "vp_tens", "pool_empty", "players", "selected", "extra_die", "extra_phase",
        "scouted_yellow", "queue", "outcome", "resigned", "order", "rng"]
PLAYER_KEYS = ["faction", "home", "tableau", "names", "credits", "vp", "cup", "cit",
               "dev_stack", "world_stack", "dev_workers", "world_workers", "goods", "assign",
               "committed", "cols", "selector", "dictated"]
ASSIGN_KEYS = ["dice", "sel", "dict", "used", "pend"]


def _positions(players: int, first_game: bool, seed: str):
    return seeded_positions(RULESET, {"players": players, "first_game": first_game}, seed)


def _check(state: Game, text: str) -> None:
    back = RULESET.from_json(json.loads(text))
    assert isinstance(back, Game) and json.dumps(RULESET.to_json(back)) == text
    assert json.dumps(RULESET.to_json(state.copy())) == text


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_position_goes_to_json_and_back_unchanged(players):
    assigning = 0
    for first_game in (True, False):
        for state in _positions(players, first_game, f"state-{players}-{first_game}"):
            data = RULESET.to_json(state)
            text = json.dumps(data)
            assert json.loads(text) == data, "plain JSON"
            assert list(data) == KEYS and all(list(p) == PLAYER_KEYS for p in data["players"])
            for p in data["players"]:
                if p["assign"] is not None:
                    assert list(p["assign"]) == ASSIGN_KEYS
                    assigning += 1
            _check(state, text)
    assert assigning, "some positions hold a secret assignment"


def test_a_resigned_game_goes_to_json_and_back_unchanged():
    state = resigned_after(RULESET, 3, "resigned", 30, seat=1)
    _check(state, json.dumps(RULESET.to_json(state)))


def test_a_copy_is_detached_and_shares_only_what_never_changes():
    state = RULESET.new_game(RULESET.example_config(3), "copy")
    while state.stage != "assign":
        seat = RULESET.to_act(state)[0]
        RULESET.apply(state, seat, RULESET.legal_actions(state, seat)[0])
    before = json.dumps(RULESET.to_json(state))
    copied = state.copy()
    seat = RULESET.to_act(copied)[0]
    RULESET.apply(copied, seat, RULESET.legal_actions(copied, seat)[0])
    p = copied.players[1]
    p.cup["white"] += 5
    p.cols["explore"].append("red")
    p.goods.setdefault("H1w", []).append("blue")
    assert p.assign is not None
    p.assign.dice[0][2] = "ship"
    copied.bag.reverse()
    copied.queue.append({"kind": "halt", "seat": -1})
    assert json.dumps(RULESET.to_json(state)) == before
    assert copied.config is state.config


def test_a_state_of_another_game_is_refused():
    with pytest.raises(ConfigError):
        RULESET.from_json({"game": "smugglers"})


def test_the_generator_is_the_games_own_and_a_copy_gets_another():
    state = RULESET.new_game(RULESET.example_config(2), "generator")
    stored = state.rng
    copy = state.copy()
    copy.gen.next_u64()                       # a sample drawing for the search
    assert state.rng == stored != copy.rng
    assert RULESET.from_json(RULESET.to_json(state)).gen is not state.gen
    state.rng = 7                             # what a determinization sets
    assert state.gen.state == 7 and RULESET.to_json(state)["rng"] == 7
