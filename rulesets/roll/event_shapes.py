"""Roll for the Galaxy's events (see ``rulesets/shapes.py``): what the log records, as a
seat sees it. A seat's dice assignment is its own until the reveal (the others read
``committed``); the tiles a seat draws or keeps face down are its own (the others read
``count`` or no ``tile``). Colours and phases are the ones the actions name."""

from __future__ import annotations

from rulesets.roll.action_shapes import ACTION_SHAPES, COLOURS, PHASES
from rulesets.shapes import OUTCOME_FIELDS, EventShape, ListOf, Maybe, actions_among

_SEAT = {"seat": "int"}

_SHOWN = EventShape("One seat's assignment as revealed: the selector die (`colour`, "
                    "`phase`), the dice dictated and the dice in each phase's column.",
                    {"seat": "int",
                     "selector": Maybe(EventShape("The die that selected a phase (null: "
                                                  "none).", {"colour": COLOURS,
                                                             "phase": PHASES})),
                     "dictated": "strs",
                     "columns": EventShape("Phase → the dice assigned to it.",
                                           dict.fromkeys(PHASES, "strs"))})

# (the actions of the assignment step, A3.3: what `assign` records)
ASSIGNING = ("place", "select", "dictate", "reassign", "power", "stop", "done")

EVENT_SHAPES: dict[str, EventShape] = {
    "setup_tiles": EventShape("The seat's starting development and world tiles.",
                              {**_SEAT, "dev": "int", "world": "int"}),
    # assigning and revealing
    "assign": EventShape("The seat's own assignment step (seen by that seat alone): the "
                         "Roll action it took.",
                         {**_SEAT, "action": actions_among(ACTION_SHAPES, ASSIGNING)}),
    "committed": EventShape("The seat has assigned its dice (seen by the others).", _SEAT),
    "reveal": EventShape("Everyone's assignments are revealed; `phases` run this round "
                         "(`extra_die`, `extra_phase`: the two-player spare die).",
                         {"assignments": ListOf(_SHOWN), "phases": ListOf(PHASES),
                          "extra_die": "str?", "extra_phase": "str?"}),
    "phase": EventShape("A phase begins.", {"phase": PHASES}),
    "phase_end": EventShape("A phase ends.", {"phase": PHASES}),
    "phase_bonus": EventShape("The seat's phase power pays credits or points.",
                              {**_SEAT, "phase": "str", "credits": "int", "vp": "int"}),
    # explore
    "draw": EventShape("The seat draws tiles (`tiles` to that seat, `count` to the others).",
                       {**_SEAT, "tiles": "ints", "count": "int"},
                       frozenset({"tiles", "count"})),
    "discard": EventShape("The seat discards a tile from a stack (`tile` to that seat).",
                          {**_SEAT, "stack": "str", "tile": "int"}, frozenset({"tile"})),
    "forced_discard": EventShape("A stack over its limit loses a tile.",
                                 {**_SEAT, "stack": "str"}),
    "place": EventShape("The seat places a tile on a stack, as `as`, on top or below "
                        "(`tile` to that seat).",
                        {**_SEAT, "as": "str", "top": "bool", "tile": "int"},
                        frozenset({"tile"})),
    "logistics": EventShape("Advanced logistics moves a tile to stack `to`.",
                            {**_SEAT, "tile": "int", "to": "str"}),
    "power": EventShape("A tile's power pays the seat (`name`: the tile).",
                        {**_SEAT, "name": "str", "credits": "int"}),
    "stock": EventShape("The seat stocks: credits for a die.",
                        {**_SEAT, "colour": COLOURS, "credits": "int"}),
    "scout": EventShape("The seat scouts with a die.", {**_SEAT, "colour": COLOURS}),
    # develop, settle, produce, ship
    "complete": EventShape("The seat completes a development or world (`cost` paid, "
                           "`credits` gained).",
                           {**_SEAT, "card": "str", "cost": "int", "credits": "int"}),
    "gain": EventShape("A completed tile's gains: credits and dice.",
                       {**_SEAT, "card": "str", "credits": "int", "dice": "strs"}),
    "produce": EventShape("A die produces a good on a world.",
                          {**_SEAT, "colour": COLOURS, "world": "str"}),
    "trade": EventShape("The seat trades a good for credits.",
                        {**_SEAT, "colour": COLOURS, "world": "str", "good": "str",
                         "credits": "int", "vp": "int"}),
    "consume": EventShape("The seat consumes a good for points.",
                          {**_SEAT, "colour": COLOURS, "world": "str", "good": "str",
                           "credits": "int", "vp": "int"}),
    # managing the empire
    "to_cup": EventShape("Dice go back to the seat's cup (`purpose`: why).",
                         {**_SEAT, "dice": "strs", "purpose": "str"}),
    "recall": EventShape("The seat recalls a die from `where`.",
                         {**_SEAT, "where": "str", "colour": COLOURS}),
    "lose": EventShape("The seat loses a die from `where`.",
                       {**_SEAT, "where": "str", "colour": COLOURS}),
    "resign": EventShape("The seat resigns.", _SEAT),
    "game_over": EventShape("The match ends: its outcome.", OUTCOME_FIELDS),
}
