"""The printed components of a Pulsar 2849 match as the view shows them (``components``):
the shape of what ``components.validate`` accepts (see ``rulesets/shapes.py``), the keys it
reads as optional left optional. The stand-in set (``data/standin.json``) is one such."""

from __future__ import annotations

from rulesets.shapes import Kind, ListOf, MapOf, OneOf, Shape

SIZES = ("small", "medium", "large")


def _optional(meaning: str, fields: dict[str, Kind]) -> Shape:
    return Shape(meaning, fields, frozenset(fields))


# An effect is an object with exactly one of these keys (``components.EFFECT_KEYS``).
EFFECT = _optional(
    "One effect (exactly one key): points, cubes, a gyrodyne (a size, `any`, "
    "`two_different`, or sizes to choose from), a modification token (`pm`, `p2`), a bonus "
    "die, exploration draws, an isolated pulsar, a teleport (`pulsar`, `system`, `any`), a "
    "kept station; a transmitter's production also `cube_for_vp`.",
    {"vp": "int", "cubes": "int", "gyro": OneOf(("str", "strs")), "modifier": "str",
     "bonus_die": "int", "explore": "int", "isolated_pulsar": "bool", "teleport": "str",
     "keep_station": "bool", "cube_for_vp": "int"})
EFFECTS = ListOf(EFFECT)

SCORING = Shape("How a technology scores: `vp` each time, or `vp_per` `n` of a counter.",
                {"vp": "int", "vp_per": "str", "n": "int"},
                frozenset({"vp", "vp_per", "n"}))

TECH = Shape(
    "A technology tile: its cost (a die value), colour, what it gives at once, each round "
    "and at the end, its ability, and a die a patent of it gives.",
    {"id": "str", "name": "str", "cost": "int", "color": "str", "once_per_round": "bool",
     "immediate": EFFECTS, "per_round": SCORING, "end": SCORING,
     "ability": _optional("A standing ability: flight boost, a doubler (silver value, "
                          "bonus value), extra stations.",
                          {"flight_boost": "int", "doubler": "ints", "extra_stations": "int"}),
     "patent_die": "int"},
    frozenset({"name", "color", "once_per_round", "immediate", "per_round", "end", "ability",
               "patent_die"}))

PROJECT = Shape("A headquarters project: its die cost, its reward, and the race it may "
                "fly (colours, points).",
                {"id": "str", "cost": "int", "reward": EFFECTS,
                 "race": Shape("A jump-gate race.", {"colors": "strs", "vp": "int"})},
                frozenset({"race"}))

TRACK = Shape("A dice-board track: its length, where markers start, the penalties by "
              "position.", {"length": "int", "start": "int", "penalties": MapOf("int")})

COMPONENTS = Shape(
    "The printed components the match plays with (the stand-in set unless a real one was "
    "loaded): the star cluster, system and exploration tiles, the dice board, gyrodynes, "
    "awards, transmitters, technology and headquarters boards, goals, the station table "
    "and the counts of markers, rings and modification tokens.",
    {"label": "str", "standin": "bool",
     "board": Shape("The star cluster: its locations (kind, a gate's colour) and the "
                    "segments between them (`[a, b]`, or `[a, b, \"double\"]`).",
                    {"name": "str",
                     "nodes": MapOf(Shape("A location: start, gate, system or pulsar.",
                                          {"kind": "str", "color": "str"},
                                          frozenset({"color"}))),
                     "segments": ListOf("strs")}, frozenset({"name"})),
     "systems": ListOf(Shape("A system tile: its planets and its bonus.",
                             {"id": "str",
                              "planets": ListOf(Shape("A planet: blue or barren, and what "
                                                      "blocks it (null, `2`, `23`).",
                                                      {"kind": "str", "block": "str?"})),
                              "bonus": EFFECTS})),
     "exploration": ListOf(Shape("An exploration tile.",
                                 {"id": "str", "effect": EFFECTS, "keep": "bool"},
                                 frozenset({"keep"}))),
     "dice_board": Shape("The dice board's tracks.",
                         {"tracks": Shape("The initiative and engineering tracks.",
                                          {"initiative": TRACK, "engineering": TRACK})}),
     "gyrodynes": Shape("Gyrodynes by size: how many, their points, the die to take and "
                        "to finish one.",
                        dict.fromkeys(SIZES, Shape("One size of gyrodyne.",
                                                   {"count": "int", "vp": "int",
                                                    "take": "int", "finish": "int"}))),
     "awards": Shape("The awards' points.", {"first": "int", "second": "int"}),
     "transmitters": ListOf(Shape("A transmitter tile: its letter, die costs, connection "
                                  "points, reward and production.",
                                  {"id": "str", "letter": "str", "costs": "ints",
                                   "points": "ints", "reward": EFFECTS,
                                   "production": EFFECTS})),
     "tech_boards": ListOf(Shape("A technology board: its category and rows (a row's "
                                 "bonus: a number or `median`).",
                                 {"id": "str", "category": "str", "first_game": "bool",
                                  "rows": ListOf(Shape("A row of technologies.",
                                                       {"bonus": OneOf(("int", "str")),
                                                        "techs": ListOf(TECH)}))},
                                 frozenset({"first_game"}))),
     "hq_boards": ListOf(Shape("A headquarters board: its sides, each with projects and "
                               "the rows they stand in.",
                               {"id": "str",
                                "sides": MapOf(Shape("A side of the board.",
                                                     {"projects": ListOf(PROJECT),
                                                      "rows": ListOf("strs")}))})),
     "goals": ListOf(Shape("A goal tile: its sides, each a condition, points and bonuses.",
                           {"id": "str", "first_game": "bool",
                            "sides": ListOf(Shape(
                                "A goal's side.",
                                {"condition": Shape("What meets it: a counter's `kind` "
                                                    "reaching `n`.",
                                                    {"kind": "str", "n": "int"}),
                                 "vp": "int",
                                 "bonuses": ListOf(Shape("A bonus to buy: cubes for points.",
                                                         {"cost": "int", "vp": "int"}))}))},
                           frozenset({"id", "first_game"}))),
     "station_table": "ints", "markers_per_player": "int", "rings": "int",
     "modifiers": Shape("Modification tokens in the box.", {"pm": "int", "p2": "int"})},
    frozenset({"label", "standin", "modifiers"}))
