"""Standings: a worked example computed by hand, the tie-break order, and the
incremental book against the from-scratch computation."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from matches.swiss import Bye, ByeKind, History, Player, Result, StandingsBook, standings

A, B, C, D, E = 1, 2, 3, 4, 5


def worked_example() -> History:
    # Five players, three best-of-three rounds, one bye per round.
    results = (
        Result(1, A, B, 2, 1),  # R1: A beats B 2-1
        Result(1, C, D, 2, 0),  # R1: C beats D 2-0
        Result(2, A, C, 2, 0),  # R2: A beats C 2-0
        Result(2, E, B, 2, 1),  # R2: E beats B 2-1
        Result(3, A, D, 2, 0),  # R3: A beats D 2-0
        Result(3, E, C, 1, 2),  # R3: C beats E 2-1
    )
    byes = (Bye(1, E), Bye(2, D), Bye(3, B))
    return History(tuple(Player(i) for i in (A, B, C, D, E)), results, byes, "worked")


def test_worked_example_by_hand() -> None:
    rows = {r.player: r for r in standings(worked_example())}
    # Match points (win 3, bye 3):
    #   A 3 wins = 9; C 2 wins = 6; E 1 win + bye = 6; B bye = 3; D bye = 3.
    assert [rows[p].points for p in (A, B, C, D, E)] == [9, 3, 6, 3, 6]
    # MW% as opponents see it: played matches only, floored at 1/3.
    #   A 3/3 = 1; B 0/2 -> 1/3; C 2/3; D 0/2 -> 1/3; E 1/2 (the bye is left out).
    assert [rows[p].mw for p in (A, B, C, D, E)] == [1, F(1, 3), F(2, 3), F(1, 3), F(1, 2)]
    # OMW = mean of opponents' MW%:
    #   A (B, C, D): (1/3 + 2/3 + 1/3) / 3 = (4/3) / 3 = 4/9
    #   B (A, E):    (1 + 1/2) / 2 = 3/4
    #   C (D, A, E): (1/3 + 1 + 1/2) / 3 = (11/6) / 3 = 11/18
    #   D (C, A):    (2/3 + 1) / 2 = 5/6
    #   E (B, C):    (1/3 + 2/3) / 2 = 1/2
    assert [rows[p].omw for p in (A, B, C, D, E)] == [
        F(4, 9),
        F(3, 4),
        F(11, 18),
        F(5, 6),
        F(1, 2),
    ]
    # Own GW%, a bye counting as a 2-0:
    #   A 6 won of 7 = 6/7; B (2 + 2) / (6 + 2) = 1/2; C 4/7;
    #   D (0 + 2) / (4 + 2) = 1/3; E (3 + 2) / (6 + 2) = 5/8.
    assert [rows[p].gw for p in (A, B, C, D, E)] == [F(6, 7), F(1, 2), F(4, 7), F(1, 3), F(5, 8)]
    # Opponents' GW% uses played games only, floored at 1/3:
    #   A 6/7, B 2/6 = 1/3, C 4/7, D 0/4 -> 1/3, E 3/6 = 1/2.
    # OGW:
    #   A (B, C, D): (1/3 + 4/7 + 1/3) / 3 = (14/21 + 12/21) / 3 = 26/63
    #   B (A, E):    (6/7 + 1/2) / 2 = (12/14 + 7/14) / 2 = 19/28
    #   C (D, A, E): (1/3 + 6/7 + 1/2) / 3 = (14/42 + 36/42 + 21/42) / 3 = 71/126
    #   D (C, A):    (4/7 + 6/7) / 2 = 5/7
    #   E (B, C):    (1/3 + 4/7) / 2 = (7/21 + 12/21) / 2 = 19/42
    assert [rows[p].ogw for p in (A, B, C, D, E)] == [
        F(26, 63),
        F(19, 28),
        F(71, 126),
        F(5, 7),
        F(19, 42),
    ]
    # Ranking: A (9); C and E (6) split by OMW 11/18 > 1/2; D and B (3) by OMW 5/6 > 3/4.
    assert [r.player for r in standings(worked_example())] == [A, C, E, D, B]
    assert [rows[p].rank for p in (A, C, E, D, B)] == [1, 2, 3, 4, 5]
    assert (rows[B].wins, rows[B].losses, rows[B].byes, rows[B].played) == (0, 2, 1, 2)
    assert (rows[A].games_won, rows[A].games_lost) == (6, 1)


def test_game_win_percentage_breaks_an_omw_tie() -> None:
    # A beats B 2-0, C beats D 2-1: A and C have 3 points and OMW 1/3 (both opponents
    # floored); GW A 2/2 = 1 > C 2/3. Among the losers OMW is 1 for both and
    # GW D 1/3 > B 0.
    h = History(
        tuple(Player(i) for i in (A, B, C, D)),
        (Result(1, A, B, 2, 0), Result(1, C, D, 2, 1)),
    )
    rows = standings(h)
    assert [r.player for r in rows] == [A, C, D, B]
    assert rows[0].omw == rows[1].omw == F(1, 3)
    assert (rows[0].gw, rows[1].gw, rows[2].gw, rows[3].gw) == (1, F(2, 3), F(1, 3), 0)


def test_player_without_any_played_match_has_floor_figures() -> None:
    # 3 entered late with two awarded byes; 4 entered and dropped before playing.
    h = History(
        tuple(Player(i) for i in (1, 2, 3, 4)),
        (Result(1, 1, 2, 2, 0), Result(2, 1, 2, 0, 2)),
        (Bye(1, 3, ByeKind.AWARDED), Bye(2, 3, ByeKind.AWARDED)),
    )
    rows = {r.player: r for r in standings(h)}
    assert rows[3].points == 6 and rows[3].played == 0
    assert (rows[3].mw, rows[3].omw, rows[3].ogw, rows[3].gw) == (F(1, 3), F(1, 3), F(1, 3), 1)
    assert (rows[4].points, rows[4].mw, rows[4].omw, rows[4].gw) == (0, F(1, 3), F(1, 3), 0)
    # Round 3: 1 beats 3 (whose record so far is byes only) 2-1. For 1's OMW, 3 counts
    # with the one match 3 actually played: 0/1 -> floor 1/3, not (2 byes + 0) / 3.
    # 1's opponents: 2 (1 win of 2 played = 1/2, twice) and 3 (1/3):
    #   OMW = (1/2 + 1/2 + 1/3) / 3 = (4/3) / 3 = 4/9.
    # OGW: 2 won 2 of 4 games = 1/2 (twice); 3 won 1 of 3 = 1/3: (1/2 + 1/2 + 1/3) / 3 = 4/9.
    h3 = History(h.players, (*h.results, Result(3, 1, 3, 2, 1)), h.byes)
    rows3 = {r.player: r for r in standings(h3)}
    assert rows3[3].mw == F(1, 3) and rows3[3].points == 6
    assert (rows3[1].omw, rows3[1].ogw) == (F(4, 9), F(4, 9))


def test_lot_is_the_last_tie_break_and_depends_only_on_the_seed() -> None:
    players = tuple(Player(i) for i in range(1, 7))
    one = standings(History(players, (), (), "alpha"))
    assert [r.player for r in one] == [
        r.player for r in standings(History(players, (), (), "alpha"))
    ]
    assert [r.lot for r in one] == sorted(r.lot for r in one)
    other = standings(History(players, (), (), "beta"))
    assert [r.player for r in other] != [r.player for r in one]


@pytest.mark.parametrize("profile", ["kaosz", "mtr"])
def test_incremental_book_equals_from_scratch_under_random_edits(profile: str) -> None:
    rnd = random.Random(5)
    players = [Player(i) for i in range(1, 13)]
    book = StandingsBook(players, "s", profile=profile)
    results: list[Result] = []
    byes: list[Bye] = []
    for step in range(300):
        action = rnd.random()
        if action < 0.55 or not results:
            a, b = rnd.sample(range(1, 13), 2)
            lost = rnd.randint(0, 1)
            r = Result(step // 6 + 1, a, b, *((2, lost) if rnd.random() < 0.5 else (lost, 2)))
            results.append(r)
            book.add_result(r)
        elif action < 0.8:
            i = rnd.randrange(len(results))
            old = results[i]
            new = Result(old.round, old.a, old.b, old.games_b, old.games_a)
            results[i] = new
            book.correct_result(old, new)
        elif action < 0.9:
            book.remove_result(results.pop(rnd.randrange(len(results))))
        else:
            kind = ByeKind.ZERO if rnd.random() < 0.3 else ByeKind.PAIRING
            bye = Bye(step // 6 + 1, rnd.randint(1, 12), kind)
            byes.append(bye)
            book.add_bye(bye)
        if step % 10 == 0 or step == 299:
            scratch = standings(History(tuple(players), tuple(results), tuple(byes), "s"),
                                profile=profile)
            assert book.rows() == scratch


def test_rows_serialise_every_figure_exactly() -> None:
    row = next(r for r in standings(worked_example()) if r.player == C)
    d = row.to_dict()
    assert (d["rank"], d["points"], d["omw"], d["omw_pct"]) == (2, 6, "11/18", 61.11)
    assert (d["gw"], d["ogw"], d["mw"]) == ("4/7", "71/126", "2/3")
    assert d["lot"] == str(row.lot)


# ---------------------------------------------------------------- the MTR profile


def mtr_example() -> History:
    """The match-win examples of MTR Appendix C that KGK can have (it has no draws).

    P: 3-2-0 including a first-round bye, then withdraws (5 rounds);
    Q: 1-3-0, then withdraws (4 rounds). Their opponents fill the other seats.
    """
    P, Q, X1, X2, X3, X4, X5 = 1, 2, 3, 4, 5, 6, 7
    results = (
        Result(2, P, X1, 2, 0),  # P wins
        Result(3, P, X2, 2, 1),  # P wins
        Result(4, P, X3, 0, 2),  # P loses
        Result(5, P, X4, 1, 2),  # P loses
        Result(1, Q, X5, 2, 1),  # Q wins
        Result(2, Q, X3, 0, 2),
        Result(3, Q, X4, 1, 2),
        Result(4, Q, X5, 0, 2),
    )
    players = tuple(Player(i) for i in (P, Q, X1, X2, X3, X4, X5))
    return History(players, results, (Bye(1, P),), "mtr")


def test_mtr_appendix_c_match_win_examples() -> None:
    rows = {r.player: r for r in standings(mtr_example(), profile="mtr")}
    # "3-2-0, including a first-round bye, then withdraws: 9/(5*3) = 0.60"
    assert rows[1].points == 9
    assert rows[1].mw == F(9, 15) == F(3, 5)
    # "1-3-0, then withdraws: 3/(4*3) = 0.25, so 0.33 is used"
    assert rows[2].mw == F(1, 3)
    # The project's own convention leaves the bye out: 2 wins of 4 played.
    kaosz = {r.player: r for r in standings(mtr_example())}
    assert kaosz[1].mw == F(1, 2)


def test_mtr_floors_own_game_win_and_counts_opponents_bye_games() -> None:
    h = mtr_example()
    mtr = {r.player: r for r in standings(h, profile="mtr")}
    kaosz = {r.player: r for r in standings(h)}
    # Q won 3 games of 10 (2-1, 0-2, 1-2, 0-2): 3/10 < 1/3, floored only under the MTR.
    assert kaosz[2].gw == F(3, 10)
    assert mtr[2].gw == F(1, 3)
    # X1's only opponent is P, whose own GW% (MTR) counts the bye as a 2-0:
    # (2 + 2 + 0 + 1 + 2 bye games) / (2 + 3 + 2 + 3 + 2) = 7/12; without the bye 5/10.
    assert mtr[3].ogw == F(7, 12)
    assert kaosz[3].ogw == F(1, 2)


def test_unknown_profile_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown tie-break profile"):
        standings(mtr_example(), profile="fide")


@pytest.mark.parametrize("profile", ["kaosz", "mtr"])
def test_a_missed_round_counted_as_a_loss(profile: str) -> None:
    """A zero-point bye (a dropped player back, missed rounds as losses): no points, a
    lost round in MW%, two lost games in GW%; not a bye for pairing or for points."""
    base = (Result(1, A, B, 2, 0), Result(2, A, C, 2, 1))
    plain = History((Player(A), Player(B), Player(C)), base, (), "z")
    missed = History(plain.players, base, (Bye(3, A, ByeKind.ZERO),), "z")
    before = {r.player: r for r in standings(plain, profile=profile)}[A]
    after = {r.player: r for r in standings(missed, profile=profile)}[A]
    assert after.points == before.points == 6
    assert (after.byes, after.missed, after.losses) == (0, 1, 1)
    assert before.mw == 1 and after.mw == F(2, 3)
    assert after.gw == F(4, 7)  # 4 games won of 3 + 2 + 2 (the missed round's 0-2)
