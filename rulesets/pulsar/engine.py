"""The step function: whose decision it is, what they may do, and applying it.

``apply`` only mutates after the action was found in ``legal_actions``, so a rejected action
leaves the state untouched; ``diagnose`` explains the rejection with a reason code and rule.
"""

from __future__ import annotations

from typing import Any

from rulesets.base import Action, Event, IllegalAction
from rulesets.pulsar import actions, dice, effects, flight, production, scoring
from rulesets.pulsar.common import illegal
from rulesets.pulsar.state import Game, Player

SETUP_RULE = "A2.2"


def actor(state: Game) -> int | None:
    """The one seat whose decision it is (Pulsar 2849 is played one seat at a time), or
    None once the game is over: ``to_act`` as a number, which the step asks without
    building a list."""
    ph = state.phase
    if ph == "actions":
        t = state.turns
        seat: int = t["seq"][t["i"]]
        return seat
    if ph == "draft":
        return dice.drafter(state)
    if ph == "setup":
        seat = state.setup_queue[0]["seat"]
        return seat
    if ph == "final":
        return scoring.final_seat(state)
    return None


def to_act(state: Game) -> list[int]:
    seat = actor(state)
    return [] if seat is None else [seat]


def _setup_actions(state: Game, seat: int) -> list[Action]:
    item = state.setup_queue[0]
    if item["kind"] == "gate":
        taken = {p.gate for p in state.players}
        return [{"type": "choose_gate", "gate": g} for g in state.c.starts if g not in taken]
    board = next(b for b in state.comp["hq_boards"]
                 if b["id"] == state.players[seat].hq["board"])
    return [{"type": "choose_hq_side", "side": s} for s in sorted(board["sides"])]


def legal_actions(state: Game, seat: int) -> list[Action]:
    if seat != actor(state):
        return []
    ph = state.phase
    if ph == "setup":
        return _setup_actions(state, seat)
    if ph == "draft":
        return dice.legal_drafts(state, seat)
    if ph == "actions":
        if state.pending is not None:
            return list(state.pending["options"])
        if state.flight is not None:
            return flight.legal_steps(state, seat)
        return actions.turn_actions(state, seat)
    if ph == "final":
        return scoring.final_actions(state, seat)
    return []


def _normalise(action: Any) -> Action:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise illegal("bad_action", "an action is an object with a string 'type'")
    if "die" in action and action["type"] not in ("draft", "double") and "mod" not in action:
        action = {**action, "mod": ""}
    value: dict[str, Any] = action
    return value


def apply(state: Game, seat: Any, action: Any,
          checked: bool = False) -> tuple[Game, list[Event]]:
    """Check ``action`` and carry it out. ``checked``: the caller vouches that it is in
    the legal list (``rulesets.picked``: a bot just picked it from this very state), so
    the list is not built again."""
    if state.phase == "over":
        raise illegal("game_over", "the game has ended")
    if seat != actor(state):
        raise illegal("not_your_turn", f"seat {seat} is not to act", rule="A2.3",
                      to_act=to_act(state))
    action = _normalise(action)
    if not checked:
        legal = legal_actions(state, seat)
        if action not in legal:
            raise diagnose(state, seat, action, legal)
    events: list[Event] = []
    ph = state.phase
    if ph == "setup":
        _apply_setup(state, seat, action, events)
    elif ph == "draft":
        dice.apply_draft(state, seat, action, events)
    elif ph == "final":
        scoring.apply_final(state, seat, action, events)
    elif state.pending is not None:
        effects.resolve_pending(state, seat, action, events)
    elif state.flight is not None:
        flight.apply_step(state, seat, action, events)
        effects.run_queue(state, events)
    elif action["type"] == "end_turn":
        _end_turn(state, seat, events)
    else:
        actions.apply_turn_action(state, seat, action, events)
    return state, events


def _apply_setup(state: Game, seat: int, action: Action, events: list[Event]) -> None:
    p = state.players[seat]
    if action["type"] == "choose_gate":
        p.gate = p.ship = action["gate"]
        events.append({"type": "gate", "seat": seat, "gate": action["gate"]})
    else:
        p.hq["side"] = action["side"]
        events.append({"type": "hq_side", "seat": seat, "board": p.hq["board"],
                       "side": action["side"]})
    state.setup_queue.pop(0)
    if not state.setup_queue:
        dice.roll(state, events)


def _end_turn(state: Game, seat: int, events: list[Event]) -> None:
    p = state.players[seat]
    if p.dice:
        events.append({"type": "dice_unused", "seat": seat, "dice": [d["v"] for d in p.dice]})
    p.dice = []  # unused dice and an unused bonus die are lost
    events.append({"type": "end_turn", "seat": seat})
    state.turns["i"] += 1
    if state.turns["i"] >= len(state.turns["seq"]):
        production.production(state, events)


KNOWN = {"choose_gate", "choose_hq_side", "draft", "fly", "step", "take_gyro", "finish_gyro",
         "take_tx", "pay_tx", "hq", "patent", "buy_mod", "double", "copy", "build", "connect",
         "end_turn", "station", "system_bonus", "claim", "choose_gyro", "choose_isolated",
         "teleport", "joint_die", "choose_goal", "buy_goal_bonus", "finish_scoring"}


def diagnose(state: Game, seat: int, action: Action, legal: list[Action]) -> IllegalAction:
    """Why ``action`` is not legal now: a stable code, a message and the rule."""
    t = action["type"]
    if t not in KNOWN:
        return illegal("unknown_action", f"unknown action type {t!r}")
    types = sorted({a["type"] for a in legal})
    ph = state.phase
    if state.pending is not None and ph == "actions":
        return illegal("decision_pending", f"answer the pending {state.pending['kind']} decision first",
                       rule="A2.3", expected=types)
    if state.flight is not None and ph == "actions":
        if t != "step":
            return illegal("flight_in_progress", "finish the flight with 'step' actions",
                           rule="A2.3", expected=types)
        return illegal("illegal_step", "that segment is not free in this flight, leads to your "
                       "starting gate, or leaves too few ways to finish the flight", rule="A2.3")
    if t not in types:
        return illegal("wrong_phase", f"{t!r} is not possible now (phase {ph})", expected=types)
    if ph == "draft":
        if action.get("die") not in state.dice["pool"]:
            return illegal("no_such_die", "no die of that value left on the dice board", rule="A2.3")
        return illegal("track_edge", "that marker would leave its track, or another die can be "
                       "taken legally", rule="A2.3")
    refused = _refused_die(state.players[seat], action) if t != "double" else None
    if refused is None and t == "patent":
        refused = _refused_patent(state, seat, action)
    if refused is not None:
        return refused
    if t == "fly" and "die" in action:
        return illegal("flight_impossible", "no flight of exactly that many segments exists "
                       "(each segment once per flight, never back to your starting gate), or "
                       "the die value does not match", rule="A2.3")
    if "die" in action:
        return illegal("die_value_mismatch", "the action needs a die of exactly its printed "
                       "value", rule="A2.3")
    return illegal("illegal_action", f"{t} with these parameters is not legal now",
                   expected=[a for a in legal if a["type"] == t][:10])


def _refused_die(p: Player, action: Action) -> IllegalAction | None:
    """What is wrong with the die an action names and the modifier it spends, if anything."""
    if "die" not in action:
        return None
    i = action.get("die")
    if not isinstance(i, int) or not 0 <= i < len(p.dice):
        return illegal("no_such_die", "you have no such die", rule="A2.3")
    mod = action.get("mod", "")
    if mod not in actions.MODS:
        return illegal("bad_modifier", f"unknown modifier {mod!r}", rule="A2.3")
    if mod and p.mods[actions.MOD_TOKEN[mod]] < 1:
        return illegal("no_modifier_token", "you have no such modifier token", rule="A2.3")
    return None


def _refused_patent(state: Game, seat: int, action: Action) -> IllegalAction | None:
    """Why a technology cannot be patented, if it cannot."""
    tech = state.c.tech.get(action.get("tech", ""))
    if tech is None:
        return illegal("unknown_tech", "no such technology in play")
    why = actions.patentable(state, seat, tech)
    if why:
        return illegal(why, f"cannot patent {tech['id']}: {why}", rule="A2.3")
    return None


def to_json(data: Game) -> dict[str, Any]:
    return data.to_json()


def from_json(data: Any) -> Game:
    return Game.from_json(data)
