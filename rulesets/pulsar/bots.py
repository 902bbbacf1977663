"""Bots: ``random`` (uniform over legal actions) and ``heuristic`` (greedy scores).

Both decide from what the seat may see and ``legal_actions(state, seat)`` only: the
heuristic reads ``view.bot_view`` (the part of the seat's view it uses), never the state
itself, so it cannot see face-down tiles, stack order or the generator.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulesets.base import Action
from rulesets.pulsar.common import ROUNDS
from rulesets.pulsar.dice import die_move
from rulesets.pulsar.engine import apply, legal_actions, to_act
from rulesets.pulsar.lookups import Compiled, compiled
from rulesets.pulsar.setup import example_config, new_game
from rulesets.pulsar.state import Game
from rulesets.pulsar.view import bot_view
from rulesets.rng import Rng

View = dict[str, Any]

# What passing a system still to be explored or settled is worth on a flight.
_PASSING = 4.0
# What drafting a die of each value is worth, before its move on the track.
_DIE_VALUE = {1: 2.0, 2: 2.5, 3: 3.5, 4: 4.0, 5: 4.5, 6: 5.5}


def bot_action(state: Game, seat: int, kind: str, seed: str) -> Action:
    legal = legal_actions(state, seat)
    if not legal:
        raise ValueError("seat has nothing to do")
    if kind == "random":
        return legal[Rng.from_seed(seed).below(len(legal))]
    if kind != "heuristic":
        raise ValueError(f"unknown bot kind {kind!r}")
    return choose(bot_view(state, seat), seat, legal, seed)


def choose(v: View, seat: int, legal: list[Action], seed: str) -> Action:
    """The best-scored action; a tie is drawn with a generator seeded from ``seed``
    (seeded only then: hashing the seed cost as much as a cheap choice, and a search's
    playouts choose at every step)."""
    ctx = _Ctx(v, seat)
    best: list[Action] = []
    top = float("-inf")
    for a in legal:
        sc = ctx.score(a)
        if sc > top + 1e-9:
            top, best = sc, [a]
        elif abs(sc - top) <= 1e-9:
            best.append(a)
    return best[0] if len(best) == 1 else best[Rng.from_seed(seed).below(len(best))]


class _Ctx:
    def __init__(self, v: View, seat: int) -> None:
        self.v = v
        self.seat = seat
        self.me = v["players"][seat]
        self.c: Compiled = compiled(v["components"])
        self.left = ROUNDS - v["round"] + 1  # production phases still to come
        self.rings = v["components"]["rings"] - len(self.me["pulsars"])
        self._ends: dict[tuple[Any, ...], float] = {}
        self._node_values: dict[str, float] = {}
        self._passing_nodes: frozenset[str] | None = None
        self._colours: dict[str, frozenset[str]] = {}

    # -- locations -----------------------------------------------------------------------
    def node_value(self, node: str) -> float:
        kind = self.c.nodes[node]["kind"]
        if kind == "pulsar":
            if node not in self.v["owner"] and self.rings > 0:
                value: float = 30.0 + 3.0 * self.left
                return value
            return 0.0
        if kind == "system" and node not in self.me["stations"]:
            sysv = self.v["systems"][node]
            if not sysv["revealed"]:
                return 14.0
            if None in sysv["planets"]:
                return 11.0
        return 0.0

    def best_trail(self, at: str, steps: int, used: dict[int, int], visited: list[str],
                   race: tuple[str, int] | None) -> float:
        """Best value of any flight continuation of exactly ``steps`` segments: where it
        ends (``node_value``), each other node passed on the way (``_PASSING`` for each of
        ``_passing``, once a node) and, in a race, each node of the race's colour on the whole path.

        Every continuation is walked (a search's playouts ask this at nearly every flight
        step), so the ends are scored with sets: the nodes worth passing and those of the
        race's colour, met on the path. Their values are whole numbers, so the sums are
        the same in any order."""
        adj = self.c.avoiding(self.me["gate"])
        # each segment's room left (a list: read at every step of every continuation;
        # copied whole, then the few segments used taken off)
        room = list(self.c.seg_cap)
        for seg, n in used.items():
            room[seg] -= n
        passing = self._passing()
        coloured = self._coloured(race[0]) if race else frozenset()
        race_vp = race[1] if race else 0
        return self._walk(at, steps, adj, room, list(visited), passing, coloured, race_vp)

    def _walk(self, pos: str, left: int, adj: dict[str, list[tuple[int, str]]],
              room: list[int], path: list[str], passing: frozenset[str],
              coloured: frozenset[str], race_vp: int) -> float:
        """``best_trail`` from ``pos`` with ``left`` segments to go, ``path`` the nodes
        flown so far (``pos`` last). A method, not a function nested in ``best_trail``: a
        nested function that calls itself holds itself through its closure, and every
        such cycle (one at nearly every flight step of a playout) would wait for the
        cycle collector."""
        ends = self._node_values
        if left == 0:                   # (only a flight with no segment left ends here)
            passed = passing.intersection(path[:-1])
            val = ends.get(pos)
            if val is None:
                val = ends[pos] = self.node_value(pos)
            val += _PASSING * (len(passed) - (pos in passed))
            if race_vp:
                val += race_vp * len(coloured.intersection(path))
            return val
        best = float("-inf")
        if left == 1:
            # The last segment: each end's path is this one and the end, so what this
            # one passes is counted once for all of its ends.
            passed = passing.intersection(path)
            worth = _PASSING * len(passed)
            raced = coloured.intersection(path) if race_vp else frozenset()
            for seg, nxt in adj[pos]:
                if room[seg] <= 0:
                    continue
                val = ends.get(nxt)
                if val is None:
                    val = ends[nxt] = self.node_value(nxt)
                val += worth - _PASSING if nxt in passed else worth
                if race_vp:
                    val += race_vp * (len(raced) + (nxt in coloured and nxt not in raced))
                if val > best:
                    best = val
            return best
        for seg, nxt in adj[pos]:
            if room[seg] <= 0:
                continue
            room[seg] -= 1
            path.append(nxt)
            val = self._walk(nxt, left - 1, adj, room, path, passing, coloured, race_vp)
            path.pop()
            room[seg] += 1
            if val > best:
                best = val
        return best

    def _passing(self) -> frozenset[str]:
        """The nodes worth ``_PASSING`` to pass on a flight: the systems still to be
        explored (face down) or settled (a planet free), but the seat's own stations."""
        if self._passing_nodes is None:
            stations = self.me["stations"]
            systems = self.v["systems"]
            self._passing_nodes = frozenset(
                n for n in self.c.systems if n not in stations
                and (not systems[n]["revealed"] or None in systems[n]["planets"]))
        return self._passing_nodes

    def _coloured(self, colour: str) -> frozenset[str]:
        """The board's nodes of ``colour``."""
        nodes = self._colours.get(colour)
        if nodes is None:
            nodes = self._colours[colour] = frozenset(
                n for n, d in self.c.nodes.items() if d.get("color") == colour)
        return nodes

    # -- scoring ------------------------------------------------------------------------
    def score(self, a: Action) -> float:
        fn = _SCORES.get(a["type"])
        base = fn(self, a) if fn is not None else 0.0
        if a.get("mod"):
            base -= 4.0  # tokens are scarce
        return base

    def s_choose_gate(self, a: Action) -> float:
        return sum(self.node_value(n) for _, n in self.c.adj[a["gate"]])

    def s_choose_hq_side(self, a: Action) -> float:
        return 1.0 if a["side"] == "1" else 0.0

    def s_draft(self, a: Action) -> float:
        val = _DIE_VALUE[a["die"]]
        mv = die_move(a["die"], self.v["dice"]["median"])
        if mv == 0:
            return val
        track = self.v["tracks"][a["track"]]
        mid = self.seat * 2 + a["marker"]
        pos = _position(track, mid) + mv
        pos = max(0, min(len(track) - 1, pos))
        pen = self.v["components"]["dice_board"]["tracks"][a["track"]]["penalties"]
        val -= 0.8 * mv
        val += pen.get(str(pos), 0) * 2.0
        if mv < 0:
            last = self.v["round"] == ROUNDS
            val += 0.5 if (a["track"] == "initiative") == last else 0.0
        value: float = val
        return value

    def s_build(self, a: Action) -> float:
        return 100.0

    def s_finish_gyro(self, a: Action) -> float:
        g = self.me["pulsars"][a["pulsar"]]
        vp = self.v["components"]["gyrodynes"][g["size"]]["vp"]
        value: float = 20.0 + (vp + 3.0) * self.left
        return value

    def s_take_gyro(self, a: Action) -> float:
        empty = sum(1 for g in self.me["pulsars"].values() if g is None)
        held = sum(self.me["gyros"].values())
        if empty > held:
            return 24.0 + {"small": 2, "medium": 3, "large": 1}[a["size"]]
        return 2.0

    def s_fly(self, a: Action) -> float:
        value = self.me["dice"][a["die"]]["v"] + {"": 0, "+1": 1, "-1": -1, "+2": 2}[a["mod"]]
        value += a.get("boost", 0)
        race = None
        if "race" in a:
            proj = self.c.hq_projects[a["race"]]
            race = (a["color"], proj["race"]["vp"])
        key = (value, race)
        if key not in self._ends:
            self._ends[key] = self.best_trail(self.me["ship"], value, {}, [], race)
        bonus = 0.0 if race is None else (-6.0 if self.left > 2 else 0.0)
        return self._ends[key] + bonus

    def s_step(self, a: Action) -> float:
        f = self.v["flight"]
        used = {int(k): n for k, n in f["used"].items()}
        seg = next(s for s, n in self.c.adj[f["at"]]
                   if n == a["to"] and used.get(s, 0) < self.c.seg_cap[s])
        used[seg] = used.get(seg, 0) + 1
        race = None
        if f.get("race"):
            proj = self.c.hq_projects[f["race"]["project"]]
            race = (f["race"]["color"], proj["race"]["vp"])
        return self.best_trail(a["to"], f["left"] - 1, used, f["visited"] + [a["to"]], race)

    def s_station(self, a: Action) -> float:
        return 1.0 if a["build"] else 0.0

    def s_claim(self, a: Action) -> float:
        return 1.0 if a["take"] else 0.0

    def s_system_bonus(self, a: Action) -> float:
        return 1.0 if a["take"] == "printed" else 0.5

    def s_choose_gyro(self, a: Action) -> float:
        return {"small": 1.0, "medium": 2.0, "large": 1.5}[a["size"]]

    def s_choose_isolated(self, a: Action) -> float:
        return 1.0 if a["pulsar"] is not None else 0.0

    def s_teleport(self, a: Action) -> float:
        return self.node_value(a["to"])

    def s_joint_die(self, a: Action) -> float:
        return float(a["value"])

    def s_connect(self, a: Action) -> float:
        if a.get("standalone"):
            return 0.0
        tx = self.c.transmitters
        value: float = 1.0 + tx[a["tile"]]["points"][a["point"]] + tx[a["to"]]["points"][a["to_point"]]
        return value

    def _effects_value(self, effs: list[dict[str, Any]]) -> float:
        val = 0.0
        for e in effs:
            (k, x), = e.items()
            val += {"vp": float(x) if isinstance(x, int) else 0.0, "cubes": 0.7 * x if isinstance(x, int) else 0.0,
                    "gyro": 6.0, "modifier": 3.0, "bonus_die": 4.0, "explore": 3.0,
                    "isolated_pulsar": 20.0 if self.rings else 0.0, "teleport": 8.0}.get(k, 0.0)
        return val

    def s_patent(self, a: Action) -> float:
        t = self.c.tech[a["tech"]]
        val = 6.0 + self._effects_value(t.get("immediate", []))
        if "per_round" in t:
            val += 1.5 * self.left
        if "end" in t or "extra_stations" in t.get("ability", {}):
            val += 6.0
        return val

    def s_take_tx(self, a: Action) -> float:
        tid = self.v["tx"]["display"][a["slot"]]
        tile = self.c.transmitters[tid]
        single = len(tile["costs"]) == 1
        return 5.0 + (self._effects_value(tile["reward"]) + 1.5 * self.left if single else 2.0)

    def s_pay_tx(self, a: Action) -> float:
        tile = self.c.transmitters[a["tile"]]
        missing = sum(1 for c in self.me["transmitters"][a["tile"]]["covered"] if not c)
        return 6.0 + (self._effects_value(tile["reward"]) + 1.5 * self.left if missing == 1 else 0.0)

    def s_hq(self, a: Action) -> float:
        proj = self.c.hq_projects[a["project"]]
        return 7.0 + self._effects_value(proj["reward"]) + (4.0 if "race" in proj else 0.0)

    def s_buy_mod(self, a: Action) -> float:
        return 3.0

    def s_copy(self, a: Action) -> float:
        return 3.0 if self.me["cubes"] >= 6 else -1.0

    def s_double(self, a: Action) -> float:
        return 4.0

    def s_choose_goal(self, a: Action) -> float:
        return 1.0

    def s_buy_goal_bonus(self, a: Action) -> float:
        g = self.v["goals"][a["goal"]]
        side = self.v["components"]["goals"][g["tile"]]["sides"][g["side"]]
        k = self.v["final"]["goals"][str(self.seat)]["bought"][str(a["goal"])]
        bonus = side["bonuses"][k]
        value: float = bonus["vp"] - bonus["cost"] / 2.0
        return value

    def s_end_turn(self, a: Action) -> float:
        return 0.5


# Each action type's score (``s_<type>``), looked up once, not by name at every action.
_SCORES: dict[str, Callable[[_Ctx, Action], float]] = {
    name[2:]: fn for name, fn in vars(_Ctx).items() if name.startswith("s_")}


def play_match(kinds: list[str], seed: str, config: dict[str, Any] | None = None) -> Game:
    """Play one game between bots from a seed (benchmarks, tests, simulations)."""
    state = new_game(config or example_config(len(kinds)), seed)
    step = 0
    while state.phase != "over":
        seat = to_act(state)[0]
        apply(state, seat, bot_action(state, seat, kinds[seat], f"{seed}/{step}"))
        step += 1
    state.steps = step
    return state


def _position(track: list[list[int]], marker: int) -> int:
    """The space of ``track`` (a list of stacks) where ``marker`` stands (a loop, not a
    generator: the playouts ask it at nearly every draft)."""
    for i, stack in enumerate(track):
        if marker in stack:
            return i
    raise ValueError(f"marker {marker} is not on the track")
