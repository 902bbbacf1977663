"""The task queue behind every pending decision (A3.3-A3.4).

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

from typing import Any

from rulesets.base import Event
from rulesets.roll.data import CARDS
from rulesets.roll.empire import (
    gain_credits,
    take_from_supply,
)
from rulesets.roll.state import Game

Task = dict[str, Any]




def finish(state: Game, task: Task) -> None:
    q = state.queue
    for i, t in enumerate(q):
        if t is task:
            del q[i]
            return


def before(state: Game, task: Task, sub: Task) -> None:
    q = state.queue
    for i, t in enumerate(q):
        if t is task:
            q.insert(i, sub)
            return
    q.insert(0, sub)


def private(seat: int, event: Event, others: Event | None) -> Event:
    event = dict(event)
    event["_only"] = seat
    event["_others"] = others
    return event


# ---- effects of worlds and immediate developments ---------------------------

def apply_gains(state: Game, seat: int, key: str, eff: dict[str, Any], events: list[Event]) -> None:
    """Credits, dice to Citizenry/cup, and a good of the world's colour."""
    p = state.players[seat]
    got = gain_credits(p, eff.get("credits", 0)) if eff.get("credits") else 0
    gained: list[str] = []
    for c in eff.get("citizenry", []):
        if take_from_supply(state, c):
            p.cit[c] += 1
            gained.append(c)
    for c in eff.get("cup", []):
        if take_from_supply(state, c):
            p.cup[c] += 1
            gained.append(c)
    colour = CARDS[key].colour
    if eff.get("good") and colour and take_from_supply(state, colour):
        p.goods.setdefault(key, []).append(colour)
        gained.append(colour)
    events.append({"type": "gain", "seat": seat, "card": key, "credits": got, "dice": gained})


def trigger_effect(state: Game, task: Task, seat: int, key: str, events: list[Event]) -> None:
    eff = CARDS[key].effect
    if not eff:
        return
    if eff.get("lose"):
        before(state, task, {"kind": "lose", "seat": seat, "card": key})
    else:
        apply_gains(state, seat, key, eff, events)


