"""The step function: run tasks until someone must decide; check and apply actions.

The rules layer only: ``apply`` checks an action against the decision table's list and
carries it out. The speed layer (``rulesets/kgk/fast``) wraps these functions
(``check_turn``, ``diagnose``, ``perform``) for bots, simulations and search; nothing here
reads or keeps a cache."""

from __future__ import annotations

from typing import Any, Final

from rulesets.base import IllegalAction
from rulesets.kgk import turn as _turn
from rulesets.kgk.bots import heuristic_action, random_index
from rulesets.kgk.constants import DEVELOP_COST
from rulesets.kgk.ending import eliminate, finish, finish_multiplayer
from rulesets.kgk.jsontypes import Action, Decision, GameState
from rulesets.kgk.state import alive_seats, emit, move, next_alive
from rulesets.kgk.table import DECISIONS, TASKS
from rulesets.kgk.view import bot_seats_view

MAX_TASKS: Final = 100000


def new_game(config: Any, seed: str) -> Any:
    """A new game (KG-8, or a set-up position), run to its first decision."""
    state = _turn.start_game(config, seed)
    advance(state)
    return state


def advance(state: GameState) -> None:
    """Run continuation tasks until a decision is pending or the game is over (in the
    quick start, also as soon as a colony runs out)."""
    qs = state.opts["rules"] == "quick_start"
    tasks = TASKS
    for _ in range(MAX_TASKS + 1):        # (a guard: a task loop is a bug)
        if state.phase == "over" or (qs and _quick_start_over(state)) \
                or state.dec is not None:
            return
        todo = state.todo
        if not todo:
            raise RuntimeError("KGK engine stalled with no pending decision")
        name, arg = todo.pop()
        tasks[name](state, arg)
    raise RuntimeError("KGK engine loop")


def _quick_start_over(state: GameState) -> Any:
    """KG-16.1.10, KG-16.2.12: the quick start ends as soon as a colony runs out;
    that player loses."""
    empty = [s for s in range(state.n) if not state.p[s].colony]
    if not empty:
        return False
    winners = [s for s in range(state.n) if s not in empty]
    if not winners:                        # both ran out at once: the active player wins
        winners = [state.active]
    finish(state, winners, "colony_empty")
    return True


def to_act(state: GameState) -> list[int]:
    dec = state.dec
    if dec is None or state.phase == "over":
        return []
    return [dec["seat"]]


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """The protocol's legal list, always computed from the state as it is (so a caller
    that edits a state by hand gets the right list); copies, so a caller editing one
    cannot edit the shared action tables."""
    dec = state.dec
    if dec is None or dec["seat"] != seat or state.phase == "over":
        return []
    return [dict(a) for a in DECISIONS[dec["kind"]].legal(state, dec)]


def bot_action(state: GameState, seat: int, kind: str, seed: str) -> Action:
    """The ruleset's ``bot_action``, from the decision table's list."""
    dec = state.dec
    if dec is None or dec["seat"] != seat or state.phase == "over":
        raise ValueError("this seat has nothing to do now")
    legal = DECISIONS[dec["kind"]].legal(state, dec)
    return choose_bot_action(state, seat, kind, seed, legal)


def choose_bot_action(state: GameState, seat: int, kind: str, seed: str,
                      legal: list[Action]) -> Action:
    """Bot ``kind``'s pick from ``legal`` (the seat's legal list, only read), a copy."""
    return legal[choose_bot_index(state, seat, kind, seed, legal)].copy()


def choose_bot_index(state: GameState, seat: int, kind: str, seed: str,
                     legal: list[Action]) -> int:
    """Where bot ``kind``'s pick is in ``legal`` (the seat's legal list, only read)."""
    if not legal:
        raise ValueError("this seat has nothing to do now")
    if kind == "random":
        return random_index(len(legal), seed)
    if kind == "heuristic":
        if len(legal) == 1:   # (no choice: the seat's view is not built for nothing)
            return 0
        a = heuristic_action(bot_seats_view(state, seat), legal, seed)
        if a is None:
            raise ValueError("the heuristic bot found nothing to do")
        # (the heuristic hands back one of the list's own actions: found by identity,
        # where comparing dicts cost a search's playouts a compare per action before it)
        i = index_by_identity(legal, a)
        return legal.index(a) if i is None else i
    raise ValueError(f"unknown bot kind {kind!r}")


def index_by_identity(objects: list[Action], obj: Any) -> int | None:
    """Where ``obj`` itself (not an equal copy) is in ``objects``, or None."""
    for i, o in enumerate(objects):
        if o is obj:
            return i
    return None


RULE_OF: Final = {"main": "KG-9.3.3", "prio": "KG-10.7", "equip": "KG-9.5", "pay": "KG-9.6",
           "fire": "KG-9.7", "ret": "KG-9.7.5", "assign": "KG-7.4", "bomb": "KG-9.8",
           "trap": "KG-4.5.10", "choose": "KG-9.1.3", "mulligan": "KG-8.4"}


def diagnose(state: GameState, seat: int, action: Action, legal: list[Action]) -> Any:
    """Why ``action`` is not legal: a stable code and the rule that forbids it."""
    dec = state.dec
    t = action.get("type")
    kinds = {a["type"] for a in legal}
    p = state.p[seat]
    if t == "attack" and dec["kind"] == "main":
        if p.turns == 1 and (state.n > 2 or seat == state.first):
            return IllegalAction("first_turn_attack", "no attack in the first turn",
                                 rule="KG-8.6")
        return IllegalAction("illegal_attack", "this attack is not allowed now", rule="KG-9.3.3")
    if t == "mulligan" and dec["kind"] != "mulligan":
        return IllegalAction("mulligan_used", "one mulligan, at the start only", rule="KG-8.4")
    if t == "develop" and dec["kind"] == "main" and isinstance(action.get("base"), int):
        if p.cr < DEVELOP_COST:
            return IllegalAction("insufficient_credits", "not enough credits", rule="KG-9.3.7")
        return IllegalAction("develop_limit", "at most two developments per base per turn",
                             rule="KG-4.5.3")
    cid = action.get("card")
    if t in ("play", "pay") and isinstance(cid, int) and 0 <= cid < len(state.cards):
        c = state.cards[cid]
        d = state.defs[c.d]
        if c.o == seat and d.cost > p.cr and d.cost_rule is None:
            return IllegalAction("insufficient_credits", "not enough credits", rule="KG-9.3.7")
    if t not in kinds:
        return IllegalAction("wrong_action", f"{t!r} is not possible in a {dec['kind']} decision",
                             rule=RULE_OF.get(dec["kind"]))
    return IllegalAction("illegal_action", "that action is not legal now",
                         rule=RULE_OF.get(dec["kind"]))


def _well_formed(action: Any) -> bool:
    if type(action) is dict and type(action.get("type")) is str:
        for v in action.values():
            if type(v) is not int and type(v) is not str:
                break
        else:
            return True               # plain ints and strings, like every legal action
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return False
    for v in action.values():
        if isinstance(v, (bool, float)):  # True == 1 and 1.0 == 1: refuse look-alikes
            return False
        if isinstance(v, list) and any(isinstance(x, bool) for x in v):
            return False
    return True


def check_turn(state: GameState, seat: Any, action: Any) -> Decision:
    """The checks before the legal list: the game goes on, ``seat`` must decide, the
    action is well formed. Returns the pending decision."""
    if state.phase == "over":
        raise IllegalAction("game_over", "the game is over")
    dec = state.dec
    if dec is None or dec["seat"] != seat:
        raise IllegalAction("not_your_turn", "another seat must act now", rule="KG-9.1.3")
    if type(action) is dict and type(action.get("type")) is str:
        for v in action.values():         # (_well_formed's common case, written out)
            if type(v) is not int and type(v) is not str:
                if not _well_formed(action):
                    raise IllegalAction("malformed_action",
                                        "an action is an object with a 'type'")
                break
    elif not _well_formed(action):
        raise IllegalAction("malformed_action", "an action is an object with a 'type'")
    pending: Decision = dec
    return pending


def perform(state: GameState, dec: Decision, action: Action, quiet: bool = False) -> list[Any]:
    """Carry out ``action``, already found in ``dec``'s legal list, and run the game on
    to the next decision; returns the events (``quiet``: none are made, for a caller
    that reads none)."""
    state.ev = None if quiet else []
    act = DECISIONS[dec["kind"]].act      # (read, then called: a field, not a method)
    act(state, dec, action)               # handlers only read the action
    state.seq += 1
    if state.dec is None or state.opts["rules"] == "quick_start":
        advance(state)                    # (with a decision set and no quick start, a no-op)
    events: list[Any] = state.ev or []
    state.ev = None
    return events


def apply(state: GameState, seat: Any, action: Any) -> Any:
    dec = check_turn(state, seat, action)
    legal = DECISIONS[dec["kind"]].legal(state, dec)
    if action not in legal:
        raise diagnose(state, seat, action, legal)
    return state, perform(state, dec, action)


def resign(state: GameState, seat: int) -> Any:
    if state.phase == "over":
        raise IllegalAction("game_over", "the game is over")
    state.ev = []
    emit(state, "resign", seat=seat)
    if state.n == 2 or len(alive_seats(state)) <= 2:
        winners = [s for s in alive_seats(state) if s != seat]
        finish(state, winners, "resigned")
    else:
        involved = (state.active == seat or (state.dec and state.dec["seat"] == seat)
                    or (state.cb and seat in (state.cb["att"], state.cb["def"])))
        eliminate(state, seat)
        if involved:
            # End the current turn cleanly: drop the chain and combat, next seat plays.
            for it in state.chain:
                if it["card"] is not None and state.cards[it["card"]].z == "stack":
                    move(state, it["card"], "trash")
            state.chain = []
            if state.cb:
                for s in state.cb["ships"]:
                    c = state.cards[s]
                    if c.z == "hangar":
                        c.hit = False
                        for a in list(c.att):
                            if state.cards[a].role == "crew":
                                move(state, a, "canteen")
                state.cb = None
            state.dec = None
            nxt = state.active if state.active != seat else next_alive(state, seat)
            state.todo = [["begin_turn", nxt]] if state.active == seat else [["main", None]]
            state.phase = "main"
        if len(alive_seats(state)) <= 1:
            finish_multiplayer(state, "resigned")
        else:
            advance(state)
    events = state.ev
    state.ev = None
    return state, events
