"""Same event, same pairing: input order and repeated calls never change the result."""

from __future__ import annotations

import random

from matches.swiss import History, pair_round, standings

from .sim import random_event


def test_pairing_ignores_input_order_and_is_repeatable() -> None:
    rnd = random.Random(11)
    records = list(random_event(41, 5, rnd, drop_rate=0.05, late_rate=0.3))
    last = records[-1]
    assert last.pairing is not None
    h = last.history
    shuffled_players = list(h.players)
    shuffled_results = list(h.results)
    shuffled_byes = list(h.byes)
    active = list(last.active)
    for seq in (shuffled_players, shuffled_results, shuffled_byes, active):
        rnd.shuffle(seq)
    h2 = History(tuple(shuffled_players), tuple(shuffled_results), tuple(shuffled_byes), h.seed)
    again = pair_round(h2, active, last.pairing.round)
    assert again == last.pairing
    assert pair_round(h, last.active, last.pairing.round) == last.pairing
    assert standings(h2) == standings(h)


def test_a_different_seed_changes_only_the_lot() -> None:
    rnd = random.Random(12)
    rec = list(random_event(20, 3, rnd))[-1]
    h = rec.history
    other = History(h.players, h.results, h.byes, h.seed + "-other")
    a = {r.player: r for r in standings(h)}
    b = {r.player: r for r in standings(other)}
    assert a.keys() == b.keys()
    for pid in a:
        assert (a[pid].points, a[pid].omw, a[pid].gw, a[pid].ogw) == (
            b[pid].points,
            b[pid].omw,
            b[pid].gw,
            b[pid].ogw,
        )
    assert any(a[pid].lot != b[pid].lot for pid in a)
