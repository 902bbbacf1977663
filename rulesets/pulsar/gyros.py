"""Gyrodynes on pulsars and the construction awards (A2.3 "Develop pulsars")."""

from __future__ import annotations

from rulesets.base import Event
from rulesets.pulsar.common import gain_vp
from rulesets.pulsar.state import Game


def placed_of_size(state: Game, seat: int, size: str) -> int:
    return sum(1 for g in state.players[seat].pulsars.values() if g and g["size"] == size)


def build(state: Game, seat: int, size: str, pulsar: str, events: list[Event]) -> None:
    """Place a held gyrodyne on an own empty pulsar (free, never replaced), then awards."""
    p = state.players[seat]
    p.gyros[size] -= 1
    p.pulsars[pulsar] = {"size": size, "spinning": False}
    events.append({"type": "build", "seat": seat, "size": size, "pulsar": pulsar})
    check_awards(state, seat, size, events)


def check_awards(state: Game, seat: int, size: str, events: list[Event]) -> None:
    """First to 2 of a size takes the 7-VP award, second the 4-VP; reaching 4 before anyone
    else has 2 takes both."""
    p = state.players[seat]
    have = placed_of_size(state, seat, size)
    left = state.awards[size]
    held = [a[1] for a in p.awards if a[0] == size]
    comp_awards = state.comp["awards"]
    if have >= 2 and "first" in left:
        left.remove("first")
        p.awards.append([size, "first"])
        events.append({"type": "award", "seat": seat, "size": size, "which": "first"})
        gain_vp(state, seat, comp_awards["first"], "award", events)
        held.append("first")
    if "second" in left and ((have >= 2 and "first" not in held) or have >= 4):
        left.remove("second")
        p.awards.append([size, "second"])
        events.append({"type": "award", "seat": seat, "size": size, "which": "second"})
        gain_vp(state, seat, comp_awards["second"], "award", events)
