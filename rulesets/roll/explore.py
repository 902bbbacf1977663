"""Explore (A3.4 I): drawing tiles from the bag, scouting, stocking, placing tiles
on the construction stacks, and the Alien Research Team's extra draw."""

from __future__ import annotations

from rulesets.base import Action, Event
from rulesets.rng import Rng
from rulesets.roll import offers, powers
from rulesets.roll.empire import (
    gain_credits,
    owns,
)
from rulesets.roll.state import Game, Player
from rulesets.roll.taskqueue import Task, finish, private


def _stack(p: Player, key: str) -> list[int]:
    """A construction stack by its name in events, ``"dev_stack"`` or ``"world_stack"``."""
    return p.dev_stack if key == "dev_stack" else p.world_stack


# ---- tiles: bag and construction zone ---------------------------------------

def draw_tiles(state: Game, rng: Rng, k: int, events: list[Event]) -> list[int]:
    """Draw ``k`` tiles; an empty bag takes back the Explore discards; if still
    short, every seat with more than 3 construction tiles discards one (we take
    the bottom tile of its longer stack) and drawing goes on (A3.4 I)."""
    out: list[int] = []
    bag = state.bag
    while len(out) < k:
        if not bag:
            if state.discards:
                bag.extend(sorted(state.discards))
                state.discards.clear()
                continue
            forced = False
            for seat, p in enumerate(state.players):
                if len(p.dev_stack) + len(p.world_stack) > 3:
                    key = "dev_stack" if len(p.dev_stack) >= len(p.world_stack) else "world_stack"
                    state.discards.append(_stack(p, key).pop())
                    events.append({"type": "forced_discard", "seat": seat, "stack": key})
                    forced = True
            if not forced:
                break
            continue
        out.append(bag.pop(rng.below(len(bag))))
    return out


def place_tile(p: Player, tile: int, side: str, top: bool) -> None:
    stack = p.dev_stack if side == "dev" else p.world_stack
    if top:
        stack.insert(0, tile)
    else:
        stack.append(tile)


def place_actions(p: Player, drawn: list[int]) -> list[Action]:
    """Each drawn tile as a development, then as a world (with Improved Reconnaissance,
    each also on top of its stack)."""
    places = offers.PLACE_TILE[owns(p, "Improved Reconnaissance")]
    return [a for tile in sorted(drawn) for a in places[tile]]


def do_place(state: Game, seat: int, drawn: list[int], action: Action, events: list[Event]) -> None:
    p = state.players[seat]
    drawn.remove(action["tile"])
    top = bool(action.get("top"))
    place_tile(p, action["tile"], action["as"], top)
    events.append(private(seat, {"type": "place", "seat": seat, "tile": action["tile"],
                                  "as": action["as"], "top": top},
                           {"type": "place", "seat": seat, "as": action["as"], "top": top}))



# ---- Explore -------------------------------------------------------------------

def explore_step(state: Game, t: Task, rng: Rng, events: list[Event]) -> bool:
    p = state.players[t["seat"]]
    sc = t["scout"]
    if sc is not None:
        if sc["drawn"] is None or sc["drawn"]:
            return True
        t["scout"] = None
    if not p.cols["explore"] and not t["virtual"]:
        finish(state, t)
        return False
    return True


def explore_legal(state: Game, t: Task) -> list[Action]:
    p = state.players[t["seat"]]
    sc = t["scout"]
    if sc is not None and sc["drawn"] is None:
        discard = offers.DISCARD
        tiles = [discard[tile] for tile in sorted(p.dev_stack + p.world_stack)]
        tiles.append(offers.DRAW)
        return tiles
    if sc is not None:
        return place_actions(p, sc["drawn"])
    out: list[Action] = []
    for virtual, pool in ((False, p.cols["explore"]), (True, t["virtual"])):
        stock_scout = offers.STOCK_SCOUT[virtual]
        for c in sorted(set(pool)):
            stock, scout = stock_scout[c]
            out.append(stock)
            out.append(scout)
    if owns(p, "Advanced Logistics"):
        logistics = offers.LOGISTICS
        for side, stack in (("dev", p.dev_stack), ("world", p.world_stack)):
            for i, tile in enumerate(stack):
                if tile in t["logi"]:
                    continue
                for to in ("dev", "world"):
                    if to == side and i == 0:
                        continue  # already on top there
                    out.append(logistics[tile][to])
    return out


def explore_act(state: Game, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    seat = t["seat"]
    p = state.players[seat]
    kind = action["type"]
    if kind in ("stock", "scout"):
        c = action["colour"]
        if action.get("virtual"):
            t["virtual"].remove(c)
        else:
            p.cols["explore"].remove(c)
            p.cit[c] += 1  # used workers go to the Citizenry (A3.3 step 4)
        if kind == "stock":
            got = gain_credits(p, powers.stock_value(p, c))
            events.append({"type": "stock", "seat": seat, "colour": c, "credits": got})
        else:
            if c == "yellow":
                state.scouted_yellow[seat] = True
            t["scout"] = {"colour": c, "n": 0, "drawn": None}
            events.append({"type": "scout", "seat": seat, "colour": c})
    elif kind == "discard":
        tile = action["tile"]
        key = "dev_stack" if tile in p.dev_stack else "world_stack"
        _stack(p, key).remove(tile)
        state.discards.append(tile)
        t["scout"]["n"] += 1
        events.append(private(seat, {"type": "discard", "seat": seat, "tile": tile, "stack": key},
                               {"type": "discard", "seat": seat, "stack": key}))
    elif kind == "draw":
        drawn = draw_tiles(state, rng, t["scout"]["n"] + 1, events)
        t["scout"]["drawn"] = drawn
        events.append(private(seat, {"type": "draw", "seat": seat, "tiles": list(drawn)},
                               {"type": "draw", "seat": seat, "count": len(drawn)}))
    elif kind == "place":
        do_place(state, seat, t["scout"]["drawn"], action, events)
    elif kind == "logistics":
        tile = action["tile"]
        key = "dev_stack" if tile in p.dev_stack else "world_stack"
        _stack(p, key).remove(tile)
        place_tile(p, tile, action["to"], True)
        t["logi"].append(tile)
        events.append({"type": "logistics", "seat": seat, "tile": tile, "to": action["to"]})


def research_team_step(state: Game, t: Task, rng: Rng, events: list[Event]) -> bool:
    """Alien Research Team: after all explorers, draw and keep 1 tile (A3.7)."""
    seat = t["seat"]
    if t["drawn"] is None:
        drawn = t["drawn"] = draw_tiles(state, rng, 1, events)
        if t["yellow"]:
            got = gain_credits(state.players[seat], 1)
            events.append({"type": "power", "seat": seat, "name": "Alien Research Team", "credits": got})
        events.append(private(seat, {"type": "draw", "seat": seat, "tiles": list(drawn)},
                              {"type": "draw", "seat": seat, "count": len(drawn)}))
    if t["drawn"]:
        return True
    finish(state, t)
    return False


def research_team_legal(state: Game, t: Task) -> list[Action]:
    return place_actions(state.players[t["seat"]], t["drawn"])


def research_team_act(state: Game, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    do_place(state, t["seat"], t["drawn"], action, events)


