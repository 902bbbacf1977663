"""Pending decisions of the phases and of empire management (A3.3-A3.4).

The state keeps a queue of tasks; ``queue[0]`` is the current one. Phases run
seat by seat in turn order (lowest faction number first, clockwise), the
rulebook's Timing rule (A3.5) applied always; it gives the same result as
simultaneous play whenever seats do not interact, and a fixed one when they do
(bag, VP pool).

Every handler has ``step`` (auto-resolve what has no real choice; return True
when the seat must decide), ``legal`` and ``act``. Handlers remove themselves
with ``finish`` and add follow-ups right before themselves with ``before`` so
sub-decisions resolve first, in order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulesets.rng import Rng
from rulesets.roll import powers
from rulesets.roll.data import CARDS, PHASES, side_key
from rulesets.roll.empire import (
    add_to_tableau,
    gain_credits,
    good_capacity,
    good_worlds,
    owns,
    pay_vp,
    take_from_supply,
)

State = dict[str, Any]
Task = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]

STACK = {"develop": "dev_stack", "settle": "world_stack"}
ZONE = {"develop": "dev_workers", "settle": "world_workers"}
SIDE_STACK = {"dev": "dev_stack", "world": "world_stack"}


def finish(state: State, task: Task) -> None:
    q = state["queue"]
    for i, t in enumerate(q):
        if t is task:
            del q[i]
            return


def before(state: State, task: Task, sub: Task) -> None:
    q = state["queue"]
    for i, t in enumerate(q):
        if t is task:
            q.insert(i, sub)
            return
    q.insert(0, sub)


def _private(seat: int, event: Event, others: Event | None) -> Event:
    event = dict(event)
    event["_only"] = seat
    event["_others"] = others
    return event


# ---- tiles: bag and construction zone ---------------------------------------

def draw_tiles(state: State, rng: Rng, k: int, events: list[Event]) -> list[int]:
    """Draw ``k`` tiles; an empty bag takes back the Explore discards; if still
    short, every seat with more than 3 construction tiles discards one (we take
    the bottom tile of its longer stack) and drawing goes on (A3.4 I)."""
    out: list[int] = []
    bag = state["bag"]
    while len(out) < k:
        if not bag:
            if state["discards"]:
                bag.extend(sorted(state["discards"]))
                state["discards"].clear()
                continue
            forced = False
            for seat, p in enumerate(state["players"]):
                if len(p["dev_stack"]) + len(p["world_stack"]) > 3:
                    key = "dev_stack" if len(p["dev_stack"]) >= len(p["world_stack"]) else "world_stack"
                    state["discards"].append(p[key].pop())
                    events.append({"type": "forced_discard", "seat": seat, "stack": key})
                    forced = True
            if not forced:
                break
            continue
        out.append(bag.pop(rng.below(len(bag))))
    return out


def place_tile(p: dict[str, Any], tile: int, side: str, top: bool) -> None:
    stack = p[SIDE_STACK[side]]
    if top:
        stack.insert(0, tile)
    else:
        stack.append(tile)


def _place_actions(p: dict[str, Any], drawn: list[int]) -> list[Action]:
    tops = (False, True) if owns(p, "Improved Reconnaissance") else (False,)
    out: list[Action] = []
    for tile in sorted(drawn):
        for side in ("dev", "world"):
            for top in tops:
                a: Action = {"type": "place", "tile": tile, "as": side}
                if top:
                    a["top"] = True
                out.append(a)
    return out


def _do_place(state: State, seat: int, drawn: list[int], action: Action, events: list[Event]) -> None:
    p = state["players"][seat]
    drawn.remove(action["tile"])
    top = bool(action.get("top"))
    place_tile(p, action["tile"], action["as"], top)
    events.append(_private(seat, {"type": "place", "seat": seat, "tile": action["tile"],
                                  "as": action["as"], "top": top},
                           {"type": "place", "seat": seat, "as": action["as"], "top": top}))


# ---- effects of worlds and immediate developments ---------------------------

def apply_gains(state: State, seat: int, key: str, eff: dict[str, Any], events: list[Event]) -> None:
    """Credits, dice to Citizenry/cup, and a good of the world's colour."""
    p = state["players"][seat]
    got = gain_credits(p, eff.get("credits", 0)) if eff.get("credits") else 0
    gained: list[str] = []
    for c in eff.get("citizenry", []):
        if take_from_supply(state, c):
            p["cit"][c] += 1
            gained.append(c)
    for c in eff.get("cup", []):
        if take_from_supply(state, c):
            p["cup"][c] += 1
            gained.append(c)
    colour = CARDS[key].colour
    if eff.get("good") and colour and take_from_supply(state, colour):
        p["goods"].setdefault(key, []).append(colour)
        gained.append(colour)
    events.append({"type": "gain", "seat": seat, "card": key, "credits": got, "dice": gained})


def trigger_effect(state: State, task: Task, seat: int, key: str, events: list[Event]) -> None:
    eff = CARDS[key].effect
    if not eff:
        return
    if eff.get("lose"):
        before(state, task, {"kind": "lose", "seat": seat, "card": key})
    else:
        apply_gains(state, seat, key, eff, events)


# ---- Explore -------------------------------------------------------------------

def explore_step(state: State, t: Task, rng: Rng, events: list[Event]) -> bool:
    p = state["players"][t["seat"]]
    sc = t["scout"]
    if sc is not None:
        if sc["drawn"] is None or sc["drawn"]:
            return True
        t["scout"] = None
    if not p["cols"]["explore"] and not t["virtual"]:
        finish(state, t)
        return False
    return True


def explore_legal(state: State, t: Task) -> list[Action]:
    p = state["players"][t["seat"]]
    sc = t["scout"]
    zone = p["dev_stack"] + p["world_stack"]
    if sc is not None and sc["drawn"] is None:
        return [{"type": "discard", "tile": tile} for tile in sorted(zone)] + [{"type": "draw"}]
    if sc is not None:
        return _place_actions(p, sc["drawn"])
    out: list[Action] = []
    for virtual, pool in ((False, p["cols"]["explore"]), (True, t["virtual"])):
        for c in sorted(set(pool)):
            for kind in ("stock", "scout"):
                a: Action = {"type": kind, "colour": c}
                if virtual:
                    a["virtual"] = True
                out.append(a)
    if owns(p, "Advanced Logistics"):
        for side, key in SIDE_STACK.items():
            for i, tile in enumerate(p[key]):
                if tile in t["logi"]:
                    continue
                for to in ("dev", "world"):
                    if to == side and i == 0:
                        continue  # already on top there
                    out.append({"type": "logistics", "tile": tile, "to": to})
    return out


def explore_act(state: State, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    seat = t["seat"]
    p = state["players"][seat]
    kind = action["type"]
    if kind in ("stock", "scout"):
        c = action["colour"]
        if action.get("virtual"):
            t["virtual"].remove(c)
        else:
            p["cols"]["explore"].remove(c)
            p["cit"][c] += 1  # used workers go to the Citizenry (A3.3 step 4)
        if kind == "stock":
            got = gain_credits(p, powers.stock_value(p, c))
            events.append({"type": "stock", "seat": seat, "colour": c, "credits": got})
        else:
            if c == "yellow":
                state["scouted_yellow"][seat] = True
            t["scout"] = {"colour": c, "n": 0, "drawn": None}
            events.append({"type": "scout", "seat": seat, "colour": c})
    elif kind == "discard":
        tile = action["tile"]
        key = "dev_stack" if tile in p["dev_stack"] else "world_stack"
        p[key].remove(tile)
        state["discards"].append(tile)
        t["scout"]["n"] += 1
        events.append(_private(seat, {"type": "discard", "seat": seat, "tile": tile, "stack": key},
                               {"type": "discard", "seat": seat, "stack": key}))
    elif kind == "draw":
        drawn = draw_tiles(state, rng, t["scout"]["n"] + 1, events)
        t["scout"]["drawn"] = drawn
        events.append(_private(seat, {"type": "draw", "seat": seat, "tiles": list(drawn)},
                               {"type": "draw", "seat": seat, "count": len(drawn)}))
    elif kind == "place":
        _do_place(state, seat, t["scout"]["drawn"], action, events)
    elif kind == "logistics":
        tile = action["tile"]
        key = "dev_stack" if tile in p["dev_stack"] else "world_stack"
        p[key].remove(tile)
        place_tile(p, tile, action["to"], True)
        t["logi"].append(tile)
        events.append({"type": "logistics", "seat": seat, "tile": tile, "to": action["to"]})


def research_team_step(state: State, t: Task, rng: Rng, events: list[Event]) -> bool:
    """Alien Research Team: after all explorers, draw and keep 1 tile (A3.7)."""
    seat = t["seat"]
    if t["drawn"] is None:
        t["drawn"] = draw_tiles(state, rng, 1, events)
        if t["yellow"]:
            got = gain_credits(state["players"][seat], 1)
            events.append({"type": "power", "seat": seat, "name": "Alien Research Team", "credits": got})
        events.append(_private(seat, {"type": "draw", "seat": seat, "tiles": list(t["drawn"])},
                               {"type": "draw", "seat": seat, "count": len(t["drawn"])}))
    if t["drawn"]:
        return True
    finish(state, t)
    return False


def research_team_legal(state: State, t: Task) -> list[Action]:
    return _place_actions(state["players"][t["seat"]], t["drawn"])


def research_team_act(state: State, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    _do_place(state, t["seat"], t["drawn"], action, events)


# ---- Develop / Settle -------------------------------------------------------------

def _complete(state: State, t: Task, seat: int, phase: str, events: list[Event]) -> str:
    """Complete the top tile of the phase's stack if its workers reach its cost.

    Returns "done" (completed), "no" (cannot complete) or "ask": the zone holds more
    workers than the cost and they are not all alike, so the player chooses which go to
    the Citizenry (a "citizenry" task is queued before ``t``; the rulebook's Explore
    note: "kiválasztani, mely fejlesztők mennek vissza a Polgárságba").
    """
    p = state["players"][seat]
    stack, zone = p[STACK[phase]], p[ZONE[phase]]
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


def finalise_tile(state: State, t: Task, seat: int, phase: str, key: str, cost: int,
                  used: list[str], events: list[Event]) -> None:
    """Move the completed top tile to the tableau and its workers ``used`` (already taken
    out of the zone) to the Citizenry; follow-up decisions go before ``t``."""
    p = state["players"][seat]
    p[STACK[phase]].pop(0)
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
                p["cup"][c] += 1
    add_to_tableau(p, key)
    got = gain_credits(p, bonus) if bonus else 0
    for c in used:
        p["cit"][c] += 1
    events.append({"type": "complete", "seat": seat, "card": key, "cost": cost, "credits": got})
    if to_cup_power and used:
        before(state, t, {"kind": "pick", "seat": seat, "purpose": to_cup_power,
                          "pool": sorted(used), "min": 1, "max": min(2, len(used)), "chosen": []})
    trigger_effect(state, t, seat, key, events)


def _complete_all(state: State, t: Task, seat: int, phase: str, events: list[Event]) -> None:
    """Complete tiles while the zone's workers pay for the top one, or until a choice."""
    while _complete(state, t, seat, phase, events) == "done":
        pass


def build_step(state: State, t: Task, rng: Rng, events: list[Event]) -> bool:
    seat, phase = t["seat"], t["phase"]
    p = state["players"][seat]
    # A tile completed during Explore is finalised now; this runs again after each
    # choice of the workers that go to the Citizenry, so leftovers may finish the next.
    _complete_all(state, t, seat, phase, events)
    if state["queue"][0] is not t:
        return False
    workers = p["cols"][phase]
    if not workers:
        finish(state, t)
        return False
    if not p[STACK[phase]]:
        for c in workers:
            p["cup"][c] += 1  # nothing left to build: leftovers back to the cup
        workers.clear()
        finish(state, t)
        return False
    if len(set(workers)) == 1:
        _place_worker(state, t, workers[0], events)
        return False
    return True


def _place_worker(state: State, t: Task, colour: str, events: list[Event]) -> None:
    seat, phase = t["seat"], t["phase"]
    p = state["players"][seat]
    p["cols"][phase].remove(colour)
    p[ZONE[phase]].append(colour)
    _complete_all(state, t, seat, phase, events)


def build_legal(state: State, t: Task) -> list[Action]:
    workers = state["players"][t["seat"]]["cols"][t["phase"]]
    return [{"type": t["phase"], "colour": c} for c in sorted(set(workers))]


def build_act(state: State, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    _place_worker(state, t, action["colour"], events)


# ---- a tile completed in Explore: which workers go to the Citizenry (A3.4 II/III) ----

def _cit_left(state: State, t: Task) -> list[str]:
    """Zone workers not chosen yet (chosen ones stay in the zone until the tile is done)."""
    left = list(state["players"][t["seat"]][ZONE[t["phase"]]])
    for c in t["chosen"]:
        left.remove(c)
    return left


def citizenry_step(state: State, t: Task, rng: Rng, events: list[Event]) -> bool:
    p = state["players"][t["seat"]]
    zone, stack = p[ZONE[t["phase"]]], p[STACK[t["phase"]]]
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
    q = state["queue"]
    i = next(i for i, x in enumerate(q) if x is t)
    # follow-ups (Galactic Federation, a world's effect) go before the build task
    anchor = q[i + 1] if i + 1 < len(q) else t
    finish(state, t)
    finalise_tile(state, anchor, t["seat"], t["phase"], t["card"], t["cost"], t["chosen"], events)
    return False


def citizenry_legal(state: State, t: Task) -> list[Action]:
    return [{"type": "citizenry", "colour": c} for c in sorted(set(_cit_left(state, t)))]


def citizenry_act(state: State, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    t["chosen"].append(action["colour"])


# ---- choosing dice: Galactic Federation/Exchange returns, recruiting ---------------

def pick_step(state: State, t: Task, rng: Rng, events: list[Event]) -> bool:
    if len(t["chosen"]) >= t["max"] or not t["pool"]:
        _pick_done(state, t, events)
        return False
    if len(set(t["pool"])) == 1 and len(t["chosen"]) < t["min"]:
        _pick(state, t, t["pool"][0])  # forced: only one colour to choose from
        return False
    return True


def _pick(state: State, t: Task, colour: str) -> None:
    p = state["players"][t["seat"]]
    t["pool"].remove(colour)
    t["chosen"].append(colour)
    p["cit"][colour] -= 1
    p["cup"][colour] += 1
    if t["purpose"] == "recruit":
        p["credits"] -= 1


def _pick_done(state: State, t: Task, events: list[Event]) -> None:
    p = state["players"][t["seat"]]
    if t["purpose"] == "recruit" and p["credits"] <= 0:
        p["credits"] = 1  # A3.3 step 5
    events.append({"type": "to_cup", "seat": t["seat"], "purpose": t["purpose"], "dice": list(t["chosen"])})
    finish(state, t)


def pick_legal(state: State, t: Task) -> list[Action]:
    out: list[Action] = [{"type": "pick", "colour": c} for c in sorted(set(t["pool"]))]
    if len(t["chosen"]) >= t["min"]:
        out.append({"type": "stop"})
    return out


def pick_act(state: State, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    if action["type"] == "stop":
        _pick_done(state, t, events)
    else:
        _pick(state, t, action["colour"])


# ---- losing a die (A3.4 III: from anywhere, back to the supply) -------------------

def _die_places(p: dict[str, Any], include_columns: bool) -> list[tuple[str, str]]:
    out: set[tuple[str, str]] = set()
    for where in ("cup", "cit"):
        out |= {(where, c) for c, n in p[where].items() if n > 0}
    out |= {("dev_zone", c) for c in p["dev_workers"]}
    out |= {("world_zone", c) for c in p["world_workers"]}
    for key, goods in p["goods"].items():
        out |= {(f"good:{key}", c) for c in goods}
    if include_columns:
        for ph, col in p["cols"].items():
            out |= {(f"col:{ph}", c) for c in col}
    return sorted(out)


def _remove_die(p: dict[str, Any], where: str, colour: str) -> None:
    if where in ("cup", "cit"):
        p[where][colour] -= 1
    elif where == "dev_zone":
        p["dev_workers"].remove(colour)
    elif where == "world_zone":
        p["world_workers"].remove(colour)
    elif where.startswith("good:"):
        key = where[5:]
        p["goods"][key].remove(colour)
        if not p["goods"][key]:
            del p["goods"][key]
    elif where.startswith("col:"):
        p["cols"][where[4:]].remove(colour)


def lose_step(state: State, t: Task, rng: Rng, events: list[Event]) -> bool:
    places = _die_places(state["players"][t["seat"]], True)
    if len(places) > 1:
        return True
    if places:
        _lose(state, t, places[0][0], places[0][1], events)
    else:
        _lose_done(state, t, events)
    return False


def _lose(state: State, t: Task, where: str, colour: str, events: list[Event]) -> None:
    _remove_die(state["players"][t["seat"]], where, colour)
    state["supply"][colour] += 1
    events.append({"type": "lose", "seat": t["seat"], "where": where, "colour": colour})
    _lose_done(state, t, events)


def _lose_done(state: State, t: Task, events: list[Event]) -> None:
    eff = dict(CARDS[t["card"]].effect)
    eff["lose"] = 0
    apply_gains(state, t["seat"], t["card"], eff, events)
    finish(state, t)


def lose_legal(state: State, t: Task) -> list[Action]:
    return [{"type": "lose", "where": w, "colour": c}
            for w, c in _die_places(state["players"][t["seat"]], True)]


def lose_act(state: State, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    _lose(state, t, action["where"], action["colour"], events)


# ---- Produce ------------------------------------------------------------------

def _produce_options(state: State, t: Task) -> list[Action]:
    p = state["players"][t["seat"]]
    cap = good_capacity(p)
    ws = [c.key for c in good_worlds(p) if len(p["goods"].get(c.key, [])) < cap]
    return [{"type": "produce", "colour": c, "world": w}
            for c in sorted(set(p["cols"]["produce"])) for w in ws]


def produce_step(state: State, t: Task, rng: Rng, events: list[Event]) -> bool:
    p = state["players"][t["seat"]]
    if not p["cols"]["produce"]:
        finish(state, t)
        return False
    opts = _produce_options(state, t)
    if not opts:
        for c in p["cols"]["produce"]:
            p["cup"][c] += 1  # unusable producers return to the cup
        p["cols"]["produce"].clear()
        finish(state, t)
        return False
    if len(opts) == 1:
        produce_act(state, t, opts[0], rng, events)
        return False
    return True


def produce_legal(state: State, t: Task) -> list[Action]:
    return _produce_options(state, t)


def produce_act(state: State, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    p = state["players"][t["seat"]]
    p["cols"]["produce"].remove(action["colour"])
    p["goods"].setdefault(action["world"], []).append(action["colour"])
    events.append({"type": "produce", "seat": t["seat"], "colour": action["colour"], "world": action["world"]})


# ---- Ship ----------------------------------------------------------------------

def _ship_options(state: State, t: Task) -> list[Action]:
    p = state["players"][t["seat"]]
    goods = sorted({(k, g) for k, lst in p["goods"].items() for g in lst})
    if not goods:
        return []
    bank = owns(p, "Galactic Bankers")
    out: list[Action] = []
    for virtual, pool in ((False, p["cols"]["ship"]), (True, t["virtual"])):
        for c in sorted(set(pool)):
            for world, good in goods:
                for kind in ("trade", "consume"):
                    a: Action = {"type": kind, "colour": c, "world": world, "good": good}
                    if virtual:
                        a["virtual"] = True
                    out.append(a)
                    if kind == "trade" and bank:
                        out.append(dict(a, bank=True))
    return out


def ship_step(state: State, t: Task, rng: Rng, events: list[Event]) -> bool:
    p = state["players"][t["seat"]]
    if (p["cols"]["ship"] or t["virtual"]) and p["goods"]:
        return True
    for c in p["cols"]["ship"]:
        p["cup"][c] += 1  # remaining shippers return to the cup
    p["cols"]["ship"].clear()
    finish(state, t)
    return False


def ship_legal(state: State, t: Task) -> list[Action]:
    return _ship_options(state, t)


def ship_act(state: State, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    seat = t["seat"]
    p = state["players"][seat]
    c, world, good = action["colour"], action["world"], action["good"]
    if action.get("virtual"):
        t["virtual"].remove(c)
    else:
        p["cols"]["ship"].remove(c)
        p["cit"][c] += 1
    p["goods"][world].remove(good)
    if not p["goods"][world]:
        del p["goods"][world]
    p["cit"][good] += 1
    wc = CARDS[world].colour
    if action["type"] == "trade":
        got = gain_credits(p, powers.trade_value(p, wc))
        vp = 0
        if action.get("bank") and p["credits"] >= 1:
            p["credits"] -= 1  # Galactic Bankers: $1 for 1 VP chip
            vp = pay_vp(state, p, 1)
        events.append({"type": "trade", "seat": seat, "colour": c, "world": world, "good": good,
                       "credits": got, "vp": vp})
    else:
        vp, credits = powers.consume_gain(p, c, good, wc)
        paid = pay_vp(state, p, vp)
        got = gain_credits(p, credits) if credits else 0
        events.append({"type": "consume", "seat": seat, "colour": c, "world": world, "good": good,
                       "vp": paid, "credits": got})


# ---- Manage the empire (A3.3 step 5) ------------------------------------------------

def recruit_step(state: State, t: Task, rng: Rng, events: list[Event]) -> bool:
    """Recruit is mandatory: all of the Citizenry if affordable, else a choice."""
    seat = t["seat"]
    p = state["players"][seat]
    n = sum(p["cit"].values())
    finish(state, t)
    if n > p["credits"]:
        pool = sorted(c for c, k in p["cit"].items() for _ in range(k))
        state["queue"].insert(0, {"kind": "pick", "seat": seat, "purpose": "recruit", "pool": pool,
                                  "min": p["credits"], "max": p["credits"], "chosen": []})
        return False
    moved = []
    for c, k in p["cit"].items():
        p["cup"][c] += k
        moved += [c] * k
        p["cit"][c] = 0
    p["credits"] -= n
    if p["credits"] <= 0:
        p["credits"] = 1
    events.append({"type": "to_cup", "seat": seat, "purpose": "recruit", "dice": moved})
    return False


def _recall_places(p: dict[str, Any]) -> list[tuple[str, str]]:
    return [(w, c) for w, c in _die_places(p, False) if w not in ("cup", "cit")]


def recall_step(state: State, t: Task, rng: Rng, events: list[Event]) -> bool:
    if _recall_places(state["players"][t["seat"]]):
        return True
    finish(state, t)
    return False


def recall_legal(state: State, t: Task) -> list[Action]:
    places = _recall_places(state["players"][t["seat"]])
    return [{"type": "done"}] + [{"type": "recall", "where": w, "colour": c} for w, c in places]


def recall_act(state: State, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    p = state["players"][t["seat"]]
    if action["type"] == "done":
        finish(state, t)
        return
    _remove_die(p, action["where"], action["colour"])
    p["cup"][action["colour"]] += 1
    events.append({"type": "recall", "seat": t["seat"], "where": action["where"], "colour": action["colour"]})


# ---- setup: which drawn tile is the development (A3.2) ------------------------

def setup_step(state: State, t: Task, rng: Rng, events: list[Event]) -> bool:
    return True


def setup_legal(state: State, t: Task) -> list[Action]:
    return [{"type": "setup", "dev": tile} for tile in t["tiles"]]


def setup_act(state: State, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    do_setup_choice(state, t["seat"], t["tiles"], action["dev"], events)
    finish(state, t)


def do_setup_choice(state: State, seat: int, tiles: list[int], dev: int, events: list[Event]) -> None:
    p = state["players"][seat]
    world = tiles[1] if tiles[0] == dev else tiles[0]
    p["dev_stack"].append(dev)
    p["world_stack"].append(world)
    events.append({"type": "setup_tiles", "seat": seat, "dev": dev, "world": world})


# ---- phase bookkeeping -----------------------------------------------------------

def start_phase(state: State, phase: str) -> list[Task]:
    """Tasks for one phase: one per seat in turn order, then the phase end."""
    out: list[Task] = []
    for seat in state["order"]:
        p = state["players"][seat]
        if phase == "explore":
            virtual = powers.virtual_workers(p, phase)
            if p["cols"]["explore"] or virtual:
                out.append({"kind": "explore", "seat": seat, "virtual": virtual, "scout": None,
                            "logi": []})
        elif phase in ("develop", "settle"):
            out.append({"kind": "build", "seat": seat, "phase": phase})
        elif phase == "produce":
            if p["cols"]["produce"]:
                out.append({"kind": "produce", "seat": seat})
        else:
            out.append({"kind": "ship", "seat": seat, "virtual": powers.virtual_workers(p, phase)})
    out.append({"kind": "phase_end", "phase": phase})
    return out


def phase_end_step(state: State, t: Task, rng: Rng, events: list[Event]) -> bool:
    phase = t["phase"]
    finish(state, t)
    if phase == "explore" and not t.get("research_done"):
        # Alien Research Team draws after everyone's explorers, before discards return.
        extra: list[Task] = []
        for seat in state["order"]:
            if owns(state["players"][seat], "Alien Research Team"):
                extra.append({"kind": "research_team", "seat": seat, "drawn": None,
                              "yellow": bool(state["scouted_yellow"][seat])})
        if extra:
            state["queue"][0:0] = extra + [dict(t, research_done=True)]
            return False
    for seat in state["order"]:
        got = powers.end_of_phase(state, seat, phase)
        if got["credits"] or got["vp"]:
            events.append({"type": "phase_bonus", "seat": seat, "phase": phase, **got})
        p = state["players"][seat]
        for c in p["cols"][phase]:
            p["cup"][c] += 1
        p["cols"][phase] = []
    if phase == "explore":
        state["bag"].extend(sorted(state["discards"]))
        state["discards"].clear()
        state["scouted_yellow"] = [False] * len(state["players"])
    events.append({"type": "phase_end", "phase": phase})
    return False


Handler = tuple[Callable[..., bool], Callable[..., list[Action]] | None, Callable[..., None] | None]

HANDLERS: dict[str, Handler] = {
    "setup": (setup_step, setup_legal, setup_act),
    "explore": (explore_step, explore_legal, explore_act),
    "research_team": (research_team_step, research_team_legal, research_team_act),
    "build": (build_step, build_legal, build_act),
    "citizenry": (citizenry_step, citizenry_legal, citizenry_act),
    "pick": (pick_step, pick_legal, pick_act),
    "lose": (lose_step, lose_legal, lose_act),
    "produce": (produce_step, produce_legal, produce_act),
    "ship": (ship_step, ship_legal, ship_act),
    "recruit": (recruit_step, None, None),
    "recall": (recall_step, recall_legal, recall_act),
    "phase_end": (phase_end_step, None, None),
}

__all__ = ["HANDLERS", "PHASES", "start_phase"]
