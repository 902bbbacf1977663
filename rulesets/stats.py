"""Statistics shared by bots, simulations and benchmarks (pure, no Django)."""

from __future__ import annotations

import math


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95 % for z = 1.96); (0, 1) when n == 0.

    Chosen over the normal approximation because it stays inside [0, 1] and is honest
    near 0 % and 100 %, where strong bots live.
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def wilson_rounded(wins: float, n: int, digits: int = 4) -> tuple[float, float]:
    low, high = wilson(wins, n)
    return (round(low, digits), round(high, digits))
