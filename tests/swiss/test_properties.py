"""Random tournaments from 2 to 500 players: results, drops, late entries, corrections.

Every round: the absolute rules and the bye rule (``check_round``); optimality against
one global weighted matching up to 80 players and a partner-exchange check above;
any NoValidPairing is verified to be real; and the incrementally kept standings equal
the ones recomputed from scratch after every result and correction.
"""

from __future__ import annotations

import random

import pytest

from matches.swiss import NoValidPairing, Player, Tournament, standings, suggested_rounds

from .sim import RoundRecord, check_no_pairing, check_optimal, check_round, check_two_opt


def play(seed: int, n: int, *, rounds_extra: int = 1, optimal_limit: int = 80) -> int:
    """Run one random event; returns the number of rounds paired."""
    rnd = random.Random(seed)
    t = Tournament(f"seed{seed}", [Player(i) for i in range(1, n + 1)])
    drop_rate = rnd.choice([0.0, 0.02, 0.1])
    late_rate = rnd.choice([0.0, 0.3])
    rounds = suggested_rounds(n) + rnd.randint(0, rounds_extra)
    next_id = n + 1
    paired = 0
    for _ in range(rounds):
        if t.current_round:
            for pid in t.active():
                if rnd.random() < drop_rate:
                    t.drop(pid)
            if rnd.random() < late_rate:
                t.add_player(Player(next_id), awarded_byes=rnd.random() < 0.5)
                next_id += 1
        history, active = t.history(), t.active()
        try:
            pairing = t.pair_next_round()
        except NoValidPairing as e:
            check_no_pairing(history, active, e)
            break
        paired += 1
        rec = RoundRecord(history, active, pairing, None)
        check_round(rec)
        if len(active) <= optimal_limit:
            check_optimal(rec, brute_limit=10)
        else:
            check_two_opt(rec)
        for a, b in pairing.pairs:
            lost = rnd.randint(0, 1)
            ga, gb = (2, lost) if rnd.random() < 0.5 else (lost, 2)
            t.record_result(pairing.round, a, b, ga, gb)
        # Organisers fix typos, also in rounds already followed by another pairing.
        for result in rnd.sample(sorted(t.results.values(), key=repr), min(2, len(t.results))):
            if rnd.random() < 0.5:
                t.correct_result(result.round, result.a, result.b, result.games_b, result.games_a)
        assert t.standings() == standings(t.history())
    return paired


def _size(rnd: random.Random) -> int:
    return int(2 ** rnd.uniform(1, 8.97))  # 2..500, log-uniform


@pytest.mark.parametrize("seed", range(60))
def test_random_tournaments(seed: int) -> None:
    rnd = random.Random(seed)
    n = _size(rnd)
    assert play(seed, n) >= (1 if n >= 2 else 0)


@pytest.mark.parametrize("n", [2, 3, 499, 500])
def test_boundary_sizes(n: int) -> None:
    assert play(7 + n, n, rounds_extra=0) >= 1


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(400))
def test_random_tournaments_heavy(seed: int) -> None:
    rnd = random.Random(10_000 + seed)
    play(10_000 + seed, _size(rnd), rounds_extra=4, optimal_limit=120)
