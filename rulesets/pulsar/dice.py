"""Dice phase: roll, median marker, snake draft with track movement and stacks (A2.3).

Positions on the dice board are counted in half-box units: the centre of box ``v`` is ``2v``
and the gap between boxes ``v`` and ``v+1`` is ``2v+1``. A die moves a marker by the number
of spaces between it and the median marker: 0 inside the marker's box, 1 for a neighbouring
half-step, so ``ceil(|2v - m| / 2)``. That matches the rulebook picture (marker between 3 and
4: a 2 moves 2 left, a 4 moves 1 right; a die in the marker's box moves nothing).
"""

from __future__ import annotations

from typing import Any

from rulesets.base import Action, Event
from rulesets.pulsar.common import TRACKS, markers_per_track, rng_draw
from rulesets.pulsar.state import Game


def median_half(dice: list[int]) -> int:
    """Median marker position: the middle die's box, nudged towards the fuller side."""
    ordered = sorted(dice)
    v = ordered[len(ordered) // 2]
    left = sum(1 for d in ordered if d < v)
    right = sum(1 for d in ordered if d > v)
    if left > right:
        return 2 * v - 1
    if right > left:
        return 2 * v + 1
    return 2 * v


def die_move(value: int, median: int) -> int:
    """Signed number of spaces a die moves a marker (negative = left)."""
    diff = 2 * value - median
    steps = (abs(diff) + 1) // 2
    return -steps if diff < 0 else steps


def silver_dice(state: Game) -> int:
    return 9 if state.seats == 4 else 7  # A2.2


def roll(state: Game, events: list[Event]) -> None:
    """The first player rolls the silver dice (A2.3 dice 1-2); balanced start in round 1."""
    n = silver_dice(state)
    fixed: list[int] = []
    if state.round == 1 and state.config.get("balanced_start"):
        fixed = [1, 2, 3, 4, 5, 6] if state.seats == 4 else [2, 3, 4, 5]
    dice = fixed + [rng_draw(state, "randint", 1, 6) for _ in range(n - len(fixed))]
    dice.sort()
    m = median_half(dice)
    state.dice = {"pool": dice, "median": m, "leftover": []}
    if state.seats == 2:
        picks = list(state.order)  # each rocket picks once, in rocket order (A2.5)
    else:
        picks = list(state.order) + list(reversed(state.order))  # snake (A2.3 dice 3)
    state.draft = {"picks": picks, "i": 0}
    state.phase = "draft"
    for p in state.players:
        p.dice = []
    events.append({"type": "roll", "round": state.round, "dice": dice, "median": m})


def marker_pos(state: Game, track: str, marker: int) -> int:
    for i, stack in enumerate(state.tracks[track]):
        if marker in stack:
            return i
    raise AssertionError("marker not on track")


def order_on(state: Game, track: str) -> list[int]:
    """Markers from furthest left; in a stack the higher one counts as further left."""
    out: list[int] = []
    for stack in state.tracks[track]:
        out.extend(reversed(stack))
    return out


def seats_on(state: Game, track: str) -> list[int]:
    """The seats of ``track``'s markers from furthest left (``order_on``; marker ``m`` is
    seat ``m // 2``'s)."""
    return [m // 2 for m in order_on(state, track)]


def _my_markers(state: Game, seat: int) -> list[tuple[str, int]]:
    return [(t, k) for t in TRACKS for k in range(markers_per_track(state))]


def legal_drafts(state: Game, seat: int) -> list[Action]:
    pool = state.dice["pool"]
    m = state.dice["median"]
    length = {t: len(state.tracks[t]) for t in TRACKS}
    normal: list[Action] = []
    forced: list[Action] = []
    for v in sorted(set(pool)):
        mv = die_move(v, m)
        if mv == 0:
            normal.append({"type": "draft", "die": v})
            continue
        for t, k in _my_markers(state, seat):
            pos = marker_pos(state, t, seat * 2 + k) + mv
            act = {"type": "draft", "die": v, "track": t, "marker": k}
            if 0 <= pos < length[t]:
                normal.append(act)
            else:
                forced.append(act)
    # a move off the track is only allowed when no die can be taken legally (A2.3 "Edges")
    return normal if normal else forced


def apply_draft(state: Game, seat: int, action: Action, events: list[Event]) -> None:
    v = action["die"]
    state.dice["pool"].remove(v)
    state.players[seat].dice.append({"v": v, "red": False})
    mv = die_move(v, state.dice["median"])
    ev: dict[str, Any] = {"type": "draft", "seat": seat, "die": v, "move": mv}
    if mv:
        t, k = action["track"], action["marker"]
        mid = seat * 2 + k
        spaces = state.tracks[t]
        pos = marker_pos(state, t, mid)
        spaces[pos].remove(mid)  # markers above stay where they are
        new = pos + mv
        if 0 <= new < len(spaces):
            spaces[new].append(mid)  # arrives on top of any stack
        elif new < 0:
            new = 0
            spaces[0].append(mid)  # forced leftward: to the end, on top
        else:
            new = len(spaces) - 1
            spaces[new].insert(0, mid)  # forced rightward: to the end, at the bottom
        ev.update({"track": t, "marker": k, "to": new})
    events.append(ev)
    state.draft["i"] += 1
    if state.draft["i"] >= len(state.draft["picks"]):
        state.dice["leftover"] = list(state.dice["pool"])
        state.dice["pool"] = []
        start_actions(state, events)


def drafter(state: Game) -> int:
    d = state.draft
    value: int = d["picks"][d["i"]]
    return value


def start_actions(state: Game, events: list[Event]) -> None:
    """Action phase: each player one turn, in rocket order (2 players: first rocket, A2.5)."""
    seq: list[int] = []
    for s in state.order:
        if s not in seq:
            seq.append(s)
    state.phase = "actions"
    state.turns = {"seq": seq, "i": 0}
    for p in state.players:
        p.bonus_taken = False
        p.doublers_used = []
    events.append({"type": "phase", "phase": "actions", "round": state.round})
