"""What a Roll for the Galaxy match is started from (see ``rulesets/shapes.py``): its one
option and the config ``engine.new_game`` reads. Held to the engine by
``tests/rulesets/test_config_shapes.py``."""

from __future__ import annotations

from rulesets.shapes import Shape

OPTION_SHAPE = Shape(
    "Roll for the Galaxy's option: the first game's setup (`first_game`, A3.2: the "
    "lower-cost side of each starting tile up, one tile in each stack).",
    {"first_game": "bool"}, frozenset({"first_game"}))

CONFIG_SHAPE = Shape(
    "What a Roll for the Galaxy match was started from: the players and the option.",
    {"players": "int", "first_game": "bool"}, frozenset({"first_game"}))
