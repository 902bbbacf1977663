"""The combat phase (KG-9.4 - KG-9.9) and the eight ship abilities (KG-7).

``state.cb``::

    att, def   attacker and defender seats
    tgt        {"kind": colony|central|crew|base, "card": id|None}
    step       target | equip | pay | eop | fire | bomb | disarm
    ships      committed ships of both sides (KG-9.4.5), attackers first
    fire       firing-step bookkeeping: passes, forced (seat), turn (simplified combat)
    shot       the shot being carried out (see ``carry_out_shot``)
    bombers    ships designated to bombard
    eop        pending end-of-payment choices

Steps are tasks on ``state.todo``; each sets a decision when a player must act.
"""

from __future__ import annotations

from typing import Any, Final

from rulesets.kgk.abilities import ability_actions
from rulesets.kgk.chain import (
    auto_passes,
    could_respond,
    declare_ability,
    declare_payment,
    has_response,
    interrupt_actions,
    open_window,
    play_from_decision,
    quiet_action_window,
)
from rulesets.kgk.constants import (
    BOMBARD_THRESHOLD,
    DEMOLITION_MAX_FACTOR,
    FIRING_DECLINES_TO_END,
    FORMATION_MIN_SHIPS,
    HEAVY_WEAPONS_COST,
    HEAVY_WEAPONS_MAX_FACTOR,
)
from rulesets.kgk.effects import mill, run_ops, targets, turn_hit
from rulesets.kgk.jsontypes import Action, Decision, GameState
from rulesets.kgk.state import (
    ACTIVE,
    DAMAGED,
    USED,
    armor_now,
    attach,
    base_armor_now,
    card,
    cdef,
    emit,
    has,
    is_bluff,
    leave_play,
    move,
    push,
    val,
)

CTX: Final = "combat"


def _qs(state: GameState) -> bool:
    rules: str = state.opts["rules"]
    return rules == "quick_start"


def _simple(state: GameState) -> bool:
    simple: bool = state.opts["simplified_combat"]
    return simple


def begin_attack(state: GameState, seat: int, opp: int, tgt: Any) -> None:
    """KG-9.4.1: the attack is declared; the combat phase starts."""
    state.phase = "combat"
    state.cb = {"att": seat, "def": opp, "tgt": tgt, "step": "target", "ships": [],
                   "fire": {"passes": 0, "forced": None, "turn": seat}, "shot": None,
                   "bombers": [], "eop": None}
    emit(state, "attack", seat=seat, opponent=opp, target=tgt["kind"],
         card=tgt.get("card") if tgt["kind"] in ("crew", "base") and card(state, tgt["card"]).up
         else None, pos=tgt.get("pos"))
    state.todo += (["main", None], ["c_disarm", None], ["c_bomb", None], ["c_fire", None],
                      ["c_eop", None], ["c_pay_def", None], ["c_pay_att", None],
                      ["c_equip_def", None], ["c_equip_att", None])
    # KG-9.4.2: general interrupts are still allowed right after the target is named.
    open_window(state, "target", seat)


# (Loops rather than comprehensions: these run many times per combat over one to
# three ships, where a comprehension's own call costs more than the loop.)
def _mine(state: GameState, seat: int) -> list[int]:
    cards = state.cards
    out = []
    for s in state.cb["ships"]:
        c = cards[s]
        if c.o == seat and c.z == "hangar":
            out.append(s)
    return out


def _enemy(state: GameState, seat: int) -> list[int]:
    cards = state.cards
    out = []
    for s in state.cb["ships"]:
        c = cards[s]
        if c.o != seat and c.z == "hangar":
            out.append(s)
    return out


def _plus_interrupts(state: GameState, seat: int, acts: list[Action],
                     ctx: str = CTX) -> list[Action]:
    """A step decision also offers the seat's interrupts and, in any step, its
    activated abilities (KG-12.8, KG-17.9)."""
    acts.extend(interrupt_actions(state, seat, ctx))
    acts.extend(ability_actions(state, seat))
    return acts


def _set(state: GameState, dec: Decision, own: list[Action]) -> bool:
    """Set a step decision, or skip it when "done" is the only choice and asking would
    tell nothing: the seat auto-passes (a program), or it has no card in hand and no
    ability to use, which everybody sees (KG-12.3). ``own`` is the step's own actions,
    before the interrupts and abilities ``_plus_interrupts`` adds: whether those add
    anything is asked only when ``own`` is the lone "done" (the seat's bot builds the
    whole list when it decides)."""
    seat = dec["seat"]
    if len(own) == 1 and own[0]["type"] in ("done", "bombard") and (
            not has_response(state, seat, CTX) if auto_passes(state, seat)
            else not could_respond(state, seat)):
        return False
    state.dec = dec
    return True


def _designated(state: GameState, dec: Decision, resume: list[Any]) -> None:
    """After a designation (a ship committed, a crew boarded, a bomber named): a
    window when someone may answer it (reaction interrupts "bármikor", abilities in
    any phase; see ``chain.quiet_action_window``), else the same decision again."""
    if quiet_action_window(state, dec["seat"], CTX):
        state.dec = None
        push(state, resume[0], resume[1])
        open_window(state, CTX, dec["seat"])
    else:
        state.dec = dec


# ---------------------------------------------------------------- equip (KG-9.5)

def _equip_legal(state: GameState, dec: Decision) -> list[Action]:
    seat = dec["seat"]
    acts = _equip_own(state, dec)
    if state.p[seat].hand:
        acts.extend(interrupt_actions(state, seat, CTX))
    acts.extend(ability_actions(state, seat))          # KG-12.8
    return acts


def _equip_own(state: GameState, dec: Decision) -> list[Action]:
    """The equip step's own actions: commits, boardings and "done" (KG-9.5)."""
    seat = dec["seat"]
    cb = state.cb
    cards = state.cards
    p = state.p[seat]
    acts = []
    mine = _mine(state, seat)
    ships = cb["ships"]
    commits = False
    for s in p.hangar:
        if cards[s].rot == ACTIVE and s not in ships:
            acts.append({"type": "commit", "ship": s})
            commits = True
    if not _qs(state):
        defs = state.defs
        free = []
        for s in mine:
            c = cards[s]
            if defs[c.d].cap > len(c.att):
                free.append(s)
        if free:
            for crew in p.canteen:
                if cards[crew].rot == ACTIVE:  # KG-4.4.6, KG-17.2: unrotated, paid or not
                    for s in free:
                        acts.append({"type": "board", "crew": crew, "ship": s})
    # KG-17.33: the attacker commits at least one ship, unless none is left to commit
    # (an interrupt in the target window took it out): then the attack fizzles.
    if seat != cb["att"] or mine or not commits:
        acts.append({"type": "done"})
    return acts


def equip_decision() -> Any:
    def act(state: GameState, dec: Decision, action: Action) -> None:
        seat = dec["seat"]
        t = action["type"]
        cb = state.cb
        if t == "commit":
            cb["ships"].append(action["ship"])
            emit(state, "commit", seat=seat, ship=action["ship"])
            _designated(state, dec, ["c_equip", seat])
        elif t == "board":
            attach(state, action["crew"], action["ship"])
            c = card(state, action["crew"])
            emit(state, "board", seat=seat, ship=action["ship"],
                 crew=action["crew"] if c.up else None)
            _designated(state, dec, ["c_equip", seat])
        elif t == "done":
            emit(state, "equip_done", seat=seat, ships=_mine(state, seat))
            state.dec = None
        else:
            play_from_decision(state, seat, action, CTX, ["c_equip", seat])
    return _equip_legal, act


def equip_step(state: GameState, seat: int) -> None:
    state.dec = {"kind": "equip", "seat": seat}


def equip_step_attacker(state: GameState, _: Any) -> None:
    cb = state.cb
    cb["step"] = "equip"
    state.dec = {"kind": "equip", "seat": cb["att"]}


def equip_step_defender(state: GameState, _: Any) -> None:
    cb = state.cb
    dec = {"kind": "equip", "seat": cb["def"]}
    _set(state, dec, _equip_own(state, dec))


# ---------------------------------------------------------------- payment (KG-9.6)

def _pay_legal(state: GameState, dec: Decision) -> list[Action]:
    return _plus_interrupts(state, dec["seat"], _pay_own(state, dec))


def _pay_own(state: GameState, dec: Decision) -> list[Action]:
    """The payment step's own actions: a payment per face-down card aboard the seat's
    ships it can pay for, and "done" (KG-9.6)."""
    seat = dec["seat"]
    cards = state.cards
    defs = state.defs
    cr = state.p[seat].cr
    acts = []
    for s in _mine(state, seat):
        for a in cards[s].att:
            c = cards[a]
            d = defs[c.d]
            if not c.paid and not c.up and not is_bluff(c, d) and d.cost <= cr:
                acts.append({"type": "pay", "card": a})
    acts.append({"type": "done"})
    return acts


def pay_decision() -> Any:
    def act(state: GameState, dec: Decision, action: Action) -> None:
        seat = dec["seat"]
        t = action["type"]
        if t == "done":
            state.dec = None
            return
        if t == "pay":
            push(state, "c_pay", seat)
            declare_payment(state, seat, action["card"], cdef(state, action["card"]).cost)
            open_window(state, CTX, seat)              # a payment counts as an interrupt
        else:
            play_from_decision(state, seat, action, CTX, ["c_pay", seat])
    return _pay_legal, act


def payment_step(state: GameState, seat: int) -> None:
    dec = {"kind": "pay", "seat": seat}
    _set(state, dec, _pay_own(state, dec))


def _needs_payment_step(state: GameState, seat: int) -> bool:
    """Skip a side's payment decision when nothing face down is aboard (public)."""
    cards = state.cards
    for s in _mine(state, seat):
        for a in cards[s].att:
            if not cards[a].up:
                return True
    return False


def _payment_step_opens(state: GameState, seat: int) -> bool:
    """A side's payment decision: when something face down is aboard (public), or when
    the seat does not auto-pass and might play an interrupt there (KG-12.3: judged on
    what everybody sees, never on the hand's contents)."""
    if _needs_payment_step(state, seat):
        return True
    return not auto_passes(state, seat) and could_respond(state, seat)


def payment_step_attacker(state: GameState, _: Any) -> None:
    cb = state.cb
    cb["step"] = "pay"
    if not _qs(state) and _payment_step_opens(state, cb["att"]):
        payment_step(state, cb["att"])


def payment_step_defender(state: GameState, _: Any) -> None:
    cb = state.cb
    if not _qs(state) and _payment_step_opens(state, cb["def"]):
        payment_step(state, cb["def"])


# ------------------------------------------------- end of payment (KG-9.6.4)

def _end_of_payment_choices(state: GameState, cb: Any) -> list[dict[str, Any]]:
    """The choices the fight's paid armaments make at the end of payment, the attacker's
    first: a card that chooses then (KG-9.6.4), a rocket's target."""
    pending = []
    cards = state.cards
    defs = state.defs
    for seat in (cb["att"], cb["def"]):
        for s in _mine(state, seat):
            for a in cards[s].att:
                c = cards[a]
                if not c.paid:
                    continue
                d = defs[c.d]
                eff = d.eff
                if eff.get("choose_at_end_of_payment"):
                    pending.append({"card": a, "ship": s, "seat": seat, "why": "eop_mod",
                                    "pick": None})
                if d.sub == "rocket" and eff.get("ops"):
                    pending.append({"card": a, "ship": s, "seat": seat, "why": "rocket",
                                    "pick": None})
    return pending


def end_of_payment(state: GameState, _: Any) -> None:
    """Collect the end-of-payment choices (attacker's first), then apply rocket
    effects all at once."""
    cb = state.cb
    cb["step"] = "eop"
    if cb["eop"] is None:
        cb["eop"] = _end_of_payment_choices(state, cb)
    for i, e in enumerate(cb["eop"]):
        if e["pick"] is None:
            c = card(state, e["card"])
            d = cdef(state, e["card"])
            if e["why"] == "eop_mod":
                opts = list(range(len(d.eff["choose_at_end_of_payment"])))
            else:
                opts = targets(state, e["seat"], d.eff.get("target"))
                if c.z != "att" or not opts:
                    e["pick"] = -1
                    continue
            state.dec = {"kind": "choose", "seat": e["seat"], "why": e["why"],
                            "card": e["card"], "opts": opts, "i": i}
            push(state, "c_eop")
            return
    # all chosen: apply simultaneously
    for e in cb["eop"]:
        c = card(state, e["card"])
        if c.z != "att":
            continue
        if e["why"] == "eop_mod":
            c.ch = e["pick"]
            emit(state, "chooses", seat=e["seat"], card=e["card"], option=e["pick"])
    for e in cb["eop"]:
        if e["why"] == "rocket" and e["pick"] != -1 and card(state, e["card"]).z == "att":
            d = cdef(state, e["card"])
            tgt = None if e["pick"] is None else e["pick"]
            run_ops(state, {"seat": e["seat"], "ops": d.eff["ops"], "i": 0, "tgt": tgt,
                            "tkind": (d.eff.get("target") or {}).get("kind"),
                            "src_ship": e["ship"], "x": None})


# ---------------------------------------------------------------- firing (KG-9.7)

def _key(state: GameState, sid: int) -> Any:
    return (-val(state, sid, "speed"), 0 if card(state, sid).o == state.cb["att"] else 1)


def _can_act(state: GameState, sid: int) -> bool:
    if _enemy(state, card(state, sid).o):
        return True
    return _can_stealth(state, sid)


def _can_stealth(state: GameState, sid: int) -> bool:
    cb = state.cb
    return (card(state, sid).o == cb["att"] and has(state, sid, "stealth")
            and _target_bombardable(state))


def _elig(state: GameState, seat: int) -> list[int]:
    cards = state.cards
    return [s for s in _mine(state, seat) if cards[s].rot == ACTIVE and _can_act(state, s)]


def firing_step(state: GameState, _: Any) -> None:
    cb = state.cb
    cb["step"] = "fire"
    cards = state.cards
    for s in cb["ships"]:
        if cards[s].o == cb["def"]:
            push(state, "fire_loop")
            return
    # KG-9.5.5: no defenders, no firing. A ship hit by a card in the payment step still
    # turns damaged now, where the firing step would have ended, so it cannot bombard
    # as if unhurt (KG-3.5.1).
    _hit_ships_turn_damaged(state)


def next_shooter(state: GameState, _: Any) -> Any:
    cb = state.cb
    f = cb["fire"]
    att, dfn = cb["att"], cb["def"]
    ea, ed = _elig(state, att), _elig(state, dfn)
    if _simple(state):
        # KG-13.2: alternate, attacker first; no speed order, no return fire.
        turn = f["turn"]
        mine = ea if turn == att else ed
        other = ed if turn == att else ea
        if not mine and not other:
            return _end_firing(state)
        if not mine:
            f["turn"] = dfn if turn == att else att
            mine = other
        state.dec = {"kind": "fire", "seat": f["turn"], "allowed": mine}
        return
    if not ea and not ed:
        return _end_firing(state)
    if f["forced"] is not None:
        seat = f["forced"]
        mine = ea if seat == att else ed
        if not mine:
            return _end_firing(state)                 # the opponent declines too (KG-17.5)
        mine.sort(key=lambda s: _key(state, s))
        allowed = mine[:1]                            # "the opponent's next ship" (KG-9.7.4)
        state.dec = {"kind": "fire", "seat": seat, "allowed": allowed}
        return
    allx = sorted(ea + ed, key=lambda s: _key(state, s))
    seat = card(state, allx[0]).o
    mine = [s for s in allx if card(state, s).o == seat]
    other = [s for s in allx if card(state, s).o != seat]
    if _qs(state):
        allowed = mine[:1]                            # quick start: strictly by speed
    elif other:
        # KG-9.7.3, KG-17.6: your ships ranked above the opponent's best may go in any order
        kb = _key(state, other[0])
        allowed = [s for s in mine if _key(state, s) < kb]
    else:
        allowed = mine
    state.dec = {"kind": "fire", "seat": seat, "allowed": allowed}


def _fire_legal(state: GameState, dec: Decision) -> list[Action]:
    seat = dec["seat"]
    acts = []
    enemy = _enemy(state, seat)
    cr = state.p[seat].cr
    for s in dec["allowed"]:
        for t in enemy:
            acts.append({"type": "fire", "ship": s, "target": t})
        if _can_stealth(state, s):
            acts.append({"type": "stealth", "ship": s})
        if (has(state, s, "heavy_weapons") and cr >= HEAVY_WEAPONS_COST
                and val(state, s, "firepower") + _pending(state, s, "heavy")
                < HEAVY_WEAPONS_MAX_FACTOR * cdef(state, s).firepower):
            acts.append({"type": "heavy", "ship": s})
    acts.append({"type": "pass"})
    return _plus_interrupts(state, seat, acts)


def _pending(state: GameState, sid: int, ab: str) -> int:
    return sum(1 for it in state.chain if it["ab"] == ab and it["card"] == sid)


def fire_decision() -> Any:
    def act(state: GameState, dec: Decision, action: Action) -> Any:
        seat = dec["seat"]
        t = action["type"]
        cb = state.cb
        f = cb["fire"]
        other = cb["def"] if seat == cb["att"] else cb["att"]
        state.dec = None
        if t == "play" or t == "ability":
            play_from_decision(state, seat, action, CTX, ["fire_loop"])
            return
        if t == "pass":
            emit(state, "fire_pass", seat=seat)
            f["passes"] += 1
            if _simple(state):
                if f["passes"] >= FIRING_DECLINES_TO_END or not _elig(state, other):
                    return _end_firing(state)
                f["turn"] = other
                push(state, "fire_loop")
                return
            if f["forced"] is not None or f["passes"] >= FIRING_DECLINES_TO_END:
                return _end_firing(state)
            f["forced"] = other
            push(state, "fire_loop")
            return
        push(state, "fire_loop")
        if t == "fire":
            f["passes"] = 0
            f["forced"] = None
            s, tg = action["ship"], action["target"]
            card(state, s).rot = USED                # KG-17.3: turns used at declaration
            emit(state, "fire", seat=seat, ship=s, target=tg)
            cb["shot"] = {"F": s, "T": tg, "ret": False, "stage": "ret", "pk": [],
                          "decl": seat, "salvoF": False, "salvoT": False, "hitF": [],
                          "hitT": [], "asked": [], "fq": None}
            if _simple(state):
                f["turn"] = other if _elig(state, other) else seat
            push(state, "shot")
        elif t == "stealth":
            f["passes"] = 0
            f["forced"] = None
            s = action["ship"]
            card(state, s).rot = USED               # KG-7.6.1
            if _simple(state):
                f["turn"] = other if _elig(state, other) else seat
            declare_ability(state, seat, "stealth", s)
            open_window(state, CTX, seat)
        elif t == "heavy":
            s = action["ship"]
            state.p[seat].cr -= HEAVY_WEAPONS_COST
            declare_ability(state, seat, "heavy", s, cost=HEAVY_WEAPONS_COST)   # KG-7.7
            open_window(state, CTX, seat)
    return _fire_legal, act


# A shot, stage by stage (``cb["shot"]["stage"]``): the return-fire offer, the window
# before damage, the firer's and the returner's damage, salvo returns, formation, and
# the damage dealt. A stage that needs a decision pushes the "shot" task and sets it;
# the next stage runs when the decision is taken.

def carry_out_shot(state: GameState, _: Any) -> Any:
    """Run the current shot from its stage (KG-9.7)."""
    sh = state.cb["shot"]
    return _SHOT_STAGES[sh["stage"]](state, sh)


def _offer_return_fire(state: GameState, sh: Any) -> Any:
    """KG-9.7.5, KG-7.6.2: the target may return fire (or use Lopakodás)."""
    cards = state.cards
    F, T = sh["F"], sh["T"]
    sh["stage"] = "window"
    tc = cards[T]
    if (not _simple(state) and tc.z == "hangar" and tc.rot == ACTIVE
            and not has(state, F, "rapid_fire")):          # KG-9.7.5, KG-7.3
        push(state, "shot")
        state.dec = {"kind": "ret", "seat": tc.o, "ship": T}
        return
    if (not _simple(state) and tc.z == "hangar" and tc.rot == ACTIVE
            and _can_stealth(state, T)):
        push(state, "shot")
        state.dec = {"kind": "ret", "seat": tc.o, "ship": T}
        return
    return carry_out_shot(state, None)


def _window_before_damage(state: GameState, sh: Any) -> None:
    """KG-9.7.6: interrupts before the damage is dealt."""
    sh["stage"] = "allocF"
    push(state, "shot")
    if _qs(state):
        return
    open_window(state, CTX, sh["decl"])            # KG-9.7.6: interrupts before damage
    return


def _firer_damage(state: GameState, sh: Any) -> Any:
    """KG-9.7.6, KG-7.4.1: the firing ship's damage (a salvo is distributed)."""
    sh["stage"] = "allocT"
    if state.cards[sh["F"]].z == "hangar":
        return _ship_damage(state, sh, sh["F"], sh["T"], "salvoF")
    return carry_out_shot(state, None)


def _returner_damage(state: GameState, sh: Any) -> Any:
    """KG-9.7.5, KG-7.4.2: the returning ship's damage (a salvo is distributed)."""
    sh["stage"] = "sret"
    if sh["ret"] and state.cards[sh["T"]].z == "hangar":
        return _ship_damage(state, sh, sh["T"], sh["F"], "salvoT")
    return carry_out_shot(state, None)


def _ship_damage(state: GameState, sh: Any, src: int, dst: int, salvo_flag: str) -> Any:
    """``src`` (in the hangar) deals its firepower to ``dst``; with Gyors tüzelés
    (KG-7.4.1 firing, KG-7.4.2 returning) its owner's opponent distributes it among the
    enemy ships ``src`` may hit (KG-17.24 c: not a cloaked one other than ``dst``)."""
    cards = state.cards
    fp = val(state, src, "firepower")
    if has(state, src, "salvo") and fp > 0:
        sh[salvo_flag] = True
        opts = [s for s in _enemy(state, cards[src].o)
                if s == dst or not has(state, s, "cloaking")]
        if opts:
            push(state, "shot")
            state.dec = {"kind": "assign", "seat": cards[src].o, "src": src,
                            "left": fp, "opts": opts, "why": "salvo"}
            return None
    elif cards[dst].z == "hangar" and fp > 0:
        sh["pk"].append([src, dst, fp])
    return carry_out_shot(state, None)


def _salvo_returns(state: GameState, sh: Any) -> Any:
    """KG-7.4.3, KG-17.24 a: ships hit by a salvo may return fire at it."""
    cards = state.cards
    F, T = sh["F"], sh["T"]
    # KG-7.4.3, KG-17.24 a: every active ship hit by a salvo may return fire at
    # the salvo ship (not at a Gyors tüzelés ship).
    for src, flag, hit, other in ((F, "salvoF", "hitF", T), (T, "salvoT", "hitT", F)):
        if not sh[flag] or _simple(state) or has(state, src, "rapid_fire") \
                or cards[src].z != "hangar":
            continue
        for x in sh[hit]:
            if x != other and cards[x].z == "hangar" and cards[x].rot == ACTIVE \
                    and x not in sh["asked"]:
                sh["asked"].append(x)
                push(state, "shot")
                state.dec = {"kind": "ret", "seat": cards[x].o, "ship": x,
                                "salvo_return": True, "at": src}
                return
    sh["stage"] = "form"
    return carry_out_shot(state, None)


def _formation_spread(state: GameState, sh: Any) -> Any:
    """KG-7.5, KG-17.23: Kötelék spreads a non-salvo shot's damage."""
    cards = state.cards
    F, T = sh["F"], sh["T"]
    # KG-7.5, KG-17.23: Kötelék spreads a non-salvo shot's damage.
    if sh["fq"] is None:
        fq: list[int] = []
        sh["fq"] = fq
        for i, (src, dst, _pts) in enumerate(sh["pk"]):
            salvo_src = (src == F and sh["salvoF"]) or (src == T and sh["salvoT"])
            if salvo_src or not has(state, dst, "formation"):
                continue
            group = [s for s in _mine(state, cards[dst].o) if has(state, s, "formation")]
            if len(group) >= FORMATION_MIN_SHIPS:
                fq.append(i)
    while sh["fq"]:
        i = sh["fq"][0]
        src, dst, pts = sh["pk"][i]
        if pts <= 0:
            sh["fq"].pop(0)
            continue
        owner = cards[dst].o
        if "fa" not in sh:
            sh["fa"] = []
        used: dict[int, int] = {}
        for _s, d2, p2 in sh["pk"]:
            used[d2] = used.get(d2, 0) + p2
        for d2, p2 in sh["fa"]:
            used[d2] = used.get(d2, 0) + p2
        used[dst] -= pts
        group = [s for s in _mine(state, owner) if has(state, s, "formation")
                 and armor_now(state, s) - used.get(s, 0) > 0]
        if not group or group == [dst]:
            # No other Kötelék ship can take a point: nothing to spread, so the
            # damage stays on the ship it was dealt to (KG-7.1.1: the ability is not used).
            sh["fq"].pop(0)
            continue
        push(state, "shot")
        state.dec = {"kind": "assign", "seat": owner, "src": src, "left": pts,
                        "opts": group, "why": "formation", "pk": i}
        return
    for d2, p2 in sh.pop("fa", []):
        sh["pk"].append([-1, d2, p2])
    sh["stage"] = "apply"
    return carry_out_shot(state, None)


def _deal_damage(state: GameState, sh: Any) -> None:
    """KG-9.7.6, KG-9.7.8: the damage is dealt at once; ships at 0 armor are destroyed."""
    cb = state.cb
    cards = state.cards
    dealt: dict[int, int] = {}
    for _src, dst, pts in sh["pk"]:
        if pts > 0 and cards[dst].z == "hangar":
            dealt[dst] = dealt.get(dst, 0) + pts
    for dst, pts in dealt.items():                # simultaneous (KG-9.7.6)
        cards[dst].dmg += pts
        cards[dst].hit = True                   # KG-9.7.10
    emit(state, "shot_damage", damage=[[k, v] for k, v in dealt.items()])
    if not _simple(state):
        for dst in dealt:                          # KG-9.7.8
            if cards[dst].z == "hangar" and armor_now(state, dst) <= 0:
                leave_play(state, dst)
    cb["shot"] = None


_SHOT_STAGES: Final = {
    "ret": _offer_return_fire,
    "window": _window_before_damage,
    "allocF": _firer_damage,
    "allocT": _returner_damage,
    "sret": _salvo_returns,
    "form": _formation_spread,
    "apply": _deal_damage,
}


def return_fire_decision() -> Any:
    def legal(state: GameState, dec: Decision) -> Any:
        cards = state.cards
        T = dec["ship"]
        sh = state.cb["shot"]
        F = dec.get("at", sh["F"])
        acts = []
        if cards[T].rot == ACTIVE and not has(state, F, "rapid_fire"):
            acts.append({"type": "return"})
        if not dec.get("salvo_return") and _can_stealth(state, T):
            acts.append({"type": "stealth"})            # KG-7.6.2
        acts.append({"type": "no_return"})
        return acts

    def act(state: GameState, dec: Decision, action: Action) -> None:
        cb = state.cb
        sh = cb["shot"]
        T = dec["ship"]
        seat = dec["seat"]
        state.dec = None
        t = action["type"]
        if t == "return":
            card(state, T).rot = USED
            at = dec.get("at", sh["F"])
            emit(state, "return_fire", seat=seat, ship=T, target=at)
            if dec.get("salvo_return"):
                sh["pk"].append([T, at, val(state, T, "firepower")])
            else:
                sh["ret"] = True
                sh["decl"] = seat
        elif t == "stealth":
            card(state, T).rot = USED
            declare_ability(state, seat, "stealth", T)
            sh["decl"] = seat
        else:
            emit(state, "no_return", seat=seat, ship=T)
    return legal, act


def assign_decision() -> Any:
    def legal(state: GameState, dec: Decision) -> Any:
        acts = [{"type": "assign", "ship": s} for s in dec["opts"]]
        # Salvo: damage may be left unassigned (KG-7.4.4). Kötelék: using an ability is
        # optional (KG-7.1.1, "te döntöd el"), so the defender may stop spreading at any
        # point; what is not spread stays on the ship it was dealt to.
        acts.append({"type": "assign_done"})
        return acts

    def act(state: GameState, dec: Decision, action: Action) -> None:
        sh = state.cb["shot"]
        state.dec = None
        if action["type"] == "assign_done":
            if dec["why"] == "formation":
                sh["fq"].pop(0)                          # this shot is not spread further
            return
        s = action["ship"]
        if dec["why"] == "salvo":
            for pk in sh["pk"]:
                if pk[0] == dec["src"] and pk[1] == s:
                    pk[2] += 1
                    break
            else:
                sh["pk"].append([dec["src"], s, 1])
            hit = sh["hitF"] if dec["src"] == sh["F"] else sh["hitT"]
            if s not in hit:
                hit.append(s)
        else:
            sh["fa"].append([s, 1])
            sh["pk"][dec["pk"]][2] -= 1
        if dec["why"] == "salvo" and dec["left"] > 1:
            state.dec = dict(dec, left=dec["left"] - 1)   # one point at a time
    return legal, act


def _end_firing(state: GameState) -> None:
    """KG-9.7.13: every hit ship turns damaged (Javítás: used)."""
    cb = state.cb
    cards = state.cards
    state.dec = None
    if _simple(state):                                   # KG-13.2.3
        for s in list(cb["ships"]):
            if cards[s].z == "hangar" and armor_now(state, s) <= 0:
                leave_play(state, s)
    _hit_ships_turn_damaged(state)
    emit(state, "firing_over")


def _hit_ships_turn_damaged(state: GameState) -> None:
    """KG-3.5.1, KG-9.7.13: a participating ship that took a hit turns damaged when the
    firing step is over (Javítás: used)."""
    cards = state.cards
    for s in state.cb["ships"]:
        c = cards[s]
        if c.z == "hangar" and c.hit:
            turn_hit(state, s)
            c.hit = False


# ---------------------------------------------------------------- bombardment (KG-9.8)

def _target_bombardable(state: GameState) -> bool:
    cb = state.cb
    tgt = cb["tgt"]
    if tgt["kind"] == "crew":
        return card(state, tgt["card"]).z == "canteen"      # KG-9.8.4, KG-17.36
    if tgt["kind"] == "base":
        return card(state, tgt["card"]).z == "surface"
    return True


def bombardment_step(state: GameState, _: Any) -> None:
    cb = state.cb
    cb["step"] = "bomb"
    if not _target_bombardable(state):
        return
    cards = state.cards
    for s in _mine(state, cb["att"]):
        if cards[s].rot == ACTIVE:
            state.dec = {"kind": "bomb", "seat": cb["att"]}
            return


def ask_bombers(state: GameState, _: Any) -> None:
    cb = state.cb
    state.dec = {"kind": "bomb", "seat": cb["att"]}


def _bomb_legal(state: GameState, dec: Decision) -> list[Action]:
    cb = state.cb
    seat = dec["seat"]
    acts = []
    cards = state.cards
    p = state.p[seat]
    for s in _mine(state, seat):
        if cards[s].rot == ACTIVE and s not in cb["bombers"]:
            acts.append({"type": "bomber", "ship": s})
    for s in cb["bombers"]:
        if (has(state, s, "pyrotechnics") and p.colony and cards[s].z == "hangar"
                and val(state, s, "bombard") + _pending(state, s, "pyro")
                < DEMOLITION_MAX_FACTOR * cdef(state, s).bombard):
            acts.append({"type": "pyro", "ship": s})     # KG-7.9
    acts.append({"type": "bombard"})
    return _plus_interrupts(state, seat, acts)


def bomb_decision() -> Any:
    def act(state: GameState, dec: Decision, action: Action) -> None:
        cb = state.cb
        seat = dec["seat"]
        t = action["type"]
        state.dec = None
        if t == "bomber":
            cb["bombers"].append(action["ship"])
            _designated(state, dec, ["c_bomb_dec", None])
        elif t == "pyro":
            s = action["ship"]
            p = state.p[seat]
            move(state, p.colony[0], "ruin")          # the discard is the cost
            push(state, "c_bomb_dec")
            declare_ability(state, seat, "pyro", s)
            open_window(state, CTX, seat)
        elif t == "bombard":
            ships = [s for s in cb["bombers"] if card(state, s).z == "hangar"]
            for s in ships:
                card(state, s).rot = USED              # KG-9.8.7
            if not ships:
                return
            emit(state, "bombard_declared", seat=seat, ships=ships)
            # The bombardment is a declared action: the defender may respond with combat
            # or reaction interrupts before it lands (KG-10.2, KG-10.7 table: every combat
            # step); its strength is read when it resolves.
            push(state, "c_bomb_land", ships)
            if not _qs(state):
                open_window(state, CTX, seat)
        else:
            play_from_decision(state, seat, action, CTX, ["c_bomb_dec"])
    return _bomb_legal, act


def bombard_target(state: GameState, ships: list[int]) -> None:
    """The declared bombardment lands, with the bombers still in play (KG-9.8)."""
    cb = state.cb
    ships = [s for s in ships if card(state, s).z == "hangar"]
    if not ships or not _target_bombardable(state):
        return
    total = sum(val(state, s, "bombard") for s in ships)
    emit(state, "bombard", seat=cb["att"], ships=ships, total=total)
    bomb_hit(state, total, len(ships))


def bomb_hit(state: GameState, total: int, n: int) -> None:
    """Resolve a bombardment of the attack's target (KG-9.8.2 - 9.8.6)."""
    cb = state.cb
    tgt = cb["tgt"]
    dfn = cb["def"]
    kind = tgt["kind"]
    qs = _qs(state)
    if kind == "colony":
        mill(state, dfn, total)                              # KG-9.8.2
    elif kind == "central":
        if (n >= 1) if qs else (total >= BOMBARD_THRESHOLD):   # KG-9.8.3; QS KG-16.2.8
            hand = state.p[dfn].hand
            if hand:
                state.dec = {"kind": "choose", "seat": dfn, "why": "discard",
                                "opts": list(hand), "left": 1}
    elif kind == "crew":
        c = card(state, tgt["card"])
        if total >= BOMBARD_THRESHOLD and c.z == "canteen":   # KG-9.8.4
            leave_play(state, tgt["card"], "bombarded")
    elif kind == "base":
        b = tgt["card"]
        c = card(state, b)
        if c.z != "surface":
            return
        if not c.paid:
            if total >= BOMBARD_THRESHOLD:                    # KG-9.8.5
                # Whether the base is a trap the defender can pay is hidden: a seat that
                # does not auto-pass is always asked, so the question tells nothing (KG-12.3).
                can = _trap_payable(state, b)
                if can or not auto_passes(state, dfn):
                    state.dec = {"kind": "trap", "seat": dfn, "card": b}
                else:
                    leave_play(state, b, "bombarded")
        else:                                                 # KG-9.8.6
            if total >= base_armor_now(state, b):
                leave_play(state, b, "bombarded")
            elif total >= 1:
                c.dmg += total
                c.rot = DAMAGED


def _trap_payable(state: GameState, b: int) -> Any:
    c = card(state, b)
    d = cdef(state, b)
    if d.type != "base" or d.sub != "trap" or is_bluff(c, d):
        return False
    lim = d.dev
    if isinstance(lim, int) and c.dev < lim:               # KG-17.20 a
        return False
    return state.p[c.o].cr >= d.cost


def trap_decision() -> Any:
    def legal(state: GameState, dec: Decision) -> Any:
        acts = []
        if _trap_payable(state, dec["card"]):
            acts.append({"type": "pay_trap"})
        acts.append({"type": "decline"})
        return acts

    def act(state: GameState, dec: Decision, action: Action) -> None:
        state.dec = None
        b = dec["card"]
        if action["type"] == "decline":
            leave_play(state, b, "bombarded")
            return
        # KG-4.5.10: the trap is paid now; its payment is an interrupt (KG-10.1.3).
        declare_payment(state, dec["seat"], b, cdef(state, b).cost)
        open_window(state, CTX, dec["seat"])
    return legal, act


# ---------------------------------------------------------------- disarm (KG-9.9)

def disarm_step(state: GameState, _: Any) -> None:
    cb = state.cb
    cb["step"] = "disarm"
    cards = state.cards
    defs = state.defs
    for s in cb["ships"]:
        sc = cards[s]
        if sc.z != "hangar":
            continue
        for a in list(sc.att):
            c = cards[a]
            if c.role == "crew":                                 # KG-9.9.1
                rot = USED if sc.rot != ACTIVE else c.rot
                move(state, a, "canteen")
                c.rot = rot
                c.ch = None
            elif c.paid and defs[c.d].sub == "rocket":   # KG-9.9.2
                leave_play(state, a, "rocket_spent")
            else:
                c.ch = None
    for q in state.p:                                          # KG-9.9.3
        for zone in (q.hangar, q.surface):
            for sid in zone:
                c = cards[sid]
                if c.mods:
                    c.mods = [m for m in c.mods if m[2] != "combat"]
                if c.hit:
                    c.hit = False
    # Reading (KG-4.2.5, KG-12.6.2): a ship whose armor is 0 once the crews, spent
    # rockets and combat bonuses have left it is destroyed like any ship at 0 armor.
    for s in cb["ships"]:
        if cards[s].z == "hangar" and armor_now(state, s) <= 0:
            leave_play(state, s, "armor_lost")
    emit(state, "combat_over", attacker=cb["att"])
    state.cb = None
    state.phase = "main"


# ---------------------------------------------------------------- abilities

def resolve_ability(state: GameState, it: dict[str, Any]) -> None:
    ab = it["ab"]
    s = it["card"]
    c = card(state, s)
    if ab == "heavy":
        if c.z == "hangar":
            c.mods.append(["firepower", 1, "combat"])
            emit(state, "resolved", item=it["u"], card=s, ability=ab)
    elif ab == "pyro":
        if c.z == "hangar":
            c.mods.append(["bombard", 1, "combat"])
            emit(state, "resolved", item=it["u"], card=s, ability=ab)
    elif ab == "stealth":
        # KG-7.6, KG-17.22: bombards the attack's target alone, thresholds on its value.
        if c.z == "hangar" and state.cb and _target_bombardable(state):
            total = val(state, s, "bombard")
            emit(state, "bombard", seat=it["seat"], ships=[s], total=total, stealth=True)
            bomb_hit(state, total, 1)
    elif ab == "activated":
        d = cdef(state, s)
        spec = d.activated[it["n"]]
        run_ops(state, {"seat": it["seat"], "ops": spec.get("ops") or [], "i": 0,
                        "tgt": it["tgt"], "tkind": (spec.get("target") or {}).get("kind"),
                        "src_ship": c.on if c.z == "att" else None, "x": c.x})


__all__ = ["begin_attack", "resolve_ability"]
