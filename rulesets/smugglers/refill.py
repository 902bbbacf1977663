"""Phase 4: refilling from the common pool, highest speed token first (A1.3.5, A1.5).

Limit L = the seat's token (2p: the sum of its tokens). L > 0: take up to L energy
OR up to L goods (any colours), never a mix, or decline. L < 0 (the -1 token, or a
2p sum of -1): may hand 1 energy or 1 good to the pool. L = 0: nothing (skipped).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rulesets.base import Action, Event, IllegalAction
from rulesets.smugglers.bidding import strength
from rulesets.smugglers.components import TABLE, count_tree, goods_counts, is_int, within
from rulesets.smugglers.state import Game


def start(state: Game) -> None:
    state.phase = "refill"
    n = len(state.seats)
    # Descending token order; 3+ tokens are distinct and 2p sums are odd-total, so no ties.
    state.refill_order = sorted(range(n), key=lambda s: (-strength(state, s), s))


def _takes(limit: int, pool: tuple[tuple[str, int], ...]) -> tuple[
        tuple[tuple[str, int], ...], ...]:
    """Every way to take 1 to ``limit`` goods from ``pool``, in the order of the counts
    per colour, the first colour's slowest: the goods of ``_take_goods``."""
    return tuple(tuple(a["goods"].items()) for a in _take_goods(limit, pool))


# The refill's actions, shared as the bidding's are (``bidding.PLACE``): built once each.
DECLINE: Action = {"type": "decline"}
GIVE_ENERGY: Action = {"type": "give_energy"}


# TAKE_ENERGY[k - 1] takes k energy, for k up to more than any limit (every positive token
# of a table together).
TAKE_ENERGY: tuple[Action, ...] = tuple(
    {"type": "take_energy", "amount": k}
    for k in range(1, max(sum(v for v in t["tokens"] if v > 0) for t in TABLE.values()) + 1))


@lru_cache(maxsize=64)
def _give_good(colour: str) -> Action:
    return {"type": "give_good", "colour": colour}


@lru_cache(maxsize=64)
def _take_tree(limit: int, colours: tuple[str, ...]) -> Any:
    """Every take of 1 to ``limit`` goods of ``colours`` whatever the pool holds (A1.3.5),
    each action dict built once, in a ``components.count_tree``."""
    return count_tree([(counts, {"type": "take_goods",
                                 "goods": {c: g for c, g in zip(colours, counts, strict=True) if g}})
                       for counts in goods_counts(limit, len(colours)) if any(counts)])


@lru_cache(maxsize=4096)
def _take_goods(limit: int, pool: tuple[tuple[str, int], ...]) -> tuple[Action, ...]:
    """``take_goods`` for every way to take 1 to ``limit`` goods from ``pool``: the takes
    the pool can give. Remembered as asked (a refill may offer some thirty); a pool not met
    before walks the limit's takes, listed once, down to what it holds
    (``components.within``)."""
    return tuple(within(_take_tree(limit, tuple(c for c, _ in pool)), [n for _, n in pool]))


def has_choice(state: Game, seat: int) -> bool:
    """Whether ``seat``'s refill offers more than declining (what ``legal`` lists beyond
    it), asked without listing every way to take goods: a positive limit takes from a
    pool that holds anything, a negative one hands in from a supply that holds anything."""
    limit = strength(state, seat)
    if limit > 0:
        pool = state.pool
        return pool.energy > 0 or any(n > 0 for n in pool.goods.values())
    if limit < 0:
        s = state.seats[seat]
        return s.energy > 0 or any(n > 0 for n in s.goods.values())
    return False


def legal(state: Game, seat: int) -> list[Action]:
    """The seat's refill actions, shared (see ``DECLINE``): not to be changed."""
    if state.phase != "refill" or not state.refill_order \
            or state.refill_order[0] != seat:
        return []
    limit = strength(state, seat)
    s = state.seats[seat]
    out: list[Action] = [DECLINE]
    pool = state.pool
    if limit > 0:
        out += TAKE_ENERGY[:min(limit, pool.energy)]
        out += _take_goods(limit, tuple(pool.goods.items()))
    elif limit < 0:
        if s.energy > 0:
            out.append(GIVE_ENERGY)
        out += [_give_good(c) for c, n in s.goods.items() if n > 0]
    return out


def apply(state: Game, seat: int, action: Action, events: list[Event]) -> None:  # noqa: C901
    kind = action.get("type")
    limit = strength(state, seat)
    s = state.seats[seat]
    pool = state.pool
    if kind == "decline":
        events.append({"type": "refill_declined", "seat": seat})
    elif kind == "take_energy":
        amount = action.get("amount")
        if limit <= 0:
            raise IllegalAction("no_refill", "your speed token allows no refill", rule="A1.3.5")
        if not is_int(amount) or not 1 <= amount <= limit:
            raise IllegalAction("over_refill_limit", f"take 1 to {limit} energy", rule="A1.3.5",
                                details={"limit": limit})
        if amount > pool.energy:
            raise IllegalAction("pool_short", "the pool holds less energy", rule="A1.3.5",
                                details={"pool": pool.energy})
        pool.energy -= amount
        s.energy += amount
        events.append({"type": "refill_energy", "seat": seat, "amount": amount})
    elif kind == "take_goods":
        if limit <= 0:
            raise IllegalAction("no_refill", "your speed token allows no refill", rule="A1.3.5")
        goods = action.get("goods")
        if not isinstance(goods, dict) or not all(
                c in pool.goods and is_int(n) and n > 0 for c, n in goods.items()):
            raise IllegalAction("bad_goods", "goods must be an object colour -> positive count")
        total = sum(goods.values())
        if not 1 <= total <= limit:
            raise IllegalAction("over_refill_limit", f"take 1 to {limit} goods", rule="A1.3.5",
                                details={"limit": limit})
        if any(n > pool.goods[c] for c, n in goods.items()):
            raise IllegalAction("pool_short", "the pool holds fewer of those goods",
                                rule="A1.3.5")
        for c, n in goods.items():
            pool.goods[c] -= n
            s.goods[c] += n
        events.append({"type": "refill_goods", "seat": seat, "goods": goods})
    elif kind in ("give_energy", "give_good"):
        if limit >= 0:
            raise IllegalAction("not_minus_token", "only the -1 token hands something back",
                                rule="A1.3.5")
        if kind == "give_energy":
            if s.energy <= 0:
                raise IllegalAction("insufficient_energy", "you have no energy", rule="A1.3.5")
            s.energy -= 1
            pool.energy += 1
            events.append({"type": "handed_in", "seat": seat, "energy": 1})
        else:
            colour = action.get("colour")
            if not isinstance(colour, str) or s.goods.get(colour, 0) <= 0:
                raise IllegalAction("insufficient_goods", "you hold no good of that colour",
                                    rule="A1.3.5")
            s.goods[colour] -= 1
            pool.goods[colour] += 1
            events.append({"type": "handed_in", "seat": seat, "goods": {colour: 1}})
    else:
        raise IllegalAction("wrong_phase_action", f"'{kind}' is not a refill action")
    state.refill_order.pop(0)
