"""The KGK state: layout, card instances, zones, values, and the step machinery.

State layout (the fields of ``game_state.Game``, named as in its stored JSON form)::

    opts    normalised options (rules, simplified_combat, auto_pass, bluffing)
    n       number of seats;  rng: PRNG state (never shown);  seq: actions applied
    defs    card definitions (game_state.CardDef, made by cards.compile_def), indexed
            by card["d"], read by field: type, sub, cost, cost_rule, the printed
            speed, firepower, armor and bombard, cap and space (a ship's), mods, dev
            (development limit), abil (printed abilities), eff (the effect spec) and
            from it aura, grants and activated, actv (has activated abilities); a value
            a card does not have reads as 0 or empty. Stored as the compiled dicts
            (CardDef.stored), which the bridge d["key"] reads
    cards   card instances, indexed by id (ids follow the config order)
    p       per seat: zones colony (index 0 = top), hand, trash, ruin (index 0 =
            bottom), hangar, canteen, surface (left to right), stack (played
            events/interrupts while on the chain), out (left the game);
            cr credits, turns (own turns begun), mull, alive, elims, out_turn;
            fd: an index of the seat's face-down armaments/crews/bases in play that
            are not bluffs (the only cards that may be paid later), actv: whether the
            seat's deck has cards with activated abilities
    turn    game turn number;  active: seat whose turn it is;  first: starter
    phase   mulligan | start | main | combat | end | over
    cb      the current combat (None outside one), see combat.py
    chain   interrupt chain items, see chain.py
    dec     the pending decision {"kind", "seat", ...}: the only seat that may act
    todo    continuation stack [[task, arg], ...] run by engine.advance
    result  None, or the outcome once the game is over

A card instance: id, d (definition index), o (owner), z (zone), paid, up (face
up), rot (0 active, 1 used, 2 damaged; KG-3.1), dmg (armor damage, KG-3.11),
hit (hit in this firing step), dev (developments), dt (developments bought
this turn), on (ship carrying it), att (cards on this ship), mods (temporary
modifiers [stat, amount, until]), x (X fixed at payment), ch (Tüzér-style
choice), as (role it was placed in: ship/armament/crew/base; a bluff when it
differs from its type, KG-12.10).
"""

from __future__ import annotations

from typing import Any, Final

from rulesets.base import IllegalAction
from rulesets.kgk.jsontypes import CardDef, CardDict, GameState, Player

ACTIVE: Final = 0
USED: Final = 1
DAMAGED: Final = 2
ROLE: Final = {"ship": "ship", "armament": "armament", "crew": "crew", "base": "base"}

def push(state: GameState, name: str, arg: Any = None) -> None:
    state.todo.append([name, arg])


def emit(state: GameState, typ: str, private_to: int | None = None,
         hide: tuple[str, ...] | list[str]=(), **kw: Any) -> None:
    """Record an event (unless the action is carried out quietly: ``engine.perform``).
    ``hide`` lists keys only ``private_to`` may see."""
    evs = state.ev
    if evs is None:
        return
    ev = {"type": typ, **kw}
    if private_to is not None and hide:
        ev["_priv"] = [private_to, list(hide)]
    evs.append(ev)


def illegal(code: Any, msg: Any, rule: Any = None) -> None:
    raise IllegalAction(code, msg, rule=rule)


# ---------------------------------------------------------------- cards

def card(state: GameState, cid: int) -> CardDict:
    return state.cards[cid]


def cdef(state: GameState, cid: int) -> CardDef:
    return state.defs[state.cards[cid].d]


def is_bluff(c: CardDict, d: CardDef) -> bool:
    return c.role is not None and c.role != ROLE.get(d.type)


def reset_card(c: CardDict) -> None:
    c.paid = False
    c.rot = ACTIVE
    c.dmg = 0
    c.hit = False
    c.dev = 0
    c.dt = 0
    c.on = None
    c.att = []
    c.mods = []
    c.x = None
    c.ch = None
    c.role = None


def zone_list(state: GameState, c: CardDict) -> Any:
    z = c.z
    if z == "att":
        on = c.on
        assert on is not None                   # (aboard a ship)
        return state.cards[on].att
    return getattr(state.p[c.o], z)


def move(state: GameState, cid: int, zone: str, top: bool = False) -> None:
    """Move a card to its owner's ``zone`` (KG-6.11.2). ``top`` puts it at index 0."""
    c = state.cards[cid]
    zone_list(state, c).remove(cid)
    if c.z == "att":
        c.on = None
    lst: list[int] = getattr(state.p[c.o], zone)
    if top:
        lst.insert(0, cid)
    else:
        lst.append(cid)
    c.z = zone
    if zone in ("trash", "ruin", "hand", "colony", "out"):
        fd = state.p[c.o].fd
        if cid in fd:
            fd.remove(cid)
        reset_card(c)
        c.up = zone == "trash"


def attach(state: GameState, cid: int, ship: int) -> None:
    c = state.cards[cid]
    zone_list(state, c).remove(cid)
    c.z = "att"
    c.on = ship
    state.cards[ship].att.append(cid)


# The zones of the cards in play (KG-6.8), a ship's armaments and crews ("att") among them.
IN_PLAY: Final = frozenset(("hangar", "canteen", "surface", "att"))


def in_play(c: CardDict) -> bool:
    return c.z in IN_PLAY


def leave_play(state: GameState, cid: int, reason: str = "destroyed") -> None:
    """A card leaves play: paid -> trash, unpaid -> ruin (KG-11.17); a ship takes
    its armaments and crews with it (KG-4.2.7). Markers fall off (KG-3.12)."""
    c = state.cards[cid]
    for a in list(c.att):
        leave_play(state, a, reason)
    dest = "trash" if c.paid else "ruin"
    own = c.o
    if c.up or dest == "trash":
        emit(state, "leaves_play", seat=own, card=cid, to=dest, reason=reason)
    else:
        emit(state, "leaves_play", seat=own, card=cid, to=dest, reason=reason,
             zone=c.z, private_to=own, hide=("card",))
    move(state, cid, dest)      # combat lists are filtered by zone when read


# ---------------------------------------------------------------- values

def val(state: GameState, cid: int, stat: str) -> int:
    """Current value of a ship stat: printed + paid armaments/crews + temporary
    modifiers, never below 0 (KG-2.4, KG-12.6.2). Armor is the maximum armor."""
    cards = state.cards
    c = cards[cid]
    v: int = getattr(state.defs[c.d], stat)       # the printed value
    for m in c.mods:
        if m[0] == stat:
            v += m[1]
    if c.att:
        defs = state.defs
        for a in c.att:
            ac = cards[a]
            if not ac.paid:
                continue
            ad = defs[ac.d]
            v += ad.mods.get(stat, 0)
            if ac.ch is not None:
                v += ad.eff["choose_at_end_of_payment"][ac.ch].get(stat, 0)
    return v if v > 0 else 0


def armor_now(state: GameState, cid: int) -> int:
    a = val(state, cid, "armor") - state.cards[cid].dmg
    return a if a > 0 else 0


def base_armor_now(state: GameState, cid: int) -> int:
    c = state.cards[cid]
    a = state.defs[c.d].armor - c.dmg
    return a if a > 0 else 0


def abilities(state: GameState, cid: int) -> Any:
    """Ship abilities: printed plus those granted by paid armaments/crews. The
    quick-start rules ignore ship text (KG-16.1.4)."""
    if state.opts["rules"] == "quick_start":
        return ()
    c = state.cards[cid]
    ab = state.defs[c.d].abil
    if not c.att:
        return ab
    out = list(ab)
    for a in c.att:
        ac = state.cards[a]
        if ac.paid:
            out.extend(state.defs[ac.d].grants)
    return out


def has(state: GameState, cid: int, ability: str) -> bool:
    return ability in abilities(state, cid)


def space(state: GameState, cid: int) -> int:
    return state.defs[state.cards[cid].d].space


def capacity_left(state: GameState, ship: int) -> int:
    return cdef(state, ship).cap - len(state.cards[ship].att)


def aura(state: GameState, seat: int, key: str) -> int:
    """Sum of a continuous effect of ``seat``'s paid bases in play (KG-17.35:
    rotated bases keep their continuous effects). A card moves only between its
    owner's zones (``move``), so its bases in play are those of its cards on the surface;
    only the seat's cards with such an effect are looked at (``Game.auras``: a deck holds
    few, and this is asked at every main list)."""
    tot = 0
    cards = state.cards
    defs = state.defs
    for cid in state.auras[seat]:
        c = cards[cid]
        if c.paid and c.z == "surface":
            tot += defs[c.d].aura.get(key, 0)
    return tot


def activated_in_play(state: GameState, seat: int) -> list[int]:
    """Ids of ``seat``'s face-up, paid, active cards in play whose definition has
    activated abilities (the ones that may use them, KG-12.8), in play order: canteen,
    surface, then ship by ship (its armaments and crews, then the ship), each left to
    right. Only the seat's cards with such a definition are looked at (``Game.abil``:
    most decks hold few); a card moves only between its owner's zones."""
    cards: list[CardDict] = state.cards
    out: list[int] = []
    cid: int
    for cid in state.abil[seat]:
        c = cards[cid]
        if c.rot == ACTIVE and c.up and c.paid and c.z in IN_PLAY:
            out.append(cid)
    if len(out) > 1:
        out.sort(key=_play_order(state.p[seat], cards).index)
    return out


def _play_order(p: Player, cards: list[CardDict]) -> list[int]:
    """The seat's cards in play, in play order (see ``activated_in_play``)."""
    order = p.canteen + p.surface
    for s in p.hangar:
        order += cards[s].att
        order.append(s)
    return order


def card_cost(state: GameState, seat: int, cid: int) -> int:
    """Credit cost to play/pay ``cid`` for ``seat`` (never below 0, KG-12.6.1)."""
    d = cdef(state, cid)
    cost = d.cost
    if d.type == "ship":
        cost -= aura(state, seat, "ship_discount")
    return cost if cost > 0 else 0


def opponents(state: GameState, seat: int) -> list[int]:
    """Seats ``seat`` may treat as "the opponent" (KG-11.5, KG-13.1.2)."""
    n = state.n
    p = state.p
    if n == 2:
        return [1 - seat]
    out = []
    for step in (-1, 1):
        s = seat
        while True:
            s = (s + step) % n
            if s == seat:
                break
            if p[s].alive:
                if s not in out:
                    out.append(s)
                break
    return out


def next_alive(state: GameState, seat: int) -> int:
    n = state.n
    p = state.p
    if n == 2:
        return 1 - seat if p[1 - seat].alive else seat
    s = seat
    for _ in range(n):
        s = (s + 1) % n
        if p[s].alive:
            return s
    return seat


def alive_seats(state: GameState) -> list[int]:
    return [s for s in range(state.n) if state.p[s].alive]
