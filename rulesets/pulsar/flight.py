"""Flying the survey ship (A2.3 "Fly the survey ship").

A flight of N is N single-segment ``step`` actions. Within one flight each segment is used at
most once, except a dead-end (double-line) segment, which may be used in and out. The ship
never returns to its own starting gate. A step is offered only if the flight can still be
completed with the remaining steps, so a player can never be stranded mid-flight.
"""

from __future__ import annotations

from typing import Any

from rulesets.base import Action, Event
from rulesets.pulsar.common import gain_vp
from rulesets.pulsar.lookups import Compiled
from rulesets.pulsar.state import Game


def can_complete(c: Compiled, pos: str, remaining: int, used: dict[int, int],
                 forbidden: str | None) -> bool:
    """Is there a trail of exactly ``remaining`` more segments from ``pos``?"""
    if remaining == 0:
        return True
    for seg, nxt in c.avoiding(forbidden)[pos]:
        if used.get(seg, 0) >= c.seg_cap[seg]:
            continue
        used[seg] = used.get(seg, 0) + 1
        ok = can_complete(c, nxt, remaining - 1, used, forbidden)
        used[seg] -= 1
        if ok:
            return True
    return False


def reachable_ends(c: Compiled, pos: str, steps: int, forbidden: str | None) -> set[str]:
    """Every location a flight of exactly ``steps`` can end on (tests and bots)."""
    out: set[str] = set()
    used: dict[int, int] = {}

    def walk(at: str, left: int) -> None:
        if left == 0:
            out.add(at)
            return
        for seg, nxt in c.avoiding(forbidden)[at]:
            if used.get(seg, 0) >= c.seg_cap[seg]:
                continue
            used[seg] = used.get(seg, 0) + 1
            walk(nxt, left - 1)
            used[seg] -= 1

    walk(pos, steps)
    return out


def flight_possible(state: Game, seat: int, steps: int) -> bool:
    p = state.players[seat]
    return steps >= 1 and p.ship is not None and can_complete(state.c, p.ship, steps, {}, p.gate)


def start_flight(state: Game, seat: int, steps: int, race: dict[str, Any] | None,
                 events: list[Event]) -> None:
    p = state.players[seat]
    state.flight = {"seat": seat, "left": steps, "at": p.ship, "start": p.ship,
                       "used": {}, "visited": [], "race": race, "steps": steps}
    events.append({"type": "flight", "seat": seat, "from": p.ship, "steps": steps,
                   "race": race})


def legal_steps(state: Game, seat: int) -> list[Action]:
    f = state.flight
    c = state.c
    gate = state.players[seat].gate
    used = {int(k): v for k, v in f["used"].items()}
    out: list[Action] = []
    seen: set[str] = set()
    for seg, nxt in c.avoiding(gate)[f["at"]]:
        if nxt in seen or used.get(seg, 0) >= c.seg_cap[seg]:
            continue
        used[seg] = used.get(seg, 0) + 1
        if can_complete(c, nxt, f["left"] - 1, used, gate):
            out.append({"type": "step", "to": nxt})
            seen.add(nxt)
        used[seg] -= 1
    return out


def _segment_between(c: Compiled, a: str, b: str, used: dict[str, int]) -> int:
    for seg, nxt in c.adj[a]:
        if nxt == b and used.get(str(seg), 0) < c.seg_cap[seg]:
            return seg
    raise AssertionError("no free segment")


def reveal(state: Game, node: str, events: list[Event]) -> None:
    """First ship through a system flips its tile and blocks planets by player count."""
    sysd = state.systems[node]
    if sysd["revealed"]:
        return
    tile = state.c.system_tiles[sysd["tile"]]
    n = state.seats
    planets = []
    for pl in tile["planets"]:
        blocked = (pl["block"] == "2" and n == 2) or (pl["block"] == "23" and n <= 3)
        planets.append("X" if blocked else None)
    sysd["revealed"] = True
    sysd["planets"] = planets
    events.append({"type": "reveal", "node": node, "tile": sysd["tile"], "planets": planets})


def apply_step(state: Game, seat: int, action: Action, events: list[Event]) -> None:
    f = state.flight
    c = state.c
    to = action["to"]
    seg = _segment_between(c, f["at"], to, f["used"])
    f["used"][str(seg)] = f["used"].get(str(seg), 0) + 1
    f["at"] = to
    f["left"] -= 1
    f["visited"].append(to)
    state.players[seat].ship = to
    events.append({"type": "step", "seat": seat, "to": to, "left": f["left"]})
    if c.nodes[to]["kind"] == "system":
        reveal(state, to, events)
    if f["left"] == 0:
        end_flight(state, seat, events)


def end_flight(state: Game, seat: int, events: list[Event]) -> None:
    """Queue the end-of-flight decisions: passing stations in visit order, then the end."""
    f = state.flight
    c = state.c
    final = f["at"]
    passed: list[str] = []
    for node in f["visited"][:-1]:
        # ending on a system passed earlier counts as ending there (A2.3 special case)
        if c.nodes[node]["kind"] == "system" and node != final and node not in passed:
            passed.append(node)
    items: list[dict[str, Any]] = [{"k": "pass_station", "seat": seat, "node": n} for n in passed]
    items.append({"k": "end_at", "seat": seat, "node": final})
    if f["race"]:
        race_score(state, seat, f, events)
    state.flight = None
    state.queue = items + state.queue


def race_score(state: Game, seat: int, flight: dict[str, Any], events: list[Event]) -> None:
    """Jump-gate race: VP per distinct gate of the colour visited; start excluded (A2.3 HQ)."""
    race = flight["race"]
    c = state.c
    proj = c.hq_projects[race["project"]]
    gates = {n for n in flight["visited"] if c.nodes[n].get("color") == race["color"]}
    vp = proj["race"]["vp"] * len(gates)
    state.players[seat].races_used.append(race["project"])
    events.append({"type": "race", "seat": seat, "project": race["project"],
                   "color": race["color"], "gates": sorted(gates), "vp": vp})
    gain_vp(state, seat, vp, "race", events)
