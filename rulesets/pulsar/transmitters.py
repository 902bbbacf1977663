"""Transmitter arrays (A2.3 "Transmitters").

A player's tiles and the links between their connection points form arrays; a link joins one
point of each tile. The red die at a joint appears when both linked tiles are activated; its
pips are the two half-dice added together (reading: the halves make one die face).
"""

from __future__ import annotations

from typing import Any

from rulesets.base import Action, Event
from rulesets.pulsar.common import effects_items, push
from rulesets.pulsar.state import Game


def free_points(state: Game, seat: int, tile: str) -> list[int]:
    used = set()
    for a, i, b, j in state.players[seat].links:
        if a == tile:
            used.add(i)
        if b == tile:
            used.add(j)
    n = len(state.c.transmitters[tile]["points"])
    return [i for i in range(n) if i not in used]


def is_standalone(state: Game, seat: int, tile: str) -> bool:
    return all(tile not in (a, b) for a, _, b, _ in state.players[seat].links)


def connect_options(state: Game, seat: int, tile: str, with_standalone: bool = True) -> list[Action]:
    out: list[Action] = []
    mine = free_points(state, seat, tile)
    for other in state.players[seat].transmitters:
        if other == tile:
            continue
        for j in free_points(state, seat, other):
            for i in mine:
                out.append({"type": "connect", "tile": tile, "point": i, "to": other, "to_point": j})
    if with_standalone:
        out.append({"type": "connect", "tile": tile, "standalone": True})
    return out


def free_connects(state: Game, seat: int) -> list[Action]:
    """Attaching a standalone tile to another tile later is free (A2.3)."""
    out: list[Action] = []
    p = state.players[seat]
    if len(p.transmitters) < 2:
        return out
    for t in p.transmitters:
        if is_standalone(state, seat, t):
            out.extend(connect_options(state, seat, t, with_standalone=False))
    return out


def _joint_value(state: Game, a: str, i: int, b: str, j: int) -> int:
    tx = state.c.transmitters
    value: int = min(6, tx[a]["points"][i] + tx[b]["points"][j])
    return value


def apply_connect(state: Game, seat: int, action: Action, events: list[Event]) -> None:
    if action.get("standalone"):
        events.append({"type": "tx_standalone", "seat": seat, "tile": action["tile"]})
        return
    p = state.players[seat]
    a, i, b, j = action["tile"], action["point"], action["to"], action["to_point"]
    p.links.append([a, i, b, j])
    events.append({"type": "tx_connect", "seat": seat, "tile": a, "point": i, "to": b,
                   "to_point": j})
    if p.transmitters[a]["active"] and p.transmitters[b]["active"]:
        push(state, [{"k": "joint", "seat": seat, "values": [_joint_value(state, a, i, b, j)]}])


def take_tx(state: Game, seat: int, slot: int, cost: int, events: list[Event]) -> None:
    tid = state.tx["display"][slot]
    state.tx["display"][slot] = None
    p = state.players[seat]
    n = len(state.c.transmitters[tid]["costs"])
    covered = [False] * n
    covered[cost] = True
    p.transmitters[tid] = {"covered": covered, "active": False}
    p.markers -= 1
    events.append({"type": "tx_take", "seat": seat, "tile": tid, "cost": cost})
    push(state, [{"k": "connect", "seat": seat, "tile": tid},
                 {"k": "activate", "seat": seat, "tile": tid}])


def pay_tx(state: Game, seat: int, tid: str, cost: int, events: list[Event]) -> None:
    p = state.players[seat]
    p.transmitters[tid]["covered"][cost] = True
    p.markers -= 1
    events.append({"type": "tx_pay", "seat": seat, "tile": tid, "cost": cost})
    push(state, [{"k": "activate", "seat": seat, "tile": tid}])


def maybe_activate(state: Game, seat: int, tid: str, events: list[Event]) -> None:
    p = state.players[seat]
    t = p.transmitters[tid]
    if t["active"] or not all(t["covered"]):
        return
    t["active"] = True
    p.markers += len(t["covered"])  # markers come back on flipping
    t["covered"] = [False] * len(t["covered"])
    events.append({"type": "tx_active", "seat": seat, "tile": tid})
    values: list[int] = []
    for a, i, b, j in p.links:
        if tid in (a, b) and p.transmitters[a]["active"] and p.transmitters[b]["active"]:
            values.append(_joint_value(state, a, i, b, j))
    items: list[dict[str, Any]] = effects_items(seat, state.c.transmitters[tid]["reward"])
    if values:
        items.append({"k": "joint", "seat": seat, "values": values})
    push(state, items)
