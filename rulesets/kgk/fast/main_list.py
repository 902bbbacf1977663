"""The speed layer's main list: KG-9.3.3's main-phase actions section by section, with
where each section sits and the credit bounds that say when a list still holds, and the
next list derived from it after a develop, a draw, a face-down placement, a cash or a
search.

The main phase is most of a match's decisions, so this is the engine's hot loop. The
rules' one home for KG-9.3.3 is ``turn.main_legal``; the sections that need no bounds
(placements, abilities, developments, cash actions, draws) are the rules' own functions
here too. What stays written out, and why: the hand's plays, the payments and the
attacks note each cost they compare with the credits (``Bounds``), which a derived list
needs to know it still holds; the derivations themselves (``after_develop`` and friends)
edit the list before instead of building it. Only ``FastEngine`` (``fast/engine.py``)
calls this module; the rules never do. ``tests/kgk/test_fast_layer.py`` compares every
list here with the plain computation at every decision of seeded matches in every format.

Interface: ``main_legal(cache, state, dec)``, ``after_develop``, ``after_draw``,
``after_place`` (with the list the action was picked from), ``note_before_choice`` and
``after_choice`` (a cash or a search and the choice that completes it); each derived
list is kept in ``cache`` for the bot's next question.
"""

from __future__ import annotations

from typing import Any, Final

from rulesets.kgk.abilities import card_ability_actions
from rulesets.kgk.actions import (
    ATTACK_BASE,
    ATTACK_CENTRAL,
    ATTACK_COLONY,
    ATTACK_CREW,
    DEVELOP,
    END_TURN,
    PAY,
    PLACE_BASE,
    PLAY,
)
from rulesets.kgk.chain import interrupt_actions
from rulesets.kgk.constants import (
    CASH_GAIN,
    DEVELOP_COST,
    DEVELOPS_PER_BASE_PER_TURN,
    DRAW_COST,
    RUIN_DRAW_COST,
    SEARCH_COST,
)
from rulesets.kgk.effects import HIDEABLE, target_fields, target_spec, targets
from rulesets.kgk.fast.cache import Cache, MainLayout
from rulesets.kgk.jsontypes import Action, CardDef, Decision, GameState, Player
from rulesets.kgk.state import activated_in_play, aura, opponents
from rulesets.kgk.turn import (
    armament_placements,
    can_attack,
    cash_actions,
    development_actions,
    draw_actions,
    main_start,
    payable_in_main,
    placements,
    ships_with_room,
)

# A layout's sections (``Cache.layout``), in order: the hand (plays and placements) up
# to ``hand_end``, then interrupts, payments up to ``pay_end`` and abilities; the
# developments from ``dev_start``, the cash actions from ``cash_start``, the draws from
# ``draw_start``; the attacks and END_TURN from ``attack_start``. Every credit-dependent
# action is "cost <= credits"; of those outside the development, cash and draw sections,
# ``need`` is the highest cost among the ones in the list and ``nxt`` the lowest among the
# ones left out, so the list keeps them all, and no more, for any credit total in
# [need, nxt).
NEVER: Final = 1 << 30     # a ``need`` no credit total meets
# From this many credits on, the draws (KG-9.3.3 g-i) no longer depend on the credits.
DRAWS_SETTLED: Final = max(DRAW_COST, SEARCH_COST, RUIN_DRAW_COST)


class Bounds:
    """The credit bounds of a list (``need``, ``nxt``: see above), gathered section by
    section."""

    __slots__ = ("need", "nxt")

    def __init__(self) -> None:
        self.need = 0
        self.nxt = NEVER

    def take(self, cost: int, cr: int) -> bool:
        """Whether ``cost`` is affordable with ``cr`` credits, noted in the bounds."""
        if cost <= cr:
            if cost > self.need:
                self.need = cost
            return True
        if cost < self.nxt:
            self.nxt = cost
        return False


def main_legal(cache: Cache, state: GameState, dec: Decision) -> list[Action]:
    """``turn.main_legal``'s list (KG-9.3.3, section by section in the same order),
    written out with its layout remembered (not in the quick start)."""
    seat, p, cr, qs = main_start(state, dec)
    auras = cache.facts_of(state).auras
    acts: list[Action] = []
    bounds = Bounds()
    interrupts = _hand(state, seat, p, cr, qs, bool(auras[seat]), bounds, acts)
    hand_end = len(acts)
    if interrupts:
        acts += interrupt_actions(state, seat, "main")  # KG-9.3.4
        bounds.need = NEVER      # (their costs vary with the target: rebuild)
        bounds.nxt = 0
    if qs:                       # KG-16: ships, draws and attacks only
        draw_actions(acts, p, cr, qs)
        pay_end = dev_start = cash_start = draw_start = 0
    else:
        _payments(state, p, cr, bounds, acts)
        pay_end = len(acts)
        if p["actv"]:
            _abilities(state, seat, cr, bounds, acts)
        cards = state["cards"]
        dev_start = len(acts)
        development_actions(acts, cards, p["surface"], cr)
        cash_start = len(acts)
        cash_actions(acts, cards, p["surface"])
        draw_start = len(acts)
        draw_actions(acts, p, cr, qs)
    attack_start = len(acts)
    if p["hangar"] and can_attack(state, seat):
        _attacks(state, seat, cr, qs, auras, bounds, acts)
    acts.append(END_TURN)
    if not qs:
        cache.layout = (acts, hand_end, pay_end, dev_start, cash_start, draw_start,
                        attack_start, bounds.need, bounds.nxt)
    return acts


def _hand(state: GameState, seat: int, p: Player, cr: int, qs: bool, has_auras: bool,
          bounds: Bounds, acts: list[Action]) -> bool:
    """KG-9.3.3 a-c (turn.hand_actions): the hand's plays and face-down placements, card
    by card; whether it holds an interrupt (KG-9.3.4)."""
    bluff = state["opts"]["bluffing"] and not qs
    cards = state["cards"]
    defs = state["defs"]
    add = acts.append
    discount = aura(state, seat, "ship_discount") if has_auras else 0
    free_ships: list[int] | None = None
    interrupts = False
    for cid in p["hand"]:
        d = defs[cards[cid]["d"]]
        t = d["type"]
        if t == "ship":
            if bounds.take((d["cost"] or 0) - discount, cr):   # card_cost (KG-12.6.1)
                add(PLAY[cid])
            if qs:
                continue
        elif qs:
            continue
        elif t == "event":
            if bounds.take(d["cost"] or 0, cr):
                _event_plays(state, seat, cid, d, acts)
        elif t == "interrupt":
            interrupts = True
        placements(acts, cid, t, bluff)
        if bluff or t == "armament":
            if free_ships is None:
                free_ships = ships_with_room(state, p)
            armament_placements(acts, cid, free_ships)
    return interrupts


def _event_plays(state: GameState, seat: int, cid: int, d: CardDef, acts: list[Action]) -> None:
    """An affordable event's plays, one per target (KG-11.10: a hideable target's fields)."""
    spec = target_spec(state, d["eff"])
    if spec is not None and spec["kind"] in HIDEABLE:
        for tg in targets(state, seat, spec, True):
            acts.append(target_fields(state, seat, spec, tg, {"type": "play", "card": cid}))
    else:
        for tg in targets(state, seat, spec):
            acts.append({"type": "play", "card": cid, "target": tg} if tg is not None
                        else PLAY[cid])


def _payments(state: GameState, p: Player, cr: int, bounds: Bounds,
              acts: list[Action]) -> None:
    """KG-9.3.3 e (turn.payment_actions): paying for a face-down card."""
    cards = state["cards"]
    defs = state["defs"]
    for cid in p["fd"]:
        c = cards[cid]
        d = defs[c["d"]]
        cost = d["cost"] or 0
        if cost > cr:
            bounds.take(cost, cr)
        elif payable_in_main(c, d):
            acts.append(PAY[cid])
            bounds.take(cost, cr)


def _abilities(state: GameState, seat: int, cr: int, bounds: Bounds,
               acts: list[Action]) -> None:
    """KG-9.3.3 f (turn.ability_actions): the activated abilities of the cards that may
    use them (``state.activated_in_play``, in play order); the bounds for either side of
    every ability's cost."""
    cards = state["cards"]
    defs = state["defs"]
    for cid in activated_in_play(state, seat):
        d = defs[cards[cid]["d"]]
        card_ability_actions(state, seat, cid, d, acts)
        for ab in d["eff"]["activated"]:
            bounds.take((ab.get("cost") or {}).get("credits", 0), cr)


def _attacks(state: GameState, seat: int, cr: int, qs: bool, auras: tuple[tuple[Any, ...], ...],
             bounds: Bounds, acts: list[Action]) -> None:
    """KG-9.3.3 j (turn.attack_actions): attacking each opponent one can pay to attack."""
    multi = state["n"] > 2
    for opp in opponents(state, seat) if multi else (1 - seat,):
        tax = aura(state, opp, "attack_tax") if auras[opp] else 0
        if not bounds.take(tax, cr):               # Aknagyűrű (KG-14.2.2)
            continue
        op = state["p"][opp]
        if not multi:
            acts.append(ATTACK_COLONY)
            acts.append(ATTACK_CENTRAL)
            if not qs:
                acts += ATTACK_CREW[:len(op["canteen"])]
                acts += ATTACK_BASE[:len(op["surface"])]
            continue
        acts.append({"type": "attack", "target": "colony", "opp": opp})
        acts.append({"type": "attack", "target": "central", "opp": opp})
        if not qs:
            for tk, zone in (("crew", "canteen"), ("base", "surface")):
                for i in range(len(op[zone])):
                    acts.append({"type": "attack", "target": tk, "pos": i, "opp": opp})


def after_develop(cache: Cache, state: GameState, dec: Decision, old: list[Action], b: int) -> None:
    """The main list after developing base ``b`` (KG-4.5.3), derived from ``old``,
    the list the develop was picked from, kept for the next question (unless it must
    be rebuilt).

    A development costs one credit and adds one development to ``b`` (``dev`` and
    ``dt``); nothing else changes. Every credit-dependent action is "cost <= credits",
    so one credit less only removes actions: while the credits still cover those of
    the hand, payments, abilities and attacks (``need``) and ``b`` is not a face-down
    card its development makes payable (KG-9.3.3 e), only the developments, the cash
    actions and the draws can change."""
    m = cache.layout
    if m is None or m[0] is not old:
        return
    _, hand_end, pay_end, dev_start, cash_start, draw_start, attack_start, need, nxt = m
    p = state["p"][dec["seat"]]
    cr = p["cr"]
    if cr < need:
        return
    cards = state["cards"]
    c = cards[b]
    if b in p["fd"] and payable_in_main(c, state["defs"][c["d"]]):
        return
    # Edited in place rather than built again (this follows most developments): the
    # same rules as turn.main_legal's sections, applied to what one development changes.
    acts = old.copy()
    if c["dt"] >= DEVELOPS_PER_BASE_PER_TURN:        # KG-4.5.3: its last one this turn
        del acts[acts.index(DEVELOP[b], dev_start, cash_start)]
        cash_start -= 1
        draw_start -= 1
        attack_start -= 1
    # The cash section (KG-4.5.13) changes only when b is newly developed or none was
    # offered; otherwise b is in it already and the total only grew.
    if c["dev"] == 1 or cash_start == draw_start:
        cashes: list[Action] = []
        cash_actions(cashes, cards, p["surface"])
        shift = len(cashes) - (draw_start - cash_start)
        acts[cash_start:draw_start] = cashes
        draw_start += shift
        attack_start += shift
    if cr < DRAWS_SETTLED:                           # KG-9.3.3 g-i cost credits
        draws: list[Action] = []
        draw_actions(draws, p, cr, False)
        acts[draw_start:attack_start] = draws
        attack_start = draw_start + len(draws)
    if cr < DEVELOP_COST:                            # no developing without a credit
        gone = cash_start - dev_start
        del acts[dev_start:cash_start]
        cash_start -= gone
        draw_start -= gone
        attack_start -= gone
    cache.layout = (acts, hand_end, pay_end, dev_start, cash_start, draw_start,
                    attack_start, need, nxt)
    cache.keep(state, dec, acts)


def after_draw(cache: Cache, state: GameState, dec: Decision, old: list[Action]) -> None:
    """The main list after drawing the colony's top card (KG-9.3.3 g), derived from
    ``old``, the list the draw was picked from, and kept (unless it must be rebuilt).

    The draw costs a credit and puts the colony's top card at the end of the hand;
    nothing else changes. One credit less only removes actions: while the credits still
    cover those of the hand, payments, abilities and attacks (``need``), the new card's
    own hand actions join the end of the hand section (as ``main_legal`` offers them)
    and the developments and draws follow the credits and the colony. An event or an
    interrupt drawn (their targets, the interrupt section) and any interrupt already in
    the hand (``need`` is then NEVER): rebuilt."""
    m = cache.layout
    if m is not None and m[0] is old:
        _with_new_hand_card(cache, state, dec, m)


def _with_new_hand_card(cache: Cache, state: GameState, dec: Decision, m: MainLayout) -> None:
    """The main list of layout ``m`` after its seat paid for one more card, now at the
    end of its hand (a draw or a search), kept unless it must be rebuilt: fewer
    credits only remove actions (see ``after_draw``)."""
    old, hand_end, pay_end, dev_start, cash_start, draw_start, attack_start, need, nxt = m
    seat = dec["seat"]
    p = state["p"][seat]
    cr = p["cr"]
    if cr < need:
        return
    cid = p["hand"][-1]
    cards = state["cards"]
    defs = state["defs"]
    d = defs[cards[cid]["d"]]
    t = d["type"]
    if t == "event" or t == "interrupt":
        return
    new: list[Action] = []                           # (main_legal's hand loop, one card)
    if t == "ship":
        f = cache.facts_of(state)
        cost = (d["cost"] or 0) - (aura(state, seat, "ship_discount") if f.auras[seat] else 0)
        if cost <= cr:
            new.append(PLAY[cid])
            if cost > need:
                need = cost
        elif cost < nxt:
            nxt = cost
    _placements(state, p, cid, t, new)
    k = len(new)
    acts = old[:hand_end]
    acts += new
    if cr >= DEVELOP_COST:
        acts += old[hand_end:draw_start]
    else:                                            # no developing without a credit
        acts += old[hand_end:dev_start]
        acts += old[cash_start:draw_start]
        gone = cash_start - dev_start
        cash_start -= gone
        draw_start -= gone
    new_draw_start = len(acts)
    draw_actions(acts, p, cr, False)                 # the credits and the colony changed
    new_attack_start = len(acts)
    acts += old[attack_start:]
    cache.layout = (acts, hand_end + k, pay_end + k, dev_start + k, cash_start + k,
                    new_draw_start, new_attack_start, need, nxt)
    cache.keep(state, dec, acts)


def _placements(state: GameState, p: Player, cid: int, t: str, acts: list[Action]) -> None:
    """``main_legal``'s face-down placements of hand card ``cid`` (type ``t``)."""
    bluff = state["opts"]["bluffing"]
    placements(acts, cid, t, bluff)
    if bluff or t == "armament":
        armament_placements(acts, cid, ships_with_room(state, p))


def after_place(cache: Cache, state: GameState, dec: Decision, old: list[Action], cid: int,
                role: str) -> None:
    """The main list after ``cid`` was placed face down from the hand as a base or a
    crew (KG-9.3.3 c/d, KG-12.10), derived from ``old`` and kept (unless it must be rebuilt).

    Nothing else changes and the credits stay: ``cid``'s own hand actions (contiguous,
    in hand order) go; a base adds its develop at the end of the developments (the
    surface's new right end, no developments yet, KG-4.5.3); a card placed in its own
    role joins the face-down index and may be payable at once (KG-9.3.3 e). Bluffing
    only (every hand card then offers both placements); an armament placement changes
    which ships have room, and interrupts in the hand have cost-dependent targets:
    rebuilt."""
    m = cache.layout
    if m is None or m[0] is not old or role == "armament":
        return
    _, hend, f1, dev_start, i1, draw_start, attack_start, need, nxt = m
    if need >= NEVER or not state["opts"]["bluffing"]:
        return
    h = old.index(PLACE_BASE[cid], 0, hend)
    lo = h
    while lo and old[lo - 1].get("card") == cid:       # its plays
        lo -= 1
    hi = h + 2                                          # PLACE_BASE, PLACE_CREW
    while hi < hend and old[hi].get("card") == cid:     # its armament placements
        hi += 1
    acts = old[:lo]
    acts += old[hi:f1]
    p = state["p"][dec["seat"]]
    cr = p["cr"]
    add_pay = 0
    if p["fd"] and p["fd"][-1] == cid:
        c = state["cards"][cid]
        d = state["defs"][c["d"]]
        cost = d["cost"] or 0
        if cost > cr:
            if cost < nxt:
                nxt = cost
        elif payable_in_main(c, d):
            acts.append(PAY[cid])
            add_pay = 1
            if cost > need:
                need = cost
    acts += old[f1:i1]
    add_dev = 0
    if role == "base" and cr >= DEVELOP_COST:      # (the surface's new right end)
        acts.append(DEVELOP[cid])
        add_dev = 1
    acts += old[i1:]
    k = add_pay - (hi - lo)
    cache.layout = (acts, hend - (hi - lo), f1 + k, dev_start + k, i1 + k + add_dev,
                    draw_start + k + add_dev, attack_start + k + add_dev, need, nxt)
    cache.keep(state, dec, acts)


def note_before_choice(cache: Cache, state: GameState, old: list[Action], action: Action) -> None:
    """Called by ``apply`` after a cash or a search picked from the main list ``old``:
    a choice follows (the second base, or the card), then the main list again."""
    m = cache.layout
    if m is None or m[0] is not old:
        cache.pending = None
        return
    p = state["p"][state["dec"]["seat"]]
    cash = action["type"] == "cash"
    cache.pending = (state, state["seq"], m, "cash" if cash else "search",
                         action["base"] if cash else -1, p["cr"], len(p["hand"]),
                         len(state["todo"]))


def after_choice(cache: Cache, state: GameState, seat: int, why: str, pick: int) -> None:
    """Called by ``apply`` after ``seat`` made a choice (``why``: what it was for): the
    main list after a cash or a search, when the choice completed the one noted and
    nothing else happened in between (one action, the main task run, the hand and the
    credits as the action leaves them)."""
    pend = cache.pending
    cache.pending = None
    dec = state["dec"]
    if pend is None or pend[0] is not state or dec is None or dec["kind"] != "main" \
            or dec["seat"] != seat:
        return
    _, seq, layout, noted, b1, credits, hand, todo = pend
    p = state["p"][seat]
    if noted != why or seq != state["seq"] - 1 or len(state["todo"]) != todo - 1:
        return
    if why == "search":
        # The search cost its credits when it was picked, the chosen card joined the
        # end of the hand and the colony was shuffled, which no list depends on: as
        # after a draw.
        if p["cr"] == credits and len(p["hand"]) == hand + 1:
            _with_new_hand_card(cache, state, dec, layout)
    elif p["cr"] == credits + CASH_GAIN and len(p["hand"]) == hand:
        _after_cash(cache, state, p, dec, layout, b1, pick, credits)


def _after_cash(cache: Cache, state: GameState, p: Player, dec: Decision, layout: MainLayout, b1: int,
                b2: int, credits: int) -> None:
    """The main list after a cash of bases ``b1`` and ``b2``, derived from ``layout``
    (the list the cash was picked from, with ``credits`` before the gain) and kept
    (unless it must be rebuilt).

    Cashing takes one development from two bases and gives one credit; nothing else
    changes (the developments bought this turn stay). One credit more only adds
    actions: while it stays below ``nxt`` and neither base is a face-down card that
    could be paid (KG-9.3.3 e), only the developments (offered from one credit on),
    the cash actions and the draws can change."""
    cr = p["cr"]
    old, hand_end, pay_end, dev_start, cash_start, _, attack_start, need, nxt = layout
    if cr >= nxt:
        return
    fd = p["fd"]
    if fd and (b1 in fd or b2 in fd):
        return
    # The cash and draw sections built again, and the developments when this credit is
    # the one they need (the rules' own sections); the rest kept.
    cards = state["cards"]
    if credits >= DEVELOP_COST:                      # the developments stay as they are
        acts = old[:cash_start]
    else:                                            # this credit is the one they need
        acts = old[:dev_start]
        development_actions(acts, cards, p["surface"], cr)
        cash_start = len(acts)
    cash_actions(acts, cards, p["surface"])
    draw_start = len(acts)
    draw_actions(acts, p, cr, False)
    new_attack_start = len(acts)
    acts += old[attack_start:]                       # the attacks and END_TURN
    cache.layout = (acts, hand_end, pay_end, dev_start, cash_start, draw_start,
                    new_attack_start, need, nxt)
    cache.keep(state, dec, acts)
