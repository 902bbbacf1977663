"""Colony shuffles (KG-8.1, KG-12.2) drawn from the game's PRNG, inlined.

Exactly ``Rng(state.rng).shuffle(col)`` followed by ``below(len(col))`` for the
cut, with the shuffle's generator steps written out in one loop: a search shuffles a whole
colony, and through the generic ``Rng`` methods that was a few per cent of a random
match. The resulting order and PRNG state are the same (SplitMix64, Fisher-Yates,
rejection sampling: see ``rulesets/rng.py``).
"""

from __future__ import annotations

from typing import Final

from rulesets.kgk.jsontypes import GameState
from rulesets.rng import Rng

_MASK: Final = (1 << 64) - 1
_TWO64: Final = 1 << 64
_GAMMA: Final = 0x9E3779B97F4A7C15
_M1: Final = 0xBF58476D1CE4E5B9
_M2: Final = 0x94D049BB133111EB


# Rejection limits of Rng.below(k) for the colony sizes a match can have (larger k are
# worked out on the spot).
_LIMIT: Final = [0] + [_TWO64 - _TWO64 % k for k in range(1, 257)]


def shuffle_and_cut(state: GameState, seat: int) -> None:
    """Shuffle ``seat``'s colony, then the opponent cuts it (KG-8.1, KG-12.2)."""
    col = state.p[seat].colony
    x = state.rng & _MASK
    n = len(col)
    lim, mask, gamma, m1, m2 = _LIMIT, _MASK, _GAMMA, _M1, _M2
    for i in range(n - 1, 0, -1):
        k = i + 1
        x = (x + gamma) & mask
        z = x ^ (x >> 30)
        z = (z * m1) & mask
        z ^= z >> 27
        z = (z * m2) & mask
        z ^= z >> 31
        limit = lim[k] if k < 257 else _TWO64 - _TWO64 % k
        while z >= limit:                            # Rng.below's rejection (rare)
            x = (x + gamma) & mask
            z = ((x ^ (x >> 30)) * m1) & mask
            z = ((z ^ (z >> 27)) * m2) & mask
            z ^= z >> 31
        j = z % k
        col[i], col[j] = col[j], col[i]
    if n > 1:  # the cut is one draw: the generic generator is fine here
        rng = Rng(x)
        k = rng.below(n)
        x = rng.state
        col[:] = col[k:] + col[:k]
    state.rng = x
