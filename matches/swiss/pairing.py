"""Swiss pairing: exact by the criteria below, fast when the field is large.

Criteria, strictly in this order (each one only breaks ties of the ones before):

A. Absolute: every active player exactly once; no pair that has met before; a bye
   only when the active field is odd, and only to a player without any earlier bye
   (pairing or awarded). If these cannot all hold, :class:`NoValidPairing` is raised
   and the organiser decides (``allow_rematch`` / ``allow_second_bye`` relax them).
B. The bye goes to the lowest-ranked player (standings order) without a bye for whom
   the rest of the field can still be paired under A.
C. Floats: score groups are ordered from the top; for each boundary j between group j
   and j+1, c_j is the number of pairs with one player above and one below it. The
   vector (c_1, c_2, ...) is minimised lexicographically: as few players as possible
   leave the top group, then as few as possible leave the top two groups, and so on.
   A score group is therefore never broken when a pairing inside it exists.
D. Then the sum over pairs of (score-group distance)^2, so a floater meets the next
   group down rather than jumping two groups.
E. Preference only (not part of the exactness claim): inside a score group, the top
   half meets the bottom half (1st v (n/2+1)th, ...); the lowest-ranked player floats,
   and meets the highest-ranked player of the group below.

How it stays exact and fast:

* c_j >= (number of players above boundary j) mod 2, for every pairing. Cutting the
  groups at every boundary where that parity is even gives *segments*; inside a
  segment each interior boundary has odd parity. If each segment is paired inside
  itself with exactly one floater per interior boundary, moving one group down, every
  c_j sits on its lower bound and so does D (sum of d^2 >= sum of c_j). Such a pairing
  is optimal, whatever the rest of the field looks like. That is the fast path: fold
  each score group (E), repair rematch conflicts by re-assigning within the halves
  (augmenting paths), choose the floater from the bottom. Linear in practice.
* A segment where the fast path fails is solved exactly with a maximum-weight
  matching (``matching.py``) whose integer weights encode C, D, E as bit-fields, on a
  *window* of segments that is closed (nobody leaves it). The closed optimum is kept
  only if it is also optimal when the window may leak any number of players to the
  rest of the field: checked against the same problem with a "sink" of wildcard
  players below the window. Otherwise the window grows by one segment down; at the
  bottom no check is needed. If the bottom cannot be completed at all, the window
  grows upward (the previous window is reopened). The proof sketch: each accepted
  window reaches, on its own boundaries, the best value any pairing of the whole
  field can reach given the windows above, and closes with c = 0, so windows combine
  into a lexicographic optimum (see ``tests/swiss/test_pairing_exact.py``, which
  compares against brute force and a single global matching).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Collection, Sequence
from typing import Literal, overload

from .matching import max_weight_matching
from .model import ByeKind, History, NoValidPairing, NoValidPairingReason, Pairing
from .standings import Row, standings

_EMPTY: frozenset[int] = frozenset()
_FAST_TRIES = 8  # floater / partner candidates the fast path tries before escalating


class _Infeasible(Exception):
    pass


def _label(history: History, player: int) -> str:
    """A player as an organiser reads a warning: the name when the history has one."""
    name = next((p.name for p in history.players if p.id == player), "")
    return name or f"player {player}"


def pair_round(
    history: History,
    active: Collection[int],
    round_no: int | None = None,
    *,
    allow_rematch: bool = False,
    allow_second_bye: bool = False,
    rows: Sequence[Row] | None = None,
) -> Pairing:
    """Pair the next round for the ``active`` players (dropped players left out).

    ``rows`` may pass standings already computed for ``history`` (they decide the
    ranking order). Raises :class:`NoValidPairing` when criteria A cannot be met.
    """
    if round_no is None:
        last = [r.round for r in history.results] + [b.round for b in history.byes]
        round_no = max(last, default=0) + 1
    known = {p.id for p in history.players}
    unknown = set(active) - known
    if unknown:
        raise ValueError(f"unknown players: {sorted(unknown)}")
    active_set = set(active)
    if len(active_set) < 2:
        raise NoValidPairing(
            NoValidPairingReason.TOO_FEW_PLAYERS,
            round_no,
            "fewer than two active players; end the event",
            tuple(sorted(active_set)),
        )
    if rows is None:
        rows = standings(history)
    order = [r.player for r in rows if r.player in active_set]
    points = {r.player: r.points for r in rows}
    met: dict[int, set[int]] = defaultdict(set)
    for r in history.results:
        met[r.a].add(r.b)
        met[r.b].add(r.a)
    # Zero-point byes are missed rounds, not byes the pairing gave.
    bye_count = Counter(b.player for b in history.byes if b.kind != ByeKind.ZERO)
    warnings: list[str] = []

    bye: int | None = None
    if len(order) % 2 == 0:
        pairs = _pair_or_raise(order, points, met, allow_rematch, round_no)
    else:
        candidates = [p for p in reversed(order) if bye_count[p] == 0]
        if allow_second_bye:
            again = sorted((p for p in reversed(order) if bye_count[p] > 0), key=lambda p: bye_count[p])
            candidates += again
        if not candidates:
            raise NoValidPairing(
                NoValidPairingReason.NO_BYE_CANDIDATE,
                round_no,
                "odd field and every active player already had a bye",
            )
        found: list[tuple[int, int]] | None = None
        skipped: list[int] = []
        for c in candidates:
            rest = [p for p in order if p != c]
            try:
                found = _pair_even(rest, points, met, allow_rematch)
            except _Infeasible:
                skipped.append(c)
                continue
            bye = c
            break
        if found is None or bye is None:
            raise NoValidPairing(
                NoValidPairingReason.REMATCH_UNAVOIDABLE,
                round_no,
                "no bye candidate leaves a rematch-free pairing",
            )
        pairs = found
        if skipped:
            warnings.append(
                f"bye moved up past {len(skipped)} lower-ranked player(s) "
                f"because the rest could not be paired without a rematch"
            )
        if bye_count[bye]:
            warnings.append(f"{_label(history, bye)} receives a further bye "
                            "(allowed by the organiser)")
    rank = {p: i for i, p in enumerate(order)}
    pairs = [(a, b) if rank[a] < rank[b] else (b, a) for a, b in pairs]
    pairs.sort(key=lambda ab: rank[ab[0]])
    floats = tuple(
        (x, points[x], points[y])
        for a, b in pairs
        if points[a] != points[b]
        for x, y in ((a, b), (b, a))
    )
    rematches = tuple((a, b) for a, b in pairs if b in met[a])
    for a, b in rematches:
        warnings.append(f"rematch: {_label(history, a)} v {_label(history, b)} "
                        "(allowed by the organiser)")
    return Pairing(round_no, tuple(pairs), bye, tuple(warnings), floats, rematches)


def _pair_or_raise(order, points, met, allow_rematch, round_no) -> list[tuple[int, int]]:
    try:
        return _pair_even(order, points, met, allow_rematch)
    except _Infeasible:
        raise NoValidPairing(
            NoValidPairingReason.REMATCH_UNAVOIDABLE,
            round_no,
            "every pairing of the field repeats a match",
        ) from None


# -- the even field ------------------------------------------------------------------------


class _Field:
    """Ranked players cut into score groups, with the lookups every step needs."""

    def __init__(self, order: list[int], points: dict[int, int], met: dict[int, set[int]]):
        self.groups: list[list[int]] = []
        for p in order:
            if self.groups and points[self.groups[-1][0]] == points[p]:
                self.groups[-1].append(p)
            else:
                self.groups.append([p])
        self.gidx: dict[int, int] = {}
        self.pos: dict[int, int] = {}
        for g, members in enumerate(self.groups):
            for i, p in enumerate(members):
                self.gidx[p] = g
                self.pos[p] = i
        self.met = met

    def segments(self) -> list[tuple[int, int]]:
        """Runs of groups whose closing boundary has an even number of players above."""
        segs: list[tuple[int, int]] = []
        start, above = 0, 0
        for g, members in enumerate(self.groups):
            above += len(members)
            if above % 2 == 0:
                segs.append((start, g))
                start = g + 1
        return segs

    def profile(self, pairs: Sequence[tuple[int, int | None]], lo: int, hi: int
                ) -> tuple[int, ...]:
        """c_j for the boundaries inside groups lo..hi; ``None`` is a wildcard below hi."""
        counts = [0] * (hi - lo)
        for a, b in pairs:
            ga = self.gidx[a]
            gb = self.gidx[b] if b is not None else hi
            ga, gb = min(ga, gb), max(ga, gb)
            for j in range(ga, gb):
                counts[j - lo] += 1
        return tuple(counts)


def _pair_even(
    order: list[int], points: dict[int, int], met: dict[int, set[int]], allow_rematch: bool
) -> list[tuple[int, int]]:
    f = _Field(order, points, met)
    if allow_rematch:
        sol = _exact(f, 0, len(f.groups) - 1, allow_rematch=True)
        if sol is None:
            raise _Infeasible
        return sol
    segs = f.segments()
    windows: list[tuple[int, list[tuple[int, int]]]] = []  # (first segment, pairs)
    i = 0
    while i < len(segs):
        lo, hi = segs[i]
        fast = _fast_segment(f, lo, hi)
        if fast is not None:
            windows.append((i, fast))
            i += 1
            continue
        start, j = i, i
        while True:
            lo, hi = segs[start][0], segs[j][1]
            at_bottom = j == len(segs) - 1
            sol = _exact(f, lo, hi)
            if sol is None:
                if not at_bottom:
                    j += 1
                    continue
                if not windows:
                    raise _Infeasible
                start = windows.pop()[0]
                continue
            if at_bottom or _certified(f, sol, lo, hi):
                break
            j += 1
        windows.append((start, sol))
        i = j + 1
    return [pair for _, sol in windows for pair in sol]


def _certified(f: _Field, sol: list[tuple[int, int]], lo: int, hi: int) -> bool:
    """Is the closed window optimal even if it could leak players to the groups below?"""
    closed = f.profile(sol, lo, hi)
    above = 0
    bound = []
    for g in range(lo, hi):
        above += len(f.groups[g])
        bound.append(above % 2)
    if list(closed) == bound:
        return True
    relaxed = _exact(f, lo, hi, sink=True)
    assert relaxed is not None  # the sink can absorb anyone
    return closed == f.profile(relaxed, lo, hi)


# -- fast path ------------------------------------------------------------------------------


def _fast_segment(f: _Field, lo: int, hi: int) -> list[tuple[int, int]] | None:
    """Pair a segment with one floater per interior boundary, or None to escalate."""
    groups = f.groups
    if lo == hi:
        return _fold(groups[lo], f.met)
    pairs: list[tuple[int, int]] = []
    found = _fold_with_floater(groups[lo], f.met, groups[lo + 1])
    if found is None:
        return None
    pairs += found[0]
    carry = found[1]
    for g in range(lo + 1, hi + 1):
        members = groups[g]
        last = g == hi
        seen = f.met.get(carry, _EMPTY)
        tries = 0
        step: tuple[list[tuple[int, int]], int | None] | None = None
        for x in members:
            if x in seen:
                continue
            tries += 1
            if tries > _FAST_TRIES:
                break
            rest = [p for p in members if p != x]
            if last:
                folded = _fold(rest, f.met)
                if folded is not None:
                    step = ([(carry, x), *folded], None)
                    break
            else:
                found = _fold_with_floater(rest, f.met, groups[g + 1])
                if found is not None:
                    step = ([(carry, x), *found[0]], found[1])
                    break
        if step is None:
            return None
        pairs += step[0]
        carry = step[1]  # type: ignore[assignment]
    return pairs


def _fold_with_floater(
    members: list[int], met: dict[int, set[int]], below: list[int]
) -> tuple[list[tuple[int, int]], int] | None:
    """Odd group: the lowest-ranked player who can float (and meet someone below) floats."""
    tries = 0
    for k in range(len(members) - 1, -1, -1):
        f = members[k]
        seen = met.get(f, _EMPTY)
        if all(x in seen for x in below):
            continue
        tries += 1
        if tries > _FAST_TRIES:
            return None
        folded = _fold(members[:k] + members[k + 1 :], met)
        if folded is not None:
            return folded, f
    return None


def _fold(members: list[int], met: dict[int, set[int]]) -> list[tuple[int, int]] | None:
    """Top half v bottom half; rematch conflicts repaired by augmenting paths in the halves.

    Returns None when no top-v-bottom perfect matching exists (the exact path then
    also considers top-v-top and bottom-v-bottom pairs).
    """
    n = len(members)
    if n % 2:
        return None
    h = n // 2
    s1, s2 = members[:h], members[h:]
    owner = [-1] * h  # owner[j]: index in s1 holding s2[j]
    partner = [-1] * h
    first_free = 0
    unmatched: list[int] = []
    for i, a in enumerate(s1):
        seen = met.get(a, _EMPTY)
        while first_free < h and owner[first_free] != -1:
            first_free += 1
        for j in range(first_free, h):
            if owner[j] == -1 and s2[j] not in seen:
                owner[j], partner[i] = i, j
                break
        else:
            unmatched.append(i)
    for i in unmatched:
        if not _augment(i, s1, s2, owner, partner, met):
            return None
    return [(s1[i], s2[partner[i]]) for i in range(h)]


def _augment(
    start: int,
    s1: list[int],
    s2: list[int],
    owner: list[int],
    partner: list[int],
    met: dict[int, set[int]],
) -> bool:
    """BFS for an alternating path from unmatched s1[start] to a free s2 slot."""
    h = len(s2)
    came_from: dict[int, int] = {}  # s2 index -> s1 index that reached it
    frontier = [start]
    visited_s1 = {start}
    while frontier:
        nxt = []
        for i in frontier:
            seen = met.get(s1[i], _EMPTY)
            for j in range(h):
                if j in came_from or s2[j] in seen:
                    continue
                came_from[j] = i
                if owner[j] == -1:
                    while True:  # flip the path back to start
                        i2 = came_from[j]
                        prev = partner[i2]
                        owner[j], partner[i2] = i2, j
                        if i2 == start:
                            return True
                        j = prev
                k = owner[j]
                if k not in visited_s1:
                    visited_s1.add(k)
                    nxt.append(k)
        frontier = nxt
    return False


# -- exact path -----------------------------------------------------------------------------


@overload
def _exact(
    f: _Field, lo: int, hi: int, *, allow_rematch: bool = False, sink: Literal[False] = False
) -> list[tuple[int, int]] | None: ...


@overload
def _exact(
    f: _Field, lo: int, hi: int, *, allow_rematch: bool = False, sink: Literal[True]
) -> list[tuple[int, int | None]] | None: ...


def _exact(
    f: _Field, lo: int, hi: int, *, allow_rematch: bool = False, sink: bool = False
) -> list[tuple[int, int]] | list[tuple[int, int | None]] | None:
    """Optimal closed pairing of groups lo..hi by C, D, E (and fewest rematches first).

    With ``sink`` the window may send players below it: each may pair with one of
    as many wildcards (crossing every remaining boundary of the window); only the
    float profile matters then. A player paired with a wildcard has ``None`` as partner.
    """
    players = [p for g in range(lo, hi + 1) for p in f.groups[g]]
    m = len(players)
    n_sink = m if sink else 0
    costs = _costs(f, lo, hi, players, n_sink, allow_rematch)
    if not costs:
        return [] if m == 0 else None
    top = max(c for _u, _v, c in costs) + 1
    mate = max_weight_matching(
        m + n_sink, [(u, v, top - c) for u, v, c in costs], max_cardinality=True
    )
    if any(x == -1 for x in mate):
        return None
    out: list[tuple[int, int | None]] = []
    for u in range(m):
        v = mate[u]
        if v >= m:
            out.append((players[u], None))
        elif v > u:
            out.append((players[u], players[v]))
    return out


def _cost_fields(
    f: _Field, lo: int, hi: int, m: int, n_sink: int
) -> tuple[int, list[int], int, int]:
    """Where each criterion sits in a pair's one-integer cost (least significant last:
    rematches, boundaries, d^2, preference), so that comparing sums compares the
    criteria in order: the rematch unit, the cost of crossing boundaries lo..g-1 for each
    g (prefix sums), the d^2 unit and the preference unit."""
    n_pairs = (m + n_sink) // 2
    n_bounds = hi - lo
    span = max(1, n_bounds)
    t_max = max(len(f.groups[g]) for g in range(lo, hi + 1)) ** 2 * 2 + 2
    widths = [n_pairs + 1] * (1 + n_bounds) + [n_pairs * span * span + 1, n_pairs * t_max + 1]
    if n_sink:
        widths[-2] = widths[-1] = 1  # only the float profile is compared
    bases = [1] * len(widths)
    for k in range(len(widths) - 2, -1, -1):
        bases[k] = bases[k + 1] * widths[k + 1]
    prefix = [0]
    for b in bases[1 : 1 + n_bounds]:
        prefix.append(prefix[-1] + b)
    return bases[0], prefix, bases[-2], bases[-1]


def _costs(
    f: _Field, lo: int, hi: int, players: list[int], n_sink: int, allow_rematch: bool
) -> list[tuple[int, int, int]]:
    """Each allowed pair's cost; wildcards (``n_sink`` of them, numbered after the
    players) cost a player every boundary left below it, and nothing to each other."""
    m = len(players)
    b_rem, prefix, b_d2, b_pref = _cost_fields(f, lo, hi, m, n_sink)
    gidx, pos, groups, met = f.gidx, f.pos, f.groups, f.met
    costs: list[tuple[int, int, int]] = []
    for u in range(m):
        pu = players[u]
        gu = gidx[pu] - lo
        seen = met.get(pu, _EMPTY)
        for v in range(u + 1, m):
            pv = players[v]
            rematch = pv in seen
            if rematch and not allow_rematch:
                continue
            gv = gidx[pv] - lo
            cost = prefix[gv] - prefix[gu] + rematch * b_rem
            if not n_sink:
                cost += (gv - gu) ** 2 * b_d2
                size = len(groups[gu + lo])
                if gu == gv:
                    cost += (abs(pos[pv] - pos[pu]) - size // 2) ** 2 * b_pref
                else:
                    cost += (size - 1 - pos[pu] + pos[pv]) * b_pref
            costs.append((u, v, cost))
        for s in range(n_sink):
            costs.append((u, m + s, prefix[hi - lo] - prefix[gu]))
    for s in range(n_sink):
        for t in range(s + 1, n_sink):
            costs.append((m + s, m + t, 0))
    return costs
