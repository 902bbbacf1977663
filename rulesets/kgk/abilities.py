"""Activated abilities: when they may be used (KG-12.8, KG-7.1.3) and which ones a
seat may use now.

KG-12.8 ("bármelyik fázisban lehet használni, ez megszakításnak számít"): the
abilities of ships, armaments, crews and bases may be used in any phase, and using
one counts as an interrupt (KG-10.1.2). So an ability is offered in every interrupt
window (``prio``) and in its owner's own decisions that accept interrupts, in any
phase. The subtype windows of KG-10.7 restrict interrupt *cards* only (KG-17.9);
payments keep their own timing (KG-17.10), abilities have none beyond their text.
"""

from __future__ import annotations

from typing import Any, Final

from rulesets.kgk.effects import target_fields, targets
from rulesets.kgk.jsontypes import CardDef, GameState
from rulesets.kgk.state import ACTIVE, activated_in_play, card, cdef

_WHERE: Final[dict[Any, str]] = {"canteen": "canteen", "surface": "surface", "ship": "att"}


def ability_timing_ok(state: GameState, seat: int, ab: dict[str, Any]) -> bool:
    """KG-12.8, KG-7.1.3, KG-17.9: an activated ability may be used in any phase and
    in any window, unless its own spec restricts it (``"when": "own_main"``: only in
    its owner's main phase, outside a combat). The quick start has no abilities
    (KG-16: no card text)."""
    if state.opts["rules"] == "quick_start":
        return False
    when = ab.get("when")
    if when == "own_main":
        return state.phase == "main" and state.active == seat and not state.cb
    return True


def activated_ok(state: GameState, seat: int, cid: int, ab: dict[str, Any]) -> bool:
    """Whether ``seat`` may pay for ``cid``'s ability ``ab`` now (timing aside)."""
    c = card(state, cid)
    if not c.paid or c.rot != ACTIVE:               # KG-2.10, KG-3.4
        return False
    zone = _WHERE.get(ab.get("where"))
    if zone and c.z != zone:
        return False
    cost = ab.get("cost") or {}
    if cost.get("credits", 0) > state.p[seat].cr:
        return False
    # KG-4.4.9: a passenger aboard a ship cannot be turned used or damaged
    return not (c.z == "att" and cost.get("rotate") and cdef(state, cid).sub == "passenger")


def card_ability_actions(state: GameState, seat: int, cid: int, d: CardDef,
                         acts: list[dict[str, Any]]) -> None:
    """Append the ability actions of card ``cid`` (definition ``d``) usable now."""
    for k, ab in enumerate(d.activated):
        if ability_timing_ok(state, seat, ab) and activated_ok(state, seat, cid, ab):
            spec = ab.get("target")
            for tg in targets(state, seat, spec, True):          # KG-11.10: face down too
                acts.append(target_fields(state, seat, spec, tg,
                                          {"type": "ability", "card": cid, "n": k}))


def ability_actions(state: GameState, seat: int) -> list[dict[str, Any]]:
    """Every activated ability ``seat`` may use now (an interrupt window or one of
    its own decisions), in card order: those of its paid, active, face-up cards in
    play that have activated abilities."""
    if not state.p[seat].actv:              # (no such card in its deck at all)
        return []
    acts: list[dict[str, Any]] = []
    cards = state.cards
    defs = state.defs
    ready = activated_in_play(state, seat)     # (paid and active: activated_ok
    if len(ready) > 1:                          # refuses every ability otherwise)
        ready.sort()                            # (card order)
    for cid in ready:
        card_ability_actions(state, seat, cid, defs[cards[cid].d], acts)
    return acts


def has_ability_action(state: GameState, seat: int) -> bool:
    """Whether ``ability_actions`` would offer anything (stops at the first card that
    has an action: the windows ask this of every seat after most actions)."""
    if not state.p[seat].actv:
        return False
    acts: list[dict[str, Any]] = []
    cards = state.cards
    defs = state.defs
    for cid in activated_in_play(state, seat):
        card_ability_actions(state, seat, cid, defs[cards[cid].d], acts)
        if acts:
            return True
    return False
