"""The blossom matching against exhaustive search on small random graphs."""

from __future__ import annotations

import random

import pytest

from matches.swiss.matching import matching_pairs, max_weight_matching


def brute(n: int, weights: dict[tuple[int, int], int], max_card: bool) -> tuple[int, ...]:
    best: tuple[int, ...] | None = None

    def rec(free: list[int], card: int, total: int) -> None:
        nonlocal best
        key = (card, total) if max_card else (total,)
        if best is None or key > best:
            best = key
        if not free:
            return
        v, rest = free[0], free[1:]
        rec(rest, card, total)
        for u in rest:
            if (v, u) in weights:
                rec([x for x in rest if x != u], card + 1, total + weights[(v, u)])

    rec(list(range(n)), 0, 0)
    assert best is not None
    return best


@pytest.mark.parametrize("seed", range(6))
def test_blossom_matches_exhaustive_search(seed: int) -> None:
    rnd = random.Random(seed)
    for _ in range(250):
        n = rnd.randint(1, 9)
        density = rnd.random()
        weights = {}
        for i in range(n):
            for j in range(i + 1, n):
                if rnd.random() < density:
                    weights[(i, j)] = (
                        rnd.randint(-3, 12) if rnd.random() < 0.5 else rnd.randint(0, 3)
                    )
        max_card = rnd.random() < 0.5
        mate = max_weight_matching(
            n, [(i, j, w) for (i, j), w in weights.items()], max_cardinality=max_card
        )
        assert len(mate) == n
        for v, m in enumerate(mate):
            assert m == -1 or (mate[m] == v and (min(v, m), max(v, m)) in weights)
        pairs = matching_pairs(mate)
        key = (len(pairs), sum(weights[p] for p in pairs))
        assert (key if max_card else key[1:]) == brute(n, weights, max_card)


def test_odd_cycle_needs_a_blossom() -> None:
    # A 5-cycle with a pendant: the perfect matching must go round the odd cycle.
    edges = [(0, 1, 5), (1, 2, 5), (2, 3, 5), (3, 4, 5), (4, 0, 5), (4, 5, 1)]
    mate = max_weight_matching(6, edges, max_cardinality=True)
    assert mate[5] == 4 and all(m != -1 for m in mate)
