"""Maximum-weight matching in general graphs (Edmonds' blossoms, primal-dual).

The method is the one in Z. Galil, "Efficient Algorithms for Finding Maximum Matching in
Graphs", ACM Computing Surveys 18(1), 1986: grow alternating trees from every single
vertex, shrink odd cycles into blossoms, and when no tight edge extends a tree, move the
dual variables by the smallest slack. O(n^3) with the least-slack-edge bookkeeping.

Weights must be integers: duals are kept doubled, so every quantity stays an integer
and the result is exact (floats could return a slightly worse matching).

Only the pairing engine's small residual problems come here; the common case never
reaches this module (see ``pairing.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def max_weight_matching(
    n: int, edges: Iterable[tuple[int, int, int]], *, max_cardinality: bool = False
) -> list[int]:
    """Return ``mate`` with ``mate[v]`` the partner of vertex ``v`` or ``-1``.

    ``edges`` are ``(u, v, w)`` with ``0 <= u, v < n``, ``u != v``, integer ``w``, at most
    one edge per vertex pair. With ``max_cardinality`` the best weight is taken among
    the matchings of largest size (a perfect matching when one exists).
    """
    edge_list: list[tuple[int, int, int]] = list(edges)
    if n == 0 or not edge_list:
        return [-1] * n
    return _Blossom(n, edge_list, max_cardinality).solve()


class _Blossom:
    """State of one run. Vertices are 0..n-1, blossoms n..2n-1.

    Edge k has endpoints 2k (its first vertex) and 2k+1 (its second); ``p ^ 1`` is the
    other end of the same edge. ``mate[v]`` holds the remote endpoint while running.
    """

    def __init__(self, n: int, edges: list[tuple[int, int, int]], max_cardinality: bool):
        self.n = n
        self.edges = edges
        self.max_cardinality = max_cardinality
        self.endpoint = [edges[p >> 1][p & 1] for p in range(2 * len(edges))]
        self.neighbend: list[list[int]] = [[] for _ in range(n)]
        for k, (i, j, _w) in enumerate(edges):
            if i == j:
                raise ValueError("self-loop in matching input")
            self.neighbend[i].append(2 * k + 1)
            self.neighbend[j].append(2 * k)
        max_w = max(0, max(w for _i, _j, w in edges))
        self.mate = [-1] * n
        self.label = [0] * (2 * n)  # 0 free, 1 S, 2 T; bit 4 is a breadcrumb
        self.labelend = [-1] * (2 * n)
        self.inblossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.childs: list[list[int] | None] = [None] * (2 * n)
        self.base = list(range(n)) + [-1] * n
        self.endps: list[list[int] | None] = [None] * (2 * n)
        self.bestedge = [-1] * (2 * n)
        self.bestedges: list[list[int] | None] = [None] * (2 * n)
        self.unused = list(range(n, 2 * n))
        self.dual = [max_w] * n + [0] * n  # vertex duals doubled
        self.allow = [False] * len(edges)
        self.queue: list[int] = []

    # -- small helpers -----------------------------------------------------------------
    def slack(self, k: int) -> int:
        i, j, w = self.edges[k]
        return self.dual[i] + self.dual[j] - 2 * w

    def leaves(self, b: int) -> list[int]:
        if b < self.n:
            return [b]
        out: list[int] = []
        stack = [b]
        while stack:
            t = stack.pop()
            if t < self.n:
                out.append(t)
            else:
                stack.extend(self.childs[t])  # type: ignore[arg-type]
        return out

    def assign_label(self, w: int, t: int, p: int) -> None:
        while True:
            b = self.inblossom[w]
            self.label[w] = self.label[b] = t
            self.labelend[w] = self.labelend[b] = p
            self.bestedge[w] = self.bestedge[b] = -1
            if t == 1:
                self.queue.extend(self.leaves(b))
                return
            # A T-blossom's base is matched; its mate becomes S.
            base = self.base[b]
            m = self.mate[base]
            w, t, p = self.endpoint[m], 1, m ^ 1

    def scan_blossom(self, v: int, w: int) -> int:
        """Walk back from v and w alternately; return the new blossom's base or -1."""
        path: list[int] = []
        base = -1
        while v != -1 or w != -1:
            b = self.inblossom[v]
            if self.label[b] & 4:
                base = self.base[b]
                break
            path.append(b)
            self.label[b] = 5
            if self.labelend[b] == -1:
                v = -1
            else:
                v = self.endpoint[self.labelend[b]]
                b = self.inblossom[v]
                v = self.endpoint[self.labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            self.label[b] = 1
        return base

    def add_blossom(self, base: int, k: int) -> None:
        v, w, _wt = self.edges[k]
        inb = self.inblossom
        bb, bv, bw = inb[base], inb[v], inb[w]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            self.parent[bv] = b
            path.append(bv)
            endps.append(self.labelend[bv])
            v = self.endpoint[self.labelend[bv]]
            bv = inb[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            self.parent[bw] = b
            path.append(bw)
            endps.append(self.labelend[bw] ^ 1)
            w = self.endpoint[self.labelend[bw]]
            bw = inb[w]
        self.childs[b] = path
        self.endps[b] = endps
        self.label[b] = 1
        self.labelend[b] = self.labelend[bb]
        self.dual[b] = 0
        for leaf in self.leaves(b):
            if self.label[inb[leaf]] == 2:
                self.queue.append(leaf)
            inb[leaf] = b
        # Least-slack edges from the new blossom to every other S-blossom.
        best_to = [-1] * (2 * self.n)
        for sub in path:
            sub_best = self.bestedges[sub]
            lists = (
                [[p >> 1 for p in self.neighbend[leaf]] for leaf in self.leaves(sub)]
                if sub_best is None
                else [sub_best]
            )
            for lst in lists:
                for kk in lst:
                    i, j, _ = self.edges[kk]
                    if inb[j] == b:
                        i, j = j, i
                    bj = inb[j]
                    if (
                        bj != b
                        and self.label[bj] == 1
                        and (best_to[bj] == -1 or self.slack(kk) < self.slack(best_to[bj]))
                    ):
                        best_to[bj] = kk
            self.bestedges[sub] = None
            self.bestedge[sub] = -1
        b_best = self.bestedges[b] = [kk for kk in best_to if kk != -1]
        best = -1
        for kk in b_best:
            if best == -1 or self.slack(kk) < self.slack(best):
                best = kk
        self.bestedge[b] = best

    def expand_blossom(self, b: int, end_stage: bool) -> None:
        n = self.n
        childs = self.childs[b]
        assert childs is not None
        for s in childs:
            self.parent[s] = -1
            if s < n:
                self.inblossom[s] = s
            elif end_stage and self.dual[s] == 0:
                self.expand_blossom(s, end_stage)
            else:
                for leaf in self.leaves(s):
                    self.inblossom[leaf] = s
        if not end_stage and self.label[b] == 2:
            # A T-blossom opened mid-stage: relabel the even path from the entry child
            # to the base so the alternating tree stays valid.
            endps = self.endps[b]
            assert endps is not None
            entry = self.inblossom[self.endpoint[self.labelend[b] ^ 1]]
            j = childs.index(entry)
            if j & 1:
                j -= len(childs)
                step, trick = 1, 0
            else:
                step, trick = -1, 1
            p = self.labelend[b]
            while j != 0:
                self.label[self.endpoint[p ^ 1]] = 0
                self.label[self.endpoint[endps[j - trick] ^ trick ^ 1]] = 0
                self.assign_label(self.endpoint[p ^ 1], 2, p)
                self.allow[endps[j - trick] >> 1] = True
                j += step
                p = endps[j - trick] ^ trick
                self.allow[p >> 1] = True
                j += step
            bv = childs[j]
            self.label[self.endpoint[p ^ 1]] = self.label[bv] = 2
            self.labelend[self.endpoint[p ^ 1]] = self.labelend[bv] = p
            self.bestedge[bv] = -1
            j += step
            while childs[j] != entry:
                bv = childs[j]
                if self.label[bv] == 1:
                    j += step
                    continue
                reached = -1
                for leaf in self.leaves(bv):
                    if self.label[leaf] != 0:
                        reached = leaf
                        break
                if reached != -1:
                    self.label[reached] = 0
                    self.label[self.endpoint[self.mate[self.base[bv]]]] = 0
                    self.assign_label(reached, 2, self.labelend[reached])
                j += step
        self.label[b] = self.labelend[b] = -1
        self.childs[b] = self.endps[b] = None
        self.base[b] = -1
        self.bestedges[b] = None
        self.bestedge[b] = -1
        self.unused.append(b)

    def augment_blossom(self, b: int, v: int) -> None:
        """Make v the base of blossom b by flipping the even path inside it."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        childs = self.childs[b]
        endps = self.endps[b]
        assert childs is not None and endps is not None
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            step, trick = 1, 0
        else:
            step, trick = -1, 1
        while j != 0:
            j += step
            t = childs[j]
            p = endps[j - trick] ^ trick
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p])
            j += step
            t = childs[j]
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p ^ 1])
            self.mate[self.endpoint[p]] = p ^ 1
            self.mate[self.endpoint[p ^ 1]] = p
        self.childs[b] = childs[i:] + childs[:i]
        self.endps[b] = endps[i:] + endps[:i]
        self.base[b] = self.base[self.childs[b][0]]  # type: ignore[index]

    def augment_matching(self, k: int) -> None:
        v, w, _wt = self.edges[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = self.inblossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if self.labelend[bs] == -1:
                    break
                t = self.endpoint[self.labelend[bs]]
                bt = self.inblossom[t]
                s = self.endpoint[self.labelend[bt]]
                j = self.endpoint[self.labelend[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = self.labelend[bt]
                p = self.labelend[bt] ^ 1

    # -- main loop -----------------------------------------------------------------------
    def solve(self) -> list[int]:
        for _stage in range(self.n):
            self._start_stage()
            if not self._grow():
                break
            self._expand_free_s_blossoms()
        return [self.endpoint[m] if m >= 0 else -1 for m in self.mate]

    def _start_stage(self) -> None:
        """Forget the last stage's labels; every free vertex is an S-vertex."""
        n, label, inb = self.n, self.label, self.inblossom
        label[:] = [0] * (2 * n)
        self.bestedge[:] = [-1] * (2 * n)
        self.bestedges[n:] = [None] * n
        self.allow[:] = [False] * len(self.edges)
        self.queue[:] = []
        for v in range(n):
            if self.mate[v] == -1 and label[inb[v]] == 0:
                self.assign_label(v, 1, -1)

    def _grow(self) -> bool:
        """Scan the S-vertices, moving the duals whenever no edge is tight: True once the
        matching was augmented, False when the duals say it is the best there is."""
        label, inb = self.label, self.inblossom
        while True:
            while self.queue:
                if self._scan(self.queue.pop()):
                    return True
            dtype, delta, dedge, dblossom = self._delta()
            self._move_duals(delta)
            if dtype == 1:
                return False
            if dtype in (2, 3):
                self.allow[dedge] = True
                i, j, _w = self.edges[dedge]
                if label[inb[i]] == 0:
                    i = j
                self.queue.append(i)
            else:
                self.expand_blossom(dblossom, False)

    def _scan(self, v: int) -> bool:
        """Follow the edges of S-vertex ``v``: label, make blossoms, or augment (True)."""
        label, inb, bestedge = self.label, self.inblossom, self.bestedge
        for p in self.neighbend[v]:
            k = p >> 1
            w = self.endpoint[p]
            if inb[v] == inb[w]:
                continue
            kslack = 0
            if not self.allow[k]:
                kslack = self.slack(k)
                if kslack <= 0:
                    self.allow[k] = True
            if not self.allow[k]:  # not tight yet: keep it if it is the least slack one
                if label[inb[w]] == 1:  # (of v's S-blossom towards another S-blossom)
                    b = inb[v]
                    if bestedge[b] == -1 or kslack < self.slack(bestedge[b]):
                        bestedge[b] = k
                elif label[w] == 0 and (bestedge[w] == -1 or kslack < self.slack(bestedge[w])):
                    bestedge[w] = k  # (of the free vertex w)
                continue
            lw = label[inb[w]]
            if lw == 0:
                self.assign_label(w, 2, p ^ 1)
            elif lw == 1:
                base = self.scan_blossom(v, w)
                if base < 0:
                    self.augment_matching(k)
                    return True
                self.add_blossom(base, k)
            elif label[w] == 0:
                label[w] = 2
                self.labelend[w] = p ^ 1
        return False

    def _move_duals(self, delta: int) -> None:
        n, label, inb, dual = self.n, self.label, self.inblossom, self.dual
        for v in range(n):
            lv = label[inb[v]]
            if lv == 1:
                dual[v] -= delta
            elif lv == 2:
                dual[v] += delta
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1:
                if label[b] == 1:
                    dual[b] += delta
                elif label[b] == 2:
                    dual[b] -= delta

    def _expand_free_s_blossoms(self) -> None:
        """After an augmentation: top-level S-blossoms whose dual reached 0 come apart."""
        label, dual = self.label, self.dual
        for b in range(self.n, 2 * self.n):
            if self.parent[b] == -1 and self.base[b] >= 0 and label[b] == 1 and dual[b] == 0:
                self.expand_blossom(b, True)

    def _delta(self) -> tuple[int, int, int, int]:
        """Smallest dual move that creates a tight edge, frees a blossom or ends."""
        n, label, inb = self.n, self.label, self.inblossom
        dtype, delta, dedge, dblossom = -1, 0, -1, -1
        if not self.max_cardinality:
            dtype, delta = 1, min(self.dual[:n])
        for v in range(n):
            if label[inb[v]] == 0 and self.bestedge[v] != -1:
                d = self.slack(self.bestedge[v])
                if dtype == -1 or d < delta:
                    dtype, delta, dedge = 2, d, self.bestedge[v]
        for b in range(2 * n):
            if self.parent[b] == -1 and label[b] == 1 and self.bestedge[b] != -1:
                d = self.slack(self.bestedge[b]) // 2  # slack between S-blossoms is even
                if dtype == -1 or d < delta:
                    dtype, delta, dedge = 3, d, self.bestedge[b]
        for b in range(n, 2 * n):
            if (
                self.base[b] >= 0
                and self.parent[b] == -1
                and label[b] == 2
                and (dtype == -1 or self.dual[b] < delta)
            ):
                dtype, delta, dblossom = 4, self.dual[b], b
        if dtype == -1:
            # Max-cardinality optimum reached: one last move keeps the duals feasible.
            dtype, delta = 1, max(0, min(self.dual[:n]))
        return dtype, delta, dedge, dblossom


def matching_pairs(mate: Sequence[int]) -> list[tuple[int, int]]:
    return [(v, m) for v, m in enumerate(mate) if m > v]
