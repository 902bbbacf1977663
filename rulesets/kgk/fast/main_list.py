"""The speed layer's main list: the rules' KG-9.3.3 list (``turn.main_sections``, their one
home for it) with where each section sits and the credit bounds that say when a list still
holds, and the next list derived from it after a develop, a draw, a face-down placement, a
cash or a search.

The main phase is most of a match's decisions, so this is the engine's hot loop. Every
section is the rules' own function; what stays here is what only a derived list needs:
the layout, and the derivations (``after_develop`` and friends), which edit the list
before instead of building it, each by the rules' sections for what one action changes.
Only ``FastEngine`` (``fast/engine.py``) calls this module; the rules never do.
``tests/kgk/test_fast_layer.py`` compares every list here with the plain computation at
every decision of seeded matches in every format.

Interface: ``main_legal(cache, state, dec)``, ``after_develop``, ``after_draw``,
``after_place`` (with the list the action was picked from), ``note_before_choice`` and
``after_choice`` (a cash or a search and the choice that completes it); each derived
list is kept in ``cache`` for the bot's next question.
"""

from __future__ import annotations

from typing import Final

from rulesets.kgk.actions import DEVELOP, PAY, PLACE_BASE
from rulesets.kgk.constants import (
    CASH_GAIN,
    DEVELOP_COST,
    DEVELOPS_PER_BASE_PER_TURN,
    DRAW_COST,
    RUIN_DRAW_COST,
    SEARCH_COST,
)
from rulesets.kgk.credit_bounds import NEVER, Bounds
from rulesets.kgk.fast.cache import Cache, MainLayout
from rulesets.kgk.jsontypes import Action, Decision, GameState, Player
from rulesets.kgk.turn import (
    cash_actions,
    development_actions,
    draw_actions,
    hand_actions,
    main_sections,
    payable_in_main,
)

# A layout (``Cache.layout``): ``turn.main_sections``'s list and section ends, then the
# credit bounds ``need`` and ``nxt`` (``credit_bounds``): the list keeps every
# credit-dependent action outside the development, cash and draw sections, and no more,
# for any credit total in [need, nxt).
# From this many credits on, the draws (KG-9.3.3 g-i) no longer depend on the credits.
DRAWS_SETTLED: Final = max(DRAW_COST, SEARCH_COST, RUIN_DRAW_COST)


def main_legal(cache: Cache, state: GameState, dec: Decision) -> list[Action]:
    """``turn.main_legal``'s list, its layout remembered (not in the quick start)."""
    bounds = Bounds()
    acts, hand_end, pay_end, dev_start, cash_start, draw_start, attack_start = \
        main_sections(state, dec, bounds)
    if state.opts["rules"] != "quick_start":
        cache.layout = (acts, hand_end, pay_end, dev_start, cash_start, draw_start,
                        attack_start, bounds.need, bounds.nxt)
    return acts


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
    p = state.p[dec["seat"]]
    cr = p.cr
    if cr < need:
        return
    cards = state.cards
    c = cards[b]
    if b in p.fd and payable_in_main(c, state.defs[c.d]):
        return
    # Edited in place rather than built again (this follows most developments): the
    # same rules as turn.main_legal's sections, applied to what one development changes.
    acts = old.copy()
    if c.dt >= DEVELOPS_PER_BASE_PER_TURN:        # KG-4.5.3: its last one this turn
        del acts[acts.index(DEVELOP[b], dev_start, cash_start)]
        cash_start -= 1
        draw_start -= 1
        attack_start -= 1
    # The cash section (KG-4.5.13) changes only when b is newly developed or none was
    # offered; otherwise b is in it already and the total only grew.
    if c.dev == 1 or cash_start == draw_start:
        cashes: list[Action] = []
        cash_actions(cashes, cards, p.surface)
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
    p = state.p[seat]
    cr = p.cr
    if cr < need:
        return
    cid = p.hand[-1]
    t = state.defs[state.cards[cid].d].type
    if t == "event" or t == "interrupt":
        return
    new: list[Action] = []                           # (main_list's hand section, one card)
    bounds = Bounds(need, nxt)
    hand_actions(state, seat, p, [cid], new, False, bounds)
    need = bounds.need
    nxt = bounds.nxt
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
    if need >= NEVER or not state.opts["bluffing"]:
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
    p = state.p[dec["seat"]]
    cr = p.cr
    add_pay = 0
    if p.fd and p.fd[-1] == cid:
        c = state.cards[cid]
        d = state.defs[c.d]
        cost = d.cost
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
    p = state.p[state.dec["seat"]]
    cash = action["type"] == "cash"
    cache.pending = (state, state.seq, m, "cash" if cash else "search",
                         action["base"] if cash else -1, p.cr, len(p.hand),
                         len(state.todo))


def after_choice(cache: Cache, state: GameState, seat: int, why: str, pick: int) -> None:
    """Called by ``apply`` after ``seat`` made a choice (``why``: what it was for): the
    main list after a cash or a search, when the choice completed the one noted and
    nothing else happened in between (one action, the main task run, the hand and the
    credits as the action leaves them)."""
    pend = cache.pending
    cache.pending = None
    dec = state.dec
    if pend is None or pend[0] is not state or dec is None or dec["kind"] != "main" \
            or dec["seat"] != seat:
        return
    _, seq, layout, noted, b1, credits, hand, todo = pend
    p = state.p[seat]
    if noted != why or seq != state.seq - 1 or len(state.todo) != todo - 1:
        return
    if why == "search":
        # The search cost its credits when it was picked, the chosen card joined the
        # end of the hand and the colony was shuffled, which no list depends on: as
        # after a draw.
        if p.cr == credits and len(p.hand) == hand + 1:
            _with_new_hand_card(cache, state, dec, layout)
    elif p.cr == credits + CASH_GAIN and len(p.hand) == hand:
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
    cr = p.cr
    old, hand_end, pay_end, dev_start, cash_start, _, attack_start, need, nxt = layout
    if cr >= nxt:
        return
    fd = p.fd
    if fd and (b1 in fd or b2 in fd):
        return
    # The cash and draw sections built again, and the developments when this credit is
    # the one they need (the rules' own sections); the rest kept.
    cards = state.cards
    if credits >= DEVELOP_COST:                      # the developments stay as they are
        acts = old[:cash_start]
    else:                                            # this credit is the one they need
        acts = old[:dev_start]
        development_actions(acts, cards, p.surface, cr)
        cash_start = len(acts)
    cash_actions(acts, cards, p.surface)
    draw_start = len(acts)
    draw_actions(acts, p, cr, False)
    new_attack_start = len(acts)
    acts += old[attack_start:]                       # the attacks and END_TURN
    cache.layout = (acts, hand_end, pay_end, dev_start, cash_start, draw_start,
                    new_attack_start, need, nxt)
    cache.keep(state, dec, acts)
