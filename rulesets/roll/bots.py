"""Bots: "random" (uniform over legal actions) and "heuristic" (greedy rules of thumb).

Both decide only from what the seat may see and ``legal_actions`` (and the public tile
data): the heuristic reads the stage and, where it weighs its options,
``view.bot_view(state, seat)``, the part of ``view(state, seat)`` it uses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulesets.base import Action
from rulesets.rng import Rng
from rulesets.roll import engine, view
from rulesets.roll.data import CARDS, TRADE_VALUE, side_key
from rulesets.roll.state import Game

View = dict[str, Any]


def bot_action(state: Game, seat: int, kind: str, seed: str) -> Action:
    legal = engine.shared_legal(state, seat)       # (only read: the pick is copied)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
    if kind == "random":
        return Rng.from_seed(seed).choice(legal).copy()
    if kind != "heuristic":
        raise ValueError(f"unknown bot kind {kind!r}")
    # (the heuristic draws nothing: its seed is not hashed, which cost as much as a
    # cheap choice in a search's playouts)
    return _heuristic(state.stage, lambda: view.bot_view(state, seat), seat, legal).copy()


# The worlds that hold goods (a colour, not grey): looked up once, where the heuristic asks
# of every tableau tile at nearly every step of a search's playouts.
_HOLDS_GOODS = frozenset(k for k, card in CARDS.items()
                         if card.kind == "world" and card.colour not in (None, "grey"))


def _phase_values(me: dict[str, Any], counts: dict[str, int]) -> dict[str, float]:
    """How much each phase would achieve with ``counts`` workers (+1 for the selector)."""
    held = me["goods"]
    goods = sum(map(len, held.values()))
    empty = sum(1 for k in me["tableau"] if k in _HOLDS_GOODS and k not in held)
    out: dict[str, float] = {}
    out["ship"] = 3.0 * min(goods, counts["ship"] + 1)
    out["produce"] = 1.8 * min(empty, counts["produce"] + 1)
    for ph, top, zone in (("develop", "dev_top", "dev_workers"), ("settle", "world_top", "world_workers")):
        if me[top] is None:
            out[ph] = 0.0
            continue
        have = counts[ph] + 1 + len(me[zone])
        cost = max(1, CARDS[me[top]].cost)
        out[ph] = cost + 1.5 if have >= cost else 0.4 * have
    zone_tiles = me["dev_count"] + me["world_count"]
    out["explore"] = 2.5 if zone_tiles <= 1 or me["credits"] <= 1 else 0.8
    return out


def _tile_value(tile: int, side: str) -> float:
    card = CARDS[side_key(tile, side)]
    if side == "dev":
        return 6.0 if card.cost == 6 else 4.0 - 0.6 * card.cost
    return (2.0 if card.colour != "grey" else 1.0) + 3.0 - 0.6 * card.cost


def _heuristic(stage: str, seen: Callable[[], View], seat: int,  # noqa: C901
               legal: list[Action]) -> Action:
    """The heuristic's pick in ``stage`` (the view's) among ``legal``; ``seen()`` is the
    seat's view, asked only by the choices that weigh the seat's empire: about half of a
    search's playout steps (commit, pick a die, recall, place a tile) need none of it,
    and building it was a tenth of a step."""
    kinds = {a["type"] for a in legal}
    if stage == "assign":
        if "done" in kinds:
            # Commit: the heuristic uses neither Dictate nor a power. (The list offering
            # "done" offers no placement, selection nor power move: nothing to weigh, at
            # about one step in seven of a search's playouts.)
            return {"type": "done"}
        me = seen()["players"][seat]
        a = me["assign"]
        counts = dict.fromkeys(("explore", "develop", "settle", "produce", "ship"), 0)
        for _c, _f, col in a["dice"]:
            if col in counts:
                counts[col] += 1
        values = _phase_values(me, counts)
        if "place" in kinds:
            best = max(values, key=lambda ph: values[ph])
            return next(x for x in legal if x["phase"] == best)
        if "select" in kinds:
            best = max(values, key=lambda ph: values[ph])
            same = [x for x in legal if x["phase"] == best and x["from"] == best]
            if same:
                return same[0]
            busiest = max((x for x in legal if x["phase"] == best), key=lambda x: counts.get(x["from"], 0))
            return busiest
        if "stop" in kinds:
            return {"type": "stop"}
        if "reassign" in kinds:
            # A power that must move a worker (its minimum not yet reached) offers only
            # moves: the one from the least useful column to the most useful.
            moves = [x for x in legal if x["type"] == "reassign"]
            return max(moves, key=lambda x: values.get(x["to"], 0.0) - values.get(x["from"], 0.0))
        return legal[0]
    if "setup" in kinds:
        return max(legal, key=lambda x: _tile_value(x["dev"], "dev"))
    if "draw" in kinds:
        return {"type": "draw"}
    if "place" in kinds:
        return max(legal, key=lambda x: (_tile_value(x["tile"], x["as"]) - (0.5 if x.get("top") else 0)))
    if kinds & {"stock", "scout"}:
        me = seen()["players"][seat]
        zone = me["dev_count"] + me["world_count"]
        want = "stock" if me["credits"] <= 3 or zone >= 3 else "scout"
        opts = [x for x in legal if x["type"] == want] or legal
        return opts[0]
    if "produce" in kinds:
        return max(legal, key=lambda x: (TRADE_VALUE[_colour(x["world"])],
                                          x["colour"] == _colour(x["world"])))
    if kinds & {"trade", "consume"}:
        v = seen()
        poor = v["players"][seat]["credits"] < 4 and v["vp_pool"] > 4
        def ship_score(x: Action) -> float:
            wc = _colour(x["world"])
            if x["type"] == "trade":
                return TRADE_VALUE[wc] * (1.0 if poor else 0.3) + (0.1 if x.get("bank") else 0)
            vp = 1 + (x["good"] in (wc, "purple")) + (x["colour"] in (wc, "purple"))
            return 2.0 * vp
        return max(legal, key=ship_score)
    if "lose" in kinds:
        for where in ("cit", "cup"):
            for x in legal:
                if x["where"] == where and x["colour"] == "white":
                    return x
        return legal[0]
    if "recall" in kinds:
        return {"type": "done"}
    if "citizenry" in kinds:
        # send the plain dice to the Citizenry; specialised ones stay for the next tile
        return next((x for x in legal if x["colour"] == "white"), legal[0])
    if "pick" in kinds:
        coloured = [x for x in legal if x["type"] == "pick" and x["colour"] != "white"]
        return coloured[0] if coloured else legal[0]
    return legal[0]


def _colour(world: str) -> str:
    """A world's colour (every world that holds goods has one)."""
    colour = CARDS[world].colour
    assert colour is not None, world
    return colour
