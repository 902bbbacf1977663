"""The round of Űrcsempészek: who acts, the phase order (bidding, payment, refill),
the exact shape of every action, resigning, and the end of the game (A1.3-A1.4)."""

from __future__ import annotations

from typing import Any

from rulesets.base import Action, Event, IllegalAction, Outcome
from rulesets.smugglers import bidding, payment, refill, scoring, setup
from rulesets.smugglers import view as view_mod
from rulesets.smugglers.bots import choose, reads_table
from rulesets.smugglers.components import standin
from rulesets.smugglers.state import Game

# The exact fields of every action type: anything else is rejected, so an action is
# accepted exactly when it equals an element of ``legal_actions``.
FIELDS: dict[str, frozenset[str]] = {k: frozenset({"type", *v}) for k, v in {
    "place": ("card", "value"), "take_token": ("value",), "done": (),
    "pay_energy": ("card",), "pay_goods": ("card", "goods"),
    "take_energy": ("amount",), "take_goods": ("goods",), "give_energy": (),
    "give_good": ("colour",), "decline": (),
}.items()}
PHASE_TYPES = {"bidding": {"place", "take_token", "done"},
               "payment": {"pay_energy", "pay_goods"},
               "refill": {"take_energy", "take_goods", "give_energy", "give_good", "decline"}}


def _acts(state: Game, seat: int) -> bool:
    """Whether ``seat`` (a seat number) has something to decide now: the one rule of who
    acts, asked per seat so that the legal list and ``apply`` need not build the list."""
    s = state.seats[seat]
    phase = state.phase
    if phase == "bidding":
        return s.status in ("bidding", "taking") and not s.resigned
    if phase == "payment":
        return not s.resigned and payment.pending(state, seat)
    if phase == "refill":
        return bool(state.refill_order) and state.refill_order[0] == seat
    return False


def to_act(state: Game) -> list[int]:
    # (the protocol's ``to_act`` itself, no wrapper: a search asks it at every step; a loop,
    # as a comprehension is a call of its own)
    seats = []
    for i in range(len(state.seats)):
        if _acts(state, i):
            seats.append(i)
    return seats


def _is_acting(state: Game, seat: Any) -> bool:
    """``seat in to_act(state)`` for any value a caller may pass."""
    if type(seat) is int and 0 <= seat < len(state.seats):
        return _acts(state, seat)
    return seat in to_act(state)


def _end_round(state: Game, events: list[Event]) -> None:
    events.append({"type": "round_ended", "round": state.round + 1})
    state.round += 1
    state.table, state.bids, state.winners = [], [], []
    state.tokens_center = list(state.tokens_all)
    for s in state.seats:
        s.hand, s.tokens, s.won, s.status = 2, [], [], "done"
    if state.round >= state.rounds:
        state.phase = "over"           # A1.4: after the last galaxy and the last token
        state.result = "scored"
        events.append({"type": "game_over"})
    else:
        bidding.deal(state, events)


def _auto_resigned(state: Game, seat: int) -> Action:
    """A resigned seat still holds its place; it acts minimally and at once."""
    if state.phase == "bidding":
        s = state.seats[seat]
        if s.status == "taking" and len(s.tokens) >= 2:
            return {"type": "done"}
        return {"type": "take_token", "value": min(state.tokens_center)}
    if state.phase == "payment":
        return payment.legal(state, seat)[0]
    return {"type": "decline"}


def _idle_seat(state: Game) -> int | None:
    """The first resigned seat with a bidding or payment decision still to make (a loop,
    not a list: asked after every action, and there is hardly ever one)."""
    bidding_now = state.phase == "bidding"
    for i, s in enumerate(state.seats):
        if s.resigned and (s.status in ("bidding", "taking") if bidding_now
                           else payment.pending(state, i)):
            return i
    return None


def advance(state: Game, events: list[Event]) -> None:
    """Run every step that needs no decision, until someone must act or the game ends."""
    while True:
        phase = state.phase
        if phase == "bidding":
            if bidding.over(state):
                bidding.finish(state, events)
                payment.start(state, events)
                continue
            idle = _idle_seat(state)
            if idle is not None:
                bidding.apply(state, idle, _auto_resigned(state, idle), events)
                continue
            return
        if phase == "payment":
            idle = _idle_seat(state)
            if idle is not None:
                payment.apply(state, idle, _auto_resigned(state, idle), events)
                continue
            if not payment.settled(state):
                return
            refill.start(state)
            continue
        if phase == "refill":
            if not state.refill_order:
                _end_round(state, events)
                continue
            seat = state.refill_order[0]
            if state.seats[seat].resigned or not refill.has_choice(state, seat):
                refill.apply(state, seat, {"type": "decline"}, events)
                continue
            return
        return


def example_config(players: int, **options: bool) -> dict[str, Any]:
    """Default options with the labelled stand-in components."""
    return {"players": players, "options": dict(options), "components": standin()}


def new_game(config: Any, seed: str) -> Game:
    state = setup.new_game(config, seed)
    bidding.deal(state, [])
    return state


def _shared_legal(state: Game, seat: int) -> list[Action]:
    """The legal list made of the phases' shared action dicts (``bidding.PLACE``): for
    reading only. The engine's callers get copies (``_handed_out``)."""
    if not _is_acting(state, seat):
        return []
    phase = state.phase
    if phase == "bidding":
        return bidding.legal(state, seat)
    if phase == "payment":
        return payment.legal(state, seat)
    return refill.legal(state, seat)


def _handed_out(action: Action) -> Action:
    """A copy of a shared action that its receiver may keep or change: the dict and the
    one dict an action may hold (``goods``)."""
    fresh = action.copy()
    goods = fresh.get("goods")
    if goods is not None:
        fresh["goods"] = goods.copy()
    return fresh


def legal_actions(state: Game, seat: int) -> list[Action]:
    return [_handed_out(a) for a in _shared_legal(state, seat)]


def apply(state: Game, seat: Any, action: Any) -> tuple[Game, list[Event]]:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("bad_action", "an action is an object with a 'type'")
    if state.phase == "over":
        raise IllegalAction("game_over", "the game has ended")
    if not isinstance(seat, int) or not 0 <= seat < len(state.seats):
        raise IllegalAction("no_such_seat", f"seat {seat} is not in this game")
    if state.seats[seat].resigned:
        raise IllegalAction("resigned", "this seat has resigned")
    if not _acts(state, seat):
        raise IllegalAction("not_your_turn", "this seat has nothing to decide now",
                            details={"to_act": to_act(state), "phase": state.phase})
    phase = state.phase
    kind = action["type"]
    if kind not in FIELDS:
        raise IllegalAction("unknown_action", f"unknown action type '{kind}'",
                            details={"types": sorted(PHASE_TYPES[phase])})
    if action.keys() != FIELDS[kind]:     # (a keys view compares as a set, unbuilt)
        raise IllegalAction("bad_action_fields",
                            f"'{kind}' takes exactly the fields {sorted(FIELDS[kind])}")
    if kind not in PHASE_TYPES[phase]:
        raise IllegalAction("wrong_phase_action", f"'{kind}' is not allowed in the "
                            f"{phase} phase", details={"types": sorted(PHASE_TYPES[phase])})
    events: list[Event] = []
    if phase == "bidding":
        bidding.apply(state, seat, action, events)
    elif phase == "payment":
        payment.apply(state, seat, action, events)
    else:
        refill.apply(state, seat, action, events)
    advance(state, events)
    return state, events


def view(state: Game, seat: int | None) -> dict[str, Any]:
    return view_mod.view(state, seat, to_act(state))


def outcome(state: Game) -> Outcome | None:
    if state.phase != "over":
        return None
    return scoring.outcome(state)


def resign(state: Game, seat: int) -> tuple[Game, list[Event]]:
    if state.phase == "over":
        raise IllegalAction("game_over", "the game has ended")
    if not isinstance(seat, int) or not 0 <= seat < len(state.seats):
        raise IllegalAction("no_such_seat", f"seat {seat} is not in this game")
    if state.seats[seat].resigned:
        raise IllegalAction("resigned", "this seat has already resigned")
    state.seats[seat].resigned = True
    events: list[Event] = [{"type": "resigned", "seat": seat}]
    if sum(not s.resigned for s in state.seats) <= 1:
        state.phase = "over"
        state.result = "resigned"
        events.append({"type": "game_over"})
    else:
        advance(state, events)
    return state, events


def to_json(data: Game) -> dict[str, Any]:
    return data.to_json()


def from_json(data: Any) -> Game:
    return Game.from_json(data)


def bot_action(state: Game, seat: int, kind: str, seed: str) -> Action:
    # The bots read the list and return one of its actions (or one of their own making):
    # only that one is copied, not the whole list.
    legal = _shared_legal(state, seat)
    # The random bot reads nothing but the legal list, nor does the heuristic when the
    # list has one action (bots.choose plays it): skip building a view then. Otherwise
    # the heuristic reads only part of it (view.bot_view), and the table only for some
    # choices (bots.reads_table).
    seen = view_mod.bot_view(state, seat, table=reads_table(legal)) \
        if kind != "random" and len(legal) > 1 else {}
    return _handed_out(choose(seen, legal, kind, seed))
