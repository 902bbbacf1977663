"""Colony shuffles (KG-8.1, KG-12.2) drawn from the game's PRNG: ``Rng.shuffle`` (which
works a whole colony's draws out at once), then one draw for the cut."""

from __future__ import annotations

from rulesets.kgk.jsontypes import GameState
from rulesets.rng import Rng


def shuffle_and_cut(state: GameState, seat: int) -> None:
    """Shuffle ``seat``'s colony, then the opponent cuts it (KG-8.1, KG-12.2)."""
    col = state.p[seat].colony
    rng = Rng(state.rng)
    rng.shuffle(col)
    n = len(col)
    if n > 1:
        k = rng.below(n)
        col[:] = col[k:] + col[:k]
    state.rng = rng.state
