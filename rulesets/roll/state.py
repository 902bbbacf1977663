"""The state of a game of Roll for the Galaxy, as the rules read and write it: slotted
classes (native classes in the compiled build), so a rule reads ``state.stage`` or
``p.credits`` as a field, not a dictionary look-up, and a copy for the search costs no
JSON round trip.

What stays a dictionary says why: a seat's dice by colour (``cup``, ``cit``), its workers
by phase (``cols``) and its goods by world are keyed by the rulebook's own names and shown
as they are; the tasks of the queue (``taskqueue.py``) are each of their own shape and few.

The JSON form (``to_json``/``from_json``) is the game's stored and replayed form, key for
key and in the same order as ever; the host meets only that (``rulesets/base.py``:
``to_json``/``from_json`` at the edges). ``tests/roll/test_state.py`` checks that every
position of seeded games goes there and back unchanged.
"""

from __future__ import annotations

from typing import Any

from rulesets.base import ConfigError, plain_copy
from rulesets.rng import Rng

# A rolled die: [colour, face, column] (column "wild" until placed); lists, because
# placing and reassigning a die changes its column.
Die = list[str]
Task = dict[str, Any]


class Assign:
    """A seat's secret assignment behind its screen (A3.3 step 2): ``dice`` sorted, the
    phase selector ``sel`` ([colour, face, phase]), the Dictate dice ``dictate``
    ([colour, face]), the powers ``used`` this round and ``pend``, a power in progress."""

    __slots__ = ("dice", "sel", "dictate", "used", "pend")

    def __init__(self, dice: list[Die]) -> None:
        self.dice = dice
        self.sel: list[str] | None = None
        self.dictate: list[list[str]] = []
        self.used: list[str] = []
        self.pend: dict[str, Any] | None = None

    def copy(self) -> Assign:
        c = Assign([list(d) for d in self.dice])
        c.sel = None if self.sel is None else list(self.sel)
        c.dictate = [list(d) for d in self.dictate]
        c.used = list(self.used)
        c.pend = None if self.pend is None else dict(self.pend)
        return c

    def to_json(self) -> dict[str, Any]:
        return {"dice": [list(d) for d in self.dice],
                "sel": None if self.sel is None else list(self.sel),
                "dict": [list(d) for d in self.dictate], "used": list(self.used),
                "pend": None if self.pend is None else dict(self.pend)}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Assign:
        a = Assign([list(d) for d in data["dice"]])
        a.sel = None if data["sel"] is None else list(data["sel"])
        a.dictate = [list(d) for d in data["dict"]]
        a.used = list(data["used"])
        a.pend = None if data["pend"] is None else dict(data["pend"])
        return a


class Player:
    """One seat's empire (A3.1-A3.3): tableau, stacks, dice wherever they are."""

    __slots__ = ("faction", "home", "tableau", "names", "credits", "vp", "cup", "cit",
                 "dev_stack", "world_stack", "dev_workers", "world_workers", "goods",
                 "assign", "committed", "cols", "selector", "dictated")

    def __init__(self, faction: int, home: str, cup: dict[str, int], cit: dict[str, int],
                 cols: dict[str, list[str]]) -> None:
        self.faction = faction
        self.home = home
        self.tableau: list[str] = []           # card keys, in the order built
        self.names: list[str] = []             # their names (what ``owns`` asks)
        self.credits = 1
        self.vp = 0                            # VP chips
        self.cup = cup                         # colour -> dice
        self.cit = cit                         # the Citizenry: colour -> dice
        self.dev_stack: list[int] = []         # construction tiles, top first
        self.world_stack: list[int] = []
        self.dev_workers: list[str] = []       # workers on the top tiles
        self.world_workers: list[str] = []
        self.goods: dict[str, list[str]] = {}  # world key -> goods (dice) on it
        self.assign: Assign | None = None      # this round's assignment, until revealed
        self.committed = True
        self.cols = cols                       # phase -> revealed workers
        self.selector: dict[str, str] | None = None
        self.dictated: list[str] = []

    def copy(self) -> Player:
        c = Player(self.faction, self.home, dict(self.cup), dict(self.cit),
                   {k: list(v) for k, v in self.cols.items()})
        c.tableau = list(self.tableau)
        c.names = list(self.names)
        c.credits = self.credits
        c.vp = self.vp
        c.dev_stack = list(self.dev_stack)
        c.world_stack = list(self.world_stack)
        c.dev_workers = list(self.dev_workers)
        c.world_workers = list(self.world_workers)
        c.goods = {k: list(v) for k, v in self.goods.items()}
        c.assign = None if self.assign is None else self.assign.copy()
        c.committed = self.committed
        c.selector = None if self.selector is None else dict(self.selector)
        c.dictated = list(self.dictated)
        return c

    def to_json(self) -> dict[str, Any]:
        return {
            "faction": self.faction, "home": self.home, "tableau": list(self.tableau),
            "names": list(self.names), "credits": self.credits, "vp": self.vp,
            "cup": dict(self.cup), "cit": dict(self.cit), "dev_stack": list(self.dev_stack),
            "world_stack": list(self.world_stack), "dev_workers": list(self.dev_workers),
            "world_workers": list(self.world_workers),
            "goods": {k: list(v) for k, v in self.goods.items()},
            "assign": None if self.assign is None else self.assign.to_json(),
            "committed": self.committed, "cols": {k: list(v) for k, v in self.cols.items()},
            "selector": None if self.selector is None else dict(self.selector),
            "dictated": list(self.dictated)}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Player:
        p = Player(int(data["faction"]), str(data["home"]), dict(data["cup"]),
                   dict(data["cit"]), {k: list(v) for k, v in data["cols"].items()})
        p.tableau = list(data["tableau"])
        p.names = list(data["names"])
        p.credits = int(data["credits"])
        p.vp = int(data["vp"])
        p.dev_stack = list(data["dev_stack"])
        p.world_stack = list(data["world_stack"])
        p.dev_workers = list(data["dev_workers"])
        p.world_workers = list(data["world_workers"])
        p.goods = {k: list(v) for k, v in data["goods"].items()}
        p.assign = None if data["assign"] is None else Assign.from_json(data["assign"])
        p.committed = bool(data["committed"])
        p.selector = None if data["selector"] is None else dict(data["selector"])
        p.dictated = list(data["dictated"])
        return p


class Game:
    """A whole game. ``config`` never changes after setup, so copies share it. ``gen`` is
    the game's generator itself, drawn from in place by the rules (a generator made from
    the stored number at every step cost a fiftieth of a step); ``rng`` is its state, the
    number stored."""

    __slots__ = ("config", "seed", "round", "stage", "steps", "bag", "discards", "supply",
                 "vp_pool", "vp_tens", "pool_empty", "players", "selected", "extra_die",
                 "extra_phase", "scouted_yellow", "queue", "outcome", "resigned", "order",
                 "gen")

    def __init__(self, config: dict[str, Any], seed: str, bag: list[int],
                 supply: dict[str, int], vp_pool: int, vp_tens: int,
                 players: list[Player]) -> None:
        self.config = config
        self.seed = seed
        self.round = 0
        self.stage = "setup"                   # "setup", "assign", "phases", "over"
        self.steps = 0
        self.bag = bag                         # tiles still to draw (hidden)
        self.discards: list[int] = []          # Explore discards (hidden)
        self.supply = supply                   # colour -> dice left in the box
        self.vp_pool = vp_pool
        self.vp_tens = vp_tens
        self.pool_empty = False
        self.players = players
        self.selected: list[str] = []          # this round's phases
        self.extra_die: str | None = None      # two players: the spare white die's face
        self.extra_phase: str | None = None
        self.scouted_yellow = [False] * len(players)
        self.queue: list[Task] = []            # queue[0] is the decision pending
        self.outcome: dict[str, Any] | None = None
        self.resigned: int | None = None
        self.order: list[int] = []             # turn order (A3.5 Timing)
        self.gen = Rng(0)

    @property
    def rng(self) -> int:
        return self.gen.state

    @rng.setter
    def rng(self, value: int) -> None:
        self.gen = Rng(value)

    def copy(self) -> Game:
        """A detached copy (what a search plays on), sharing what never changes."""
        c = Game(self.config, self.seed, list(self.bag), dict(self.supply), self.vp_pool,
                 self.vp_tens, [p.copy() for p in self.players])
        c.round = self.round
        c.stage = self.stage
        c.steps = self.steps
        c.discards = list(self.discards)
        c.pool_empty = self.pool_empty
        c.selected = list(self.selected)
        c.extra_die = self.extra_die
        c.extra_phase = self.extra_phase
        c.scouted_yellow = list(self.scouted_yellow)
        c.queue = [plain_copy(t) for t in self.queue]
        c.outcome = plain_copy(self.outcome)
        c.resigned = self.resigned
        c.order = list(self.order)
        c.rng = self.rng
        return c

    def to_json(self) -> dict[str, Any]:
        """The stored form: plain JSON, keys in their stored order."""
        return {
            "game": "roll", "config": dict(self.config), "seed": self.seed,
            "round": self.round, "stage": self.stage, "steps": self.steps,
            "bag": list(self.bag), "discards": list(self.discards),
            "supply": dict(self.supply), "vp_pool": self.vp_pool, "vp_tens": self.vp_tens,
            "pool_empty": self.pool_empty, "players": [p.to_json() for p in self.players],
            "selected": list(self.selected), "extra_die": self.extra_die,
            "extra_phase": self.extra_phase, "scouted_yellow": list(self.scouted_yellow),
            "queue": [plain_copy(t) for t in self.queue], "outcome": plain_copy(self.outcome),
            "resigned": self.resigned, "order": list(self.order), "rng": self.rng}

    @staticmethod
    def from_json(data: Any) -> Game:
        if not isinstance(data, dict) or data.get("game") != "roll":
            raise ConfigError("bad_state", "not a Roll for the Galaxy state")
        g = Game(dict(data["config"]), str(data["seed"]), list(data["bag"]),
                 dict(data["supply"]), int(data["vp_pool"]), int(data["vp_tens"]),
                 [Player.from_json(p) for p in data["players"]])
        g.round = int(data["round"])
        g.stage = str(data["stage"])
        g.steps = int(data["steps"])
        g.discards = list(data["discards"])
        g.pool_empty = bool(data["pool_empty"])
        g.selected = list(data["selected"])
        g.extra_die = data["extra_die"]
        g.extra_phase = data["extra_phase"]
        g.scouted_yellow = list(data["scouted_yellow"])
        g.queue = [plain_copy(t) for t in data["queue"]]
        g.outcome = plain_copy(data["outcome"])
        g.resigned = data["resigned"]
        g.order = list(data["order"])
        g.rng = int(data["rng"])
        return g
