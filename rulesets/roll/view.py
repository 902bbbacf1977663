"""What each seat may see (``view``) and per-seat event filtering (``event_view``).

Hidden (A3.3, rulebook "Etikett"): a seat's roll and assignment until
everyone has committed; construction-stack tiles below the top (owner only);
tiles a scout is holding (owner only); Explore discards and the bag (counts
only); the PRNG state. The colours of the dice a seat rolled are public (its cup
was public before the roll).
"""

from __future__ import annotations

import copy
from typing import Any

from rulesets.base import Event
from rulesets.roll.data import COLOURS, side_key
from rulesets.roll.empire import squares
from rulesets.roll.state import Game, Player


def _rolled(p: Player) -> dict[str, int]:
    out = dict.fromkeys(COLOURS, 0)
    a = p.assign
    if a is None:
        return out
    for d in a.dice:
        out[d[0]] += 1
    if a.sel is not None:
        out[a.sel[0]] += 1
    for d in a.dictate:
        out[d[0]] += 1
    return out


def _stacks(p: Player) -> dict[str, Any]:
    """A seat's construction stacks as everyone sees them: the top tiles and the counts."""
    return {
        "dev_top": side_key(p.dev_stack[0], "dev") if p.dev_stack else None,
        "dev_count": len(p.dev_stack),
        "world_top": side_key(p.world_stack[0], "world") if p.world_stack else None,
        "world_count": len(p.world_stack),
    }


def _goods(p: Player) -> dict[str, list[Any]]:
    """The goods on a seat's worlds, by world in name order (copies)."""
    return {k: list(v) for k, v in sorted(p.goods.items())}


def _player(p: Player, me: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "faction": p.faction, "home": p.home, "tableau": list(p.tableau),
        "squares": squares(p), "credits": p.credits, "vp": p.vp,
        "cup": dict(p.cup), "citizenry": dict(p.cit), "rolled": _rolled(p),
        **_stacks(p),
        "dev_workers": list(p.dev_workers), "world_workers": list(p.world_workers),
        "goods": _goods(p),
        "committed": p.committed, "selector": p.selector,
        "columns": {k: list(v) for k, v in p.cols.items()},
    }
    if me:
        out["dev_stack"] = list(p.dev_stack)
        out["world_stack"] = list(p.world_stack)
        out["assign"] = None if p.assign is None else p.assign.to_json()
    return out


def _task(t: dict[str, Any], seat: int | None) -> dict[str, Any]:
    if t.get("seat") == seat:
        return copy.deepcopy(t)
    # a tile finished in Explore and the workers chosen for the Citizenry are on the table
    return {k: copy.deepcopy(t[k]) for k in ("kind", "seat", "phase", "purpose", "card", "cost", "chosen")
            if k in t and (k in ("kind", "seat", "phase", "purpose") or t["kind"] == "citizenry")}


def view(state: Game, seat: int | None) -> dict[str, Any]:
    q = state.queue
    return {
        "game": "roll", "round": state.round, "stage": state.stage, "you": seat,
        "players": [_player(p, i == seat) for i, p in enumerate(state.players)],
        "order": list(state.order), "selected": list(state.selected),
        "extra_die": state.extra_die, "extra_phase": state.extra_phase,
        "vp_pool": state.vp_pool, "vp_tens": state.vp_tens, "pool_empty": state.pool_empty,
        "bag_count": len(state.bag), "discard_count": len(state.discards),
        "supply": dict(state.supply),
        "task": _task(q[0], seat) if q and state.stage not in ("assign", "over") else None,
        "outcome": copy.deepcopy(state.outcome),
    }


# The keys of a seat's own entry the heuristic bot reads (``bots.py``).
BOT_PLAYER_KEYS = ("tableau", "credits", "dev_top", "dev_count", "world_top", "world_count",
                   "dev_workers", "world_workers", "goods", "assign")


def bot_view(state: Game, seat: int) -> dict[str, Any]:
    """The part of ``view(state, seat)`` the heuristic bot reads, built alone: the stage,
    the VP pool and of the seat's own entry the keys in ``BOT_PLAYER_KEYS`` (the other
    seats' entries are empty). Its values are the view's, so it shows nothing the view
    hides; the seat's lists are the state's own, shared, not copied (the heuristic only
    reads them), and its goods and assignment equal the view's cut down (``cut``), in
    the state's order and the dice alone. A search's playouts ask it at every step, and
    the whole view, every seat's squares, columns and cup included, was about half of a
    Roll search's time.
    ``tests/roll/test_bot_view.py`` checks it against ``view`` at every decision of
    seeded games."""
    p = state.players[seat]
    # The goods in the state's own order (the view's sorts them, and the heuristic neither
    # walks them in order nor can tell: equal dicts), and of the assignment the dice alone,
    # the one entry the heuristic reads: neither is copied at every step of a playout.
    own: dict[str, Any] = {
        "tableau": p.tableau, "credits": p.credits, **_stacks(p),
        "dev_workers": p.dev_workers, "world_workers": p.world_workers,
        "goods": p.goods,
        "assign": None if p.assign is None else {"dice": p.assign.dice},
    }
    return {"stage": state.stage, "vp_pool": state.vp_pool,
            "players": [own if i == seat else {} for i in range(len(state.players))]}


def event_view(event: Event, seat: int | None) -> Event | None:
    if "_only" not in event:
        return event
    if seat == event["_only"]:
        return {k: v for k, v in event.items() if k not in ("_only", "_others")}
    others = event["_others"]
    return dict(others) if others is not None else None
