"""Small helpers shared by the Pulsar 2849 modules (counters, scores, rng, the reward queue)."""

from __future__ import annotations

from typing import Any

from rulesets.base import Event, IllegalAction
from rulesets.pulsar.components import SIZES
from rulesets.pulsar.state import Game
from rulesets.rng import Rng

ROUNDS = 8
TRACKS = ("initiative", "engineering")


def markers_per_track(state: Game) -> int:
    """2 players keep two markers on each track (A2.5), otherwise one."""
    return 2 if state.seats == 2 else 1


def rng_draw(state: Game, fn: str, *args: Any) -> Any:
    """Call one Rng method with the state's generator and store its new position."""
    r = Rng(state.rng)
    out = getattr(r, fn)(*args)
    state.rng = r.state
    return out


def gain_vp(state: Game, seat: int, n: int, why: str, events: list[Event]) -> None:
    p = state.players[seat]
    before = p.vp
    p.vp = max(0, before + n)  # a score never drops below 0 (A2.3 production 3)
    if p.vp != before:
        events.append({"type": "score", "seat": seat, "delta": p.vp - before, "why": why,
                       "vp": p.vp})


def median_value(half: int) -> int:
    """The median marker as a number; between two values use the higher (A2.3 production 5)."""
    return (half + 1) // 2


def time_row(state: Game) -> dict[str, Any]:
    """The technology row the time marker points at."""
    c = state.c
    t = state.time
    for bid in state.tech_boards:
        rows = c.tech_boards[bid]["rows"]
        if t < len(rows):
            value: dict[str, Any] = rows[t]
            return value
        t -= len(rows)
    raise AssertionError("time marker beyond the technology boards")


def tech_row_index(state: Game, tech_id: str) -> int:
    """Global row index (0 = innermost row of board I) of a technology in play, or -1."""
    c = state.c
    base = 0
    for bid in state.tech_boards:
        rows = c.tech_boards[bid]["rows"]
        for r, row in enumerate(rows):
            if any(t["id"] == tech_id for t in row["techs"]):
                return base + r
        base += len(rows)
    return -1


def techs_in_play(state: Game) -> list[tuple[int, dict[str, Any]]]:
    c = state.c
    out = []
    base = 0
    for bid in state.tech_boards:
        rows = c.tech_boards[bid]["rows"]
        for r, row in enumerate(rows):
            for t in row["techs"]:
                out.append((base + r, t))
        base += len(rows)
    return out


def my_techs(state: Game, seat: int) -> list[dict[str, Any]]:
    c = state.c
    return [c.tech[t] for t in state.players[seat].patents]


def counter(state: Game, seat: int, name: str) -> int:
    """The quantities goals and technologies count (components.COUNTERS)."""
    p = state.players[seat]
    if name == "pulsars":
        return len(p.pulsars)
    if name == "stations":
        return len(p.stations)
    if name == "patents":
        return len(p.patents)
    if name == "active_transmitters":
        return sum(1 for t in p.transmitters.values() if t["active"])
    if name == "spinning":
        return sum(1 for g in p.pulsars.values() if g and g["spinning"])
    if name == "gyros_placed":
        return sum(1 for g in p.pulsars.values() if g)
    if name == "awards":
        return len(p.awards)
    if name == "hq_done":
        return len(p.hq_done)
    if name == "races_used":
        return len(p.races_used)
    raise KeyError(name)


def spinning_by_size(state: Game, seat: int) -> dict[str, int]:
    out = dict.fromkeys(SIZES, 0)
    for g in state.players[seat].pulsars.values():
        if g and g["spinning"]:
            out[g["size"]] += 1
    return out


def illegal(code: str, message: str, rule: str | None = None, **details: Any) -> IllegalAction:
    return IllegalAction(code, message, rule=rule, details=details or None)


# The reward queue (run by ``effects.run_queue``): items are plain dicts in the state, so
# every module that queues a reward (flight, transmitters, actions) needs only these two.
def push(state: Game, items: list[dict[str, Any]], front: bool = True) -> None:
    state.queue = items + state.queue if front else state.queue + items


def effects_items(seat: int, effs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"k": "effect", "seat": seat, "eff": e} for e in effs]


def scoring_value(state: Game, seat: int, spec: dict[str, Any]) -> int:
    """A technology's VP spec (per round or at the end): fixed, or so many per counted thing."""
    if "vp" in spec:
        value: int = spec["vp"]
        return value
    value = spec["n"] * counter(state, seat, spec["vp_per"])
    return value
