"""The rules hold a KGK game in slotted classes (``rulesets/kgk/game_state.py``); its JSON
form, made only at the edges, must be exactly the stored form: every position of seeded
games in every format goes to JSON and back unchanged, keys in their stored order, and a
copy (what the search plays on) is equal and detached, sharing only the card definitions."""

from __future__ import annotations

import copy
import json

import pytest

from rulesets.base import ConfigError
from rulesets.kgk import RULESET
from rulesets.kgk.cards import refers_to_speed_or_return_fire
from rulesets.kgk.game_state import CARD_KEYS, GAME_KEYS, PLAYER_KEYS, Game
from rulesets.kgk.ruleset import example_config
from tests.support.seeded_games import resigned_after, seeded_positions

FORMATS = {
    "official-2": (2, {"rules": "official", "simplified_combat": False}),
    "official-3": (3, {"rules": "official", "simplified_combat": False}),
    "simplified-4": (4, {"rules": "official", "simplified_combat": True}),
    "quick-start-2": (2, {"rules": "quick_start", "simplified_combat": False}),
    "bluffing-2": (2, {"rules": "official", "simplified_combat": False, "bluffing": True}),
}


def _check(state: Game, text: str) -> None:
    back = RULESET.from_json(json.loads(text))
    assert isinstance(back, Game) and json.dumps(RULESET.to_json(back)) == text
    assert json.dumps(RULESET.to_json(state.copy())) == text


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_every_position_goes_to_json_and_back_unchanged(fmt):
    players, options = FORMATS[fmt]
    config = example_config(players)
    config["options"] = options
    if options["simplified_combat"]:         # KG-13.2.4: no speed or return-fire cards
        config["decks"] = [[c for c in deck if not refers_to_speed_or_return_fire(c)]
                           for deck in config["decks"]]
    positions = 0
    for state in seeded_positions(RULESET, config, f"roundtrip-{fmt}"):
        data = RULESET.to_json(state)
        text = json.dumps(data)
        assert json.loads(text) == data, "plain JSON"
        assert list(data) == list(GAME_KEYS)
        assert all(list(p) == list(PLAYER_KEYS) for p in data["p"])
        assert all(list(c) == list(CARD_KEYS) for c in data["cards"])
        _check(state, text)
        positions += 1
    assert positions > 20


def test_a_resigned_game_goes_to_json_and_back_unchanged():
    state = resigned_after(RULESET, 3, "resigned", 40, seat=1)
    _check(state, json.dumps(RULESET.to_json(state)))


def test_a_copy_is_detached_and_shares_only_the_card_definitions():
    state = RULESET.new_game(example_config(2), "copy")
    for step in range(60):
        seat = RULESET.to_act(state)[0]
        RULESET.apply(state, seat, RULESET.bot_action(state, seat, "random", str(step)))
    before = json.dumps(RULESET.to_json(state))
    copied = state.copy()
    seat = RULESET.to_act(copied)[0]
    RULESET.apply(copied, seat, RULESET.legal_actions(copied, seat)[0])
    copied.p[0].hand.append(copied.p[0].colony.pop())
    copied.p[1].cr += 3
    card = copied.cards[copied.p[1].colony[0]]
    card.att.append(0)
    card.mods.append(["firepower", 1, "turn"])
    card.role = "base"
    copied.todo.append(["main", None])
    assert json.dumps(RULESET.to_json(state)) == before
    assert copied.defs is state.defs


def test_a_deep_copy_is_the_games_copy_in_both_builds():
    """Tests copy states with ``copy.deepcopy``; the compiled build's native classes
    have no argument-free constructor for it to rebuild them by."""
    state = RULESET.new_game(example_config(2), "deep")
    for step in range(30):
        seat = RULESET.to_act(state)[0]
        RULESET.apply(state, seat, RULESET.bot_action(state, seat, "random", str(step)))
    deep = copy.deepcopy(state)
    card = copy.deepcopy(state.cards[0])
    assert deep == state and deep is not state and deep.cards[0] is not state.cards[0]
    assert card == state.cards[0] and card is not state.cards[0]
    deep.p[0].cr += 5
    assert deep.p[0].cr != state.p[0].cr


def test_the_bridge_reads_and_writes_the_fields():
    """Tests and scenario set-up address the state by its JSON keys; a card's "as" is
    its ``role``."""
    state = RULESET.new_game(example_config(2), "bridge")
    card = state["cards"][0]
    card["as"] = "crew"
    card["rot"] = 1
    assert card.role == "crew" and card.rot == 1 and card.get("as") == "crew"
    assert state["p"][0]["colony"] is state.p[0].colony
    with pytest.raises(KeyError):
        card["nonsense"]
    with pytest.raises(KeyError):
        state["p"][0]["nonsense"] = 1


def test_a_state_of_another_game_is_refused():
    with pytest.raises(ConfigError):
        RULESET.from_json({"game": "roll"})


def test_the_definitions_are_stored_as_compiled_and_loaded_once_per_state():
    """``defs`` is read by field in play (``game_state.CardDef``) and stored as the compiled
    dicts, the very objects a host hands in (it shares one parsed copy per match);
    copies share the definitions, and a definition's stored keys read through the
    bridge."""
    state = RULESET.new_game(example_config(2), "defs")
    data = RULESET.to_json(state)
    assert all(type(d) is dict for d in data["defs"])
    back = RULESET.from_json(data)
    assert [d.stored for d in back.defs] == data["defs"]
    assert all(a.stored is b for a, b in zip(back.defs, data["defs"], strict=True))
    assert back.copy().defs is back.defs
    d = back["defs"][back["cards"][0]["d"]]
    assert d["type"] == d.type and d.get("cost") == d.stored["cost"] and "eff" in d
