"""Rewards and the decisions they raise (systems, exploration tiles, HQ, techs, transmitters).

Rewards are queued as items and run in order. An item that needs a player's choice parks a
``pending`` decision in the state (its options are the legal actions) and the queue resumes
once the choice is applied. Item kinds: ``effect``, ``pass_station``, ``end_at``, ``joint``,
``connect``, ``activate``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from rulesets.base import Action, Event
from rulesets.pulsar.common import effects_items, gain_vp, push, rng_draw
from rulesets.pulsar.components import SIZES
from rulesets.pulsar.flight import reveal
from rulesets.pulsar.state import Game
from rulesets.pulsar.transmitters import apply_connect, connect_options, maybe_activate


def _pend(state: Game, kind: str, seat: int, options: list[Action], **ctx: Any) -> None:
    state.pending = {"kind": kind, "seat": seat, "options": options, **ctx}


def rings_left(state: Game, seat: int) -> int:
    value: int = state.comp["rings"] - len(state.players[seat].pulsars)
    return value


def gain_bonus_die(state: Game, seat: int, value: int, why: str, events: list[Event]) -> None:
    """At most one bonus die per round (A2.3 "Bonus dice"); it must be used this turn."""
    p = state.players[seat]
    if p.bonus_taken:
        events.append({"type": "bonus_die_lost", "seat": seat, "value": value, "why": why})
        return
    p.bonus_taken = True
    p.dice.append({"v": value, "red": True})
    events.append({"type": "bonus_die", "seat": seat, "value": value, "why": why})


def draw_exploration(state: Game, seat: int, events: list[Event]) -> None:
    ex = state.explore
    if not ex["stack"] and ex["discard"]:
        ex["stack"] = ex["discard"]
        ex["discard"] = []
        rng_draw(state, "shuffle", ex["stack"])  # reshuffle the discards (A2.3)
        events.append({"type": "explore_reshuffle", "count": len(ex["stack"])})
    if not ex["stack"]:
        events.append({"type": "explore_empty", "seat": seat})
        return
    tid = ex["stack"].pop()
    tile = state.c.explore[tid]
    events.append({"type": "explore_draw", "seat": seat, "tile": tid})
    if tile.get("keep"):
        state.players[seat].kept.append(tid)  # kept: +1 station at the end (A2.3)
        return
    ex["discard"].append(tid)
    push(state, effects_items(seat, [e for e in tile["effect"] if "keep_station" not in e]))


def _gyro_options(state: Game, choice: Any, exclude: str | None = None) -> list[str]:
    if choice in SIZES:
        sizes = [choice]
    elif isinstance(choice, list):
        sizes = list(choice)
    else:
        sizes = list(SIZES)
    return [s for s in sizes if s != exclude and state.gyro_supply[s] > 0]


def take_gyro(state: Game, seat: int, size: str, events: list[Event]) -> None:
    state.gyro_supply[size] -= 1
    state.players[seat].gyros[size] += 1
    events.append({"type": "gyro_taken", "seat": seat, "size": size})


# ---------------------------------------------------------------- rewards (A2.3 symbols)
# A reward is one symbol and its value ({"vp": 2}, {"gyro": "small"}...); each symbol's
# effect is a function of its own, found by the symbol in ``REWARDS``.

def _vp(state: Game, seat: int, val: Any, events: list[Event]) -> None:
    gain_vp(state, seat, val, "reward", events)


def _cubes(state: Game, seat: int, val: Any, events: list[Event]) -> None:
    state.players[seat].cubes += val
    events.append({"type": "cubes", "seat": seat, "delta": val})


def _modifier(state: Game, seat: int, val: Any, events: list[Event]) -> None:
    state.players[seat].mods[val] += 1  # the supply never runs out: use substitutes (A2.3)
    events.append({"type": "modifier", "seat": seat, "kind": val})


def _bonus_die(state: Game, seat: int, val: Any, events: list[Event]) -> None:
    gain_bonus_die(state, seat, val, "reward", events)


def _explore(state: Game, seat: int, val: Any, events: list[Event]) -> None:
    """``val`` exploration tiles, drawn one by one (each may raise a decision)."""
    for _ in range(val):
        push(state, [{"k": "effect", "seat": seat, "eff": {"explore_one": 1}}])


def _explore_one(state: Game, seat: int, val: Any, events: list[Event]) -> None:
    draw_exploration(state, seat, events)


def _gyro(state: Game, seat: int, val: Any, events: list[Event]) -> None:
    """A gyrodyne of size ``val`` (a size, a list of sizes, "any"), or two of different
    sizes; the player chooses when the supply leaves more than one way."""
    if val == "two_different":
        opts = _gyro_options(state, "any")
        if len(opts) <= 2:
            for s in opts:
                take_gyro(state, seat, s, events)
        else:
            _pend(state, "gyro", seat, [{"type": "choose_gyro", "size": s} for s in opts],
                  then="second")
        return
    opts = _gyro_options(state, val)
    if len(opts) == 1:
        take_gyro(state, seat, opts[0], events)
    elif opts:
        _pend(state, "gyro", seat, [{"type": "choose_gyro", "size": s} for s in opts])


def _isolated_pulsar(state: Game, seat: int, val: Any, events: list[Event]) -> None:
    free = [n for n in state.c.isolated if n not in state.owner]
    if free and rings_left(state, seat) > 0:
        choices: list[Action] = [{"type": "choose_isolated", "pulsar": n} for n in free]
        _pend(state, "isolated", seat, choices + [{"type": "choose_isolated", "pulsar": None}])


def _teleport(state: Game, seat: int, val: Any, events: list[Event]) -> None:
    c = state.c
    kinds = {"pulsar": ("pulsar",), "system": ("system",),
             "any": ("pulsar", "system", "gate", "start")}[val]
    # never to an isolated pulsar (A2.3 symbols)
    dests = [n for n, d in c.nodes.items() if d["kind"] in kinds and c.adj[n]]
    _pend(state, "teleport", seat, [{"type": "teleport", "to": n} for n in sorted(dests)])


Reward = Callable[[Game, int, Any, list[Event]], None]
REWARDS: Final[dict[str, Reward]] = {
    "vp": _vp, "cubes": _cubes, "modifier": _modifier, "bonus_die": _bonus_die,
    "explore": _explore, "explore_one": _explore_one, "gyro": _gyro,
    "isolated_pulsar": _isolated_pulsar, "teleport": _teleport,
}


def _apply_effect(state: Game, seat: int, eff: dict[str, Any], events: list[Event]) -> None:
    (key, val), = eff.items()
    reward = REWARDS.get(key)
    if reward is None:
        raise AssertionError(f"unknown effect {key}")
    reward(state, seat, val, events)


def _station_planet(state: Game, node: str, prefer: str) -> int | None:
    tile = state.c.system_tiles[state.systems[node]["tile"]]
    planets = state.systems[node]["planets"]
    other = "barren" if prefer == "blue" else "blue"
    for kind in (prefer, other):
        for i, pl in enumerate(tile["planets"]):
            if pl["kind"] == kind and planets[i] is None:
                return i
    return None


def can_station(state: Game, seat: int, node: str) -> bool:
    p = state.players[seat]
    return (p.markers > 0 and node not in p.stations
            and _station_planet(state, node, "blue") is not None)


def _run_item(state: Game, item: dict[str, Any], events: list[Event]) -> None:
    seat = item["seat"]
    k = item["k"]
    c = state.c
    if k == "effect":
        _apply_effect(state, seat, item["eff"], events)
    elif k == "pass_station":
        if can_station(state, seat, item["node"]):
            _pend(state, "station", seat, [{"type": "station", "build": True},
                                           {"type": "station", "build": False}],
                  node=item["node"], mode="pass")
    elif k == "end_at":
        node = item["node"]
        kind = c.nodes[node]["kind"]
        if kind == "system":
            reveal(state, node, events)
            if can_station(state, seat, node):
                _pend(state, "station", seat, [{"type": "station", "build": True},
                                               {"type": "station", "build": False}],
                      node=node, mode="end")
        elif kind == "pulsar" and node not in state.owner and rings_left(state, seat) > 0:
            _pend(state, "claim", seat, [{"type": "claim", "take": True},
                                         {"type": "claim", "take": False}], node=node)
    elif k == "joint":
        vals = sorted(set(item["values"]))
        if state.players[seat].bonus_taken:
            events.append({"type": "bonus_die_lost", "seat": seat, "value": vals[0], "why": "joint"})
        elif len(vals) == 1:
            gain_bonus_die(state, seat, vals[0], "joint", events)
        else:
            _pend(state, "joint", seat, [{"type": "joint_die", "value": v} for v in vals])
    elif k == "connect":
        opts = connect_options(state, seat, item["tile"])
        if len(opts) > 1:
            _pend(state, "connect", seat, opts)
    elif k == "activate":
        maybe_activate(state, seat, item["tile"], events)
    else:
        raise AssertionError(k)


def run_queue(state: Game, events: list[Event]) -> None:
    while state.pending is None and state.queue:
        _run_item(state, state.queue.pop(0), events)


def claim_pulsar(state: Game, seat: int, node: str, events: list[Event]) -> None:
    state.players[seat].pulsars[node] = None
    state.owner[node] = seat
    events.append({"type": "claim", "seat": seat, "pulsar": node})
    if node in state.c.dead_end:
        push(state, effects_items(seat, [{"explore": 1}]))  # dead-end extra tile (A2.3)


# ---------------------------------------------------------------- answers
# The choice that answers a pending decision, by the decision's kind; each is given the
# decision (``pend``) and the action, already checked against its options.

def _answer_station(state: Game, seat: int, pend: dict[str, Any], action: Action,
                    events: list[Event]) -> None:
    """A station built or not; on a blue planet where a flight ended, the system's
    bonus or an exploration tile follows (A2.3)."""
    if not action["build"]:
        return
    c = state.c
    p = state.players[seat]
    node = pend["node"]
    prefer = "blue" if pend["mode"] == "end" else "barren"
    idx = _station_planet(state, node, prefer)
    assert idx is not None
    tile = c.system_tiles[state.systems[node]["tile"]]
    state.systems[node]["planets"][idx] = seat
    p.stations.append(node)
    p.markers -= 1
    blue = tile["planets"][idx]["kind"] == "blue"
    events.append({"type": "station", "seat": seat, "node": node, "planet": idx,
                   "blue": blue})
    extra = [{"k": "effect", "seat": seat, "eff": {"explore": 1}}] if node in c.dead_end else []
    if pend["mode"] == "end" and blue:
        # exploration bonus, or a random exploration tile instead (A2.3)
        _pend(state, "bonus", seat, [{"type": "system_bonus", "take": "printed"},
                                     {"type": "system_bonus", "take": "tile"}], node=node)
    push(state, extra)


def _answer_bonus(state: Game, seat: int, pend: dict[str, Any], action: Action,
                  events: list[Event]) -> None:
    tile = state.c.system_tiles[state.systems[pend["node"]]["tile"]]
    if action["take"] == "printed":
        push(state, effects_items(seat, tile["bonus"]))
    else:
        push(state, effects_items(seat, [{"explore": 1}]))


def _answer_claim(state: Game, seat: int, pend: dict[str, Any], action: Action,
                  events: list[Event]) -> None:
    if action["take"]:
        claim_pulsar(state, seat, pend["node"], events)


def _answer_gyro(state: Game, seat: int, pend: dict[str, Any], action: Action,
                 events: list[Event]) -> None:
    take_gyro(state, seat, action["size"], events)
    if pend.get("then") == "second":
        opts = _gyro_options(state, "any", exclude=action["size"])
        if len(opts) == 1:
            take_gyro(state, seat, opts[0], events)
        elif opts:
            _pend(state, "gyro", seat, [{"type": "choose_gyro", "size": s} for s in opts])


def _answer_isolated(state: Game, seat: int, pend: dict[str, Any], action: Action,
                     events: list[Event]) -> None:
    if action["pulsar"] is not None:
        claim_pulsar(state, seat, action["pulsar"], events)


def _answer_teleport(state: Game, seat: int, pend: dict[str, Any], action: Action,
                     events: list[Event]) -> None:
    state.players[seat].ship = action["to"]
    events.append({"type": "teleport", "seat": seat, "to": action["to"]})
    push(state, [{"k": "end_at", "seat": seat, "node": action["to"]}])


def _answer_joint(state: Game, seat: int, pend: dict[str, Any], action: Action,
                  events: list[Event]) -> None:
    gain_bonus_die(state, seat, action["value"], "joint", events)


def _answer_connect(state: Game, seat: int, pend: dict[str, Any], action: Action,
                    events: list[Event]) -> None:
    apply_connect(state, seat, action, events)


Answer = Callable[[Game, int, dict[str, Any], Action, list[Event]], None]
ANSWERS: Final[dict[str, Answer]] = {
    "station": _answer_station, "bonus": _answer_bonus, "claim": _answer_claim,
    "gyro": _answer_gyro, "isolated": _answer_isolated, "teleport": _answer_teleport,
    "joint": _answer_joint, "connect": _answer_connect,
}


def resolve_pending(state: Game, seat: int, action: Action, events: list[Event]) -> None:
    """Apply a choice that answers the pending decision (already checked against options)."""
    pend = state.pending
    state.pending = None
    answer = ANSWERS.get(pend["kind"])
    if answer is None:
        raise AssertionError(pend["kind"])
    answer(state, seat, pend, action, events)
    run_queue(state, events)
