"""Each game's options and config (``rulesets/<game>/config_shape.py``) against its engine:
every option the shape names is one the engine reads and takes, each a value of the kind
the shape says; the engines that refuse a key they do not know refuse one the shape does not
name; and the config every players' count starts from is of the published shape."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from rulesets import registry
from rulesets.base import ConfigError
from rulesets.kgk.turn import DEFAULT_OPTS
from rulesets.shapes import config_shape_of, object_schema, option_shape_of
from rulesets.smugglers.setup import OPTION_DEFAULTS
from tests.support.shapes import GAMES, plain

# A value of each option's kind that is not its default (the scenario has its own tests).
TRY = {"rules": "quick_start", "auto_pass": [0]}
# (the practice decks hold cards simplified combat cannot play: let them in)
BESIDE = {"simplified_combat": {"lenient_cards": True}}


def _with_option(name: str, key: str, value: Any) -> dict[str, Any]:
    config = registry.get(name).example_config(2)
    options = {key: value, **BESIDE.get(key, {})}
    if isinstance(config.get("options"), dict):
        return {**config, "options": {**config["options"], **options}}
    return {**config, **options}


def _validator(schema: dict[str, Any]) -> jsonschema.protocols.Validator:
    # (a card record is the API's to describe: any object here)
    document = {**plain(schema), "components": {"schemas": {
        "CardRecord": {"type": "object"}, "KgkScenario": {"type": "object"}}}}
    return jsonschema.validators.validator_for(document)(document)


@pytest.mark.parametrize("name", GAMES)
def test_every_option_named_is_taken_with_a_value_of_its_kind(name):
    shape = option_shape_of(name)
    assert shape is not None and set(shape.optional) == set(shape.fields)
    rs = registry.get(name)
    for key, kind in shape.fields.items():
        value = TRY.get(key, True)
        assert not list(_validator(object_schema(shape, "X")).iter_errors({key: value}))
        rs.new_game(_with_option(name, key, value), "shape")
        if kind == "bool" and name in ("smugglers", "pulsar"):
            with pytest.raises(ConfigError):
                rs.new_game(_with_option(name, key, "yes"), "shape")


def test_the_options_named_are_those_the_engines_read():
    kgk, smugglers = option_shape_of("kgk"), option_shape_of("smugglers")
    assert kgk is not None and smugglers is not None
    assert set(kgk.fields) == set(DEFAULT_OPTS)
    assert set(smugglers.fields) == {*OPTION_DEFAULTS, "advanced"}
    roll = registry.get("roll").new_game({"players": 2, "first_game": True}, "shape")
    assert set(option_shape_of("roll").fields) == set(roll.config) - {"players"}  # type: ignore[union-attr]


@pytest.mark.parametrize("name", ["smugglers", "pulsar"])
def test_an_option_the_shape_does_not_name_is_refused(name):
    with pytest.raises(ConfigError):
        registry.get(name).new_game(_with_option(name, "turbo", True), "shape")


@pytest.mark.parametrize("name", GAMES)
def test_the_example_configs_are_of_the_published_shape(name):
    rs = registry.get(name)
    shape = config_shape_of(name)
    assert shape is not None
    validator = _validator(object_schema(shape, "X"))
    for players in range(rs.min_players, rs.max_players + 1):
        config = json.loads(json.dumps(rs.example_config(players)))
        errors = [f"{list(e.path)}: {e.message[:200]}" for e in validator.iter_errors(config)]
        assert not errors, (players, errors[:3])
