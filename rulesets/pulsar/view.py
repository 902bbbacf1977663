"""What a seat (or a spectator) may see: the only door out for hidden information.

Hidden: the generator state, face-down system tiles (on the board and the one in the box),
the order and content of the exploration and transmitter stacks. Everything else in Pulsar
2849 is open, so every seat gets the same view.
"""

from __future__ import annotations

import copy
from typing import Any

from rulesets.base import State
from rulesets.pulsar.common import comp

PUBLIC_KEYS = ("game", "seats", "config", "round", "phase", "time", "order", "tracks", "dice",
               "gyro_supply", "awards", "tech_boards", "techs", "goals", "owner", "pending",
               "flight", "result")


def view(state: State, seat: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {k: copy.deepcopy(state.get(k)) for k in PUBLIC_KEYS}
    out["seat"] = seat
    out["components"] = state["comp"]  # printed, public data (shared, do not mutate)
    out["players"] = copy.deepcopy(state["players"])
    out["systems"] = {
        n: ({"revealed": True, "tile": s["tile"], "planets": list(s["planets"])}
            if s["revealed"] else {"revealed": False})
        for n, s in state["systems"].items()
    }
    out["box"] = {"count": len(state["box"])}
    out["explore"] = {"stack": len(state["explore"]["stack"]),
                      "discard": list(state["explore"]["discard"])}
    letters: dict[str, int] = {}
    c = comp(state)
    for tid in state["tx"]["stack"]:
        letter = c.transmitters[tid]["letter"]
        letters[letter] = letters.get(letter, 0) + 1
    out["tx"] = {"stack": len(state["tx"]["stack"]), "stack_letters": letters,
                 "display": list(state["tx"]["display"]), "discard": list(state["tx"]["discard"])}
    if state["phase"] == "setup":
        out["setup_queue"] = copy.deepcopy(state["setup_queue"])
    if state["phase"] == "draft":
        out["draft"] = copy.deepcopy(state["draft"])
    if state["phase"] == "actions":
        out["turns"] = copy.deepcopy(state["turns"])
    if state.get("final") is not None:
        out["final"] = copy.deepcopy(state["final"])
    return out


def event_view(event: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    """Events only carry information that is public when it happens."""
    return dict(event)
