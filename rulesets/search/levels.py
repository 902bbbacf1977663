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


def _ladder(normal: int, depth: int, terminal_blend: float = 0.0, easy: int | None = None
            ) -> dict[str, Level]:
    """The three levels of one game: normal's ``normal`` iterations a decision, easy a
    quarter of them (or ``easy``), hard four times as many; the playout length and the
    rest alike."""
    return {kind: Level(name, iterations=iterations, depth=depth, heuristic_share=1.0,
                        terminal_blend=terminal_blend)
            for kind, name, iterations in (("search-easy", "easy",
                                            normal // 4 if easy is None else easy),
                                           ("search", "normal", normal),
                                           ("search-hard", "hard", normal * 4))}


# The bot kinds (``bot_action``'s ``kind``) of the search, weakest first; ``search`` is
# the normal level. Playouts are the games' heuristic bots against each other (cheap, and
# much closer to real play than random moves), cut after ``depth`` moves.
LEVELS: dict[str, Level] = _ladder(48, depth=40)

# Per game, where a game's steps cost more or less than KGK's: each level's iterations
# and playout length were set so that normal took about a quarter of a CPU second a
# decision, hard about a second (bench/bot_strength.py measures it; README). Since the
# heuristic decides from its part of the view (view.bot_view) they take a quarter to a
# third less, with the same moves. The games won on points blend the points into a
# finished playout's score.
TUNED: dict[str, dict[str, Level]] = {
    # a whole game is some 70 cheap steps: play every playout to the end. 48 iterations
    # took a median 0.11 s (59 of 100 games won against the heuristic, with seat 0 always
    # first to a sector); 96 take about 0.18 s (77 of 100, fair arrival; 29 Nov 2026, s8)
    "smugglers": _ladder(96, depth=200, terminal_blend=0.5),
    # a heuristic step costs about 0.17 ms. Playouts of 30 moves at 28 iterations lost to
    # the heuristic (3 of 11, seed s10): most moves got a playout or two, scored by the
    # points alone. Scored by the projected final score (``pulsar/projection.py``), four
    # moves are enough and buy 120 iterations (median about 0.18 s, the components no
    # longer copied per sample): 21 of 24 won (seed e3; 16 of 20 at 8 moves and 100
    # iterations, 5 of 20 at 16 and 60; 29 Nov 2026). Easy at a quarter (30) was hardly
    # weaker than normal (normal won 56 of 100, seed s14): a tenth of normal's iterations.
    # Hard won only 56 of 100 against normal (s17) until the projection counted what the
    # tracks pay and, in the last round, the final turn order: then 66 of 100 (v1h), and
    # normal 95 of 100 against the heuristic (p1; 83 before)
    "pulsar": _ladder(120, depth=4, terminal_blend=0.5, easy=12),
    # 48 iterations took a median 0.16 s; 64 take about 0.19 s and won 71 of 100 games
    # against the heuristic (29 Nov 2026, seed s9)
    "roll": _ladder(64, depth=60, terminal_blend=0.5),
}


def level_of(kind: str, game: str | None = None) -> Level | None:
    """The level a bot kind names (for ``game``, where it has its own budgets), or
    ``None`` when the kind is not a search kind."""
    if kind not in LEVELS:
        return None
    return TUNED.get(game or "", {}).get(kind, LEVELS[kind])
