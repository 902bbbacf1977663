"""The state of a game of Pulsar 2849, as the rules read and write it: slotted classes
(native classes in the compiled build), so a rule reads ``state.phase`` or ``p.cubes`` as a
field, not a dictionary look-up, and a copy for the search costs no JSON round trip.

The components (``comp``) are printed and never change in a game, so a copy shares them,
with their derived look-ups (``c``, ``lookups.Compiled``), which a rule reads as a field
instead of asking the cache for them at every call.

What stays a dictionary or list says why: the dice board, the draft, the turns, a flight,
a pending decision, the final scoring's table and the result are each read as a whole by
the views and change shape seldom; the systems, tracks, technologies, goals, transmitters
and a seat's pulsars are keyed by the board's own names and shown as they are; the reward
queue's items are each of their own shape.

The JSON form (``to_json``/``from_json``) is the game's stored and replayed form, key for
key and in the same order as ever (``draft``, ``turns``, ``final`` and ``steps`` only once
they exist); the host meets only that. ``tests/pulsar/test_state.py`` checks that every
position of seeded games goes there and back unchanged.
"""

from __future__ import annotations

from typing import Any

from rulesets.base import ConfigError, plain_copy
from rulesets.pulsar.lookups import Compiled, compiled

Json = dict[str, Any]
# A JSON object while there is one, else None: the rules ask which first (``state.flight
# is not None``) and then read it, so the union would only be narrowed again at each read.
MaybeJson = Any


class Player:
    """One seat: its score, cubes, tokens, gyrodynes, pulsars, stations, patents, HQ,
    transmitters, ship and this round's dice."""

    __slots__ = ("vp", "cubes", "mods", "gyros", "pulsars", "stations", "kept", "awards",
                 "patents", "hq", "hq_done", "races_used", "transmitters", "links", "markers",
                 "ship", "gate", "dice", "bonus_taken", "doublers_used")

    def __init__(self, markers: int, gyros: dict[str, int]) -> None:
        self.vp = 0
        self.cubes = 0
        self.mods: dict[str, int] = {"pm": 1, "p2": 0}  # modifier tokens: +/-1, +2
        self.gyros = gyros                        # size -> held, not placed
        self.pulsars: dict[str, Any] = {}  # node -> its gyrodyne ({size, spinning}) or None
        self.stations: list[str] = []
        self.kept: list[str] = []                 # exploration tiles kept
        self.awards: list[list[str]] = []         # [size, "first" | "second"]
        self.patents: list[str] = []
        self.hq: MaybeJson = None               # {"board", "side"}
        self.hq_done: list[str] = []
        self.races_used: list[str] = []
        self.transmitters: dict[str, Json] = {}   # tile id -> its state
        self.links: list[Any] = []
        self.markers = markers
        self.ship: str | None = None
        self.gate: str | None = None
        self.dice: list[Json] = []                # {"v": value, "red": bonus die}
        self.bonus_taken = False
        self.doublers_used: list[str] = []

    def copy(self) -> Player:
        c = Player(self.markers, dict(self.gyros))
        c.vp = self.vp
        c.cubes = self.cubes
        c.mods = dict(self.mods)
        c.pulsars = {k: None if g is None else dict(g) for k, g in self.pulsars.items()}
        c.stations = list(self.stations)
        c.kept = list(self.kept)
        c.awards = [list(a) for a in self.awards]
        c.patents = list(self.patents)
        c.hq = None if self.hq is None else dict(self.hq)
        c.hq_done = list(self.hq_done)
        c.races_used = list(self.races_used)
        c.transmitters = plain_copy(self.transmitters)
        c.links = plain_copy(self.links)
        c.ship = self.ship
        c.gate = self.gate
        c.dice = [dict(d) for d in self.dice]
        c.bonus_taken = self.bonus_taken
        c.doublers_used = list(self.doublers_used)
        return c

    def fields(self) -> Json:
        """The seat as its JSON form's keys and values, *sharing* its lists and dicts: for
        readers that only read (the heuristic's ``view.bot_view``, the view before its
        copy); ``to_json`` is a detached copy of it."""
        return {
            "vp": self.vp, "cubes": self.cubes, "mods": self.mods, "gyros": self.gyros,
            "pulsars": self.pulsars, "stations": self.stations, "kept": self.kept,
            "awards": self.awards, "patents": self.patents, "hq": self.hq,
            "hq_done": self.hq_done, "races_used": self.races_used,
            "transmitters": self.transmitters, "links": self.links, "markers": self.markers,
            "ship": self.ship, "gate": self.gate, "dice": self.dice,
            "bonus_taken": self.bonus_taken, "doublers_used": self.doublers_used}

    def to_json(self) -> Json:
        value: Json = plain_copy(self.fields())
        return value

    @staticmethod
    def from_json(data: Json) -> Player:
        p = Player(int(data["markers"]), dict(data["gyros"]))
        p.vp = int(data["vp"])
        p.cubes = int(data["cubes"])
        p.mods = dict(data["mods"])
        p.pulsars = plain_copy(data["pulsars"])
        p.stations = list(data["stations"])
        p.kept = list(data["kept"])
        p.awards = [list(a) for a in data["awards"]]
        p.patents = list(data["patents"])
        p.hq = plain_copy(data["hq"])
        p.hq_done = list(data["hq_done"])
        p.races_used = list(data["races_used"])
        p.transmitters = plain_copy(data["transmitters"])
        p.links = plain_copy(data["links"])
        p.ship = data["ship"]
        p.gate = data["gate"]
        p.dice = [dict(d) for d in data["dice"]]
        p.bonus_taken = bool(data["bonus_taken"])
        p.doublers_used = list(data["doublers_used"])
        return p


class Game:
    """A whole game. ``config`` and ``comp`` never change after setup, so copies share
    them."""

    __slots__ = ("seats", "config", "comp", "c", "rng", "round", "phase", "time", "queue",
                 "pending", "flight", "result", "owner", "dice", "order", "systems", "box",
                 "explore", "tx", "gyro_supply", "awards", "tech_boards", "techs", "goals",
                 "tracks", "players", "setup_queue", "draft", "turns", "final", "steps")

    def __init__(self, seats: int, config: Json, comp: Json, rng: int) -> None:
        self.seats = seats
        self.config = config
        self.comp = comp
        self.c: Compiled = compiled(comp)
        self.rng = rng
        self.round = 1
        self.phase = "setup"           # "setup", "draft", "actions", "final", "over"
        self.time = 0                  # the time marker's row
        self.queue: list[Json] = []    # rewards still to run, queue[0] first
        self.pending: MaybeJson = None   # a decision the rewards wait for
        self.flight: MaybeJson = None
        self.result: MaybeJson = None
        self.owner: dict[str, Any] = {}
        self.dice: Json = {"pool": [], "median": 8, "leftover": []}
        self.order: list[int] = []     # the rockets' turn order
        self.systems: dict[str, Json] = {}
        self.box: list[str] = []       # system tiles back in the box (hidden)
        self.explore: Json = {"stack": [], "discard": []}
        self.tx: Json = {"stack": [], "display": [], "discard": []}
        self.gyro_supply: dict[str, int] = {}
        self.awards: dict[str, list[str]] = {}
        self.tech_boards: list[str] = []
        self.techs: dict[str, Json] = {}
        self.goals: list[Json] = []
        self.tracks: dict[str, list[list[int]]] = {}
        self.players: list[Player] = []
        self.setup_queue: list[Json] = []
        # made by the first roll, the first action phase and the final scoring; absent
        # from the JSON form until then
        self.draft: MaybeJson = None
        self.turns: MaybeJson = None
        self.final: MaybeJson = None
        self.steps: int | None = None   # a whole game's length (``bots.play_match``)

    def copy(self) -> Game:
        """A detached copy (what a search plays on), sharing what never changes."""
        g = Game(self.seats, self.config, self.comp, self.rng)
        g.c = self.c
        g.round = self.round
        g.phase = self.phase
        g.time = self.time
        g.queue = plain_copy(self.queue)
        g.pending = plain_copy(self.pending)
        g.flight = plain_copy(self.flight)
        g.result = plain_copy(self.result)
        g.owner = plain_copy(self.owner)
        d = self.dice
        g.dice = {"pool": list(d["pool"]), "median": d["median"], "leftover": list(d["leftover"])}
        g.order = list(self.order)
        g.systems = {n: {"tile": s["tile"], "revealed": s["revealed"],
                         "planets": list(s["planets"])} for n, s in self.systems.items()}
        g.box = list(self.box)
        g.explore = {"stack": list(self.explore["stack"]),
                     "discard": list(self.explore["discard"])}
        g.tx = {"stack": list(self.tx["stack"]), "display": list(self.tx["display"]),
                "discard": list(self.tx["discard"])}
        g.gyro_supply = dict(self.gyro_supply)
        g.awards = {k: list(v) for k, v in self.awards.items()}
        g.tech_boards = list(self.tech_boards)
        g.techs = plain_copy(self.techs)
        g.goals = [dict(x) for x in self.goals]
        g.tracks = {k: [list(s) for s in v] for k, v in self.tracks.items()}
        g.players = [p.copy() for p in self.players]
        g.setup_queue = [dict(x) for x in self.setup_queue]
        g.draft = plain_copy(self.draft)
        g.turns = plain_copy(self.turns)
        g.final = plain_copy(self.final)
        g.steps = self.steps
        return g

    def to_json(self) -> Json:
        """The stored form: plain JSON, keys in their stored order."""
        out: Json = {
            "game": "pulsar", "seats": self.seats, "config": plain_copy(self.config),
            "comp": plain_copy(self.comp), "rng": self.rng, "round": self.round,
            "phase": self.phase, "time": self.time, "queue": plain_copy(self.queue),
            "pending": plain_copy(self.pending), "flight": plain_copy(self.flight),
            "result": plain_copy(self.result), "owner": plain_copy(self.owner),
            "dice": plain_copy(self.dice), "order": list(self.order),
            "systems": plain_copy(self.systems), "box": list(self.box),
            "explore": plain_copy(self.explore), "tx": plain_copy(self.tx),
            "gyro_supply": dict(self.gyro_supply), "awards": plain_copy(self.awards),
            "tech_boards": list(self.tech_boards), "techs": plain_copy(self.techs),
            "goals": plain_copy(self.goals), "tracks": plain_copy(self.tracks),
            "players": [p.to_json() for p in self.players],
            "setup_queue": plain_copy(self.setup_queue)}
        for key in ("draft", "turns", "final", "steps"):
            value = getattr(self, key)
            if value is not None:
                out[key] = plain_copy(value)
        return out

    @staticmethod
    def from_json(data: Any) -> Game:
        if not isinstance(data, dict) or data.get("game") != "pulsar":
            raise ConfigError("bad_state", "not a Pulsar 2849 state")
        g = Game(int(data["seats"]), plain_copy(data["config"]), plain_copy(data["comp"]),
                 int(data["rng"]))
        g.round = int(data["round"])
        g.phase = str(data["phase"])
        g.time = int(data["time"])
        g.queue = plain_copy(data["queue"])
        g.pending = plain_copy(data["pending"])
        g.flight = plain_copy(data["flight"])
        g.result = plain_copy(data["result"])
        g.owner = plain_copy(data["owner"])
        g.dice = plain_copy(data["dice"])
        g.order = list(data["order"])
        g.systems = plain_copy(data["systems"])
        g.box = list(data["box"])
        g.explore = plain_copy(data["explore"])
        g.tx = plain_copy(data["tx"])
        g.gyro_supply = dict(data["gyro_supply"])
        g.awards = plain_copy(data["awards"])
        g.tech_boards = list(data["tech_boards"])
        g.techs = plain_copy(data["techs"])
        g.goals = plain_copy(data["goals"])
        g.tracks = plain_copy(data["tracks"])
        g.players = [Player.from_json(p) for p in data["players"]]
        g.setup_queue = plain_copy(data["setup_queue"])
        g.draft = plain_copy(data.get("draft"))
        g.turns = plain_copy(data.get("turns"))
        g.final = plain_copy(data.get("final"))
        g.steps = data.get("steps")
        return g
