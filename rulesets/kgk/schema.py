"""The KGK state, field by field: TypedDicts over the JSON form a match is stored in.

The stored form stays plain JSON (stored matches and seeded replays depend on its exact
form; the rules hold it in ``game_state``'s classes and make it in ``Game.to_json``), so its
keys stay short; these types give each one a readable meaning.
``tests/kgk/test_schema.py`` plays matches in every format and checks that every state,
player, card, combat, shot, chain item and decision has exactly the keys declared here.
Keys that are Python keywords (``as``, ``def``) force the functional TypedDict form.
"""

# (no ``from __future__ import annotations``: TypedDict reads NotRequired at run time)
from typing import Any, Literal, NotRequired, TypedDict

Zone = Literal["colony", "hand", "trash", "ruin", "hangar", "canteen", "surface", "stack",
               "out", "att"]
Phase = Literal["mulligan", "start", "main", "combat", "end", "over"]


class Options(TypedDict):
    """``config["options"]``, normalised (README: Options)."""

    rules: Literal["official", "quick_start"]
    simplified_combat: bool        # KG-13.2
    auto_pass: bool | list[int]    # skip empty windows: every seat, none, or these seats
    bluffing: bool                 # KG-12.10: any card face down as base, crew or armament
    lenient_cards: bool            # accept cards that ``cards.playability`` refuses


# A card instance (KG-3: its position and markers), indexed by id in ``state["cards"]``.
Card = TypedDict("Card", {
    "id": int,                     # its index in state["cards"] (ids follow the config order)
    "d": int,                      # its definition: index in state["defs"]
    "o": int,                      # owner (= controller) seat
    "z": Zone,                     # zone; "att" = on the ship ``on``
    "paid": bool,                  # paid (KG-3.10)
    "up": bool,                    # face up
    "rot": int,                    # 0 active, 1 used, 2 damaged (KG-3.1)
    "dmg": int,                    # armor damage (KG-3.11)
    "hit": bool,                   # hit in this firing step (KG-9.7.10)
    "dev": int,                    # development counters (KG-4.5.3)
    "dt": int,                     # developments bought this turn (at most two, KG-4.5.3)
    "on": int | None,            # the ship carrying this armament or crew
    "att": list[int],              # the armaments and crews on this ship
    "mods": list[list[Any]],       # temporary modifiers [stat, amount, until]
    "x": int | None,             # X fixed at payment (KG-4.5.5)
    "ch": int | None,            # its Tüzér-style choice (KG-9.6.4)
    "as": str | None,            # role it was placed in; a bluff when not its type (KG-12.10)
})


class Player(TypedDict):
    """One seat: its zones (lists of card ids) and counters."""

    colony: list[int]              # the deck, index 0 = top (KG-6.4)
    hand: list[int]                # the central (KG-6.8)
    trash: list[int]               # paid cards that left play (KG-6.5)
    ruin: list[int]                # unpaid cards and discards, index 0 = bottom (KG-6.6)
    hangar: list[int]              # ships, left to right (KG-6.7)
    canteen: list[int]             # crews not on a ship (KG-6.10)
    surface: list[int]             # bases, left to right (KG-6.11)
    stack: list[int]               # its events and interrupts while on the chain
    out: list[int]                 # cards that left the game (multiplayer elimination)
    fd: list[int]                  # face-down armaments/crews/bases in play that are no bluffs
    cr: int                        # credits (KG-6.9)
    turns: int                     # own turns begun
    mull: bool                     # mulligan decided (KG-8.4)
    actv: bool                     # whether the deck holds cards with activated abilities
    alive: bool                    # multiplayer: not eliminated (KG-13.1.7)
    elims: int                     # multiplayer: eliminations credited
    out_turn: int | None           # multiplayer: the game turn of its elimination


class AttackTarget(TypedDict):
    kind: Literal["colony", "central", "crew", "base"]      # KG-9.3.3 b
    card: int | None               # the crew or base attacked
    pos: NotRequired[int]          # where that crew or base lies (hidden cards have no id)


class Firing(TypedDict):
    """Firing-step bookkeeping (KG-9.7, KG-17.5)."""

    passes: int                    # consecutive declines (two end the firing, KG-17.5)
    forced: int | None             # after a pass only this seat's next ship may act
    turn: int                      # simplified combat: whose shot it is (KG-13.2)


class Shot(TypedDict):
    """The shot being carried out (``combat.carry_out_shot``, stage by stage)."""

    F: int                         # the firing ship
    T: int                         # its target ship
    ret: bool                      # the target returns fire (KG-9.7.5)
    stage: str                     # ret | window | allocF | allocT | sret | form | apply
    pk: list[list[int]]            # damage packets [source ship, target ship, points]
    decl: int                      # the declaring seat (the window after the shot opens for it)
    salvoF: bool                   # the firer's damage is a salvo (KG-7.4.1)
    salvoT: bool                   # the returner's damage is a salvo (KG-7.4.2)
    hitF: list[int]                # ships hit by the firer's salvo (they may return fire)
    hitT: list[int]                # ships hit by the returner's salvo
    asked: list[int]               # salvo targets already asked to return fire (KG-7.4.3)
    fq: list[int] | None           # formation: indexes of packets still to spread (KG-7.5)
    fa: NotRequired[list[list[int]]]   # formation: points placed so far [ship, points]


class EndOfPaymentChoice(TypedDict):
    """A Tüzér-style choice or a rocket target at the end of payment (KG-9.6.4)."""

    seat: int
    card: int
    ship: int | None
    why: str                       # eop_mod | rocket
    pick: Any


Combat = TypedDict("Combat", {
    "att": int,                    # attacking seat
    "def": int,                    # defending seat
    "tgt": AttackTarget,           # what the attack is aimed at (KG-9.4.1)
    "step": str,                   # target | equip | pay | eop | fire | bomb | disarm
    "ships": list[int],            # committed ships of both sides, attackers first (KG-9.4.5)
    "fire": Firing,
    "shot": "Shot | None",
    "bombers": list[int],          # ships designated to bombard (KG-9.8.1)
    "eop": "list[EndOfPaymentChoice] | None",
})


class ChainItem(TypedDict):
    """An item on the interrupt chain (KG-10): a card, a payment or an ability."""

    u: int                         # unique item number (events name items by it)
    k: Literal["card", "payment", "ability"]
    seat: int                      # who added it
    card: int | None               # the card played, paid or whose ability is used
    tgt: Any                       # its target (a card id, a seat, ...) or None
    cost: int                      # credits paid for it
    neut: bool                     # neutralised (KG-10.9)
    ab: str | None                 # ability kind: activated | heavy | pyro | stealth
    spec: NotRequired[str | None]  # the kind of its target spec
    n: NotRequired[int]            # which activated ability of the card


class Decision(TypedDict):
    """The one pending decision; ``seat`` is the only seat that may act. The other keys
    depend on ``kind`` (see ``table.DECISIONS``)."""

    kind: str                      # mulligan | main | choose | prio | equip | pay | fire |
    #                                ret | assign | bomb | trap
    seat: int
    why: NotRequired[str]          # choose/assign: what is chosen (search, cash, salvo, ...)
    opts: NotRequired[list[int]]   # choose/assign: the cards to choose from
    left: NotRequired[int]         # choose: discards left; assign: points left
    card: NotRequired[int]         # choose (Chazma), trap: the card concerned
    i: NotRequired[int]            # choose: index of the end-of-payment choice
    ctx: NotRequired[str]          # prio: the window context (chain.WINDOW_SUBTYPES)
    passes: NotRequired[int]       # prio: seats that passed since the last addition
    allowed: NotRequired[list[int]]    # fire: the ships that may act
    ship: NotRequired[int]         # ret: the ship that may return fire
    salvo_return: NotRequired[bool]    # ret: a return at a salvo ship (KG-7.4.3)
    at: NotRequired[int]           # ret: that salvo ship
    src: NotRequired[int]          # assign: the ship whose damage is placed
    pk: NotRequired[int]           # assign (formation): the packet being spread


class Result(TypedDict):
    winners: list[int]
    reason: str
    details: dict[str, Any]


class State(TypedDict):
    """A KGK match."""

    game: Literal["kgk"]
    v: int                         # version of this JSON form
    opts: Options
    n: int                         # number of seats
    rng: Any                       # PRNG state (never shown)
    seq: int                       # actions applied
    uid: int                       # last chain item number
    defs: list[dict[str, Any]]     # compiled card definitions (cards.compile_def)
    cards: list[Card]
    p: list[Player]                # per seat
    turn: int                      # game turn number
    active: int                    # whose turn it is
    first: int                     # the starting player (KG-8.2)
    phase: Phase
    cb: Combat | None              # the current combat
    chain: list[ChainItem]         # the interrupt chain, first added first
    dec: Decision | None           # the pending decision
    todo: list[list[Any]]          # continuation stack [[task name, arg], ...] (table.TASKS)
    result: Result | None          # the outcome once the game is over
