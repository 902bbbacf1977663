"""What an Űrcsempészek match is started from (see ``rulesets/shapes.py``): its variants,
as ``setup.parse_options`` reads them, and the whole config ``new_game`` reads, the
component set included. Held to the engine by ``tests/rulesets/test_config_shapes.py``."""

from __future__ import annotations

from rulesets.shapes import ListOf, Shape

_VARIANTS = ("stations", "favourite_ships", "favourite_goods", "stacked_dice",
             "refund_on_goods_failure", "advanced")

OPTION_SHAPE = Shape(
    "Űrcsempészek's variants, each true or false (default false): space stations, "
    "favourite ships and favourite goods (A1.6.1-3; `advanced` turns on all three), "
    "stacked dice (A1.6) and a refund when goods fail (the README's reading R3).",
    dict.fromkeys(_VARIANTS, "bool"), frozenset(_VARIANTS))

COMPONENT_SHAPE = Shape(
    "The component set played with (the labelled stand-in unless a host gives another): "
    "the colours, the sector cards and the character boards.",
    {"name": "str", "standin": "bool", "label": "str", "planet_colours": "strs",
     "goods_colours": "strs",
     "cards": ListOf(Shape("A sector card: its planets and ships by colour, and whether "
                           "it has a space station.",
                           {"id": "str", "planets": "strs", "ships": "strs", "station": "bool"},
                           frozenset({"station"}))),
     "characters": ListOf(Shape("A character board: its colour and favourites.",
                                {"colour": "str", "favourite_planets": "strs",
                                 "favourite_ships": "strs"},
                                frozenset({"favourite_planets", "favourite_ships"})))},
    frozenset({"name", "standin", "label"}))

CONFIG_SHAPE = Shape(
    "What an Űrcsempészek match was started from: the players, the variants, the "
    "component set and each seat's character board (`characters`, default one each in "
    "order).",
    {"players": "int", "options": OPTION_SHAPE, "components": COMPONENT_SHAPE,
     "characters": "ints"},
    frozenset({"options", "components", "characters"}))
