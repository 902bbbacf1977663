"""The search bot's levels: each one a fixed amount of work per decision.

A level counts its budget in search iterations (one sampled determinization, one walk
down the tree, one truncated playout), not in seconds, so a seeded search picks the same
move on every machine and under any load; the CPU a level takes per decision is measured
by ``bench/bot_strength.py`` and written in the README.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """How hard one level searches.

    ``iterations``: playouts per decision. ``depth``: moves a playout makes before the
    game's evaluation scores the position (a finished game scores by its outcome).
    ``heuristic_share``: the part of the playout moves the game's heuristic bot chooses
    (the rest are uniform random; heuristic moves cost a seat view each). ``exploration``:
    UCB1's constant."""

    name: str
    iterations: int
    depth: int
    heuristic_share: float = 0.0
    exploration: float = 0.7
    # The game's heuristic bot's move is the default: it is searched first and kept
    # unless another move's mean playout score beats it by ``margin`` (few playouts per
    # move are noisy; without a default the search would play worse than the heuristic).
    prior: bool = True
    margin: float = 0.03


# The bot kinds (``bot_action``'s ``kind``) of the search, weakest first; ``search`` is
# the normal level.
LEVELS: dict[str, Level] = {
    "search-easy": Level("easy", iterations=24, depth=12),
    "search": Level("normal", iterations=96, depth=16),
    "search-hard": Level("hard", iterations=384, depth=16),
}


def level_of(kind: str) -> Level | None:
    """The level a bot kind names, or ``None`` when the kind is not a search kind."""
    return LEVELS.get(kind)
