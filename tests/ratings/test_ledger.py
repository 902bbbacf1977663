"""Ratings from ordered match results (players.ratings.ledger): rebuildable, per game and family."""

from __future__ import annotations

import pytest

from players.ratings import Game, RatedResult, Rating, RatingBook, rate, rebuild


def _results() -> list[RatedResult]:
    return [
        RatedResult(1, "kgk", "live", ["ann", "bob"], [1, 2]),
        RatedResult(2, "kgk", "live", ["bob", "cid"], [1, 2]),
        RatedResult(3, "kgk", "turn", ["ann", "cid"], [2, 1]),
        RatedResult(4, "pulsar", "live", ["ann", "bob", "cid"], [1, 3, 2]),
        RatedResult(5, "kgk", "live", ["ann", "cid"], [1, 1]),
    ]


def test_a_two_player_match_is_one_glicko2_period_against_the_rating_before_it() -> None:
    book = RatingBook()
    book.record(RatedResult(1, "kgk", "live", ["ann", "bob"], [1, 2]))
    (ann_after, bob_after) = (book.standing("ann", "kgk", "live"), book.standing("bob", "kgk", "live"))
    assert ann_after.rating == rate(Rating(), [Game(Rating(), 1)])
    assert bob_after.rating == rate(Rating(), [Game(Rating(), 0)])
    assert ann_after.games_rated == bob_after.games_rated == 1


def test_ratings_are_kept_per_game_and_per_time_control_family() -> None:
    book = rebuild(_results())
    assert book.standing("ann", "kgk", "live").games_rated == 2
    assert book.standing("ann", "kgk", "turn").games_rated == 1
    assert book.standing("ann", "pulsar", "live").games_rated == 1
    assert book.standing("ann", "roll", "live").games_rated == 0  # never played: a new player
    assert book.standing("ann", "roll", "live").rating == Rating()


def test_more_players_meet_pairwise_by_place() -> None:
    book = RatingBook()
    book.record(RatedResult(4, "pulsar", "live", ["ann", "bob", "cid"], [1, 3, 2]))
    ann, bob, cid = (book.standing(p, "pulsar", "live").rating.rating for p in ("ann", "bob", "cid"))
    assert ann > cid > bob
    assert cid == pytest.approx(1500)  # beat one, lost to one, all equal before


def test_the_table_rebuilt_from_the_log_is_the_same_as_the_one_kept_along() -> None:
    along = RatingBook()
    for result in _results():
        along.record(result)
    assert rebuild(_results()).standings == along.standings
    assert [c.after for c in rebuild(_results()).changes] == [c.after for c in along.changes]


def test_the_leaderboard_is_best_first() -> None:
    board = rebuild(_results()).leaderboard("kgk", "live")
    ratings = [s.rating.rating for _, s in board]
    assert ratings == sorted(ratings, reverse=True) and len(board) == 3


@pytest.mark.parametrize("players,places", [(["ann"], [1]), (["ann", "ann"], [1, 2]),
                                            (["ann", "bob"], [1])])
def test_a_result_that_cannot_be_rated_is_refused(players: list[str], places: list[int]) -> None:
    with pytest.raises(ValueError):
        RatingBook().record(RatedResult(9, "kgk", "live", players, places))
