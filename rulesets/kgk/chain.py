"""The interrupt chain (KG-10): windows, priority, payment in play order and
last-in-first-out resolution.

A declared action opens a *window* (decision kind ``prio``). Priority goes to the
next seat after the declarer; each seat may add an interrupt (paid at once,
KG-10.5) or pass. After every addition priority passes on (KG-10.13). When every
seat has passed since the last addition, the whole chain resolves backwards with
no further additions (KG-10.8, KG-17.11) — not "resolve the top, then priority".

Chain items ``{"u": uid, "k": "card"|"payment"|"ability", "seat", "card", "tgt",
"cost", "neut", "ab"}``. Payments of bases, armaments and crews and the use of
abilities are items too (KG-10.1.2-3, KG-17.10), so "neutralise an interrupt"
effects can hit them; they keep their own timing.

Window contexts and the interrupt subtypes they admit (KG-10.7, KG-17.7/8):
"""

from __future__ import annotations

from typing import Any, Final

from rulesets.kgk.abilities import ability_actions, has_ability_action
from rulesets.kgk.effects import (
    hidden_from,
    named_target,
    run_ops,
    target_fields,
    target_spec,
    target_valid,
    targets,
    where,
)
from rulesets.kgk.jsontypes import Action, Decision, GameState
from rulesets.kgk.state import (
    DAMAGED,
    USED,
    card,
    card_cost,
    cdef,
    emit,
    leave_play,
    move,
    next_alive,
    push,
)

WINDOW_SUBTYPES: Final = {
    "start": ("start", "reaction"),
    "main": ("general", "reaction"),
    "target": ("general", "combat", "reaction"),   # right after an attack target, KG-9.4.2
    "combat": ("combat", "reaction"),
    "end": ("reaction",),
}


def item_cost_for(state: GameState, cid: int, tgt: Any) -> Any:
    d = cdef(state, cid)
    if d.cost_rule == "neutralised_cost":       # Felülbírálás: X = neutralised card's cost
        for it in state.chain:
            if it["u"] == tgt:
                return it["cost"]
        return None
    return d.cost


def interrupt_actions(state: GameState, seat: int, ctx: str) -> list[Action]:
    """Interrupt cards ``seat`` may play now in window context ``ctx``."""
    hand = state.p[seat].hand
    if state.intr[seat].isdisjoint(hand) or state.opts["rules"] == "quick_start":
        return []                         # (most hands hold no interrupt at all)
    cards = state.cards
    defs = state.defs
    subs = WINDOW_SUBTYPES[ctx]
    cr = state.p[seat].cr
    out = []
    for cid in hand:
        d = defs[cards[cid].d]
        if d.type != "interrupt" or d.sub not in subs:
            continue
        eff = d.eff
        spec = target_spec(state, eff)
        if d.cost_rule is None and d.cost > cr:
            continue
        for t in targets(state, seat, spec, True):           # KG-11.10: face down too
            if d.cost_rule is not None:
                c = item_cost_for(state, cid, t)
                if c is None or c > cr:
                    continue
            out.append(target_fields(state, seat, spec, t, {"type": "play", "card": cid}))
    return out


def _new_item(state: GameState, k: str, seat: int, cid: int | None = None, tgt: Any = None,
              cost: int = 0, ab: str | None = None, spec: Any = None) -> Any:
    state.uid += 1
    it = {"u": state.uid, "k": k, "seat": seat, "card": cid, "tgt": tgt, "cost": cost,
          "neut": False, "ab": ab}
    if spec is not None:
        it["spec"] = spec
    state.chain.append(it)
    return it


def declare_card(state: GameState, seat: int, cid: int, tgt: Any = None) -> Any:
    """Play a ship, event or interrupt face up: pay now (KG-3.10.2, KG-10.5), put
    it on the chain."""
    d = cdef(state, cid)
    cost = card_cost(state, seat, cid) if d.type == "ship" else item_cost_for(state, cid, tgt)
    state.p[seat].cr -= cost
    c = card(state, cid)
    move(state, cid, "stack")
    c.up = True
    c.paid = True
    spec = target_spec(state, d.eff)
    it = _new_item(state, "card", seat, cid, tgt, cost,
                   spec=spec["kind"] if spec else None)
    if spec and spec["kind"] in ("ship", "base", "crew") and hidden_from(state, seat, tgt):
        # another seat's face-down card: named by where it lies (KG-11.10, KG-12.3)
        emit(state, "played", seat=seat, card=cid, target=None,
             target_where=where(state, tgt), cost=cost, item=it["u"])
    elif spec and spec["kind"] in ("ship", "base", "crew") and not card(state, tgt).up:
        emit(state, "played", seat=seat, card=cid, target=tgt, cost=cost, item=it["u"],
             private_to=seat, hide=("target",))
    else:
        emit(state, "played", seat=seat, card=cid, target=tgt, cost=cost, item=it["u"])
    return it


def declare_payment(state: GameState, seat: int, cid: int, cost: int) -> Any:
    """Pay a face-down card (KG-9.3.2, KG-9.6): credits now, face up now, effect
    when the payment resolves."""
    state.p[seat].cr -= cost
    c = card(state, cid)
    c.up = True
    it = _new_item(state, "payment", seat, cid, None, cost)
    emit(state, "pays", seat=seat, card=cid, cost=cost, item=it["u"])
    return it


def declare_ability(state: GameState, seat: int, ab: str, cid: int, cost: int = 0,
                    tgt: Any = None, extra: dict[str, Any] | None = None, spec: Any = None) -> Any:
    it = _new_item(state, "ability", seat, cid, tgt, cost, ab=ab,
                   spec=spec["kind"] if spec else None)
    if extra:
        it.update(extra)
    if spec and spec["kind"] in ("base", "crew") and not card(state, tgt).up:
        # a face-down target: its id is its owner's alone (KG-12.3)
        if hidden_from(state, seat, tgt):
            emit(state, "ability", seat=seat, card=cid, ability=ab, target=None,
                 target_where=where(state, tgt), item=it["u"])
        else:
            emit(state, "ability", seat=seat, card=cid, ability=ab, target=tgt,
                 item=it["u"], private_to=seat, hide=("target",))
    else:
        emit(state, "ability", seat=seat, card=cid, ability=ab, target=tgt, item=it["u"])
    return it


def use_ability(state: GameState, seat: int, action: Action) -> None:
    """Use an activated ability (KG-12.8): pay its cost now (credits, turning the
    card used or damaged, or sacrificing it, KG-3.6) and put it on the chain as an
    interrupt (KG-10.1.2). The caller opens the window that follows."""
    cid = action["card"]
    ab = cdef(state, cid).activated[action["n"]]
    cost = ab.get("cost") or {}
    c = card(state, cid)
    credits = cost.get("credits", 0)
    state.p[seat].cr -= credits
    rot = cost.get("rotate")
    if rot == "used":
        c.rot = USED
    elif rot == "damaged":
        c.rot = DAMAGED
    declare_ability(state, seat, "activated", cid, credits, named_target(state, action),
                    {"n": action["n"]}, ab.get("target"))
    if rot == "sacrifice":
        leave_play(state, cid, "sacrificed")


# ---------------------------------------------------------------- windows

def open_window(state: GameState, ctx: Any, declarer: int) -> None:
    """Give the other seats a chance to respond to ``declarer``'s declaration."""
    w = {"kind": "prio", "ctx": ctx, "seat": next_alive(state, declarer), "passes": 0}
    _settle(state, w)


def open_round(state: GameState, ctx: Any, first: int) -> None:
    """A window in which ``first`` has priority first (start/end phase)."""
    w = {"kind": "prio", "ctx": ctx, "seat": first, "passes": 0}
    _settle(state, w)


def responses(state: GameState, seat: int, ctx: str) -> list[Action]:
    """What ``seat`` may add to the chain in a window of context ``ctx``: interrupt
    cards of the window's subtypes (KG-10.7) and activated abilities, which any
    window admits (KG-12.8, KG-17.9)."""
    return interrupt_actions(state, seat, ctx) + ability_actions(state, seat)


def quiet_action_window(state: GameState, declarer: int, ctx: str) -> bool:
    """Whether a window opens after an action that used to open none: a draw, a development,
    a face-down play, a designation (commit, board, bomber). Reaction interrupts may
    come "bármikor" (at any time, KG-4.7.1) and abilities in any phase (KG-12.8).

    The window opens when another seat may respond (:func:`may_respond`: judged on what
    everybody sees, except for seats that auto-pass); the declarer keeps its own
    decision, where it may do as much. The caller pushes its resume task, then calls
    :func:`open_window`."""
    if state.opts["rules"] == "quick_start":
        return False
    if state.n == 2:               # (two seats: nobody is eliminated, the other one)
        return may_respond(state, 1 - declarer, ctx)
    s = next_alive(state, declarer)
    while s != declarer:
        if may_respond(state, s, ctx):
            return True
        s = next_alive(state, s)
    return False


def has_response(state: GameState, seat: int, ctx: str) -> bool:
    """Whether ``seat`` holds something it could add now (looks into its hand)."""
    p = state.p[seat]      # (an empty hand, a deck without abilities: the common answers)
    return bool(p.hand and interrupt_actions(state, seat, ctx)) \
        or (p.actv and has_ability_action(state, seat))


def auto_passes(state: GameState, seat: int) -> bool:
    """Whether ``seat``'s windows are skipped when it has nothing to add (the
    ``auto_pass`` option: every seat, none, or the seats programs play)."""
    ap = state.opts["auto_pass"]
    return ap is True or (ap is not False and seat in ap)


def could_respond(state: GameState, seat: int) -> bool:
    """Whether ``seat`` might respond, judged only on what every player sees (KG-12.3:
    nobody may give out information about the cards in his hand): a card in hand may
    be an interrupt; an activated ability of a face-up card in play is there to see."""
    return bool(state.p[seat].hand) or has_ability_action(state, seat)


def may_respond(state: GameState, seat: int, ctx: str) -> bool:
    """Whether ``seat`` is offered a window (KG-10.2, KG-12.3). A seat that auto-passes
    (a program) is skipped when it holds nothing to add; any other seat is asked
    whenever it could respond as far as the other players can tell, so whether its
    window opens never depends on its hand's contents."""
    p = state.p[seat]
    if not p.hand and not p.actv:   # (a third of those asked) no card to play, no ability
        return False                # in its deck: no, either way
    if auto_passes(state, seat):
        return has_response(state, seat, ctx)
    return could_respond(state, seat)


def _settle(state: GameState, w: Decision) -> None:
    """Priority passes on past the seats not offered ``w``; all passed, it resolves (KG-10.8)."""
    n = 2 if state.n == 2 else sum(1 for q in state.p if q.alive)  # (2: none eliminated)
    qs = state.opts["rules"] == "quick_start"     # (no interrupts in the quick start)
    seat, passes, ctx = w["seat"], w["passes"], w["ctx"]
    while passes < n and (qs or not may_respond(state, seat, ctx)):
        passes += 1
        seat = next_alive(state, seat)
    w["seat"], w["passes"] = seat, passes
    state.dec = w if passes < n else None
    if passes >= n and state.chain:     # (an empty chain has nothing to resolve: no task)
        state.todo.append(["resolve", None])


def play_from_decision(state: GameState, seat: int, action: Action, ctx: str,
                       resume: list[Any]) -> None:
    """A proactive interrupt or ability (KG-12.8) from a seat's own decision: play
    it, resume the decision afterwards (KG-10.6: the player orders his own plays)."""
    push(state, resume[0], resume[1] if len(resume) > 1 else None)
    if action["type"] == "ability":
        use_ability(state, seat, action)
    else:
        declare_card(state, seat, action["card"], named_target(state, action))
    open_window(state, ctx, seat)


def prio_decision() -> Any:
    def legal(state: GameState, dec: Decision) -> Any:
        return [{"type": "pass"}] + responses(state, dec["seat"], dec["ctx"])

    def act(state: GameState, dec: Decision, action: Action) -> None:
        seat = dec["seat"]
        if action["type"] == "pass":
            emit(state, "pass", seat=seat)
            dec["passes"] += 1
        else:
            if action["type"] == "ability":
                use_ability(state, seat, action)
            else:
                declare_card(state, seat, action["card"], named_target(state, action))
            dec["passes"] = 0
        dec["seat"] = next_alive(state, seat)
        _settle(state, dec)
    return legal, act


# ---------------------------------------------------------------- resolution

def resolve_chain(state: GameState, _arg: Any) -> None:
    """Resolve the top item, then come back for the next (KG-10.4)."""
    chain = state.chain
    if not chain:
        return
    it = chain.pop()
    push(state, "resolve")
    k = it["k"]
    if k == "card":
        _resolve_card(state, it)
    elif k == "payment":
        _resolve_payment(state, it)
    elif it["neut"]:         # an ability
        emit(state, "no_effect", item=it["u"], card=it["card"], why="neutralised")
    else:
        push(state, "ability", it)     # (combat.resolve_ability, through the task table)


def _resolve_card(state: GameState, it: Any) -> None:
    """A played card resolves: a ship lands in the hangar; an event or interrupt does
    what it says (unless neutralised or its target is gone) and ends in the trash."""
    cid = it["card"]
    d = cdef(state, cid)
    spec = d.eff.get("target") if it.get("spec") != "opponent" else {"kind": "opponent"}
    lost = spec is not None and not target_valid(state, it["seat"], spec, it["tgt"])
    if d.type == "ship":
        if it["neut"]:
            move(state, cid, "trash")
            emit(state, "no_effect", item=it["u"], card=cid, why="neutralised")
        else:
            c = card(state, cid)
            move(state, cid, "hangar")
            c.paid = True
            c.up = True
            c.role = "ship"
            emit(state, "resolved", item=it["u"], card=cid)
        return
    move(state, cid, "trash")            # events/interrupts end in the trash (KG-10.11)
    if it["neut"] or lost:
        emit(state, "no_effect", item=it["u"], card=cid,
             why="neutralised" if it["neut"] else "target_lost")  # KG-10.9, KG-10.10
        return
    emit(state, "resolved", item=it["u"], card=cid)
    ops = d.eff.get("ops") or []
    if ops:
        run_ops(state, {"seat": it["seat"], "ops": ops, "i": 0, "tgt": it["tgt"],
                        "tkind": it.get("spec"), "src_ship": None, "x": None})


def _resolve_payment(state: GameState, it: Any) -> None:
    """A payment resolves: the card is paid, unless it left play or was neutralised."""
    cid = it["card"]
    c = card(state, cid)
    if c.z not in ("hangar", "canteen", "surface", "att"):
        emit(state, "no_effect", item=it["u"], card=cid, why="target_lost")
        return
    c.paid = True
    fd = state.p[c.o].fd
    if cid in fd:
        fd.remove(cid)
    if it["neut"]:
        emit(state, "no_effect", item=it["u"], card=cid, why="neutralised")
        leave_play(state, cid, "neutralised")
        return
    emit(state, "resolved", item=it["u"], card=cid)
    d = cdef(state, cid)
    if d.type != "base":
        return
    if d.dev == "X":
        c.x = c.dev                       # KG-4.5.5, KG-17.19
    if d.sub in ("research", "trap"):
        # Research resolves and goes to the trash (KG-4.5.9); so does a paid trap
        # (KG-4.5.10, KG-17.20 b).
        x = c.x
        move(state, cid, "trash")
        ops = d.eff.get("ops") or []
        if ops:
            run_ops(state, {"seat": it["seat"], "ops": ops, "i": 0, "tgt": it["tgt"],
                            "tkind": None, "src_ship": None, "x": x})


def continue_ops(state: GameState, ctx: Any) -> None:
    run_ops(state, ctx)


__all__ = ["WINDOW_SUBTYPES", "declare_card", "declare_payment", "declare_ability",
           "open_window", "open_round", "interrupt_actions", "play_from_decision",
           "responses", "use_ability", "quiet_action_window", "auto_passes", "could_respond",
           "may_respond"]
