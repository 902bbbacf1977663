"""Pulsar 2849's events (see ``rulesets/shapes.py``): what the log records. Nothing in
Pulsar is hidden, so every seat sees every field. ``why`` names the rule or component
that caused a change (``engineering``, ``transmitter``, a technology's id, ...)."""

from __future__ import annotations

from rulesets.shapes import OUTCOME_FIELDS, EventShape, ListOf, Maybe, OneOf

_SEAT = {"seat": "int"}

EVENT_SHAPES: dict[str, EventShape] = {
    # setting up
    "hq_side": EventShape("The headquarters board and side the seat plays.",
                          {**_SEAT, "board": "str", "side": "str"}),
    "gate": EventShape("The seat's starting gate.", {**_SEAT, "gate": "str"}),
    "claim": EventShape("The seat claims a pulsar.", {**_SEAT, "pulsar": "str"}),
    # a round
    "phase": EventShape("A phase begins (`round` at a round's first).",
                        {"phase": "str", "round": "int"}, frozenset({"round"})),
    "roll": EventShape("The round's dice are rolled; `median` sets the draft's middle.",
                       {"round": "int", "dice": "ints", "median": "int"}),
    "draft": EventShape("The seat drafts die `die`; `move` steps on `track` from `marker` "
                        "to `to` when the die moves a marker.",
                        {**_SEAT, "die": "int", "move": "int", "track": "str",
                         "marker": "int", "to": "int"},
                        frozenset({"track", "marker", "to"})),
    "turn_order": EventShape("The turn order for the next round.", {"order": "ints"}),
    "spend": EventShape("A die of `value` spent for an action (`for`), with modification "
                        "`mod` (\"\" for none).",
                        {**_SEAT, "value": "int", "for": "str", "mod": "str"}),
    "dice_unused": EventShape("The seat ends the round with these dice unused.",
                              {**_SEAT, "dice": "ints"}),
    "end_turn": EventShape("The seat ends its turn.", _SEAT),
    # flying and exploring
    "flight": EventShape("The ship flies `steps` from `from` (`race`: the race project it "
                         "flies for, if any).",
                         {**_SEAT, "from": "str", "steps": "int",
                          "race": Maybe(EventShape("A jump-gate race flown.",
                                                   {"project": "str", "color": "str"}))}),
    "step": EventShape("The ship steps to `to`; `left` steps remain.",
                       {**_SEAT, "to": "str", "left": "int"}),
    "teleport": EventShape("The ship teleports to `to`.", {**_SEAT, "to": "str"}),
    "reveal": EventShape("A system tile is revealed at `node` (its planets' values).",
                         {"node": "str", "tile": "str",
                          # (null: free, "X": barren; see the view's systems)
                          "planets": ListOf(OneOf(("int?", "str")))}),
    "station": EventShape("The seat builds a station on a planet of `node`.",
                          {**_SEAT, "node": "str", "planet": "int", "blue": "bool"}),
    "race": EventShape("A race project is scored.",
                       {**_SEAT, "project": "str", "color": "str", "gates": "strs",
                        "vp": "int"}),
    "explore_draw": EventShape("The seat draws an exploration tile.", {**_SEAT, "tile": "str"}),
    "explore_reshuffle": EventShape("The exploration tiles are reshuffled.", {"count": "int"}),
    "explore_empty": EventShape("No exploration tile is left to draw.", _SEAT),
    # gyrodynes, transmitters, headquarters, technologies
    "gyro_taken": EventShape("The seat takes a gyrodyne of `size`.", {**_SEAT, "size": "str"}),
    "build": EventShape("The seat builds a gyrodyne on a pulsar.",
                        {**_SEAT, "pulsar": "str", "size": "str"}),
    "spin": EventShape("A gyrodyne spins on its pulsar.",
                       {**_SEAT, "pulsar": "str", "size": "str"}),
    "award": EventShape("The first or second to finish a gyrodyne of `size` (`which`).",
                        {**_SEAT, "size": "str", "which": ("first", "second")}),
    "tx_display": EventShape("The transmitter tiles on offer.", {"display": "strs"}),
    "tx_take": EventShape("The seat takes a transmitter tile for `cost`.",
                          {**_SEAT, "tile": "str", "cost": "int"}),
    "tx_pay": EventShape("The seat pays `cost` for a transmitter tile.",
                         {**_SEAT, "tile": "str", "cost": "int"}),
    "tx_connect": EventShape("A transmitter tile is connected to another.",
                             {**_SEAT, "tile": "str", "point": "int", "to": "str",
                              "to_point": "int"}),
    "tx_standalone": EventShape("A transmitter tile stands alone.", {**_SEAT, "tile": "str"}),
    "tx_active": EventShape("A transmitter tile becomes active.", {**_SEAT, "tile": "str"}),
    "hq": EventShape("The seat works on a headquarters project.", {**_SEAT, "project": "str"}),
    "patent": EventShape("The seat takes a technology patent.", {**_SEAT, "tech": "str"}),
    "double": EventShape("A technology doubles a die to `value`.",
                         {**_SEAT, "tech": "str", "value": "int"}),
    "copy": EventShape("The seat copies a value.", {**_SEAT, "value": "int"}),
    "modifier": EventShape("The seat gains a die modification token.", {**_SEAT, "kind": "str"}),
    "bonus_die": EventShape("The seat gains a bonus die of `value`.",
                            {**_SEAT, "value": "int", "why": "str"}),
    "bonus_die_lost": EventShape("A bonus die is lost: the seat already took one.",
                                 {**_SEAT, "value": "int", "why": "str"}),
    "cubes": EventShape("The seat's cubes change by `delta`.",
                        {**_SEAT, "delta": "int", "why": "str"}, frozenset({"why"})),
    # scoring
    "score": EventShape("The seat's points change by `delta` to `vp`.",
                        {**_SEAT, "delta": "int", "vp": "int", "why": "str"}),
    "goal": EventShape("The seat meets goal `goal`.", {**_SEAT, "goal": "int"}),
    "goal_bonus": EventShape("The seat buys a goal's bonus.",
                             {**_SEAT, "goal": "int", "bonus": "int"}),
    "resign": EventShape("The seat resigns.", _SEAT),
    "game_over": EventShape("The match ends: its outcome.", OUTCOME_FIELDS),
}
