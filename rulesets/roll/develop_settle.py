"""Develop and Settle (A3.4 II/III): workers go to the top tile of a construction
stack; a completed tile joins the tableau and its workers the Citizenry."""

from __future__ import annotations

from rulesets.base import Action, Event
from rulesets.rng import Rng
from rulesets.roll import powers
from rulesets.roll.data import CARDS, side_key
from rulesets.roll.empire import (
    add_to_tableau,
    gain_credits,
    owns,
)
from rulesets.roll.state import Game, Player
from rulesets.roll.taskqueue import Task, before, finish, trigger_effect


def _stack(p: Player, phase: str) -> list[int]:
    """The construction stack a phase builds from: Develop the developments, Settle the
    worlds."""
    return p.dev_stack if phase == "develop" else p.world_stack


def _zone(p: Player, phase: str) -> list[str]:
    """The workers on that stack's top tile."""
    return p.dev_workers if phase == "develop" else p.world_workers


# ---- Develop / Settle -------------------------------------------------------------

def _complete(state: Game, t: Task, seat: int, phase: str, events: list[Event]) -> str:
    """Complete the top tile of the phase's stack if its workers reach its cost.

    Returns "done" (completed), "no" (cannot complete) or "ask": the zone holds more
    workers than the cost and they are not all alike, so the player chooses which go to
    the Citizenry (a "citizenry" task is queued before ``t``; the rulebook's Explore
    note: "kiválasztani, mely fejlesztők mennek vissza a Polgárságba").
    """
    p = state.players[seat]
    stack, zone = _stack(p, phase), _zone(p, phase)
    if not stack:
        return "no"
    key = side_key(stack[0], "dev" if phase == "develop" else "world")
    card = CARDS[key]
    cost = powers.dev_cost(p, card) if phase == "develop" else powers.world_cost(p, card)
    if len(zone) < cost:
        return "no"
    if len(zone) > cost > 0 and len(set(zone)) > 1:
        before(state, t, {"kind": "citizenry", "seat": seat, "phase": phase, "card": key,
                          "cost": cost, "chosen": []})
        return "ask"
    used = zone[:cost]
    del zone[:cost]
    finalise_tile(state, t, seat, phase, key, cost, used, events)
    return "done"


def finalise_tile(state: Game, t: Task, seat: int, phase: str, key: str, cost: int,
                  used: list[str], events: list[Event]) -> None:
    """Move the completed top tile to the tableau and its workers ``used`` (already taken
    out of the zone) to the Citizenry; follow-up decisions go before ``t``."""
    p = state.players[seat]
    _stack(p, phase).pop(0)
    card = CARDS[key]
    used = list(used)
    if phase == "develop":
        bonus = powers.on_dev_completed(p)
        to_cup_power = "Galactic Federation" if owns(p, "Galactic Federation") else None
    else:
        bonus = powers.on_world_completed(p, card)
        to_cup_power = "Galactic Exchange" if owns(p, "Galactic Exchange") else None
        if owns(p, "New Galactic Order"):
            # red settlers of completed worlds go to the cup
            for c in [c for c in used if c == "red"]:
                used.remove(c)
                p.cup[c] += 1
    add_to_tableau(p, key)
    got = gain_credits(p, bonus) if bonus else 0
    for c in used:
        p.cit[c] += 1
    events.append({"type": "complete", "seat": seat, "card": key, "cost": cost, "credits": got})
    if to_cup_power and used:
        before(state, t, {"kind": "pick", "seat": seat, "purpose": to_cup_power,
                          "pool": sorted(used), "min": 1, "max": min(2, len(used)), "chosen": []})
    trigger_effect(state, t, seat, key, events)


def _complete_all(state: Game, t: Task, seat: int, phase: str, events: list[Event]) -> None:
    """Complete tiles while the zone's workers pay for the top one, or until a choice."""
    while _complete(state, t, seat, phase, events) == "done":
        pass


def build_step(state: Game, t: Task, rng: Rng, events: list[Event]) -> bool:
    seat, phase = t["seat"], t["phase"]
    p = state.players[seat]
    # A tile completed during Explore is finalised now; this runs again after each
    # choice of the workers that go to the Citizenry, so leftovers may finish the next.
    _complete_all(state, t, seat, phase, events)
    if state.queue[0] is not t:
        return False
    workers = p.cols[phase]
    if not workers:
        finish(state, t)
        return False
    if not _stack(p, phase):
        for c in workers:
            p.cup[c] += 1  # nothing left to build: leftovers back to the cup
        workers.clear()
        finish(state, t)
        return False
    if len(set(workers)) == 1:
        _place_worker(state, t, workers[0], events)
        return False
    return True


def _place_worker(state: Game, t: Task, colour: str, events: list[Event]) -> None:
    seat, phase = t["seat"], t["phase"]
    p = state.players[seat]
    p.cols[phase].remove(colour)
    _zone(p, phase).append(colour)
    _complete_all(state, t, seat, phase, events)


def build_legal(state: Game, t: Task) -> list[Action]:
    workers = state.players[t["seat"]].cols[t["phase"]]
    return [{"type": t["phase"], "colour": c} for c in sorted(set(workers))]


def build_act(state: Game, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    _place_worker(state, t, action["colour"], events)


# ---- a tile completed in Explore: which workers go to the Citizenry (A3.4 II/III) ----

def _cit_left(state: Game, t: Task) -> list[str]:
    """Zone workers not chosen yet (chosen ones stay in the zone until the tile is done)."""
    left = list(_zone(state.players[t["seat"]], t["phase"]))
    for c in t["chosen"]:
        left.remove(c)
    return left


def citizenry_step(state: Game, t: Task, rng: Rng, events: list[Event]) -> bool:
    p = state.players[t["seat"]]
    zone, stack = _zone(p, t["phase"]), _stack(p, t["phase"])
    side = "dev" if t["phase"] == "develop" else "world"
    if len(zone) < t["cost"] or not stack or side_key(stack[0], side) != t["card"]:
        # Defensive: were the site to lose a worker (a world's "lose a die" may take one
        # from it) before this question, the tile would no longer be complete.
        finish(state, t)
        return False
    left = _cit_left(state, t)
    need = t["cost"] - len(t["chosen"])
    if need > 0 and (len(left) == need or len(set(left)) == 1):
        t["chosen"].extend(left[:need])  # every remaining choice is alike: no question
        need = 0
    if need > 0:
        return True
    for c in t["chosen"]:
        zone.remove(c)
    q = state.queue
    i = next(i for i, x in enumerate(q) if x is t)
    # follow-ups (Galactic Federation, a world's effect) go before the build task
    anchor = q[i + 1] if i + 1 < len(q) else t
    finish(state, t)
    finalise_tile(state, anchor, t["seat"], t["phase"], t["card"], t["cost"], t["chosen"], events)
    return False


def citizenry_legal(state: Game, t: Task) -> list[Action]:
    return [{"type": "citizenry", "colour": c} for c in sorted(set(_cit_left(state, t)))]


def citizenry_act(state: Game, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    t["chosen"].append(action["colour"])


