"""What a seat (or a spectator) sees of a Roll for the Galaxy match: the shape of
``rulesets/roll/view.py``'s answer (see ``rulesets/shapes.py``). A seat's construction
stacks below the top and its assignment before the reveal are its own (``dev_stack``,
``world_stack`` and ``assign`` only in its own entry)."""

from __future__ import annotations

from rulesets.roll.action_shapes import COLOURS, PHASES
from rulesets.shapes import OUTCOME_FIELDS, ListOf, MapOf, Maybe, ViewShape

ASSIGN = ViewShape(
    "Its assignment before the reveal: the rolled dice (colour, face, where it stands), "
    "the dice moved by Dictate (colour, phase), the selector (colour, face, phase), the "
    "powers used and one waiting to be finished.",
    {"dice": ListOf("strs"), "dict": ListOf("strs"), "sel": "strs?", "used": "strs",
     "pend": Maybe(ViewShape("A power being used: its name, how many dice left, the least, "
                             "how many done, the phase taken from.",
                             {"power": "str", "left": "int", "min": "int", "done": "int",
                              "from": "str?"}, frozenset({"left", "min", "done", "from"})))})

# The task the game waits for: its `kind` and seat; each kind carries its own fields.
TASK = ViewShape(
    "What the game waits for: its `kind` (setup, recall, explore, pick, build, produce, "
    "ship, research_team...) and the seat, with the kind's own facts: tiles to choose "
    "from, virtual workers (die colours), a scout under way, the tiles moved by "
    "logistics, a pick's pool and bounds, the phase built in, tiles drawn.",
    {"kind": "str", "seat": "int", "tiles": "ints", "virtual": "strs",
     "scout": Maybe(ViewShape("A scout under way: the die, the tiles discarded, those "
                              "drawn (null before the draw).",
                              {"colour": "str", "n": "int", "drawn": "ints?"})),
     "logi": "ints", "purpose": "str", "pool": "strs", "min": "int", "max": "int",
     "chosen": "strs", "phase": "str", "drawn": "ints?", "yellow": "bool", "card": "str",
     "cost": "int", "research_done": "bool"},
    frozenset({"seat", "tiles", "virtual", "scout", "logi", "purpose", "pool", "min", "max",
               "chosen", "phase", "drawn", "yellow", "card", "cost", "research_done"}))

PLAYER = ViewShape(
    "One seat's empire: faction, home world and tableau (tile keys), credits and points, "
    "dice by colour in the cup, the citizenry and the roll, the tops of its construction "
    "stacks and their workers, goods on its worlds (world → colours), the selector die and each phase's "
    "column of dice.",
    {"faction": "int", "home": "str", "tableau": "strs", "squares": "int", "credits": "int",
     "vp": "int", "cup": "counts", "citizenry": "counts", "rolled": "counts",
     "dev_top": "str?", "dev_count": "int", "world_top": "str?", "world_count": "int",
     "dev_workers": "strs", "world_workers": "strs",
     "goods": MapOf("strs"),
     "committed": "bool",
     "selector": Maybe(ViewShape("The die that selects a phase.",
                                 {"colour": COLOURS, "phase": PHASES})),
     "columns": ViewShape("Phase → the dice assigned to it.", dict.fromkeys(PHASES, "strs")),
     "dev_stack": "ints", "world_stack": "ints", "assign": Maybe(ASSIGN)},
    frozenset({"dev_stack", "world_stack", "assign"}))

VIEW_SHAPE = ViewShape(
    "Roll for the Galaxy as one seat (`you`; null for a spectator) sees it: the round and "
    "stage, each empire, the phases selected, the points pool, the bag and the task the "
    "game waits for.",
    {"game": ("roll",), "round": "int", "stage": "str", "you": "int?",
     "players": ListOf(PLAYER), "order": "ints", "selected": ListOf(PHASES),
     "extra_die": "str?", "extra_phase": "str?", "vp_pool": "int", "vp_tens": "int",
     "pool_empty": "bool", "bag_count": "int", "discard_count": "int", "supply": "counts",
     "task": Maybe(TASK),
     "outcome": Maybe(ViewShape("How the match ended.", OUTCOME_FIELDS))})
