"""Test helpers: a random-tournament generator and independent pairing oracles.

The oracles do not share code with ``pairing.py``: they recompute the float profile
from the definition and search all pairings (brute force) or one global weighted
matching over the whole field.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

from matches.swiss import (
    Bye,
    ByeKind,
    History,
    NoValidPairing,
    Pairing,
    Player,
    Result,
    pair_round,
    standings,
)
from matches.swiss.matching import max_weight_matching

Pair = tuple[int, int]


def met_map(history: History) -> dict[int, set[int]]:
    met: dict[int, set[int]] = defaultdict(set)
    for r in history.results:
        met[r.a].add(r.b)
        met[r.b].add(r.a)
    return met


def quality_key(pairs: list[Pair], points: dict[int, int]) -> tuple[tuple[int, ...], int]:
    """(c_1..c_k-1, sum of squared group distances), straight from the definition."""
    scores = sorted({points[p] for pair in pairs for p in pair}, reverse=True)
    g = {s: i for i, s in enumerate(scores)}
    profile = [0] * max(0, len(scores) - 1)
    d2 = 0
    for a, b in pairs:
        lo, hi = sorted((g[points[a]], g[points[b]]))
        d2 += (hi - lo) ** 2
        for j in range(lo, hi):
            profile[j] += 1
    return tuple(profile), d2


def all_pairings(players: list[int], met: dict[int, set[int]]) -> Iterator[list[Pair]]:
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        if other in met.get(first, ()):
            continue
        for tail in all_pairings(rest[:i] + rest[i + 1 :], met):
            yield [(first, other), *tail]


def brute_best(players: list[int], points: dict[int, int], met) -> tuple | None:
    keys = [quality_key(p, points) for p in all_pairings(players, met)]
    return min(keys) if keys else None


def feasible(players: list[int], met) -> bool:
    """A rematch-free perfect pairing exists (unit-weight max-cardinality matching)."""
    if len(players) % 2:
        return False
    idx = {p: i for i, p in enumerate(players)}
    edges = [
        (idx[a], idx[b], 1)
        for i, a in enumerate(players)
        for b in players[i + 1 :]
        if b not in met.get(a, ())
    ]
    mate = max_weight_matching(len(players), edges, max_cardinality=True)
    return all(m != -1 for m in mate)


def global_best(players: list[int], points: dict[int, int], met) -> tuple | None:
    """One weighted matching over the whole field; weights built from the definition."""
    scores = sorted({points[p] for p in players}, reverse=True)
    g = {p: scores.index(points[p]) for p in players}
    k = len(scores)
    n_pairs = len(players) // 2
    radix = n_pairs + 1
    d2_width = n_pairs * k * k + 1
    edges = []
    idx = {p: i for i, p in enumerate(players)}
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            if b in met.get(a, ()):
                continue
            lo, hi = sorted((g[a], g[b]))
            cost = sum(radix ** (k - 2 - j) for j in range(lo, hi)) * d2_width
            cost += (hi - lo) ** 2
            edges.append((idx[a], idx[b], cost))
    if not edges:
        return None if players else ((), 0)
    top = max(c for *_x, c in edges) + 1
    mate = max_weight_matching(
        len(players), [(u, v, top - c) for u, v, c in edges], max_cardinality=True
    )
    if any(m == -1 for m in mate):
        return None
    pairs = [(players[u], players[v]) for u, v in enumerate(mate) if v > u]
    return quality_key(pairs, points)


@dataclass
class Event:
    """A random event: entries, drops, results, with every round's inputs kept."""

    players: list[Player] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)
    byes: list[Bye] = field(default_factory=list)
    dropped: set[int] = field(default_factory=set)
    seed: str = "t"

    def history(self) -> History:
        return History(tuple(self.players), tuple(self.results), tuple(self.byes), self.seed)

    def active(self) -> list[int]:
        return [p.id for p in self.players if p.id not in self.dropped]


@dataclass
class RoundRecord:
    history: History
    active: list[int]
    pairing: Pairing | None
    error: NoValidPairing | None


def random_event(
    n: int,
    rounds: int,
    rnd: random.Random,
    *,
    drop_rate: float = 0.0,
    late_rate: float = 0.0,
    award_rate: float = 0.3,
) -> Iterator[RoundRecord]:
    """Play an event round by round, yielding each round's input and pairing."""
    ev = Event(players=[Player(i) for i in range(1, n + 1)], seed=f"ev{rnd.random()}")
    next_id = n + 1
    for r in range(1, rounds + 1):
        if r > 1:
            for pid in ev.active():
                if rnd.random() < drop_rate:
                    ev.dropped.add(pid)
            if rnd.random() < late_rate:
                ev.players.append(Player(next_id))
                if rnd.random() < award_rate:
                    ev.byes += [Bye(x, next_id, ByeKind.AWARDED) for x in range(1, r)]
                next_id += 1
        history = ev.history()
        active = ev.active()
        try:
            pairing = pair_round(history, active, r)
        except NoValidPairing as e:
            yield RoundRecord(history, active, None, e)
            return
        yield RoundRecord(history, active, pairing, None)
        for a, b in pairing.pairs:
            lost = rnd.randint(0, 1)
            ga, gb = (2, lost) if rnd.random() < 0.5 else (lost, 2)
            ev.results.append(Result(r, a, b, ga, gb))
        if pairing.bye is not None:
            ev.byes.append(Bye(r, pairing.bye))


def ranked(history: History, active: list[int]) -> tuple[list[int], dict[int, int]]:
    rows = standings(history)
    aset = set(active)
    return [r.player for r in rows if r.player in aset], {r.player: r.points for r in rows}


def check_round(rec: RoundRecord) -> None:
    """Absolute rules and the bye rule, for any field size."""
    p = rec.pairing
    assert p is not None
    seen = Counter(x for pair in p.pairs for x in pair)
    if p.bye is not None:
        seen[p.bye] += 1
    assert set(seen) == set(rec.active), "every active player exactly once, nobody else"
    assert max(seen.values()) == 1, "nobody twice in a round"
    assert all(a != b for a, b in p.pairs)
    met = met_map(rec.history)
    assert not [pair for pair in p.pairs if pair[1] in met[pair[0]]], "no rematch"
    assert (p.bye is not None) == (len(rec.active) % 2 == 1), "bye iff the field is odd"
    if p.bye is not None:
        had = {b.player for b in rec.history.byes}
        assert p.bye not in had, "at most one bye per player"
        order, _ = ranked(rec.history, rec.active)
        below = order[order.index(p.bye) + 1 :]
        for q in below:  # every lower-ranked player must be ineligible
            assert q in had or not feasible([x for x in order if x != q], met), (
                f"bye to {p.bye} but lower-ranked {q} was eligible"
            )


def check_optimal(rec: RoundRecord, *, brute_limit: int = 12) -> None:
    p = rec.pairing
    assert p is not None
    order, points = ranked(rec.history, rec.active)
    rest = [x for x in order if x != p.bye]
    met = met_map(rec.history)
    ours = quality_key(list(p.pairs), points)
    best = brute_best(rest, points, met) if len(rest) <= brute_limit else None
    if best is None:
        best = global_best(rest, points, met)
    assert ours == best, f"pairing {ours} worse than the optimum {best}"


def check_no_pairing(history: History, active: list[int], error: NoValidPairing) -> None:
    """A NoValidPairing must be true: no rematch-free pairing with a legal bye exists."""
    reason = error.reason.value
    if reason == "too_few_players":
        assert len(active) < 2
        return
    had = {b.player for b in history.byes}
    met = met_map(history)
    if reason == "no_bye_candidate":
        assert len(active) % 2 == 1 and all(p in had for p in active)
        return
    assert reason == "rematch_unavoidable"
    if len(active) % 2 == 0:
        assert not feasible(active, met)
    else:
        for c in active:
            assert c in had or not feasible([p for p in active if p != c], met)


def check_two_opt(rec: RoundRecord) -> None:
    """No exchange of partners between two tables gives a better (profile, d^2)."""
    p = rec.pairing
    assert p is not None
    _order, points = ranked(rec.history, rec.active)
    pairs = list(p.pairs)
    met = met_map(rec.history)
    scores = sorted({points[x] for pair in pairs for x in pair}, reverse=True)
    g = {s: i for i, s in enumerate(scores)}
    base_profile, base_d2 = quality_key(pairs, points)

    def span(a: int, b: int) -> tuple[int, int]:
        return tuple(sorted((g[points[a]], g[points[b]])))  # type: ignore[return-value]

    crossing = [i for i, (a, b) in enumerate(pairs) if points[a] != points[b]]
    for i in crossing:
        a, b = pairs[i]
        for j, (c, d) in enumerate(pairs):
            if j == i:
                continue
            for new in (((a, c), (b, d)), ((a, d), (b, c))):
                if any(y in met[x] for x, y in new):
                    continue
                prof = list(base_profile)
                d2 = base_d2
                for (x, y), sign in (((a, b), -1), ((c, d), -1), (new[0], 1), (new[1], 1)):
                    lo, hi = span(x, y)
                    d2 += sign * (hi - lo) ** 2
                    for k in range(lo, hi):
                        prof[k] += sign
                assert (tuple(prof), d2) >= (base_profile, base_d2), (
                    f"swapping partners of tables {pairs[i]} and {pairs[j]} improves the pairing"
                )
