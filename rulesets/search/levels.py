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
    # A finished playout scores ``(1 - blend) * outcome + blend * evaluate``: with the
    # game's points in it, a narrow win differs from a wide one, which steadies the few
    # playouts a move gets in games that are won on points.
    terminal_blend: float = 0.0


# The bot kinds (``bot_action``'s ``kind``) of the search, weakest first; ``search`` is
# the normal level. Playouts are the games' heuristic bots against each other (cheap, and
# much closer to real play than random moves), cut after ``depth`` moves.
LEVELS: dict[str, Level] = {
    "search-easy": Level("easy", iterations=12, depth=40, heuristic_share=1.0),
    "search": Level("normal", iterations=48, depth=40, heuristic_share=1.0),
    "search-hard": Level("hard", iterations=192, depth=40, heuristic_share=1.0),
}

# Per game, where a game's steps cost more or less than KGK's: each level's iterations
# and playout length are set so that normal takes about a quarter of a CPU second a
# decision, hard about a second (bench/bot_strength.py measures it; README).
TUNED: dict[str, dict[str, Level]] = {
    # a whole game is some 70 cheap steps: play every playout to the end
    "smugglers": {
        "search-easy": Level("easy", iterations=12, depth=200, heuristic_share=1.0,
                             terminal_blend=0.5),
        "search": Level("normal", iterations=48, depth=200, heuristic_share=1.0,
                        terminal_blend=0.5),
        "search-hard": Level("hard", iterations=192, depth=200, heuristic_share=1.0,
                             terminal_blend=0.5),
    },
    # its heuristic's steps cost about 0.17 ms: shorter playouts
    "pulsar": {
        "search-easy": Level("easy", iterations=7, depth=30, heuristic_share=1.0,
                             terminal_blend=0.5),
        "search": Level("normal", iterations=28, depth=30, heuristic_share=1.0,
                        terminal_blend=0.5),
        "search-hard": Level("hard", iterations=112, depth=30, heuristic_share=1.0,
                             terminal_blend=0.5),
    },
    "roll": {
        "search-easy": Level("easy", iterations=12, depth=60, heuristic_share=1.0,
                             terminal_blend=0.5),
        "search": Level("normal", iterations=48, depth=60, heuristic_share=1.0,
                        terminal_blend=0.5),
        "search-hard": Level("hard", iterations=192, depth=60, heuristic_share=1.0,
                             terminal_blend=0.5),
    },
}


def level_of(kind: str, game: str | None = None) -> Level | None:
    """The level a bot kind names (for ``game``, where it has its own budgets), or
    ``None`` when the kind is not a search kind."""
    if kind not in LEVELS:
        return None
    return TUNED.get(game or "", {}).get(kind, LEVELS[kind])
