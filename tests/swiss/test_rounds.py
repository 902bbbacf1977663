from __future__ import annotations

import pytest

from matches.swiss import suggested_rounds


@pytest.mark.parametrize(
    ("players", "rounds"),
    [
        (0, 0),
        (1, 0),
        (2, 1),
        (3, 3),
        (4, 3),
        (8, 3),
        (9, 4),
        (16, 4),
        (17, 5),
        (100, 7),
        (500, 9),
        (1000, 10),
        (10000, 14),
    ],
)
def test_suggested_rounds(players: int, rounds: int) -> None:
    assert suggested_rounds(players) == rounds


def test_suggested_rounds_never_force_a_rematch() -> None:
    for n in range(2, 200):
        r = suggested_rounds(n)
        assert 1 <= r <= (n - 1 if n % 2 == 0 else n)
        assert 2**r >= n or r == n - 1
