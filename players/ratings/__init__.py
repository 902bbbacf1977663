"""Player ratings. This face names the arithmetic, Glicko-2 as Glickman describes it
(``glicko2``, ``ledger``: pure, no Django); beside it in this room are the ratings stored
and rebuilt from the matches (``recording``), aborted matches (``aborts``, never rated) and
a rating history's chart (``chart``).

The arithmetic's API::

    Rating(rating=1500.0, deviation=350.0, volatility=0.06)
    rate(player, [Game(opponent, score), ...], tau=DEFAULT_TAU) -> Rating
    idle(player) -> Rating          # a rating period with no games: only the deviation grows
    is_provisional(games_rated) -> bool
    RatingBook().record(RatedResult(match_id, game, family, players, places)) -> [Change]
    rebuild(results) -> RatingBook    # the whole table from the ordered results
"""

from .glicko2 import (
    DEFAULT_TAU,
    PROVISIONAL_GAMES,
    Game,
    Rating,
    idle,
    is_provisional,
    rate,
)
from .ledger import Change, RatedResult, RatingBook, Standing, rebuild

__all__ = [
    "DEFAULT_TAU",
    "PROVISIONAL_GAMES",
    "Change",
    "Game",
    "RatedResult",
    "Rating",
    "RatingBook",
    "Standing",
    "idle",
    "is_provisional",
    "rate",
    "rebuild",
]
