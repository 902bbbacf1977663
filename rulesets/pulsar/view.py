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

from rulesets.pulsar.state import Game

PUBLIC_KEYS = ("game", "seats", "config", "round", "phase", "time", "order", "tracks", "dice",
               "gyro_supply", "awards", "tech_boards", "techs", "goals", "owner", "pending",
               "flight", "result")


def view(state: Game, seat: int | None) -> dict[str, Any]:
    public: dict[str, Any] = {"game": "pulsar"}
    for k in PUBLIC_KEYS[1:]:
        public[k] = getattr(state, k)
    public["players"] = [p.fields() for p in state.players]
    for k in ("setup_queue", "draft", "turns", "final"):
        if getattr(state, k) is not None:
            public[k] = getattr(state, k)
    out: dict[str, Any] = _copy(public)
    out["seat"] = seat
    out["components"] = state.comp  # printed, public data (shared, do not mutate)
    out["systems"] = _systems(state)
    out["box"] = {"count": len(state.box)}
    out["explore"] = {"stack": len(state.explore["stack"]),
                      "discard": list(state.explore["discard"])}
    out["tx"] = _transmitters(state)
    return out


def _systems(state: Game) -> dict[str, Any]:
    """The systems: a face-down tile shows nothing."""
    return {n: ({"revealed": True, "tile": s["tile"], "planets": list(s["planets"])}
                if s["revealed"] else {"revealed": False})
            for n, s in state.systems.items()}


def _transmitters(state: Game) -> dict[str, Any]:
    """The transmitter stack: its count, its open top tile and its letters, never its
    order below the top."""
    letters: dict[str, int] = {}
    c = state.c
    for tid in state.tx["stack"]:
        letter = c.transmitters[tid]["letter"]
        letters[letter] = letters.get(letter, 0) + 1
    stack = state.tx["stack"]
    # the stack's top is its last element (setup and refills pop from the end)
    return {"stack": len(stack), "top": stack[-1] if stack else None, "stack_letters": letters,
            "display": list(state.tx["display"]), "discard": list(state.tx["discard"])}


# A face-down system as every seat sees it (shared: only read).
_FACE_DOWN: dict[str, Any] = {"revealed": False}


def _systems_read_only(state: Game) -> dict[str, Any]:
    """``_systems`` for a reader that only reads: the revealed systems are the state's
    own (they hold exactly what the view shows), the face-down ones show nothing."""
    return {n: s if s["revealed"] else _FACE_DOWN for n, s in state.systems.items()}


# The public parts of the state the heuristic bot reads (``bots.py``), besides the
# systems, the transmitters and the components.
BOT_KEYS = ("round", "players", "dice", "tracks", "goals", "owner", "flight", "final")


def bot_view(state: Game, seat: int) -> dict[str, Any]:
    """The part of ``view(state, seat)`` the heuristic bot reads, built alone: the
    systems and transmitters as the view shows them, the components, and the public
    parts in ``BOT_KEYS`` *shared with the state, not copied* (``final`` only while the
    game has one, as in the view; the seats as ``Player.fields``; the revealed systems;
    of the transmitters only the display, which is all the heuristic reads of them).
    The view copies everything through JSON, which was a sixth of a Pulsar search, whose
    playouts ask the heuristic at every step; the heuristic only reads, and
    ``tests/pulsar/test_bot_view.py`` checks at every decision of seeded games that this
    equals the view cut down to its keys and that the heuristic leaves the state as it
    was."""
    out: dict[str, Any] = {k: getattr(state, k) for k in BOT_KEYS
                           if k != "final" or state.final is not None}
    out["players"] = [p.fields() for p in state.players]
    out["seat"] = seat
    out["components"] = state.comp
    out["systems"] = _systems_read_only(state)
    out["tx"] = {"display": state.tx["display"]}
    return out


def _copy(data: dict[str, Any]) -> dict[str, Any]:
    """A detached copy (the parts are plain JSON, and this is faster than deepcopy)."""
    value: dict[str, Any] = json.loads(json.dumps(data))
    return value


def event_view(event: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    """Events only carry information that is public when it happens."""
    return dict(event)
