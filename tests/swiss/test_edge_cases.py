"""Situations organisers actually hit (see the research note, section 6)."""

from __future__ import annotations

import pytest

from matches.swiss import (
    Bye,
    History,
    NoValidPairing,
    NoValidPairingReason,
    Player,
    Result,
    RoundIncomplete,
    Tournament,
    pair_round,
    standings,
)


def test_bye_moves_up_a_score_group_when_every_lowest_player_had_one() -> None:
    # Active 1..5; 6..9 are dropped opponents. 1, 2, 3 won twice (6 points, no bye);
    # 4 and 5 had a bye and a loss (3 points): the whole lowest group already had one.
    results = (
        Result(1, 1, 6, 2, 0),
        Result(2, 1, 7, 2, 0),
        Result(1, 2, 7, 2, 1),
        Result(2, 2, 6, 2, 1),
        Result(1, 3, 8, 2, 0),
        Result(2, 3, 9, 2, 0),
        Result(2, 8, 4, 2, 0),
        Result(1, 9, 5, 2, 0),
    )
    byes = (Bye(1, 4), Bye(2, 5))
    h = History(tuple(Player(i) for i in range(1, 10)), results, byes, "b")
    rows = standings(h)
    points = {r.player: r.points for r in rows}
    assert [points[p] for p in range(1, 6)] == [6, 6, 6, 3, 3]
    pairing = pair_round(h, [1, 2, 3, 4, 5], 3)
    lowest_of_six = [r.player for r in rows if r.player in (1, 2, 3)][-1]
    assert pairing.bye == lowest_of_six
    assert points[pairing.bye] > min(points[p] for p in range(1, 6))
    assert {frozenset(p) for p in pairing.pairs} >= {frozenset((4, 5))}  # groups stay whole
    assert not pairing.floats


def test_odd_field_where_nobody_can_take_the_bye() -> None:
    h = History(tuple(Player(i) for i in (1, 2, 3)), (), (Bye(1, 1), Bye(2, 2), Bye(3, 3)))
    with pytest.raises(NoValidPairing) as err:
        pair_round(h, [1, 2, 3], 4)
    assert err.value.reason is NoValidPairingReason.NO_BYE_CANDIDATE
    second = pair_round(h, [1, 2, 3], 4, allow_second_bye=True)
    assert second.bye is not None and any("further bye" in w for w in second.warnings)


def test_unavoidable_rematch_is_reported_then_minimised_when_allowed() -> None:
    # Four players after a full round robin: every pairing is a rematch.
    rr = [(1, 2), (3, 4), (1, 3), (2, 4), (1, 4), (2, 3)]
    results = tuple(Result(i // 2 + 1, a, b, 2, 0) for i, (a, b) in enumerate(rr))
    h = History(tuple(Player(i) for i in range(1, 5)), results, (), "r")
    with pytest.raises(NoValidPairing) as err:
        pair_round(h, [1, 2, 3, 4], 4)
    assert err.value.reason is NoValidPairingReason.REMATCH_UNAVOIDABLE
    allowed = pair_round(h, [1, 2, 3, 4], 4, allow_rematch=True)
    assert len(allowed.rematches) == 2
    assert all("rematch" in w for w in allowed.warnings)

    # Six players where only player 1 has met everyone: exactly one rematch.
    six = tuple(Result(r, 1, o, 2, 0) for r, o in enumerate((2, 3, 4, 5, 6), start=1))
    h6 = History(tuple(Player(i) for i in range(1, 7)), six, (), "r6")
    with pytest.raises(NoValidPairing):
        pair_round(h6, range(1, 7), 6)
    one = pair_round(h6, list(range(1, 7)), 6, allow_rematch=True)
    assert len(one.rematches) == 1 and 1 in one.rematches[0]


def test_everyone_but_one_dropping_ends_the_pairing() -> None:
    t = Tournament("d", [Player(i) for i in range(1, 7)])
    p1 = t.pair_next_round()
    for a, b in p1.pairs:
        t.record_result(1, a, b, 2, 0)
    for pid in range(2, 7):
        t.drop(pid)
    with pytest.raises(NoValidPairing) as err:
        t.pair_next_round()
    assert err.value.reason is NoValidPairingReason.TOO_FEW_PLAYERS
    assert err.value.players == (1,)
    # The dropped players stay in the standings.
    assert len(t.standings()) == 6


def test_dropped_player_is_never_paired_again() -> None:
    t = Tournament("d2", [Player(i) for i in range(1, 10)])
    for rnd in range(1, 4):
        p = t.pair_next_round()
        for a, b in p.pairs:
            t.record_result(rnd, a, b, 2, 1)
        if rnd == 1:
            t.drop(p.pairs[0][0])
            gone = p.pairs[0][0]
    for p in t.pairings[1:]:
        assert gone not in {x for pair in p.pairs for x in pair} and p.bye != gone


def test_result_corrected_after_the_next_round_was_paired() -> None:
    t = Tournament("c", [Player(i) for i in range(1, 9)])
    r1 = t.pair_next_round()
    for a, b in r1.pairs:
        t.record_result(1, a, b, 2, 0)
    r2 = t.pair_next_round()
    a, b = r1.pairs[0]
    before = {r.player: r.points for r in t.standings()}
    t.correct_result(1, a, b, 1, 2)  # the slip was filled in the wrong way round
    after = {r.player: r.points for r in t.standings()}
    assert (before[a] - after[a], after[b] - before[b]) == (3, 3)
    assert t.pairings[1] is r2  # the pairing stands
    assert t.standings() == standings(t.history())
    for x, y in r2.pairs:
        t.record_result(2, x, y, 2, 0)
    t.pair_next_round()
    assert t.standings() == standings(t.history())


def test_round_cannot_end_until_every_result_is_in() -> None:
    t = Tournament("i", [Player(i) for i in range(1, 7)])
    p = t.pair_next_round()
    for a, b in p.pairs[:-1]:
        t.record_result(1, a, b, 2, 0)
    with pytest.raises(RoundIncomplete) as err:
        t.pair_next_round()
    assert err.value.missing == [p.pairs[-1]]
    with pytest.raises(RoundIncomplete):
        t.final_bracket()
    with pytest.raises(ValueError):
        t.record_result(1, p.pairs[0][0], p.pairs[0][1], 0, 2)  # already in: correct it
    t.record_result(1, *p.pairs[-1], 2, 1)
    assert t.pair_next_round().round == 2


def test_identical_tie_breaks_at_the_cut_line_are_settled_by_the_lot() -> None:
    # Ten players, one round, every winner 2-0: five winners with identical figures.
    def event(seed: str) -> Tournament:
        t = Tournament(seed, [Player(i) for i in range(1, 11)])
        p = t.pair_next_round()
        for a, b in p.pairs:
            t.record_result(1, a, b, 2, 0)
        return t

    t = event("cut")
    rows = t.standings()
    top5 = rows[:5]
    figures = {(r.points, r.omw, r.gw, r.ogw) for r in top5}
    assert len(figures) == 1  # a real five-way tie
    assert [r.lot for r in top5] == sorted(r.lot for r in top5)
    bracket = t.final_bracket()
    assert bracket.seeds == [r.player for r in top5[:4]]
    assert event("cut").final_bracket().seeds == bracket.seeds  # same seed, same cut


def test_late_entry_starts_with_zero_or_with_awarded_byes() -> None:
    t = Tournament("late", [Player(i) for i in range(1, 7)])
    p = t.pair_next_round()
    for a, b in p.pairs:
        t.record_result(1, a, b, 2, 0)
    t.add_player(Player(7))
    t.add_player(Player(8), awarded_byes=True)
    rows = {r.player: r for r in t.standings()}
    assert rows[7].points == 0 and rows[8].points == 3 and rows[8].byes == 1
    p2 = t.pair_next_round()
    assert {7, 8} <= {x for pair in p2.pairs for x in pair}
    assert t.standings() == standings(t.history())
