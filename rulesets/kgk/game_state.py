"""The KGK state as the rules hold it: slotted classes (native classes in the compiled
build), so a rule reads ``c.rot``, ``p.cr`` or ``d.cost`` as a field, not a look-up of a
string key in a dictionary (a fifth of a step's instructions went to those).

``Game`` is a match, ``Player`` one seat's zones and counters, ``Card`` a card instance,
``CardDef`` a card's compiled definition (``state.py`` says what each field means). The
definitions were JSON too while they were read rarely; the rules read them at every main
list, window and payment (a card's type, cost, capacity, auras, activated abilities), so
they are fields now, each made once when a match's definitions are compiled or loaded and
shared read only by every copy of the state, and each keeping the compiled dict it was read
from, which is its stored form. What stays JSON inside the state, and why:

* a definition's effect spec (``CardDef.eff``) beyond what the rules read at every step
  (auras, grants, activated abilities: fields): a card's target and operations are read
  when it is played or resolves;
* the pending decision (``dec``), the combat (``cb``), the chain's items and the tasks
  (``todo``): each kind has a shape of its own, they are few and short-lived, and the
  rules build and replace them whole; the options and the result are read, not walked.

The JSON form (``to_json``/``from_json``) is the stored and replayed form, key for key
and in the same order as ever; the host meets only that. ``tests/kgk/test_state_roundtrip.py``
checks that every position of seeded games goes there and back unchanged.

The dictionary protocol (``x["key"]``, ``x["key"] = v``, ``get``, ``in``) is a bridge,
for the tests (which address the state by key, as the conformance suite does), for
scenario set-up and for rules not yet converted: it maps each key to its field (a card's
``"as"`` to ``role``); a definition's reads its stored form, as a view shows it (an
unknown cost as unknown, where the rules' field reads 0). The rules' hot paths read the
fields.
"""

from __future__ import annotations

import marshal
from typing import Any, Final

from rulesets.base import ConfigError, plain_copy

# The JSON keys of each class, in their stored order; a card's "as" is held as ``role``
# ("as" is a Python keyword).
CARD_KEYS: Final = ("id", "d", "o", "z", "paid", "up", "rot", "dmg", "hit", "dev", "dt",
                    "on", "att", "mods", "x", "ch", "as")
PLAYER_KEYS: Final = ("colony", "hand", "trash", "ruin", "hangar", "canteen", "surface",
                      "stack", "out", "fd", "cr", "turns", "mull", "actv", "alive", "elims",
                      "out_turn")
GAME_KEYS: Final = ("game", "v", "opts", "n", "rng", "seq", "uid", "defs", "cards", "p",
                    "turn", "active", "first", "phase", "cb", "chain", "dec", "todo",
                    "result")
_CARD_FIELDS: Final = frozenset(CARD_KEYS)
_PLAYER_FIELDS: Final = frozenset(PLAYER_KEYS)
_GAME_FIELDS: Final = frozenset((*GAME_KEYS, "ev"))


def _field(fields: frozenset[str], key: str) -> str:
    """The bridge's one mapping: the field a stored key names in a class with ``fields``
    (a card's ``"as"`` is ``role``), or a KeyError as a dict would raise."""
    if key not in fields:
        raise KeyError(key)
    return "role" if key == "as" else key


class CardDef:
    """A card's compiled definition (``cards.compile_def``; KG-2): what the rules read of
    it, as fields, beside the stored form it was read from.

    One per distinct card of a match, made when the match's definitions are compiled or
    loaded, never changed in play and shared by every copy of the state. A value the card
    does not have reads as what the rule takes for it: no cost costs 0 (KG-12.6.1), a
    missing combat value is 0 (KG-2.4), a card that is not a ship has no capacity and
    takes no hangar space, a card without an effect has no aura, grants or activated
    abilities. The effect spec (``eff``) stays a dict for what is read once a card
    resolves (``target``, ``ops``, ``choose_at_end_of_payment``)."""

    __slots__ = ("stored", "type", "sub", "cost", "cost_rule", "speed", "firepower", "armor",
                 "bombard", "cap", "space", "mods", "dev", "abil", "eff", "actv", "activated",
                 "aura", "grants")

    stored: dict[str, Any]
    type: str
    sub: str | None
    cost: int
    cost_rule: str | None
    speed: int
    firepower: int
    armor: int
    bombard: int
    cap: int
    space: int
    mods: dict[str, int]
    dev: int | str | None
    abil: list[str]
    eff: dict[str, Any]
    actv: bool
    activated: list[dict[str, Any]]
    aura: dict[str, int]
    grants: list[str]

    def __init__(self, stored: dict[str, Any]) -> None:
        self.stored = stored        # the stored form (``Game.to_json`` gives it back)
        self.read()

    def read(self) -> None:
        """The fields, from the stored form."""
        d = self.stored
        self.type = d["type"] or ""           # (a lenient match's card of no known type)
        self.sub = d["sub"]
        self.cost = d["cost"] or 0
        self.cost_rule = d["cost_rule"]
        self.speed = d["speed"] or 0
        self.firepower = d["firepower"] or 0
        self.armor = d["armor"] or 0
        self.bombard = d["bombard"] or 0
        self.cap = d.get("cap") or 0            # (ships only)
        self.space = d.get("space") or 0
        self.mods = d["mods"]
        self.dev = d["dev"]
        self.abil = d["abil"]
        eff = d["eff"]
        self.eff = eff
        self.actv = d["actv"]
        self.activated = eff.get("activated") or []
        self.aura = eff.get("aura") or {}
        self.grants = eff.get("grants") or []

    # The bridge: tests and scenario code address a definition by its stored keys, and a
    # view shows the card as stored (an unknown cost as unknown, not as 0).
    def __getitem__(self, key: str) -> Any:
        return self.stored[key]

    def __setitem__(self, key: str, value: Any) -> None:
        """(Tests only: nothing changes a definition in play.)"""
        self.stored[key] = value
        self.read()

    def __contains__(self, key: object) -> bool:
        return key in self.stored

    def get(self, key: str, default: Any = None) -> Any:
        return self.stored.get(key, default)

    def __deepcopy__(self, memo: dict[int, Any]) -> CardDef:
        return CardDef(marshal.loads(marshal.dumps(self.stored)))

    def __eq__(self, other: object) -> bool:
        """Equal stored forms (a dict compares as that form)."""
        if isinstance(other, CardDef):
            return self.stored == other.stored
        if isinstance(other, dict):
            return self.stored == other
        return NotImplemented

    def __repr__(self) -> str:
        return f"CardDef({self.stored!r})"


class Card:
    """A card instance (KG-3): where it is and the markers on it."""

    __slots__ = ("id", "d", "o", "z", "paid", "up", "rot", "dmg", "hit", "dev", "dt", "on",
                 "att", "mods", "x", "ch", "role")

    def __init__(self, cid: int, d: int, owner: int, zone: str) -> None:
        """A card at rest in ``zone`` (as ``state.move`` leaves it in a hidden zone)."""
        self.id = cid
        self.d = d                              # definition: index in Game.defs
        self.o = owner
        self.z = zone
        self.paid = False
        self.up = False
        self.rot = 0
        self.dmg = 0
        self.hit = False
        self.dev = 0
        self.dt = 0
        self.on: int | None = None
        self.att: list[int] = []
        self.mods: list[list[Any]] = []
        self.x: int | None = None
        self.ch: int | None = None
        self.role: str | None = None            # the JSON form's "as"

    def copy(self) -> Card:
        c = Card(self.id, self.d, self.o, self.z)
        c.paid = self.paid
        c.up = self.up
        c.rot = self.rot
        c.dmg = self.dmg
        c.hit = self.hit
        c.dev = self.dev
        c.dt = self.dt
        c.on = self.on
        c.att = list(self.att)
        c.mods = [list(m) for m in self.mods]
        c.x = self.x
        c.ch = self.ch
        c.role = self.role
        return c

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self.copy()      # (a native class has no argument-free constructor to copy by)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "d": self.d, "o": self.o, "z": self.z, "paid": self.paid,
                "up": self.up, "rot": self.rot, "dmg": self.dmg, "hit": self.hit,
                "dev": self.dev, "dt": self.dt, "on": self.on, "att": list(self.att),
                "mods": [list(m) for m in self.mods], "x": self.x, "ch": self.ch,
                "as": self.role}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Card:
        c = Card(data["id"], data["d"], data["o"], data["z"])
        c.paid = data["paid"]
        c.up = data["up"]
        c.rot = data["rot"]
        c.dmg = data["dmg"]
        c.hit = data["hit"]
        c.dev = data["dev"]
        c.dt = data["dt"]
        c.on = data["on"]
        c.att = list(data["att"])
        c.mods = [list(m) for m in data["mods"]]
        c.x = data["x"]
        c.ch = data["ch"]
        c.role = data["as"]
        return c

    # The bridge (tests, scenario set-up, rules not yet converted; see the docstring).
    def __getitem__(self, key: str) -> Any:
        return getattr(self, _field(_CARD_FIELDS, key))

    def __setitem__(self, key: str, value: Any) -> None:
        setattr(self, _field(_CARD_FIELDS, key), value)

    def __contains__(self, key: object) -> bool:
        return key in _CARD_FIELDS

    def get(self, key: str, default: Any = None) -> Any:
        return getattr(self, _field(_CARD_FIELDS, key)) if key in _CARD_FIELDS else default

    def update(self, values: dict[str, Any]) -> None:
        for k, v in values.items():
            setattr(self, _field(_CARD_FIELDS, k), v)


    def __eq__(self, other: object) -> bool:
        """Equal JSON forms (tests compare states; a dict compares as that form)."""
        if isinstance(other, Card):
            return self.to_json() == other.to_json()
        if isinstance(other, dict):
            return self.to_json() == other
        return NotImplemented

class Player:
    """One seat: its zones (lists of card ids) and counters."""

    __slots__ = ("colony", "hand", "trash", "ruin", "hangar", "canteen", "surface", "stack",
                 "out", "fd", "cr", "turns", "mull", "actv", "alive", "elims", "out_turn")

    def __init__(self) -> None:
        self.colony: list[int] = []             # the deck, index 0 = top (KG-6.4)
        self.hand: list[int] = []
        self.trash: list[int] = []
        self.ruin: list[int] = []               # index 0 = bottom (KG-6.6)
        self.hangar: list[int] = []
        self.canteen: list[int] = []
        self.surface: list[int] = []
        self.stack: list[int] = []
        self.out: list[int] = []
        self.fd: list[int] = []                 # face-down, not bluffs (payable later)
        self.cr = 0
        self.turns = 0
        self.mull = False
        self.actv = False
        self.alive = True
        self.elims = 0
        self.out_turn: int | None = None

    def copy(self) -> Player:
        p = Player()
        p.colony = list(self.colony)
        p.hand = list(self.hand)
        p.trash = list(self.trash)
        p.ruin = list(self.ruin)
        p.hangar = list(self.hangar)
        p.canteen = list(self.canteen)
        p.surface = list(self.surface)
        p.stack = list(self.stack)
        p.out = list(self.out)
        p.fd = list(self.fd)
        p.cr = self.cr
        p.turns = self.turns
        p.mull = self.mull
        p.actv = self.actv
        p.alive = self.alive
        p.elims = self.elims
        p.out_turn = self.out_turn
        return p

    def to_json(self) -> dict[str, Any]:
        return {"colony": list(self.colony), "hand": list(self.hand),
                "trash": list(self.trash), "ruin": list(self.ruin),
                "hangar": list(self.hangar), "canteen": list(self.canteen),
                "surface": list(self.surface), "stack": list(self.stack),
                "out": list(self.out), "fd": list(self.fd), "cr": self.cr,
                "turns": self.turns, "mull": self.mull, "actv": self.actv,
                "alive": self.alive, "elims": self.elims, "out_turn": self.out_turn}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Player:
        p = Player()
        p.colony = list(data["colony"])
        p.hand = list(data["hand"])
        p.trash = list(data["trash"])
        p.ruin = list(data["ruin"])
        p.hangar = list(data["hangar"])
        p.canteen = list(data["canteen"])
        p.surface = list(data["surface"])
        p.stack = list(data["stack"])
        p.out = list(data["out"])
        p.fd = list(data["fd"])
        p.cr = data["cr"]
        p.turns = data["turns"]
        p.mull = data["mull"]
        p.actv = data["actv"]
        p.alive = data["alive"]
        p.elims = data["elims"]
        p.out_turn = data["out_turn"]
        return p

    # The bridge (tests, scenario set-up, rules not yet converted; see the docstring).
    def __getitem__(self, key: str) -> Any:
        return getattr(self, _field(_PLAYER_FIELDS, key))

    def __setitem__(self, key: str, value: Any) -> None:
        setattr(self, _field(_PLAYER_FIELDS, key), value)

    def __contains__(self, key: object) -> bool:
        return key in _PLAYER_FIELDS

    def get(self, key: str, default: Any = None) -> Any:
        return getattr(self, key) if key in _PLAYER_FIELDS else default


    def __eq__(self, other: object) -> bool:
        """Equal JSON forms (tests compare states; a dict compares as that form)."""
        if isinstance(other, Player):
            return self.to_json() == other.to_json()
        if isinstance(other, dict):
            return self.to_json() == other
        return NotImplemented


Seated = tuple[tuple[int, ...], ...]     # per seat, ids of its cards (``Game.abil``)
Indexed = tuple[Seated, Seated, tuple[frozenset[int], ...]]


def cards_with_abilities(n: int, defs: list[CardDef], cards: list[Card]) -> Indexed:
    """Per seat, the ids of its cards whose definition has activated abilities (KG-12.8),
    the only ones ``state.activated_in_play`` looks at; of those whose definition has
    a continuous effect (a base's ``aura``), the only ones ``state.aura`` looks at; and
    of its interrupts, which the windows ask of every hand (most hold none). A card's
    owner never changes and its definition only in a determinization's sample or a
    test's edit (both then call ``Game.reindex``), so a match holds these from its
    start; they are not part of the stored form."""
    actv: list[list[int]] = [[] for _ in range(n)]
    auras: list[list[int]] = [[] for _ in range(n)]
    intr: list[list[int]] = [[] for _ in range(n)]
    for c in cards:
        d = defs[c.d]
        if d.actv:
            actv[c.o].append(c.id)
        if d.aura:
            auras[c.o].append(c.id)
        if d.type == "interrupt":
            intr[c.o].append(c.id)
    return (tuple(tuple(ids) for ids in actv), tuple(tuple(ids) for ids in auras),
            tuple(frozenset(ids) for ids in intr))


class Game:
    """A match. ``defs`` never changes after set-up, so copies share it; ``ev`` collects
    an action's events while it is carried out (never stored)."""

    __slots__ = ("game", "v", "opts", "n", "rng", "seq", "uid", "defs", "cards", "p", "turn",
                 "active", "first", "phase", "cb", "chain", "dec", "todo", "result", "ev",
                 "abil", "auras", "intr")

    def __init__(self, opts: dict[str, Any], n: int, rng: Any, defs: list[CardDef],
                 cards: list[Card], players: list[Player],
                 indexed: Indexed | None = None) -> None:
        self.game = "kgk"
        self.v = 1                              # version of the JSON form
        self.opts = opts
        self.n = n
        self.rng = rng
        self.seq = 0                            # actions applied
        self.uid = 0                            # last chain item number
        self.defs = defs
        self.cards = cards
        self.p = players
        self.turn = 0
        self.active = 0
        self.first = 0
        self.phase = "mulligan"
        self.cb: Any = None
        self.chain: list[dict[str, Any]] = []
        self.dec: Any = None
        self.todo: list[list[Any]] = []
        self.result: dict[str, Any] | None = None
        self.ev: Any = None
        # (``abil``, ``auras`` and ``intr``, given by a copy: the same owners and definitions)
        self.abil, self.auras, self.intr = \
            cards_with_abilities(n, defs, cards) if indexed is None else indexed

    def reindex(self) -> None:
        """Work the per-seat indexes (``cards_with_abilities``) out again, after card
        definitions were dealt anew (a search's sample) or edited by hand (tests)."""
        self.abil, self.auras, self.intr = cards_with_abilities(self.n, self.defs, self.cards)

    def copy(self, cards: list[Card] | None = None, players: list[Player] | None = None
             ) -> Game:
        """A detached copy (what a search plays on), sharing the card definitions; with
        ``cards`` and ``players`` given (a determinization's, which deals most cards
        anew), those instead of copies of this game's own."""
        opts, cb, chain, dec, todo, result = marshal.loads(marshal.dumps(
            (self.opts, self.cb, self.chain, self.dec, self.todo, self.result)))
        g = Game(opts, self.n, self.rng, self.defs,
                 [c.copy() for c in self.cards] if cards is None else cards,
                 [p.copy() for p in self.p] if players is None else players,
                 (self.abil, self.auras, self.intr))
        g.game = self.game
        g.v = self.v
        g.seq = self.seq
        g.uid = self.uid
        g.turn = self.turn
        g.active = self.active
        g.first = self.first
        g.phase = self.phase
        g.cb = cb
        g.chain = chain
        g.dec = dec
        g.todo = todo
        g.result = result
        return g

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """``copy.deepcopy`` (the tests' copies): ``copy()``, as the compiled build's native
        class cannot be rebuilt without its constructor's arguments."""
        return self.copy()

    def to_json(self) -> dict[str, Any]:
        """The stored form: plain JSON, keys in their stored order (``defs`` shared)."""
        opts, cb, chain, dec, todo, result = plain_copy(
            (self.opts, self.cb, self.chain, self.dec, self.todo, self.result))
        return {"game": self.game, "v": self.v, "opts": opts, "n": self.n, "rng": self.rng,
                "seq": self.seq, "uid": self.uid, "defs": [d.stored for d in self.defs],
                "cards": [c.to_json() for c in self.cards],
                "p": [p.to_json() for p in self.p], "turn": self.turn,
                "active": self.active, "first": self.first, "phase": self.phase, "cb": cb,
                "chain": chain, "dec": dec, "todo": todo, "result": result}

    @staticmethod
    def from_json(data: Any) -> Game:
        """A game from its stored form (copied, but for the shared ``defs``)."""
        if not isinstance(data, dict) or data.get("game") != "kgk":
            raise ConfigError("bad_state", "not a KGK state")
        opts, cb, chain, dec, todo, result = marshal.loads(marshal.dumps(
            (data["opts"], data["cb"], data["chain"], data["dec"], data["todo"],
             data["result"])))
        g = Game(opts, data["n"], data["rng"], [CardDef(d) for d in data["defs"]],
                 [Card.from_json(c) for c in data["cards"]],
                 [Player.from_json(p) for p in data["p"]])
        g.game = data["game"]
        g.v = data["v"]
        g.seq = data["seq"]
        g.uid = data["uid"]
        g.turn = data["turn"]
        g.active = data["active"]
        g.first = data["first"]
        g.phase = data["phase"]
        g.cb = cb
        g.chain = chain
        g.dec = dec
        g.todo = todo
        g.result = result
        return g

    # The bridge (tests, scenario set-up, rules not yet converted; see the docstring).
    def __getitem__(self, key: str) -> Any:
        return getattr(self, _field(_GAME_FIELDS, key))

    def __setitem__(self, key: str, value: Any) -> None:
        setattr(self, _field(_GAME_FIELDS, key), value)

    def __contains__(self, key: object) -> bool:
        return key in _GAME_FIELDS

    def get(self, key: str, default: Any = None) -> Any:
        return getattr(self, key) if key in _GAME_FIELDS else default

    def pop(self, key: str) -> Any:
        """The value, and the field emptied (``ev`` after an action)."""
        value = self[key]
        setattr(self, key, None)
        return value

    def __eq__(self, other: object) -> bool:
        """Equal JSON forms (tests compare states; a dict compares as that form)."""
        if isinstance(other, Game):
            return self.to_json() == other.to_json()
        if isinstance(other, dict):
            return self.to_json() == other
        return NotImplemented
