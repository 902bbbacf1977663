"""What a seat (or a spectator) may see: the only door out for hidden information.

Hidden: the generator state, face-down system tiles (on the board and the one in the box),
the order and content of the exploration stack, and of the transmitter stack below its top
tile. The transmitter stack is built face up ("Minden csoportot képpel felfelé keverj össze",
setup A2.2), so its top tile is open, with the count. Everything else in Pulsar 2849 is open,
so every seat gets the same view.
"""

from __future__ import annotations

import json
from typing import Any

from rulesets.base import State
from rulesets.pulsar.common import comp

PUBLIC_KEYS = ("game", "seats", "config", "round", "phase", "time", "order", "tracks", "dice",
               "gyro_supply", "awards", "tech_boards", "techs", "goals", "owner", "pending",
               "flight", "result")


def view(state: State, seat: int | None) -> dict[str, Any]:
    public = {k: state.get(k) for k in PUBLIC_KEYS}
    public["players"] = state["players"]
    for k in ("setup_queue", "draft", "turns", "final"):
        if state.get(k) is not None:
            public[k] = state[k]
    out: dict[str, Any] = _copy(public)
    out["seat"] = seat
    out["components"] = state["comp"]  # printed, public data (shared, do not mutate)
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
    stack = state["tx"]["stack"]
    # the stack's top is its last element (setup and refills pop from the end)
    out["tx"] = {"stack": len(stack), "top": stack[-1] if stack else None, "stack_letters": letters,
                 "display": list(state["tx"]["display"]), "discard": list(state["tx"]["discard"])}
    return out


def _copy(data: dict[str, Any]) -> dict[str, Any]:
    """A detached copy (the state is plain JSON, and this is faster than deepcopy)."""
    value: dict[str, Any] = json.loads(json.dumps(data))
    return value


def event_view(event: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    """Events only carry information that is public when it happens."""
    return dict(event)
