"""Roll for the Galaxy's actions (see ``rulesets/shapes.py``). Dice are named by colour,
worlds and developments by tile id, phases by name."""

from __future__ import annotations

from rulesets.shapes import ActionShape

COLOURS = ("white", "red", "blue", "green", "yellow", "brown", "purple")
PHASES = ("explore", "develop", "settle", "produce", "ship")
_VIRTUAL = frozenset({"virtual"})

ACTION_SHAPES: dict[str, ActionShape] = {
    "setup": ActionShape("Choose the starting development.", {"dev": "int"}),
    "select": ActionShape("Select a phase with a die from the cup.",
                          {"colour": COLOURS, "from": PHASES, "phase": PHASES}),
    "dictate": ActionShape("Dictate: move a die to another phase.",
                           {"colour": COLOURS, "from": PHASES}),
    "reassign": ActionShape("Reassign a die from one phase to another.",
                            {"colour": COLOURS, "from": PHASES, "to": PHASES}),
    "power": ActionShape("Use a tile's reassign power.", {"name": "str"}),
    "stop": ActionShape("Stop reassigning."),
    "place": ActionShape("Place a scouted tile (`tile`, `as` a development or world, on "
                         "`top` of its stack), or a die (`colour`) on a `phase`.",
                         {"tile": "int", "as": ("dev", "world"), "top": "bool",
                          "colour": COLOURS, "phase": PHASES},
                         frozenset({"tile", "as", "top", "colour", "phase"})),
    "scout": ActionShape("Scout with a die.", {"colour": COLOURS, "virtual": "bool"},
                         _VIRTUAL),
    "stock": ActionShape("Stock credits with a die.", {"colour": COLOURS, "virtual": "bool"},
                         _VIRTUAL),
    "discard": ActionShape("Discard a scouted tile.", {"tile": "int"}),
    "draw": ActionShape("Draw a tile."),
    "develop": ActionShape("Develop with a die.", {"colour": COLOURS}),
    "settle": ActionShape("Settle with a die.", {"colour": COLOURS}),
    "produce": ActionShape("Produce a good on a world with a die.",
                           {"colour": COLOURS, "world": "str"}),
    "trade": ActionShape("Trade a good from a world with a die; with `bank` (Galactic "
                         "Bankers) also pay $1 for a victory point chip.",
                         {"colour": COLOURS, "world": "str", "good": COLOURS,
                          "virtual": "bool", "bank": "bool"}, _VIRTUAL | {"bank"}),
    "consume": ActionShape("Consume a good from a world with a die.",
                           {"colour": COLOURS, "world": "str", "good": COLOURS,
                            "virtual": "bool"}, _VIRTUAL),
    "recall": ActionShape("Recall a die from a place to the cup.",
                          {"colour": COLOURS, "where": "str"}),
    "lose": ActionShape("Lose a die from a place.", {"colour": COLOURS, "where": "str"}),
    "pick": ActionShape("Pick a die.", {"colour": COLOURS}),
    "citizenry": ActionShape("Move a die to the citizenry.", {"colour": COLOURS}),
    "logistics": ActionShape("Logistics: move a tile to the developments or the worlds.",
                             {"tile": "int", "to": ("dev", "world")}),
    "done": ActionShape("Done with this step."),
}
