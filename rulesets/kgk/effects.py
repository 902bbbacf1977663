"""Card behaviour as data: the effect-spec schema and the code that runs it.

Effect-spec schema (the ``effect`` object of a card record, SCHEMA.md)
=====================================================================

Every key is optional; ``{}`` (or ``null`` on a ship) means "no behaviour beyond
the printed values and abilities".

Passive, while the card is paid (armaments and crews: while aboard a ship)::

    "modifiers": {"firepower": 1, ...}   adds to the carrying ship's values (KG-2.4),
                                         same as the record's top-level "modifiers"
    "grants": ["cloaking", ...]          ship abilities given to the carrying ship
    "choose_at_end_of_payment": [{"firepower": 3}, {"bombard": 3}]
                                         the owner picks one modifier set at the end of
                                         each payment step the card's ship takes part in
                                         (Tüzér, KG-9.6.4); it lasts until the disarm step

Continuous, while a paid base is in play (used/damaged too, KG-17.35)::

    "aura": {"attack_tax": 1,            an opponent attacking you pays this (Aknagyűrű)
             "income": 1,                extra credits in your start phase
             "ship_discount": 1}         your ships cost this much less (floor 0)

One-shot behaviour, run when the card resolves: an event or interrupt when it
leaves the chain, a research base or a trap when its payment resolves, a rocket
at the end of the payment step (KG-4.3.7.2)::

    "target": TargetSpec                 what the player chooses when playing/paying it
    "ops": [Op, ...]                     run in order

Activated abilities of paid, active cards in play, usable in any phase as an
interrupt (KG-12.8, KG-10.1.2; they go on the chain; see ``abilities.py``)::

    "activated": [{"cost": {"credits": 1, "rotate": "used"|"damaged"|"sacrifice"},
                   "where": "canteen"|"ship"|"surface",   (default: anywhere in play)
                   "when": "own_main",     (optional: the text limits it to the
                                            owner's main phase; default: any phase)
                   "target": TargetSpec, "ops": [Op, ...]}]

TargetSpec::

    {"kind": "ship",  "side": "own"|"opponent"|"any", "participating": bool}
        a ship in play; ships with Álcázás cannot be chosen (KG-7.2);
        "participating": only ships taking part in the current combat
    {"kind": "base"|"crew", "side": ...}   any card in play in that role, face down
                                           ones included (KG-11.10; another seat's is
                                           named by position, see target_fields)
    {"kind": "chain", "kinds": ["interrupt", "payment", "ability", "event", "ship"]}
        an item on the interrupt chain; "interrupt" cards, payments and abilities all
        count as interrupts (KG-10.1, KG-17.10)
    {"kind": "opponent"}                   an opponent player (multiplayer: a neighbour)

Op (``amount`` may be an int or "X" = the X fixed when a base was paid)::

    {"op": "modify", "stat": s, "amount": n, "who": "target"|"self_ship",
     "until": "combat"|"turn"}           temporary modifier; "combat" ends with the
                                         combat phase (or the turn outside combat)
    {"op": "neutralise"}                 target chain item leaves without effect (KG-10.9)
    {"op": "damage", "amount": n}        to the target ship/base (KG-4.2.5, KG-4.2.6)
    {"op": "destroy"}                    the target card is destroyed
    {"op": "victim_destroys_ship"}       the opponent destroys one of his ships of his
                                         choice (Chazma töltet, KG-17.42)
    {"op": "gain_credits", "amount": n}  {"op": "draw", "amount": n}
    {"op": "mill", "amount": n}          opponent's top colony cards -> his ruin
    {"op": "discard_choice", "amount": n}   opponent discards from his central, his choice
    {"op": "restore"}                    target regains full armor
    {"op": "ready"}                      target turns active
    {"op": "develop", "amount": n}       developments on the target (own) base

A card whose rules need something this schema cannot say gets a small function
in :data:`CUSTOM_OPS` (none of the current cards do).
"""

from __future__ import annotations

from typing import Any, Final

from rulesets.kgk.jsontypes import Action, CardDict, GameState
from rulesets.kgk.state import (
    ACTIVE,
    DAMAGED,
    USED,
    armor_now,
    base_armor_now,
    card,
    emit,
    has,
    in_play,
    leave_play,
    move,
    opponents,
    push,
)

OPS: Final = ("modify", "neutralise", "damage", "destroy", "victim_destroys_ship", "gain_credits",
       "draw", "mill", "discard_choice", "restore", "ready", "develop")
CUSTOM_OPS: Final[dict[str, Any]] = {}
KEYS: Final = ("modifiers", "grants", "choose_at_end_of_payment", "aura", "target", "ops",
        "activated", "notes")
TARGET_KINDS: Final = ("ship", "base", "crew", "chain", "opponent")
NEEDS_TARGET: Final = ("modify", "neutralise", "damage", "destroy", "restore", "ready", "develop")


def check_spec(eff: dict[str, Any]) -> list[str]:
    """Problems with an effect spec (used by ``cards.playability``)."""
    out = []
    for k in eff:
        if k not in KEYS:
            out.append(f"unknown effect key {k!r}")
    blocks = [eff] + list(eff.get("activated") or [])
    for b in blocks:
        t = b.get("target")
        if t is not None and t.get("kind") not in TARGET_KINDS:
            out.append(f"unknown target kind {t.get('kind')!r}")
        for op in b.get("ops") or []:
            name = op.get("op")
            if name not in OPS and name not in CUSTOM_OPS:
                out.append(f"unknown op {name!r}")
            elif name in NEEDS_TARGET and op.get("who", "target") == "target" and t is None:
                out.append(f"op {name!r} needs a target")
    return out


# ---------------------------------------------------------------- targets

VICTIM_OPS: Final = ("mill", "discard_choice", "victim_destroys_ship")
_OPPONENT: Final = {"kind": "opponent"}


def target_spec(state: GameState, eff: dict[str, Any]) -> Any:
    """The card's target spec. In a multiplayer game an effect on "your opponent"
    outside a combat names one of the two neighbours (KG-13.1.3)."""
    spec = eff.get("target")
    if spec is None and state.n > 2 and not state.cb and any(
            op.get("op") in VICTIM_OPS for op in eff.get("ops") or ()):
        return _OPPONENT
    return spec


def targets(state: GameState, seat: int, spec: Any, face_down: Any = False) -> Any:
    """Legal target values (card ids / chain uids / seats) for ``spec``.

    A base or crew target may be any card in play in that role, face down ones
    included (KG-11.3, KG-11.10: unpaid cards are in play), when the caller names
    another seat's face-down card by where it lies (``face_down``, see
    :func:`target_fields`); otherwise only own and face-up cards."""
    if spec is None:
        return [None]
    kind = spec["kind"]
    side = spec.get("side", "any")
    if kind == "opponent":
        return opponents(state, seat)
    if kind == "chain":
        kinds = spec.get("kinds", ("interrupt",))
        return [it["u"] for it in state.chain if item_kind(state, it) in kinds]
    seats = ([seat] if side == "own" else opponents(state, seat) if side == "opponent"
             else [seat] + opponents(state, seat))
    out: list[int] = []
    for s in seats:
        _targets_of(state, s, kind, spec, bool(face_down or s == seat), out)
    return out


def _targets_of(state: GameState, s: int, kind: str, spec: Any, every: bool,
                out: list[int]) -> None:
    """Seat ``s``'s targets of ``kind`` (a ship, base or crew) added to ``out``; ``every``:
    face-down ones too."""
    p = state.p[s]
    cards = state.cards
    if kind == "ship":
        cb = state.cb
        for sid in p.hangar:
            if has(state, sid, "cloaking"):
                continue        # KG-7.2
            if spec.get("participating") and not (cb and sid in cb["ships"]):
                continue
            out.append(sid)
    elif kind == "base":
        out.extend(b for b in p.surface if every or cards[b].up)
    elif kind == "crew":
        for cid in p.canteen:
            if every or cards[cid].up:
                out.append(cid)
        for sid in p.hangar:
            for a in cards[sid].att:
                if cards[a].role == "crew" and (every or cards[a].up):
                    out.append(a)


HIDEABLE: Final = ("base", "crew")      # target kinds that may name a face-down card


def hidden_from(state: GameState, seat: int, cid: int) -> Any:
    """Whether ``cid`` is another seat's face-down card, which ``seat`` may not know."""
    c = state.cards[cid]
    return not c.up and c.o != seat


def where(state: GameState, cid: int) -> Any:
    """Where a card in play lies, as everyone sees it: owner, zone and position
    (``ship``: the carrying ship and the slot aboard)."""
    c = state.cards[cid]
    z = c.z
    if z == "att":
        on = c.on
        assert on is not None                   # (aboard a ship)
        return {"seat": c.o, "zone": "ship", "ship": on, "pos": state.cards[on].att.index(cid)}
    return {"seat": c.o, "zone": z, "pos": getattr(state.p[c.o], z).index(cid)}


def target_fields(state: GameState, seat: int, spec: Any, tgt: Any, a: Any) -> Any:
    """Put target ``tgt`` into the action ``a`` as ``seat`` may name it: by id, or
    another seat's face-down base or crew by where it lies (``target_seat``,
    ``target_zone``, ``target_pos``, and ``target_ship`` aboard a ship), so the
    legal list never carries its id (KG-12.3)."""
    if tgt is None:
        return a
    if spec["kind"] in HIDEABLE and hidden_from(state, seat, tgt):
        w = where(state, tgt)
        a["target_seat"] = w["seat"]
        a["target_zone"] = w["zone"]
        if "ship" in w:
            a["target_ship"] = w["ship"]
        a["target_pos"] = w["pos"]
    else:
        a["target"] = tgt
    return a


def named_target(state: GameState, action: Action) -> Any:
    """The target an action names (see :func:`target_fields`), as a card id / uid /
    seat, or None. Only legal actions reach here, so the place holds a card."""
    if "target" in action:
        return action["target"]
    z = action.get("target_zone")
    if z is None:
        return None
    if z == "ship":
        return state.cards[action["target_ship"]].att[action["target_pos"]]
    return getattr(state.p[action["target_seat"]], z)[action["target_pos"]]


def item_kind(state: GameState, it: dict[str, Any]) -> Any:
    k = it["k"]
    if k == "card":
        t = state.defs[card(state, it["card"]).d].type
        return t   # "interrupt", "event" or "ship"
    return k      # "payment" / "ability"


def target_valid(state: GameState, seat: int, spec: Any, tgt: Any) -> Any:
    if spec is None:
        return True
    kind = spec["kind"]
    if kind == "chain":
        return any(it["u"] == tgt for it in state.chain)
    if kind == "opponent":
        return state.p[tgt].alive
    c = card(state, tgt)
    if not in_play(c):
        return False
    return not (kind == "ship" and (c.z != "hangar" or has(state, tgt, "cloaking")))


# ---------------------------------------------------------------- ops

def amount(op: Any, x: int | None) -> Any:
    a = op.get("amount", 1)
    return (x or 0) if a == "X" else a


def victim_of(state: GameState, ctx: Any) -> Any:
    """Who "the opponent" is for an op: the target player, the other side of the
    current combat, or the only (first) opponent."""
    seat = ctx["seat"]
    if ctx.get("tkind") == "opponent":
        return ctx["tgt"]
    cb = state.cb
    if cb and seat in (cb["att"], cb["def"]):
        return cb["def"] if seat == cb["att"] else cb["att"]
    return opponents(state, seat)[0]


def run_ops(state: GameState, ctx: Any) -> None:
    """Run ``ctx["ops"]`` from ``ctx["i"]``; an op that needs a player's choice
    sets the decision and leaves a continuation task."""
    ops = ctx["ops"]
    while ctx["i"] < len(ops):
        op = ops[ctx["i"]]
        ctx["i"] += 1
        fn = CUSTOM_OPS.get(op["op"]) or _OP_FNS[op["op"]]
        if fn(state, ctx, op):
            push(state, "ops", ctx)
            return


def _who(ctx: Any, op: Any) -> Any:
    return ctx["src_ship"] if op.get("who") == "self_ship" else ctx["tgt"]


def _modify(state: GameState, ctx: Any, op: Any) -> Any:
    cid = _who(ctx, op)
    if cid is None:
        return False
    until = op.get("until", "combat")
    if until == "combat" and not state.cb:
        until = "turn"
    c = card(state, cid)
    c.mods.append([op["stat"], amount(op, ctx.get("x")), until])
    emit(state, "modified", card=cid, stat=op["stat"], amount=amount(op, ctx.get("x")),
         until=until, **_hidden_card(state, c, cid))
    return False


def _neutralise(state: GameState, ctx: Any, op: Any) -> Any:
    for it in state.chain:
        if it["u"] == ctx["tgt"]:
            it["neut"] = True
            emit(state, "neutralised", item=it["u"], card=it.get("card"))
    return False


def _hidden_card(state: GameState, c: CardDict, cid: int) -> Any:
    """Event fields for an event about ``cid``: a face-down card's id is its
    owner's alone; the others see where it lies."""
    if c.up:
        return {}
    return {"where": where(state, cid), "private_to": c.o, "hide": ("card",)}


def damage_card(state: GameState, cid: int, n: int) -> None:
    """Damage outside the firing step: the ship or paid base turns damaged at once
    (Javítás: used), and is destroyed at 0 armor (KG-4.2.5, KG-4.5.11). During the
    payment and firing steps a participating ship only receives a hit (KG-4.2.6)."""
    c = card(state, cid)
    if n <= 0 or not in_play(c):
        return
    c.dmg += n
    emit(state, "damaged", card=cid, amount=n, **_hidden_card(state, c, cid))
    cb = state.cb
    if c.z == "hangar":
        in_fight = cb and cid in cb["ships"] and cb["step"] in ("pay", "eop", "fire")
        if in_fight:
            c.hit = True
            if armor_now(state, cid) <= 0:
                leave_play(state, cid)
            return
        if armor_now(state, cid) <= 0:
            leave_play(state, cid)
            return
        turn_hit(state, cid)
    elif c.z == "surface" and c.paid:
        if base_armor_now(state, cid) <= 0:
            leave_play(state, cid)
        else:
            c.rot = DAMAGED


def turn_hit(state: GameState, cid: int) -> None:
    """A hit ship turns damaged, or used with Javítás (KG-7.8)."""
    c = card(state, cid)
    if has(state, cid, "repair"):
        if c.rot == ACTIVE:
            c.rot = USED
    else:
        c.rot = DAMAGED


def _damage(state: GameState, ctx: Any, op: Any) -> Any:
    damage_card(state, ctx["tgt"], amount(op, ctx.get("x")))
    return False


def _destroy(state: GameState, ctx: Any, op: Any) -> Any:
    if in_play(card(state, ctx["tgt"])):
        leave_play(state, ctx["tgt"])
    return False


def _victim_destroys_ship(state: GameState, ctx: Any, op: Any) -> Any:
    victim = victim_of(state, ctx)
    ships = list(state.p[victim].hangar)
    if not ships:
        return False
    state.dec = {"kind": "choose", "seat": victim, "why": "destroy_own_ship", "opts": ships}
    return True


def _gain(state: GameState, ctx: Any, op: Any) -> Any:
    state.p[ctx["seat"]].cr += amount(op, ctx.get("x"))
    emit(state, "credits", seat=ctx["seat"], amount=amount(op, ctx.get("x")))
    return False


def draw_cards(state: GameState, seat: int, n: int) -> None:
    p = state.p[seat]
    for _ in range(n):
        if not p.colony:
            return
        cid = p.colony[0]
        move(state, cid, "hand")
        emit(state, "draw", seat=seat, card=cid, private_to=seat, hide=("card",))


def _draw(state: GameState, ctx: Any, op: Any) -> Any:
    draw_cards(state, ctx["seat"], amount(op, ctx.get("x")))
    return False


def mill(state: GameState, seat: int, n: int) -> Any:
    p = state.p[seat]
    k = 0
    for _ in range(n):
        if not p.colony:
            break
        move(state, p.colony[0], "ruin")
        k += 1
    emit(state, "milled", seat=seat, count=k)
    return k


def _mill(state: GameState, ctx: Any, op: Any) -> Any:
    mill(state, victim_of(state, ctx), amount(op, ctx.get("x")))
    return False


def _discard_choice(state: GameState, ctx: Any, op: Any) -> Any:
    victim = victim_of(state, ctx)
    hand = state.p[victim].hand
    if not hand:
        return False
    left = amount(op, ctx.get("x"))
    state.dec = {"kind": "choose", "seat": victim, "why": "discard", "opts": list(hand),
                    "left": left}
    return True


def _restore(state: GameState, ctx: Any, op: Any) -> Any:
    card(state, ctx["tgt"]).dmg = 0
    return False


def _ready(state: GameState, ctx: Any, op: Any) -> Any:
    card(state, ctx["tgt"]).rot = ACTIVE
    return False


def _develop(state: GameState, ctx: Any, op: Any) -> Any:
    card(state, ctx["tgt"]).dev += amount(op, ctx.get("x"))
    return False


_OP_FNS: Final = {"modify": _modify, "neutralise": _neutralise, "damage": _damage,
           "destroy": _destroy, "victim_destroys_ship": _victim_destroys_ship,
           "gain_credits": _gain, "draw": _draw, "mill": _mill,
           "discard_choice": _discard_choice, "restore": _restore, "ready": _ready,
           "develop": _develop}
