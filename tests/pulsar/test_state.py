"""The rules hold a Pulsar 2849 game in slotted classes (``rulesets/pulsar/state.py``); its
JSON form, made only at the edges, must be exactly the stored form: every position of
seeded games in every player count, first game or not, goes to JSON and back unchanged,
keys in their stored order, and a copy (what the search plays on) is equal and detached."""

from __future__ import annotations

import json

import pytest

from rulesets.base import ConfigError
from rulesets.pulsar import RULESET
from rulesets.pulsar.state import Game
from tests.support.seeded_games import resigned_after, seeded_positions

# The stored form's keys, in order (the host stores the text verbatim); the draft, the
# turns and the final scoring's record join them, in this order, once they exist.
KEYS = ["game", "seats", "config", "comp", "rng", "round", "phase", "time", "queue",
        "pending", "flight", "result", "owner", "dice", "order", "systems", "box", "explore",
        "tx", "gyro_supply", "awards", "tech_boards", "techs", "goals", "tracks", "players",
        "setup_queue"]
LATER = ["draft", "turns", "final"]
PLAYER_KEYS = ["vp", "cubes", "mods", "gyros", "pulsars", "stations", "kept", "awards",
               "patents", "hq", "hq_done", "races_used", "transmitters", "links", "markers",
               "ship", "gate", "dice", "bonus_taken", "doublers_used"]
# every player count, first game or not, with and without HQ boards and a balanced start
GAMES = [(2, {}), (3, {"first_game": True}), (4, {"hq": False, "balanced_start": True}),
         (4, {})]


def _check(state: Game, text: str) -> None:
    back = RULESET.from_json(json.loads(text))
    assert isinstance(back, Game) and json.dumps(RULESET.to_json(back)) == text
    assert json.dumps(RULESET.to_json(state.copy())) == text


def test_every_position_goes_to_json_and_back_unchanged():
    seen: set[str] = set()
    for i, (players, extra) in enumerate(GAMES):
        config = {**RULESET.example_config(players), **extra}
        for state in seeded_positions(RULESET, config, f"state-{players}-{i}"):
            data = RULESET.to_json(state)
            text = json.dumps(data)
            assert json.loads(text) == data, "plain JSON"
            keys = list(data)
            assert keys == KEYS + [k for k in LATER if k in data]
            assert all(list(p) == PLAYER_KEYS for p in data["players"])
            seen.update(k for k in ("pending", "flight", "final") if data.get(k) is not None)
            _check(state, text)
    assert seen == {"pending", "flight", "final"}, "positions mid-flight, mid-decision, scoring"


def test_a_resigned_game_goes_to_json_and_back_unchanged():
    state = resigned_after(RULESET, 3, "resigned", 40, seat=1)
    assert RULESET.outcome(state) is not None
    _check(state, json.dumps(RULESET.to_json(state)))


def test_a_copy_is_detached_and_shares_only_what_never_changes():
    state = RULESET.new_game(RULESET.example_config(3), "copy")
    while state.flight is None:
        seat = RULESET.to_act(state)[0]
        legal = RULESET.legal_actions(state, seat)
        flying = [a for a in legal if a["type"] == "fly"]
        RULESET.apply(state, seat, (flying or legal)[0])
    before = json.dumps(RULESET.to_json(state))
    copied = state.copy()
    seat = RULESET.to_act(copied)[0]
    RULESET.apply(copied, seat, RULESET.legal_actions(copied, seat)[0])
    p = copied.players[1]
    p.gyros["small"] += 1
    p.mods["pm"] += 1
    p.stations.append("S1")
    p.pulsars["P1"] = {"size": "small", "spinning": False}
    copied.players[0].dice.append({"v": 6, "red": True})
    copied.systems["S1"]["planets"].append(2)
    copied.tracks["initiative"][0].append(9)
    copied.explore["stack"].reverse()
    copied.tx["stack"].reverse()
    copied.dice["leftover"].append(1)
    copied.queue.append({"k": "effect", "seat": 0, "eff": {}})
    assert json.dumps(RULESET.to_json(state)) == before
    assert copied.config is state.config and copied.comp is state.comp and copied.c is state.c


def test_a_state_of_another_game_is_refused():
    with pytest.raises(ConfigError):
        RULESET.from_json({"game": "roll"})
