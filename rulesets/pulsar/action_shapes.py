"""Pulsar 2849's actions (see ``rulesets/shapes.py``). `die` is the index of a drafted die,
`mod` a die modification token spent on it ("" for none, "+1", "-1", ...)."""

from __future__ import annotations

from rulesets.shapes import ActionShape

SIZES = ("small", "medium", "large")
_DIE = {"die": "int", "mod": "str"}

ACTION_SHAPES: dict[str, ActionShape] = {
    "choose_hq_side": ActionShape("Choose the side of the headquarters board.", {"side": "str"}),
    "choose_gate": ActionShape("Choose the starting gate.", {"gate": "str"}),
    "choose_isolated": ActionShape("Choose an isolated pulsar (or none).",
                                   {"pulsar": "str?"}),
    "draft": ActionShape("Draft a die; with `track` and `marker`, move on that track.",
                         {"die": "int", "track": ("engineering", "initiative"),
                          "marker": "int"}, frozenset({"track", "marker"})),
    "fly": ActionShape("Fly with a die; `race`, `color` and `boost` when the flight allows.",
                       {**_DIE, "race": "str", "color": "str", "boost": "int"},
                       frozenset({"race", "color", "boost"})),
    "step": ActionShape("Step the ship to a point.", {"to": "str"}),
    "teleport": ActionShape("Teleport the ship to a point.", {"to": "str"}),
    "claim": ActionShape("Claim (or not) what the ship reached.", {"take": "bool"}),
    "station": ActionShape("Build (or not) a station.", {"build": "bool"}),
    "system_bonus": ActionShape("Take the system's bonus: the printed one or the tile's.",
                                {"take": ("printed", "tile")}),
    "take_gyro": ActionShape("Take a gyrodyne of a size with a die.", {"size": SIZES, **_DIE}),
    "choose_gyro": ActionShape("Choose the gyrodyne size.", {"size": SIZES}),
    "build": ActionShape("Build a gyrodyne on a pulsar.", {"size": SIZES, "pulsar": "str"}),
    "finish_gyro": ActionShape("Finish a gyrodyne on a pulsar with a die.",
                               {"pulsar": "str", **_DIE}),
    "take_tx": ActionShape("Take a transmitter from a slot at a cost with a die.",
                           {"slot": "int", "cost": "int", **_DIE}),
    "pay_tx": ActionShape("Pay for a transmitter tile with a die.",
                          {"tile": "str", "cost": "int", **_DIE}),
    "connect": ActionShape("Connect a transmitter tile to another (or stand it alone).",
                           {"tile": "str", "point": "int", "to": "str", "to_point": "int",
                            "standalone": "bool"},
                           frozenset({"point", "to", "to_point", "standalone"})),
    "hq": ActionShape("Work on a headquarters project with a die.", {"project": "str", **_DIE}),
    "patent": ActionShape("Take a technology patent with a die.", {"tech": "str", **_DIE}),
    "double": ActionShape("Use a technology that doubles a die.", {"tech": "str", "die": "int"}),
    "copy": ActionShape("Copy a value.", {"value": "int"}),
    "buy_mod": ActionShape("Buy a die modification with a die.",
                           {"kind": ("p2", "pm"), **_DIE}),
    "joint_die": ActionShape("Take a bonus die of one of the values offered.",
                              {"value": "int"}),
    "choose_goal": ActionShape("Of several gyrodyne goals met, choose the one that scores.",
                               {"goal": "int"}),
    "buy_goal_bonus": ActionShape("Buy a goal's bonus.", {"goal": "int"}),
    "finish_scoring": ActionShape("Finish the scoring step."),
    "end_turn": ActionShape("End the turn."),
}
