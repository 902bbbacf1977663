"""What a Pulsar 2849 match is started from (see ``rulesets/shapes.py``): its options, the
config keys ``setup.new_game`` reads beside the players. Held to the engine by
``tests/rulesets/test_config_shapes.py``."""

from __future__ import annotations

from rulesets.shapes import Shape

_OPTIONS = ("hq", "first_game", "balanced_start")

OPTION_SHAPE = Shape(
    "Pulsar 2849's options, each true or false: the headquarters boards (`hq`), the "
    "first game's setup (A2.2: no headquarters, the first-game boards and goals) and a "
    "balanced start (`balanced_start`: the first round's silver dice fixed, not rolled).",
    dict.fromkeys(_OPTIONS, "bool"), frozenset(_OPTIONS))

# (``new_game`` also takes a ``components`` set, which the server never gives: not here)
CONFIG_SHAPE = Shape(
    "What a Pulsar 2849 match was started from: the players and the options.",
    {"players": "int", **OPTION_SHAPE.fields}, frozenset(_OPTIONS))
