"""Shared helpers for the Űrcsempészek tests: custom component sets and scenarios."""

from __future__ import annotations

from typing import Any

from rulesets.smugglers import RULESET
from rulesets.smugglers.components import standin
from rulesets.smugglers.state import Game

COLOURS = ["yellow", "blue", "green", "red"]


def components(cards: list[dict[str, Any]] | None = None,
               characters: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A test set: the given cards first, padded to 36 with stand-in cards; given boards
    first, padded to 6 with stand-in boards (colours kept distinct)."""
    data = standin()
    data["name"] = "test-set"
    cards = [dict(c, station=c.get("station", False)) for c in cards or []]
    data["cards"] = (cards + data["cards"])[:36]
    chars = characters or []
    used = {c["colour"] for c in chars}
    data["characters"] = (chars + [c for c in data["characters"] if c["colour"] not in used])[:6]
    return data


def new(players: int, seed: str = "t", cards: list[dict[str, Any]] | None = None,
        characters: list[dict[str, Any]] | None = None, **options: bool) -> Game:
    config = {"players": players, "options": options,
              "components": components(cards, characters)}
    return RULESET.new_game(config, seed)


def put_on_table(state: Game, ids: list[str]) -> None:
    """Rearrange the face-down cards so this round's revealed galaxy is ``ids`` (in order),
    swapping them with whatever was there: the card population is unchanged."""
    assert state.phase == "bidding" and not any(state.bids)
    assert len(ids) == len(state.table)
    places = [state.table, *state.galaxies, state.box]
    for pos, cid in enumerate(ids):
        for pile in places:
            if cid in pile:
                j = pile.index(cid)
                pile[j], state.table[pos] = state.table[pos], pile[j]
                break


def act(state: Game, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
    _, events = RULESET.apply(state, seat, action)
    return events


def place(state: Game, seat: int, card: int, value: int) -> None:
    act(state, seat, {"type": "place", "card": card, "value": value})


def token(state: Game, seat: int, value: int) -> None:
    act(state, seat, {"type": "take_token", "value": value})


def totals(state: Game) -> dict[str, Any]:
    """Goods per colour and energy over supplies and pool: constant all game."""
    seats = state.seats
    goods = {c: state.pool.goods[c] + sum(s.goods[c] for s in seats)
             for c in state.pool.goods}
    return {"goods": goods, "energy": state.pool.energy + sum(s.energy for s in seats)}


def check_conservation(state: Game, start: Game) -> None:
    """Goods, energy, cards, dice and tokens are all accounted for (A1.1)."""
    assert totals(state) == totals(start)
    seats = state.seats
    assert all(s.energy >= 0 and min(s.goods.values()) >= 0 for s in seats)
    assert state.pool.energy >= 0 and min(state.pool.goods.values()) >= 0
    piles = [c for g in state.galaxies for c in g] + state.box + state.discarded \
        + [c for s in seats for c in s.paid + s.unpaid]
    assert len(piles) == len(set(piles)), "a card sits in two piles"
    unresolved = [c for c in state.table if c not in set(piles)]
    assert sorted(piles + unresolved) == sorted(start.components["order"])
    if state.phase == "bidding":
        for i, s in enumerate(seats):
            placed = sum(1 for bids in state.bids for p, _ in bids if p == i)
            assert s.hand + placed == 2
    if state.phase != "over":
        held = [t for s in seats for t in s.tokens]
        assert sorted(held + state.tokens_center) == sorted(state.tokens_all)


def snapshot(state: Game) -> Game:
    return state.copy()
