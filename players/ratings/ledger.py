"""Ratings from match results, in order: the pure half of "ratings computed from the match log".

A rated match gives every player one rating period (a match is its own period). With two
players that is one game; with more (Pulsar and Roll seat up to four) each pair of players is
one game, scored by who placed higher, which is how multi-player results are commonly fed to
Elo-family systems. Ratings are kept per player, per game and per time-control family, so a
KGK correspondence rating says nothing about a live Roll rating.

Everything here is a function of the ordered results, so the whole table can be rebuilt from
the log at any time and must come out the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .glicko2 import DEFAULT_TAU, Game, Rating, rate

PlayerId = int | str


@dataclass(frozen=True)
class RatedResult:
    """One finished rated match: its players in seat order and their places (1 = won)."""

    match_id: int | str
    game: str
    family: str
    players: Sequence[PlayerId]
    places: Sequence[int]


@dataclass(frozen=True)
class Change:
    """What one match did to one player's rating."""

    match_id: int | str
    player: PlayerId
    game: str
    family: str
    before: Rating
    after: Rating
    games_rated: int  # counting this match


@dataclass
class Standing:
    rating: Rating = field(default_factory=Rating)
    games_rated: int = 0


def _pair_score(my_place: int, their_place: int) -> float:
    if my_place < their_place:
        return 1.0
    if my_place > their_place:
        return 0.0
    return 0.5


class RatingBook:
    """The ratings of every player after the results given so far, and how they got there."""

    def __init__(self, tau: float = DEFAULT_TAU) -> None:
        self.tau = tau
        self.standings: dict[tuple[PlayerId, str, str], Standing] = {}
        self.changes: list[Change] = []

    def standing(self, player: PlayerId, game: str, family: str) -> Standing:
        return self.standings.get((player, game, family), Standing())

    def record(self, result: RatedResult) -> list[Change]:
        """Rate one match. Every player is rated against the others' ratings from before it."""
        if len(result.players) != len(result.places) or len(result.players) < 2:
            raise ValueError("a rated match needs two or more players, each with a place")
        if len(set(result.players)) != len(result.players):
            raise ValueError("a player cannot meet themselves in a rated match")
        before = {p: self.standing(p, result.game, result.family) for p in result.players}
        changes = []
        for me, my_place in zip(result.players, result.places, strict=True):
            games = [Game(before[them].rating, _pair_score(my_place, their_place))
                     for them, their_place in zip(result.players, result.places, strict=True) if them != me]
            mine = before[me]
            after = Standing(rate(mine.rating, games, self.tau), mine.games_rated + 1)
            changes.append(Change(result.match_id, me, result.game, result.family,
                                  mine.rating, after.rating, after.games_rated))
        for change in changes:
            self.standings[(change.player, change.game, change.family)] = Standing(
                change.after, change.games_rated)
        self.changes.extend(changes)
        return changes

    def leaderboard(self, game: str, family: str) -> list[tuple[PlayerId, Standing]]:
        """Players of that game and family, best rating first (ties by fewer-doubt first)."""
        rows = [(player, s) for (player, g, f), s in self.standings.items()
                if g == game and f == family]
        return sorted(rows, key=lambda row: (-row[1].rating.rating, row[1].rating.deviation,
                                             str(row[0])))


def rebuild(results: Iterable[RatedResult], tau: float = DEFAULT_TAU) -> RatingBook:
    """Every rating from the ordered results alone (the log is the source of truth)."""
    book = RatingBook(tau)
    for result in results:
        book.record(result)
    return book
