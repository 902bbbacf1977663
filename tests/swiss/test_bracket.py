"""The top-4 final: 1 v 4 and 2 v 3, best of three, then final and 3rd-place match."""

from __future__ import annotations

import pytest

from matches.swiss import FinalBracket


def test_semis_pair_first_with_fourth_and_second_with_third() -> None:
    b = FinalBracket([11, 22, 33, 44])
    assert [(s.name, s.a, s.b) for s in b.open_series()] == [
        ("semi1", 11, 44),
        ("semi2", 22, 33),
    ]
    assert b.placements() == {} and not b.finished


def test_full_bracket_with_series_scores_and_placements() -> None:
    b = FinalBracket([1, 2, 3, 4])
    for w in (4, 1, 4):  # 4 upsets 1, 2-1
        b.record_game("semi1", w)
    assert b.series["semi1"].winner == 4 and (
        b.series["semi1"].wins_a,
        b.series["semi1"].wins_b,
    ) == (1, 2)
    assert "final" not in b.series  # waits for the other semi
    for w in (2, 2):
        b.record_game("semi2", w)
    assert (b.series["final"].a, b.series["final"].b) == (4, 2)
    assert (b.series["third"].a, b.series["third"].b) == (1, 3)
    for w in (2, 4, 2):
        b.record_game("final", w)
    assert b.placements() == {2: 1, 4: 2}
    for w in (3, 3):
        b.record_game("third", w)
    assert b.finished
    assert b.placements() == {2: 1, 4: 2, 3: 3, 1: 4}
    assert b.series["final"].games == [2, 4, 2]


def test_decided_series_and_strangers_are_refused() -> None:
    b = FinalBracket([1, 2, 3, 4])
    b.record_game("semi1", 1)
    b.record_game("semi1", 1)
    with pytest.raises(ValueError):
        b.record_game("semi1", 4)  # best of three: already 2-0
    with pytest.raises(ValueError):
        b.record_game("semi2", 1)  # 1 is not in that match
    with pytest.raises(ValueError):
        b.record_game("final", 1)  # not open yet
    with pytest.raises(ValueError):
        FinalBracket([1, 2, 3, 3])


def test_without_a_third_place_match_the_better_seed_is_third() -> None:
    b = FinalBracket([1, 2, 3, 4], third_place_match=False)
    for series, w in (("semi1", 1), ("semi1", 1), ("semi2", 3), ("semi2", 3)):
        b.record_game(series, w)
    assert "third" not in b.series
    assert b.placements() == {4: 4, 2: 3}  # 2 was seeded above 4
    b.record_game("final", 3)
    b.record_game("final", 3)
    assert b.finished and b.placements() == {3: 1, 1: 2, 2: 3, 4: 4}
