"""The component set's derived look-ups (``Compiled``): the board's adjacency and segment
capacities, the nodes by kind, tiles, transmitters, technologies and HQ projects by id. Built
once per components dict (``compiled``) and read by the rules as fields."""

from __future__ import annotations

from typing import Any


class Compiled:
    """Derived lookups over one components dict (adjacency, tech index...)."""

    def __init__(self, comp: dict[str, Any]) -> None:
        self.comp = comp
        nodes = comp["board"]["nodes"]
        self.nodes = nodes
        self.adj: dict[str, list[tuple[int, str]]] = {n: [] for n in nodes}
        self.seg_cap: list[int] = []
        for i, s in enumerate(comp["board"]["segments"]):
            a, b = s[0], s[1]
            self.adj[a].append((i, b))
            self.adj[b].append((i, a))
            self.seg_cap.append(2 if len(s) == 3 else 1)
        self.dead_end = {n for n in nodes
                         if len(self.adj[n]) == 1 and self.seg_cap[self.adj[n][0][0]] == 2}
        self.isolated = sorted(n for n in nodes if nodes[n]["kind"] == "pulsar" and not self.adj[n])
        self.systems = sorted(n for n in nodes if nodes[n]["kind"] == "system")
        self.pulsars = sorted(n for n in nodes if nodes[n]["kind"] == "pulsar")
        self.starts = sorted(n for n in nodes if nodes[n]["kind"] == "start")
        self.system_tiles = {t["id"]: t for t in comp["systems"]}
        self.explore = {x["id"]: x for x in comp["exploration"]}
        self.transmitters = {t["id"]: t for t in comp["transmitters"]}
        self.tech: dict[str, dict[str, Any]] = {}
        self.tech_boards = {b["id"]: b for b in comp["tech_boards"]}
        self.hq_projects: dict[str, dict[str, Any]] = {}
        for hb in comp["hq_boards"]:
            for side in hb["sides"].values():
                for p in side["projects"]:
                    self.hq_projects[p["id"]] = p
        for b in comp["tech_boards"]:
            for row in b["rows"]:
                for t in row["techs"]:
                    self.tech[t["id"]] = t
        self._avoiding: dict[str | None, dict[str, list[tuple[int, str]]]] = {}

    def avoiding(self, gate: str | None) -> dict[str, list[tuple[int, str]]]:
        """``adj`` without the segments into ``gate`` (None: all of it): a ship never flies
        back into its own starting gate, so the flight's rules and the heuristic's trail
        scoring walk this, built once a gate."""
        adj = self._avoiding.get(gate)
        if adj is None:
            adj = self._avoiding[gate] = {
                n: [(seg, nxt) for seg, nxt in out if nxt != gate] for n, out in self.adj.items()}
        return adj


_CACHE: dict[int, Compiled] = {}


def compiled(comp: dict[str, Any]) -> Compiled:
    """Compiled view of ``comp``, cached by identity (the dict is never mutated)."""
    c = _CACHE.get(id(comp))
    if c is None or c.comp is not comp:
        if len(_CACHE) > 64:
            _CACHE.clear()
        c = Compiled(comp)
        _CACHE[id(comp)] = c
    return c
