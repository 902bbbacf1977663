"""End scoring and tie-breaks (A1.4, A1.6).

Readings where the rulebook is silent (see README):
* favourite-ship majority = strictly the most ships of that colour on paid cards
  among all players, at least one ship; a tie for the most gives nobody the bonus;
  cruisers are not a colour and never count;
* the bonus is 3 + 1 per *other* player whose board also favours the colour (TV-U5);
* tie-break "fewer leftover goods" counts every leftover good, exempt or not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulesets.base import Outcome
from rulesets.smugglers.state import Game


def favourites(state: Game, seat: int, key: str) -> list[str]:
    board = state.components["characters"][state.seats[seat].character]
    value: list[str] = board.get(key, [])
    return value


def card_points(state: Game, seat: int, card: dict[str, Any]) -> int:
    """A1.3 value = planets; A1.6.1 a station card scores favourite-colour planets only."""
    if state.options["stations"] and card["station"]:
        fav = favourites(state, seat, "favourite_planets")
        return sum(1 for p in card["planets"] if p in fav)
    return len(card["planets"])


def ship_bonus(state: Game) -> list[int]:
    """A1.6.2: +3 per favourite colour in which the seat holds the ship majority,
    +1 more per other player who favours the same colour."""
    cards = state.components["cards"]
    n = len(state.seats)
    bonus = [0] * n
    favs = [favourites(state, s, "favourite_ships") for s in range(n)]
    for colour in state.components["goods_colours"]:
        counts = [sum(cards[cid]["ships"].count(colour) for cid in state.seats[s].paid)
                  for s in range(n)]
        top = max(counts)
        holders = [s for s in range(n) if counts[s] == top]
        if top == 0 or len(holders) != 1 or colour not in favs[holders[0]]:
            continue
        fans = sum(1 for s in range(n) if colour in favs[s])
        bonus[holders[0]] += 3 + (fans - 1)
    return bonus


def breakdown(state: Game) -> list[dict[str, int]]:
    cards = state.components["cards"]
    opts = state.options
    bonus = ship_bonus(state) if opts["favourite_ships"] else [0] * len(state.seats)
    out = []
    for seat, s in enumerate(state.seats):
        goods_left = sum(s.goods.values())
        exempt = 0
        if opts["favourite_goods"]:   # A1.6.3: one leftover good per favourite-ship colour
            exempt = sum(1 for c in favourites(state, seat, "favourite_ships")
                         if s.goods.get(c, 0) > 0)
        planets = sum(card_points(state, seat, cards[cid]) for cid in s.paid)
        unpaid = sum(len(cards[cid]["planets"]) for cid in s.unpaid)  # all planets, any colour
        total = planets - unpaid - s.energy - (goods_left - exempt) + bonus[seat]
        out.append({"planets": planets, "unpaid": -unpaid, "energy": -s.energy,
                    "goods": -(goods_left - exempt), "ship_bonus": bonus[seat],
                    "total": total, "goods_left": goods_left, "energy_left": s.energy,
                    "paid_cards": len(s.paid)})
    return out


def outcome(state: Game) -> Outcome:
    rows = breakdown(state)
    scores = tuple(float(r["total"]) for r in rows)
    alive = [i for i, s in enumerate(state.seats) if not s.resigned]
    if state.result == "resigned":
        return Outcome(tuple(alive), "resigned", scores, (), {"breakdown": rows})
    best = max(rows[i]["total"] for i in alive)
    tied = [i for i in alive if rows[i]["total"] == best]
    trail: list[str] = []
    # A1.4 tie-breaks in order: fewer goods, fewer energy, more paid cards, then replay.
    keys: tuple[tuple[str, Callable[[int], int]], ...] = (
        ("fewer_leftover_goods", lambda i: rows[i]["goods_left"]),
        ("fewer_leftover_energy", lambda i: rows[i]["energy_left"]),
        ("more_paid_cards", lambda i: -rows[i]["paid_cards"]))
    for name, key in keys:
        if len(tied) == 1:
            break
        trail.append(name)
        low = min(key(i) for i in tied)
        tied = [i for i in tied if key(i) == low]
    if len(tied) > 1:
        trail.append("still_tied_replay")     # the rulebook says: play again
    return Outcome(tuple(tied), "most_points", scores, tuple(trail), {"breakdown": rows})
