"""Action phase: a player's turn with their dice (A2.3 "Action phase").

Every die action names the die (index into the player's dice), the modifier token used
(``""``, ``"+1"``, ``"-1"``, ``"+2"``) and, for flights, a technology ``boost``. The
effective value must equal the printed cost exactly (flights: the number of segments).
"""

from __future__ import annotations

from typing import Any

from rulesets.base import Action, Event
from rulesets.pulsar import effects, flight, gyros, transmitters
from rulesets.pulsar.common import (
    effects_items,
    my_techs,
    push,
    tech_row_index,
    techs_in_play,
)
from rulesets.pulsar.components import SIZES
from rulesets.pulsar.state import Game, Player

MODS = {"": 0, "+1": 1, "-1": -1, "+2": 2}
MOD_TOKEN = {"+1": "pm", "-1": "pm", "+2": "p2"}
BUY_MOD_COST = {"pm": (1, 2), "p2": (2,)}  # A2.3 "Buy die modifiers"
COPY_CUBES = 4


def flight_boost(state: Game, seat: int) -> int:
    return sum(t.get("ability", {}).get("flight_boost", 0) for t in my_techs(state, seat))


def pay_options(state: Game, seat: int, for_flight: bool = False) -> list[tuple[int, dict[str, Any]]]:
    """(value, payment) pairs; tokens never combine, technologies combine with them (A2.3)."""
    p = state.players[seat]
    boosts = range(flight_boost(state, seat) + 1) if for_flight else range(1)
    out: list[tuple[int, dict[str, Any]]] = []
    seen: set[int] = set()
    for i, d in enumerate(p.dice):
        if d["v"] in seen:
            continue
        seen.add(d["v"])
        for mod, delta in MODS.items():
            if mod and p.mods[MOD_TOKEN[mod]] < 1:
                continue
            for b in boosts:
                value = d["v"] + delta + b
                if value < 1:  # a die never goes to 0
                    continue
                pay: dict[str, Any] = {"die": i, "mod": mod}
                if b:
                    pay["boost"] = b
                out.append((value, pay))
    return out


Payments = dict[int, list[dict[str, Any]]]


def by_value(pays: list[tuple[int, dict[str, Any]]]) -> Payments:
    """``pay_options`` grouped by the value they pay, each group in the list's order: a
    turn asks it for every cost printed on what it could buy."""
    out: Payments = {}
    for v, pay in pays:
        out.setdefault(v, []).append(pay)
    return out


def _with(base: dict[str, Any], pays: Payments, cost: int) -> list[Action]:
    return [{**base, **pay} for pay in pays.get(cost, ())]


def open_hq_projects(state: Game, seat: int) -> list[str]:
    p = state.players[seat]
    if not p.hq or p.hq["side"] is None:
        return []
    side = _hq_side(state, seat)
    out = []
    for row in side["rows"]:
        todo = [pid for pid in row if pid not in p.hq_done]
        out.extend(todo)
        if todo:  # the next row opens only when this one is complete
            break
    return out


def _hq_side(state: Game, seat: int) -> dict[str, Any]:
    hq = state.players[seat].hq
    board = next(b for b in state.comp["hq_boards"] if b["id"] == hq["board"])
    value: dict[str, Any] = board["sides"][hq["side"]]
    return value


def open_races(state: Game, seat: int) -> list[str]:
    p = state.players[seat]
    c = state.c
    return [pid for pid in p.hq_done if "race" in c.hq_projects[pid] and pid not in p.races_used]


def _gives_bonus_die(effs: list[dict[str, Any]]) -> bool:
    return any("bonus_die" in e for e in effs)


def patentable(state: Game, seat: int, tech: dict[str, Any], row: int | None = None) -> str | None:
    """None if the seat may patent it now, else the reason code."""
    tid = tech["id"]
    if row is None:
        row = tech_row_index(state, tid)
    if row < 0:
        return "unknown_tech"
    if row > state.time:
        return "tech_row_not_open"
    rec = state.techs.get(tid, {"by": [], "round": None})
    p = state.players[seat]
    if seat in rec["by"]:
        return "already_patented"
    if len(rec["by"]) >= 2:
        return "patents_full"
    if tech.get("once_per_round"):
        if rec["round"] == state.round:
            return "once_per_round"
        if state.seats == 2 and rec["by"]:
            return "once_per_round_two_players"
    if p.markers < 1:
        return "no_markers"
    if "patent_die" in tech or _gives_bonus_die(tech.get("immediate", [])):
        if p.bonus_taken:
            return "bonus_die_used"
        if "patent_die" in tech and p.cubes < 1:
            return "no_cube_for_bonus_die"
    return None


def _flights(state: Game, seat: int, out: list[Action]) -> None:
    """Flights: any value with a possible trail, optionally running one jump-gate race."""
    c = state.c
    races = [None] + [(pid, col) for pid in open_races(state, seat)
                      for col in c.hq_projects[pid]["race"]["colors"]]
    possible: dict[int, bool] = {}
    for v, pay in pay_options(state, seat, for_flight=True):
        if v not in possible:
            possible[v] = v <= 8 and flight.flight_possible(state, seat, v)
        if not possible[v]:
            continue
        for race in races:
            act: Action = {"type": "fly", **pay}
            if race:
                act["race"], act["color"] = race
            out.append(act)


def _gyro_actions(state: Game, p: Player, pays: Payments, out: list[Action]) -> None:
    """Taking a gyrodyne from the supply, finishing one on a pulsar."""
    gy = state.comp["gyrodynes"]
    for s in SIZES:
        if state.gyro_supply[s] > 0:
            out.extend(_with({"type": "take_gyro", "size": s}, pays, gy[s]["take"]))
    for node, g in sorted(p.pulsars.items()):
        if g and not g["spinning"]:
            out.extend(_with({"type": "finish_gyro", "pulsar": node}, pays,
                             gy[g["size"]]["finish"]))


def _marker_actions(state: Game, seat: int, p: Player,
                    pays: Payments, out: list[Action]) -> None:
    """What takes a marker: a transmitter from the display, a cost paid on one's own, an
    HQ project, a patent."""
    c = state.c
    for slot, tid in enumerate(state.tx["display"]):
        if tid is None:
            continue
        for j, cost in enumerate(c.transmitters[tid]["costs"]):
            if cost in c.transmitters[tid]["costs"][:j]:
                continue  # same value twice: covering either is the same
            out.extend(_with({"type": "take_tx", "slot": slot, "cost": j}, pays, cost))
    for tid, t in sorted(p.transmitters.items()):
        if t["active"]:
            continue
        seen_cost: set[int] = set()
        for j, cost in enumerate(c.transmitters[tid]["costs"]):
            if t["covered"][j] or cost in seen_cost:
                continue
            seen_cost.add(cost)
            out.extend(_with({"type": "pay_tx", "tile": tid, "cost": j}, pays, cost))
    for pid in open_hq_projects(state, seat):
        proj = c.hq_projects[pid]
        if _gives_bonus_die(proj["reward"]) and p.bonus_taken:
            continue
        out.extend(_with({"type": "hq", "project": pid}, pays, proj["cost"]))
    for row, tech in _available_techs(state):
        # no payment of its cost: nothing to ask of the rest of the patent rules
        if tech["cost"] in pays and patentable(state, seat, tech, row) is None:
            out.extend(_with({"type": "patent", "tech": tech["id"]}, pays, tech["cost"]))


def _doublings(state: Game, seat: int, p: Player, out: list[Action]) -> None:
    """A doubler technology's use on each distinct die value."""
    for t in my_techs(state, seat):
        if "doubler" in t.get("ability", {}) and t["id"] not in p.doublers_used:
            seen: set[int] = set()
            for i, d in enumerate(p.dice):
                if d["v"] not in seen:
                    seen.add(d["v"])
                    out.append({"type": "double", "tech": t["id"], "die": i})


def turn_actions(state: Game, seat: int) -> list[Action]:
    """Every action of the seat's turn: with dice left, the die actions; then copying a
    leftover die, building gyrodynes, the free transmitter connections and ending the
    turn."""
    p = state.players[seat]
    out: list[Action] = []
    if p.dice:
        pays = by_value(pay_options(state, seat))
        _flights(state, seat, out)
        _gyro_actions(state, p, pays, out)
        if p.markers > 0:
            _marker_actions(state, seat, p, pays, out)
        for kind, costs in BUY_MOD_COST.items():
            for cost in costs:
                out.extend(_with({"type": "buy_mod", "kind": kind}, pays, cost))
        if not p.bonus_taken:
            _doublings(state, seat, p, out)
    if not p.bonus_taken and p.cubes >= COPY_CUBES:
        for v in sorted(set(state.dice["leftover"])):
            out.append({"type": "copy", "value": v})
    for s in SIZES:
        if p.gyros[s] > 0:
            for node, g in sorted(p.pulsars.items()):
                if g is None:
                    out.append({"type": "build", "size": s, "pulsar": node})
    out.extend(transmitters.free_connects(state, seat))
    out.append({"type": "end_turn"})
    return out


def _available_techs(state: Game) -> list[tuple[int, dict[str, Any]]]:
    return [(r, t) for r, t in techs_in_play(state) if r <= state.time]


def _pay(state: Game, seat: int, action: Action) -> int:
    p = state.players[seat]
    die = p.dice.pop(action["die"])
    mod = action.get("mod", "")
    if mod:
        p.mods[MOD_TOKEN[mod]] -= 1  # used tokens go back to the board
    value: int = die["v"] + MODS[mod] + action.get("boost", 0)
    return value


def apply_turn_action(state: Game, seat: int, action: Action, events: list[Event]) -> None:
    """Apply an action already found in ``turn_actions``."""
    t = action["type"]
    p = state.players[seat]
    c = state.c
    if "die" in action and t != "double":
        value = _pay(state, seat, action)
        events.append({"type": "spend", "seat": seat, "value": value, "for": t,
                       "mod": action.get("mod", "")})
    if t == "fly":
        race = {"project": action["race"], "color": action["color"]} if "race" in action else None
        flight.start_flight(state, seat, value, race, events)
    elif t == "take_gyro":
        effects.take_gyro(state, seat, action["size"], events)
    elif t == "finish_gyro":
        g = p.pulsars[action["pulsar"]]
        g["spinning"] = True
        events.append({"type": "spin", "seat": seat, "pulsar": action["pulsar"], "size": g["size"]})
    elif t == "take_tx":
        transmitters.take_tx(state, seat, action["slot"], action["cost"], events)
    elif t == "pay_tx":
        transmitters.pay_tx(state, seat, action["tile"], action["cost"], events)
    elif t == "hq":
        proj = c.hq_projects[action["project"]]
        p.hq_done.append(proj["id"])
        p.markers -= 1
        events.append({"type": "hq", "seat": seat, "project": proj["id"]})
        push(state, effects_items(seat, proj["reward"]))
    elif t == "patent":
        tech = c.tech[action["tech"]]
        rec = state.techs.setdefault(tech["id"], {"by": [], "round": None})
        rec["by"].append(seat)
        rec["round"] = state.round
        p.patents.append(tech["id"])
        p.markers -= 1
        events.append({"type": "patent", "seat": seat, "tech": tech["id"]})
        if "patent_die" in tech:
            p.cubes -= 1  # patent bonus die costs one engineer cube (A2.3)
            effects.gain_bonus_die(state, seat, tech["patent_die"], "patent", events)
        push(state, effects_items(seat, tech.get("immediate", [])))
    elif t == "buy_mod":
        p.mods[action["kind"]] += 1
        events.append({"type": "modifier", "seat": seat, "kind": action["kind"]})
    elif t == "double":
        a, b = c.tech[action["tech"]]["ability"]["doubler"]
        p.dice[action["die"]] = {"v": a, "red": p.dice[action["die"]]["red"]}
        p.doublers_used.append(action["tech"])
        events.append({"type": "double", "seat": seat, "tech": action["tech"], "value": a})
        effects.gain_bonus_die(state, seat, b, "doubler", events)
    elif t == "copy":
        p.cubes -= COPY_CUBES
        events.append({"type": "copy", "seat": seat, "value": action["value"]})
        effects.gain_bonus_die(state, seat, action["value"], "copy", events)
    elif t == "build":
        gyros.build(state, seat, action["size"], action["pulsar"], events)
    elif t == "connect":
        transmitters.apply_connect(state, seat, action, events)
    else:
        raise AssertionError(t)
    effects.run_queue(state, events)
