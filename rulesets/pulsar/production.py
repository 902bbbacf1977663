"""Production phase in its seven steps (A2.3 "Production phase")."""

from __future__ import annotations

from rulesets.base import Event
from rulesets.pulsar.common import (
    ROUNDS,
    TRACKS,
    gain_vp,
    median_value,
    my_techs,
    scoring_value,
    time_row,
)
from rulesets.pulsar.dice import roll, seats_on
from rulesets.pulsar.scoring import start_final
from rulesets.pulsar.state import Game


def row_bonus(state: Game) -> int:
    """Gyrodyne bonus of the time marker's row; the median symbol reads the median marker."""
    bonus = time_row(state)["bonus"]
    return median_value(state.dice["median"]) if bonus == "median" else int(bonus)


def spinning_vp(state: Game, seat: int, bonus: int) -> int:
    """What ``seat``'s spinning gyrodynes pay in a production phase (step 5): each its
    printed value plus the time row's ``bonus``."""
    gy = state.comp["gyrodynes"]
    return sum(int(gy[g["size"]]["vp"]) + bonus
               for g in state.players[seat].pulsars.values() if g and g["spinning"])


def engineering_gains(seats: int) -> list[tuple[str, int]]:
    """Step 2's gains in engineering order: two players 2 cubes, 1 cube, 1 VP (A2.5);
    otherwise 3 and 2 cubes."""
    return [("cubes", 2), ("cubes", 1), ("vp", 1)] if seats == 2 else [("cubes", 3), ("cubes", 2)]


def track_penalties(state: Game) -> list[tuple[str, int, int]]:
    """Step 3's penalties as the tracks stand, one per marker on a penalty space (every
    marker counts): its track, its seat and the (negative) VP."""
    out: list[tuple[str, int, int]] = []
    for name in TRACKS:
        pen = state.comp["dice_board"]["tracks"][name]["penalties"]
        for pos, vp in pen.items():
            out.extend((name, m // 2, vp) for m in state.tracks[name][int(pos)])
    return out


def production(state: Game, events: list[Event]) -> None:
    """The production phase (A2.3), step by step; after the last round, the final
    scoring instead of a new round."""
    events.append({"type": "phase", "phase": "production", "round": state.round})
    _turn_order(state, events)
    _engineering(state, events)
    for name, seat, vp in track_penalties(state):
        gain_vp(state, seat, vp, f"{name}_penalty", events)     # 3. every marker counts
    firsts: list[int] = []
    for s in state.order:
        if s not in firsts:
            firsts.append(s)
    for seat in firsts:
        _transmitters(state, seat, events)
    bonus = row_bonus(state)
    for seat in firsts:
        # 5. spinning gyrodynes: printed value plus the time row's bonus
        total = spinning_vp(state, seat, bonus)
        if total:
            gain_vp(state, seat, total, "gyrodynes", events)
    for seat in firsts:
        _green_techs(state, seat, events)
    if state.round >= ROUNDS:
        start_final(state, events)
        return
    _next_round(state, events)


def _turn_order(state: Game, events: list[Event]) -> None:
    """1. The new turn order from the initiative track (higher in a stack = further left)."""
    state.order = seats_on(state, "initiative")
    events.append({"type": "turn_order", "order": list(state.order)})


def _engineering(state: Game, events: list[Event]) -> None:
    """2. Engineer cubes (or VP) from the engineering track."""
    for seat, (what, k) in zip(seats_on(state, "engineering"), engineering_gains(state.seats),
                               strict=False):
        if what == "cubes":
            state.players[seat].cubes += k
            events.append({"type": "cubes", "seat": seat, "delta": k, "why": "engineering"})
        else:
            gain_vp(state, seat, k, "engineering", events)


def _transmitters(state: Game, seat: int, events: list[Event]) -> None:
    """4. Activated transmitters: collect VP and cubes first, then spend a cube for VP.
    Reading: "spend a cube for VP" is taken automatically when a cube is available."""
    p = state.players[seat]
    c = state.c
    buys = []
    for tid, t in sorted(p.transmitters.items()):
        if not t["active"]:
            continue
        for eff in c.transmitters[tid]["production"]:
            if "vp" in eff:
                gain_vp(state, seat, eff["vp"], "transmitter", events)
            elif "cubes" in eff:
                p.cubes += eff["cubes"]
                events.append({"type": "cubes", "seat": seat, "delta": eff["cubes"],
                               "why": "transmitter"})
            else:
                buys.append(eff["cube_for_vp"])
    for vp in sorted(buys, reverse=True):
        if p.cubes >= 1:
            p.cubes -= 1
            events.append({"type": "cubes", "seat": seat, "delta": -1, "why": "transmitter"})
            gain_vp(state, seat, vp, "transmitter", events)


def _green_techs(state: Game, seat: int, events: list[Event]) -> None:
    """6. Green technologies score every round."""
    for t in my_techs(state, seat):
        if t.get("color") == "green" and "per_round" in t:
            gain_vp(state, seat, scoring_value(state, seat, t["per_round"]), t["id"], events)


def _next_round(state: Game, events: list[Event]) -> None:
    """7. The next round: new transmitters on display, the time marker one row outward,
    the dice rolled."""
    tx = state.tx
    for i, shown in enumerate(tx["display"]):
        if shown is not None:
            tx["discard"].append(shown)
        tx["display"][i] = tx["stack"].pop() if tx["stack"] else None
    events.append({"type": "tx_display", "display": list(tx["display"])})
    state.time += 1
    state.round += 1
    roll(state, events)
