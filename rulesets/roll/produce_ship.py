"""Produce and Ship (A3.4 IV/V): goods on worlds, then trading them for credits or
consuming them for victory points."""

from __future__ import annotations

from rulesets.base import Action, Event
from rulesets.rng import Rng
from rulesets.roll import powers
from rulesets.roll.data import CARDS
from rulesets.roll.empire import (
    gain_credits,
    good_capacity,
    good_worlds,
    owns,
    pay_vp,
)
from rulesets.roll.state import Game
from rulesets.roll.taskqueue import Task, finish

# ---- Produce ------------------------------------------------------------------

def _produce_options(state: Game, t: Task) -> list[Action]:
    p = state.players[t["seat"]]
    cap = good_capacity(p)
    ws = [c.key for c in good_worlds(p) if len(p.goods.get(c.key, [])) < cap]
    return [{"type": "produce", "colour": c, "world": w}
            for c in sorted(set(p.cols["produce"])) for w in ws]


def produce_step(state: Game, t: Task, rng: Rng, events: list[Event]) -> bool:
    p = state.players[t["seat"]]
    if not p.cols["produce"]:
        finish(state, t)
        return False
    opts = _produce_options(state, t)
    if not opts:
        for c in p.cols["produce"]:
            p.cup[c] += 1  # unusable producers return to the cup
        p.cols["produce"].clear()
        finish(state, t)
        return False
    if len(opts) == 1:
        produce_act(state, t, opts[0], rng, events)
        return False
    return True


def produce_legal(state: Game, t: Task) -> list[Action]:
    return _produce_options(state, t)


def produce_act(state: Game, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    p = state.players[t["seat"]]
    p.cols["produce"].remove(action["colour"])
    p.goods.setdefault(action["world"], []).append(action["colour"])
    events.append({"type": "produce", "seat": t["seat"], "colour": action["colour"], "world": action["world"]})


# ---- Ship ----------------------------------------------------------------------

def _ship_options(state: Game, t: Task) -> list[Action]:
    p = state.players[t["seat"]]
    goods = sorted({(k, g) for k, lst in p.goods.items() for g in lst})
    if not goods:
        return []
    bank = owns(p, "Galactic Bankers")
    out: list[Action] = []
    for virtual, pool in ((False, p.cols["ship"]), (True, t["virtual"])):
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


def ship_step(state: Game, t: Task, rng: Rng, events: list[Event]) -> bool:
    p = state.players[t["seat"]]
    if (p.cols["ship"] or t["virtual"]) and p.goods:
        return True
    for c in p.cols["ship"]:
        p.cup[c] += 1  # remaining shippers return to the cup
    p.cols["ship"].clear()
    finish(state, t)
    return False


def ship_legal(state: Game, t: Task) -> list[Action]:
    return _ship_options(state, t)


def ship_act(state: Game, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    seat = t["seat"]
    p = state.players[seat]
    c, world, good = action["colour"], action["world"], action["good"]
    if action.get("virtual"):
        t["virtual"].remove(c)
    else:
        p.cols["ship"].remove(c)
        p.cit[c] += 1
    p.goods[world].remove(good)
    if not p.goods[world]:
        del p.goods[world]
    p.cit[good] += 1
    wc = CARDS[world].colour
    assert wc is not None, "a world has a colour"
    if action["type"] == "trade":
        got = gain_credits(p, powers.trade_value(p, wc))
        vp = 0
        if action.get("bank") and p.credits >= 1:
            p.credits -= 1  # Galactic Bankers: $1 for 1 VP chip
            vp = pay_vp(state, p, 1)
        events.append({"type": "trade", "seat": seat, "colour": c, "world": world, "good": good,
                       "credits": got, "vp": vp})
    else:
        vp, credits = powers.consume_gain(p, c, good, wc)
        paid = pay_vp(state, p, vp)
        got = gain_credits(p, credits) if credits else 0
        events.append({"type": "consume", "seat": seat, "colour": c, "world": world, "good": good,
                       "vp": paid, "credits": got})


