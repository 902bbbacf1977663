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

# The first action of a list whose choice reads the table (the sectors and their dice):
# placing a die (``bidding.legal`` lists the dice before the tokens) and paying energy
# for a won sector. Taking a token, paying goods and refilling weigh the seat's own
# supply alone, at some three fifths of a search's playout steps: their view is built
# without the table (``view.bot_view``).
TABLE_CHOICES = ("place", "pay_energy")


def reads_table(legal: list[Action]) -> bool:
    """Whether the heuristic's choice among ``legal`` reads the view's table."""
    return legal[0]["type"] in TABLE_CHOICES


def choose(view: dict[str, Any], legal: list[Action], kind: str, seed: str) -> Action:
    if not legal:
        raise ValueError("this seat has no legal action now")
    if kind == "random":
        return legal[Rng.from_seed(seed).below(len(legal))]     # (``choice``, one call less)
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


def _topped(view: dict[str, Any], seat: int, stacked: bool) -> tuple[int, set[int]]:
    """The energy already promised to the cards ``seat`` currently tops, and those cards.
    (Loops, not generators: a search's playouts ask this at nearly every step, and a
    sector holds a few dice.)"""
    committed = 0
    mine = set()
    for t in view["table"]:
        dice = t["dice"]
        if dice:
            top = 0
            for _, v in dice:
                if v > top:
                    top = v
            if [seat, top] in dice:
                committed += 10 if stacked and top == 6 else top
                mine.add(t["index"])
    return committed, mine


def _bid(view: dict[str, Any], legal: list[Action]) -> Action:
    me = view["seats"][view["seat"]]
    if reads_table(legal):                 # a die to place (the list puts the dice first)
        best = _place(view, me, legal)
        if best is not None:
            return best
    takes = [a for a in legal if a["type"] == "take_token"]
    if me["status"] == "taking" and len(me["tokens"]) >= 2:
        return {"type": "done"}
    if takes:
        return max(takes, key=lambda a: a["value"])
    return legal[0]


def _place(view: dict[str, Any], me: dict[str, Any], legal: list[Action]) -> Action | None:
    """The die to place, or None when no sector is worth one."""
    seat = view["seat"]
    stacked = view["options"]["stacked_dice"]
    rounds_after = view["rounds"] - view["round"]
    committed, mine = _topped(view, seat, stacked)
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
        if a["type"] != "place":
            continue
        index = a["card"]
        if index in mine:
            continue
        value = a["value"]
        price = 10 if stacked and value == 6 else value
        if price > budget:
            continue
        if index in worth:
            known = worth[index]
        else:
            card = view["table"][index]["card"]
            pts = _points(view, me, card) if _options(tuple(card["ships"]), held) else 0
            known = worth[index] = (pts, min(len(card["ships"]), goods)) if pts > 0 else None
        if known is None:
            continue
        pts, dumped = known
        # Value the card, then the die: beat a tie when possible, spend more late in the game.
        score = pts + 0.3 * dumped + 0.05 * price * late
        if best is None or score > best[0]:
            best = (score, a)
    return None if best is None else best[1]


def _pay(view: dict[str, Any], legal: list[Action]) -> Action:
    me = view["seats"][view["seat"]]
    if legal[0]["type"] == "pay_energy":
        return max(legal, key=lambda a: _points(view, me, view["table"][a["card"]]["card"]))

    held = list(me["goods"].items())

    def key(a: Action) -> tuple[int, int]:
        """The most goods paid, then what is left spread the most evenly (the sum of the
        squares of what is left: a loop, asked for every payment at a playout's step)."""
        paid = a["goods"]
        squares = 0
        for c, n in held:
            left = n - paid.get(c, 0)
            squares += left * left
        return (sum(paid.values()), -squares)

    return max(legal, key=key)


def _refill(view: dict[str, Any], legal: list[Action]) -> Action:
    me = view["seats"][view["seat"]]
    rounds_after = view["rounds"] - view["round"]
    energy_wanted = 5 - me["energy"] if rounds_after >= 2 else 0
    goods_wanted = rounds_after >= 2 and sum(me["goods"].values()) < 2
    # One walk of the list (a search's playouts refill at many steps, from lists of
    # some thirty takes): the gives, the energy takes that fill up to 5, the first take
    # of a single good.
    gives: list[Action] = []
    energy: list[Action] = []
    one_good: Action | None = None
    for a in legal:
        t = a["type"]
        if t == "give_good" or t == "give_energy":
            gives.append(a)
        elif t == "take_energy":
            if a["amount"] <= energy_wanted:
                energy.append(a)
        elif t == "take_goods":
            # The takes of goods come last (``refill.legal``): past the first one only
            # a single good is still looked for.
            if not goods_wanted or one_good is not None:
                break
            if sum(a["goods"].values()) == 1:
                one_good = a
    if gives:
        goods = [a for a in gives if a["type"] == "give_good"]
        if goods:
            return max(goods, key=lambda a: me["goods"][a["colour"]])
        return gives[0]
    if energy:
        return max(energy, key=lambda a: a["amount"])
    if one_good is not None:
        return one_good
    return {"type": "decline"}


__all__ = ["choose"]
