"""The state of a game of Űrcsempészek, as the rules read and write it: slotted classes
(native classes in the compiled build), so a rule reads ``state.phase`` or ``seat.energy``
as a field, not a dictionary look-up, and a copy for the search costs no JSON round trip.

The JSON form (``to_json``/``from_json``) is the game's stored and replayed form, key for
key and in the same order as ever; the host meets only that (``rulesets/base.py``:
``to_json``/``from_json`` at the edges). ``tests/smugglers/test_state.py`` checks that
every position of seeded games goes there and back unchanged.
"""

from __future__ import annotations

from typing import Any

from rulesets.base import ConfigError, plain_copy

# A die on a sector: (seat, value), in the order the dice were placed.
Bid = tuple[int, int]


class Seat:
    """One seat's supply, dice, tokens and cards (A1.2-A1.3)."""

    __slots__ = ("character", "energy", "goods", "hand", "tokens", "status", "paid", "unpaid",
                 "won", "choose_energy", "goods_due", "resigned")

    def __init__(self, character: int, energy: int, goods: dict[str, int]) -> None:
        self.character = character        # the index of its character board
        self.energy = energy
        self.goods = goods                 # colour -> count, in the set's colour order
        self.hand = 2                      # dice not yet placed this round
        self.tokens: list[int] = []        # speed tokens taken this round
        self.status = "bidding"            # "bidding", "taking" (2p), "done"
        self.paid: list[str] = []          # sector card ids paid for
        self.unpaid: list[str] = []        # sector card ids lost
        self.won: list[int] = []           # table indices won this round
        self.choose_energy = False         # must choose which won sector to pay (A1.3.4)
        self.goods_due: list[int] = []     # table indices whose goods are still due
        self.resigned = False

    def copy(self) -> Seat:
        c = Seat(self.character, self.energy, dict(self.goods))
        c.hand = self.hand
        c.tokens = list(self.tokens)
        c.status = self.status
        c.paid = list(self.paid)
        c.unpaid = list(self.unpaid)
        c.won = list(self.won)
        c.choose_energy = self.choose_energy
        c.goods_due = list(self.goods_due)
        c.resigned = self.resigned
        return c

    def to_json(self) -> dict[str, Any]:
        return {"character": self.character, "energy": self.energy, "goods": dict(self.goods),
                "hand": self.hand, "tokens": list(self.tokens), "status": self.status,
                "paid": list(self.paid), "unpaid": list(self.unpaid), "won": list(self.won),
                "choose_energy": self.choose_energy, "goods_due": list(self.goods_due),
                "resigned": self.resigned}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Seat:
        s = Seat(int(data["character"]), int(data["energy"]), dict(data["goods"]))
        s.hand = int(data["hand"])
        s.tokens = list(data["tokens"])
        s.status = str(data["status"])
        s.paid = list(data["paid"])
        s.unpaid = list(data["unpaid"])
        s.won = list(data["won"])
        s.choose_energy = bool(data["choose_energy"])
        s.goods_due = list(data["goods_due"])
        s.resigned = bool(data["resigned"])
        return s


class Pool:
    """The common pool of energy and goods that payments fill and refills empty."""

    __slots__ = ("energy", "goods")

    def __init__(self, energy: int, goods: dict[str, int]) -> None:
        self.energy = energy
        self.goods = goods

    def copy(self) -> Pool:
        return Pool(self.energy, dict(self.goods))


class Game:
    """A whole game. ``components`` (the card and board data) and ``options`` never change
    after setup, so copies share them (and every game on one component set shares its
    components: ``components.normalised_components``)."""

    __slots__ = ("version", "players", "options", "components", "rng", "round", "rounds",
                 "phase", "galaxies", "box", "discarded", "table", "bids", "tokens_all",
                 "tokens_center", "pool", "seats", "refill_order", "steps", "result",
                 "winners")

    def __init__(self, players: int, options: dict[str, bool], components: dict[str, Any],
                 rng: int, rounds: int, galaxies: list[list[str]], box: list[str],
                 tokens: list[int], pool: Pool, seats: list[Seat]) -> None:
        self.version = 1
        self.players = players
        self.options = options
        self.components = components
        self.rng = rng
        self.round = 0
        self.rounds = rounds
        self.phase = "bidding"             # "bidding", "payment", "refill", "over"
        self.galaxies = galaxies           # the face-down galaxies still to come (hidden)
        self.box = box                     # the cards left out (hidden)
        self.discarded: list[str] = []     # sectors nobody bid on
        self.table: list[str] = []         # this round's revealed sectors
        self.bids: list[list[Bid]] = []    # per sector: the dice on it
        self.tokens_all = tokens
        self.tokens_center = list(tokens)
        self.pool = pool
        self.seats = seats
        self.refill_order: list[int] = []
        self.steps = 0
        self.result: str | None = None     # "scored" or "resigned" once over
        self.winners: list[int | None] = []   # per sector: who won it this round

    def copy(self) -> Game:
        """A detached copy (what a search plays on), sharing what never changes."""
        c = Game(self.players, self.options, self.components, self.rng, self.rounds,
                 [list(g) for g in self.galaxies], list(self.box), self.tokens_all,
                 self.pool.copy(), [s.copy() for s in self.seats])
        c.version = self.version
        c.round = self.round
        c.phase = self.phase
        c.discarded = list(self.discarded)
        c.table = list(self.table)
        c.bids = [list(b) for b in self.bids]
        c.tokens_center = list(self.tokens_center)
        c.refill_order = list(self.refill_order)
        c.steps = self.steps
        c.result = self.result
        c.winners = list(self.winners)
        return c

    def to_json(self) -> dict[str, Any]:
        """The stored form: plain JSON, keys in their stored order."""
        return {
            "game": "smugglers", "version": self.version, "players": self.players,
            "options": dict(self.options), "components": plain_copy(self.components),
            "rng": self.rng, "round": self.round, "rounds": self.rounds,
            "phase": self.phase, "galaxies": [list(g) for g in self.galaxies],
            "box": list(self.box), "discarded": list(self.discarded),
            "table": list(self.table), "bids": [[list(b) for b in bids] for bids in self.bids],
            "tokens_all": list(self.tokens_all), "tokens_center": list(self.tokens_center),
            "pool": {"energy": self.pool.energy, "goods": dict(self.pool.goods)},
            "seats": [s.to_json() for s in self.seats],
            "refill_order": list(self.refill_order), "steps": self.steps,
            "result": self.result, "winners": list(self.winners)}

    @staticmethod
    def from_json(data: Any) -> Game:
        if not isinstance(data, dict) or data.get("game") != "smugglers":
            raise ConfigError("bad_state", "not an Űrcsempészek state")
        pool = data["pool"]
        g = Game(int(data["players"]), dict(data["options"]), plain_copy(data["components"]),
                 int(data["rng"]), int(data["rounds"]), [list(x) for x in data["galaxies"]],
                 list(data["box"]), list(data["tokens_all"]),
                 Pool(int(pool["energy"]), dict(pool["goods"])),
                 [Seat.from_json(s) for s in data["seats"]])
        g.version = int(data["version"])
        g.round = int(data["round"])
        g.phase = str(data["phase"])
        g.discarded = list(data["discarded"])
        g.table = list(data["table"])
        g.bids = [[(int(b[0]), int(b[1])) for b in bids] for bids in data["bids"]]
        g.tokens_center = list(data["tokens_center"])
        g.refill_order = list(data["refill_order"])
        g.steps = int(data["steps"])
        g.result = data["result"]
        g.winners = list(data.get("winners", []))
        return g
