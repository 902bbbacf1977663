"""Bots: "random" (uniform over legal actions) and "heuristic".

Both decide from what the seat may see and ``legal_actions`` only (the heuristic from
``view.bot_view``, the part of the seat's view it reads), with their own RNG seeded from
the ``seed`` argument (never the game's RNG).

The heuristic knows the scoring pulls the other way from most games: every
leftover energy and good is -1, so paying is good. It bids on the sector worth
most to it that it can also pay goods for, spends energy faster as the game
nears its end while keeping a small reserve, then takes the highest token left.
It pays as many goods as it may (from the colours it holds most), hands in with
the -1 token, and refills only energy, only when low and rounds remain.
"""

from __future__ import annotations

from typing import Any

from rulesets.base import Action
from rulesets.rng import Rng
from rulesets.smugglers.payment import _options


def choose(view: dict[str, Any], legal: list[Action], kind: str, seed: str) -> Action:
    if not legal:
        raise ValueError("this seat has no legal action now")
    if kind == "random":
        return Rng.from_seed(seed).choice(legal)
    if kind != "heuristic":
        raise ValueError(f"unknown bot kind {kind!r}; use 'random' or 'heuristic'")
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    if phase == "bidding":
        return _bid(view, legal)
    if phase == "payment":
        return _pay(view, legal)
    return _refill(view, legal)


def _points(view: dict[str, Any], me: dict[str, Any], card: dict[str, Any]) -> int:
    if view["options"]["stations"] and card["station"]:
        return sum(1 for p in card["planets"] if p in me["favourite_planets"])
    return len(card["planets"])


def _bid(view: dict[str, Any], legal: list[Action]) -> Action:
    seat = view["seat"]
    me = view["seats"][seat]
    stacked = view["options"]["stacked_dice"]
    rounds_after = view["rounds"] - view["round"]
    # Energy already promised to cards this seat currently tops.
    committed = 0
    mine = set()
    for t in view["table"]:
        if t["dice"]:
            top = max(v for _, v in t["dice"])
            if any(p == seat and v == top for p, v in t["dice"]):
                committed += 10 if stacked and top == 6 else top
                mine.add(t["index"])
    budget = me["energy"] - committed - 2 * rounds_after
    if rounds_after == 0:
        budget = me["energy"] - committed
    held = tuple(me["goods"].items())
    goods = sum(me["goods"].values())
    late = 1 if rounds_after <= 1 else -1
    # What each card is worth to this seat (None: it cannot pay for it, or it scores
    # nothing), asked once a card: the bids on it differ only by the die.
    worth: dict[int, tuple[int, int] | None] = {}
    best: tuple[float, Action] | None = None
    for a in legal:
        if a["type"] != "place" or a["card"] in mine:
            continue
        price = 10 if stacked and a["value"] == 6 else a["value"]
        if price > budget:
            continue
        index = a["card"]
        if index not in worth:
            card = view["table"][index]["card"]
            pts = _points(view, me, card) if _options(tuple(card["ships"]), held) else 0
            worth[index] = (pts, min(len(card["ships"]), goods)) if pts > 0 else None
        known = worth[index]
        if known is None:
            continue
        pts, dumped = known
        # Value the card, then the die: beat a tie when possible, spend more late in the game.
        score = pts + 0.3 * dumped + 0.05 * price * late
        if best is None or score > best[0]:
            best = (score, a)
    if best is not None:
        return best[1]
    takes = [a for a in legal if a["type"] == "take_token"]
    if me["status"] == "taking" and len(me["tokens"]) >= 2:
        return {"type": "done"}
    if takes:
        return max(takes, key=lambda a: a["value"])
    return legal[0]


def _pay(view: dict[str, Any], legal: list[Action]) -> Action:
    me = view["seats"][view["seat"]]
    if legal[0]["type"] == "pay_energy":
        return max(legal, key=lambda a: _points(view, me, view["table"][a["card"]]["card"]))

    held = list(me["goods"].items())

    def key(a: Action) -> tuple[int, int]:
        """The most goods paid, then what is left spread the most evenly."""
        paid = a["goods"]
        return (sum(paid.values()), -sum((n - paid.get(c, 0)) ** 2 for c, n in held))

    return max(legal, key=key)


def _refill(view: dict[str, Any], legal: list[Action]) -> Action:
    me = view["seats"][view["seat"]]
    rounds_after = view["rounds"] - view["round"]
    gives = [a for a in legal if a["type"] in ("give_good", "give_energy")]
    if gives:
        goods = [a for a in gives if a["type"] == "give_good"]
        if goods:
            return max(goods, key=lambda a: me["goods"][a["colour"]])
        return gives[0]
    if rounds_after >= 2 and me["energy"] < 5:
        energy = [a for a in legal if a["type"] == "take_energy"
                  and a["amount"] <= 5 - me["energy"]]
        if energy:
            return max(energy, key=lambda a: a["amount"])
    if rounds_after >= 2 and sum(me["goods"].values()) < 2:
        goods = [a for a in legal if a["type"] == "take_goods" and sum(a["goods"].values()) == 1]
        if goods:
            return goods[0]
    return {"type": "decline"}


__all__ = ["choose"]
