"""Stops: at which windows a person wants to be asked (KG-10.2, KG-12.3).

A *window* (decision kind ``prio``) is a chance to add an interrupt or an ability to the
chain. Most of them go by without anyone wanting to answer, so a person keeps standing
instructions, *stops*, and the server passes for them at every window they did not ask
for, as MTG Arena does. Whether a window stops is decided from two public things only:

* the window's :class:`WindowContext`: what was just played, paid, activated or
  declared, by whom, aimed at whom, in which step; every player sees all of it;
* the person's :class:`Stops`, which are public too (the other players may know that
  someone passes automatically).

Never from the hand: KG-12.3 ("nem is adhatsz ki róluk információkat", you may give out
no information about the cards in your hand) means that whether a person answers at
once, or is asked at all, must not depend on what the hand holds. A function of public
information cannot leak it, which the property test checks.

The kinds of window (:func:`window_kind`), from the asked seat's side:

``own``       after the seat's own card, payment, ability or action: the rules give
              the declarer a pass too (everyone passes before the chain resolves), but
              a person who wanted to add something would have played it first;
``aimed``     an opponent's card or ability names the seat, or a card or chain item of
              the seat's;
``combat``    an opponent has just declared an attack (the window of KG-9.4.2);
``opponent``  any other card, payment or ability of an opponent;
``step``      everything else: the start and end of a turn, a draw, a development, a
              face-down play, a designation in combat; and a combat step (equip, pay)
              whose own moves, as everybody can see them, are only "done": what is
              left to decide there is an interrupt or an ability, as in a window.

The default asks at ``aimed`` and ``combat`` only; "ask me at every window" (full
control) asks at all five; "pass until my next turn" asks at none until the seat's next
turn begins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from rulesets.kgk.combat import _equip_own
from rulesets.kgk.jsontypes import GameState

KINDS: Final = ("own", "aimed", "combat", "opponent", "step")
DEFAULT_ASK: Final = frozenset({"aimed", "combat"})
FULL_CONTROL: Final = frozenset(KINDS)


@dataclass(frozen=True)
class WindowContext:
    """A window as every player sees it.

    ``step``: the window's context (``start``, ``main``, ``target``, ``combat``, ``end``);
    ``decision``: ``prio`` for a window, ``equip`` or ``pay`` for a combat step with
    nothing of its own but "done";
    ``turn``/``active``: the game turn and whose it is; ``by``: the seat whose declaration
    opened the window (the first to hold priority at a start or end of turn), or None;
    ``what``: ``card``, ``payment``, ``ability``, ``attack``, ``action`` (a quiet action:
    draw, development, face-down play, designation) or ``turn`` (start/end round);
    ``card``: the played or activated card's id, when face up on the chain; ``at``: the
    seats the declaration names (a target's owner, the attacked player)."""

    step: str
    turn: int
    active: int
    by: int | None
    what: str
    card: int | None = None
    at: tuple[int, ...] = ()
    decision: str = "prio"


@dataclass(frozen=True)
class Stops:
    """A person's standing instructions. ``ask``: the kinds of window to be asked at;
    ``pass_from_turn``: set by "pass until my next turn" to the game turn it was chosen
    in; it lasts until the seat's next turn begins."""

    ask: frozenset[str] = DEFAULT_ASK
    pass_from_turn: int | None = None


DEFAULT_STOPS: Final = Stops()


def _alive_before(state: GameState, seat: int, steps: int) -> int:
    """The seat ``steps`` alive seats before ``seat`` (priority moves forwards)."""
    n = state.n
    p = state.p
    for _ in range(steps):
        for _ in range(n):
            seat = (seat - 1) % n
            if p[seat].alive:
                break
    return seat


def _owner_of_target(state: GameState, item: dict[str, Any]) -> tuple[int, ...]:
    """Whom a chain item names: a card's owner (a face-down card's owner is public,
    KG-11.10), a chain item's declarer, or an opponent seat."""
    tgt = item.get("tgt")
    if tgt is None or isinstance(tgt, bool) or not isinstance(tgt, int):
        return ()
    spec = item.get("spec")
    if spec == "opponent":
        return (tgt,)
    if spec == "chain":
        for it in state.chain:
            if it["u"] == tgt:
                return (it["seat"],)
        return ()
    if 0 <= tgt < len(state.cards):
        return (state.cards[tgt].o,)
    return ()


def _nothing_aboard_to_pay(state: GameState, seat: int) -> bool:
    """No face-down card aboard the seat's ships in the combat (everybody sees it), so
    its payment step has nothing to pay (KG-9.6)."""
    cards = state.cards
    for s in state.cb["ships"]:
        c = cards[s]
        if c.o == seat and c.z == "hangar" and any(not cards[a].up for a in c.att):
            return False
    return True


def _only_done(state: GameState, dec: dict[str, Any]) -> bool:
    """Whether a combat step's own moves are only "done", judged on what everybody sees:
    the payment step with nothing face down aboard; the equip step with no ship to
    commit and no crew to board (hangar, canteen and the combat are public)."""
    if dec["kind"] == "pay":
        return _nothing_aboard_to_pay(state, dec["seat"])
    return _equip_own(state, dec) == [{"type": "done"}]


def answer(state: GameState) -> dict[str, Any]:
    """What the server answers for a person at a window they did not ask for: a pass, or
    "done" in a combat step with nothing of its own."""
    return {"type": "pass"} if state.dec["kind"] == "prio" else {"type": "done"}


def window_context(state: GameState) -> WindowContext | None:
    """The pending window's public context, or None when no window is pending.

    Read from public parts of the state only: the chain (face-up cards and their
    targets' owners), the combat, the window's step and how many seats have passed."""
    dec = state.dec
    if dec is None or state.phase == "over":
        return None
    if dec.get("kind") in ("equip", "pay") and state.cb is not None:
        if not _only_done(state, dec):
            return None
        cb = state.cb
        return WindowContext("combat", state.turn, state.active, None, "action",
                             decision=dec["kind"], at=(cb["def"],))
    if dec.get("kind") != "prio":
        return None
    step = dec["ctx"]
    turn, active = state.turn, state.active
    chain = state.chain
    if chain:
        top = chain[-1]
        k = top["k"]
        return WindowContext(step, turn, active, top["seat"], k,
                             top["card"] if k != "payment" else top["card"],
                             _owner_of_target(state, top))
    if step in ("start", "end"):                  # open_round: the active seat first
        return WindowContext(step, turn, active, active, "turn")
    # A window opened by a declaration that put nothing on the chain (an attack, a
    # draw, a development, a designation): nobody has added anything, so every seat
    # since the declarer has passed, and the declarer is the one before the first.
    by = _alive_before(state, dec["seat"], dec["passes"] + 1)
    cb = state.cb
    if step == "target" and cb is not None:
        return WindowContext(step, turn, active, cb["att"], "attack", None, (cb["def"],))
    return WindowContext(step, turn, active, by, "action")


def window_kind(ctx: WindowContext, seat: int) -> str:
    """Which kind of window ``ctx`` is for ``seat`` (see the module's list)."""
    if ctx.by == seat and ctx.what != "turn":
        return "own"
    if ctx.what == "attack":
        return "combat"
    if ctx.what in ("card", "ability") and seat in ctx.at:
        return "aimed"
    if ctx.what in ("card", "ability", "payment"):
        return "opponent"
    return "step"


def passing_until_next_turn(ctx: WindowContext, stops: Stops, seat: int) -> bool:
    """Whether "pass until my next turn" still holds: chosen in game turn ``T``, it lasts
    until a later turn of the seat's own begins."""
    since = stops.pass_from_turn
    return since is not None and not (ctx.active == seat and ctx.turn > since)


def ask_or_pass(ctx: WindowContext, stops: Stops, seat: int) -> bool:
    """True: ask ``seat`` at this window; False: pass for it. Public information only."""
    if passing_until_next_turn(ctx, stops, seat):
        return False
    return window_kind(ctx, seat) in stops.ask


def stops_from_json(data: Any) -> Stops:
    """Stops from their stored form ``{"ask": [...], "pass_from_turn": T}``; unknown kinds
    are dropped, a missing or malformed value gives the default."""
    if not isinstance(data, dict):
        return DEFAULT_STOPS
    ask = data.get("ask")
    kinds = (frozenset(k for k in ask if k in KINDS) if isinstance(ask, list)
             else DEFAULT_ASK)
    since = data.get("pass_from_turn")
    if not isinstance(since, int) or isinstance(since, bool):
        since = None
    return Stops(kinds, since)


def stops_to_json(stops: Stops) -> dict[str, Any]:
    return {"ask": [k for k in KINDS if k in stops.ask], "pass_from_turn": stops.pass_from_turn}


__all__ = ["STOPS", "WindowStops", "KINDS", "DEFAULT_ASK", "FULL_CONTROL", "DEFAULT_STOPS", "WindowContext", "Stops",
           "answer", "window_context", "window_kind", "ask_or_pass", "passing_until_next_turn",
           "stops_from_json", "stops_to_json"]


class WindowStops:
    """The ruleset's stops, as the host uses them (``RULESET.stops``): the host keeps the
    stored form (``{"ask": [...], "pass_from_turn": T}``) and asks at each decision."""

    kinds: Final = KINDS
    default: Final = tuple(k for k in KINDS if k in DEFAULT_ASK)

    @staticmethod
    def asks(state: GameState, seat: int, stored: Any) -> bool | None:
        """None: ``seat`` is not at a window now; else whether its stops ask it."""
        ctx = window_context(state)
        if ctx is None or state.dec["seat"] != seat:
            return None
        return ask_or_pass(ctx, stops_from_json(stored), seat)

    answer = staticmethod(answer)

    @staticmethod
    def passing(state: GameState, seat: int, stored: Any) -> bool:
        """Whether "pass until my next turn" still holds for ``seat`` now."""
        since = stops_from_json(stored).pass_from_turn
        return since is not None and not (state.active == seat and state.turn > since)

    @staticmethod
    def turn(state: GameState) -> int:
        """The game turn now (what "pass until my next turn" counts from)."""
        return int(state.turn)


STOPS: Final = WindowStops()
