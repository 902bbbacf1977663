"""What a seat (or a spectator) sees of a Pulsar 2849 match: the shape of
``rulesets/pulsar/view.py``'s answer (see ``rulesets/shapes.py``). Pulsar is open but for
the face-down systems and the stacks, so every seat sees the same view; it is most of the
game's state as the engine keeps it: a player's ``pulsars`` and ``transmitters`` and the
``techs`` are keyed by the components' ids, and the printed ``components`` have a shape of
their own (``component_shape.py``)."""

from __future__ import annotations

from rulesets.pulsar.action_shapes import ACTION_SHAPES
from rulesets.pulsar.component_shape import COMPONENTS
from rulesets.shapes import OUTCOME_FIELDS, ListOf, MapOf, Maybe, OneOf, ViewShape, actions_among

SIZES = ("small", "medium", "large")
_BY_SIZE = dict.fromkeys(SIZES, "int")

PLAYER = ViewShape(
    "One player: points and cubes, die modification tokens, gyrodynes left by size, the "
    "pulsars claimed (pulsar → its gyrodyne), stations, kept exploration tiles, awards, "
    "patents, the headquarters board and its finished projects, transmitters and their "
    "links, track markers left, where the ship is, the starting gate and the drafted dice.",
    {"vp": "int", "cubes": "int",
     "mods": ViewShape("Die modification tokens: `pm` (±1) and `p2` (+2).",
                       {"pm": "int", "p2": "int"}),
     "gyros": ViewShape("Gyrodynes left, by size.", _BY_SIZE),
     "pulsars": MapOf(Maybe(ViewShape("The gyrodyne on a claimed pulsar (null: none yet).",
                                      {"size": SIZES, "spinning": "bool"}))),
     "stations": "strs", "kept": "strs", "awards": ListOf("strs"), "patents": "strs",
     "hq": ViewShape("The headquarters board and the side played (null until chosen).",
                     {"board": "str", "side": "str?"}),
     "hq_done": "strs", "races_used": "strs",
     "transmitters": MapOf(ViewShape("A transmitter built on a tile: active, and which of "
                                     "its points are covered.",
                                     {"active": "bool", "covered": ListOf("bool")})),
     "links": ListOf(ListOf(OneOf(("str", "int")))),
     "markers": "int", "ship": "str?", "gate": "str?",
     "dice": ListOf(ViewShape("A drafted die: its value, red for the round's median die.",
                              {"v": "int", "red": "bool"})),
     "bonus_taken": "bool", "doublers_used": "strs"})

# The choices a pending decision offers (``effects.py``): each one of these actions.
PENDING_OPTIONS = ("choose_gyro", "choose_isolated", "teleport", "station", "claim",
                   "system_bonus", "joint_die", "connect")

# A seat's goals in the final scoring (``scoring.py``).
FINAL_GOALS = ViewShape("A seat's goals in the final scoring: those scored (goal indices), "
                        "the bonuses bought of each (goal → count) and the gyrodyne goals "
                        "it still chooses among.",
                        {"scored": "ints", "bought": MapOf("int"), "gyro_choice": "ints"})

SYSTEM = ViewShape("A system on the board: face down, or revealed with its tile and its "
                   "planets' values.",
                   {"revealed": "bool", "tile": "str",
                    # (a planet: null while free, the seat that claimed it, "X" barren)
                    "planets": ListOf(OneOf(("int?", "str")))},
                   frozenset({"tile", "planets"}))

VIEW_SHAPE = ViewShape(
    "Pulsar 2849 as one seat (or a spectator, `seat` null) sees it: the round, phase and "
    "time, the turn order and tracks, the dice, the supplies and awards, the goals, who "
    "owns which pulsar, the choice waited for (`pending`), the flight under way, each "
    "player, the systems, the stacks and the printed components.",
    {"game": ("pulsar",), "seats": "int", "seat": "int?",
     "config": ViewShape("The match's options.",
                         {"players": "int", "hq": "bool", "first_game": "bool",
                          "balanced_start": "bool"}),
     "round": "int", "phase": "str", "time": "int", "order": "ints",
     "tracks": ViewShape("The initiative and engineering tracks: who stands where.",
                         {"initiative": ListOf("ints"), "engineering": ListOf("ints")}),
     "dice": ViewShape("The round's dice: the pool to draft from, the median, the leftover.",
                       {"pool": "ints", "median": "int", "leftover": "ints"}),
     "gyro_supply": ViewShape("Gyrodynes in the supply, by size.", _BY_SIZE),
     "awards": ViewShape("Awards left by gyrodyne size.", dict.fromkeys(SIZES, "strs")),
     "tech_boards": "strs",
     "techs": MapOf(ViewShape("A technology taken: by whom, in which round.",
                              {"by": "ints", "round": "int"})),
     "goals": ListOf(ViewShape("A goal in play: its tile and side.",
                               {"tile": "int", "side": "int"})),
     "owner": MapOf("int"),
     "pending": Maybe(ViewShape("A choice the game waits for: its `kind`, the seat, the "
                                "options (Pulsar actions), where (`node`) and what comes "
                                "after it (`mode`, `then`).",
                                {"kind": "str", "seat": "int",
                                 "options": ListOf(actions_among(ACTION_SHAPES, PENDING_OPTIONS)),
                                 "mode": ("end", "pass"), "node": "str", "then": ("second",)},
                                frozenset({"mode", "node", "then"}))),
     "flight": Maybe(ViewShape(
         "The flight under way: the seat, where it started and is, steps left of its "
         "total, the gates used (gate → times), the systems visited, and the jump-gate "
         "race flown (its project and colour) if any.",
         {"seat": "int", "start": "str", "at": "str", "left": "int", "steps": "int",
          "used": MapOf("int"), "visited": "strs",
          "race": Maybe(ViewShape("A jump-gate race.", {"project": "str", "color": "str"}))})),
     "result": Maybe(ViewShape("How the match ended.", OUTCOME_FIELDS)),
     "players": ListOf(PLAYER),
     "setup_queue": ListOf(ViewShape("A setup choice still to make.",
                                     {"kind": "str", "seat": "int"})),
     "draft": ViewShape("The draft under way.", {"picks": "ints", "i": "int"}),
     "turns": ViewShape("The actions phase's turns.", {"seq": "ints", "i": "int"}),
     "final": ViewShape("The final scoring under way: the order, each seat's goals and its "
                        "scoring table.",
                        {"seq": "ints", "i": "int", "goals": MapOf(FINAL_GOALS),
                         "table": MapOf(MapOf("int"))}),
     "components": COMPONENTS, "systems": MapOf(SYSTEM),
     "box": ViewShape("The box's face-down system tiles.", {"count": "int"}),
     "explore": ViewShape("The exploration stack (a count) and its discards.",
                          {"stack": "int", "discard": "strs"}),
     "tx": ViewShape("The transmitter stack: its count, its open top tile, its tiles by "
                     "letter; the display and the discards.",
                     {"stack": "int", "top": "str?", "stack_letters": MapOf("int"),
                      "display": ListOf("str?"), "discard": "strs"})},
    frozenset({"draft", "turns", "final", "setup_queue"}))
