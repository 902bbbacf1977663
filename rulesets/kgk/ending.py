"""How a KGK match ends: the winner (KG-9.10.2), multiplayer eliminations and the
ranking by eliminations (KG-13.1.7, KG-17.31)."""

from __future__ import annotations

from typing import Any

from rulesets.kgk.jsontypes import GameState
from rulesets.kgk.state import emit, leave_play, move


def finish(state: GameState, winners: list[int], reason: str, **details: Any) -> None:
    """The game is over: ``winners`` win for ``reason``."""
    state.phase = "over"
    state.dec = None
    state.todo = []
    state.result = {"winners": list(winners), "reason": reason, "details": details}
    emit(state, "game_over", winners=list(winners), reason=reason)


def eliminate(state: GameState, seat: int, by: int | None = None) -> None:
    """Multiplayer: ``seat`` is out; ``by`` is credited (KG-13.1.7, KG-17.31). His
    cards leave the game."""
    p = state.p[seat]
    if not p.alive:
        return
    p.alive = False
    p.out_turn = state.turn
    if by is not None:
        state.p[by].elims += 1
    for z in ("hangar", "canteen", "surface"):
        for cid in list(p[z]):
            leave_play(state, cid, "eliminated")
    for z in ("colony", "hand", "trash", "ruin", "stack"):
        for cid in list(p[z]):
            move(state, cid, "out")
    state.chain = [it for it in state.chain if it["seat"] != seat]
    emit(state, "eliminated", seat=seat, by=by)


def finish_multiplayer(state: GameState, reason: str = "eliminations") -> None:
    """Most eliminations wins; ties go to whoever stayed in longer (KG-13.1.7)."""
    big = 10 ** 9

    def key(s: int) -> tuple[int, Any]:
        p = state.p[s]
        return (p.elims, big if p.alive else p.out_turn)
    best = max(key(s) for s in range(state.n))
    winners = [s for s in range(state.n) if key(s) == best]
    finish(state, winners, reason,
           eliminations=[state.p[s].elims for s in range(state.n)])
