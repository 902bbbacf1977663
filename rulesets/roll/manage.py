"""Managing the empire (A3.3 step 5, A3.4 III): recruiting dice from the Citizenry,
recalling them, choosing dice to return, and losing a die to a world's effect."""

from __future__ import annotations

from rulesets.base import Action, Event
from rulesets.rng import Rng
from rulesets.roll import offers
from rulesets.roll.data import CARDS
from rulesets.roll.state import Game, Player
from rulesets.roll.taskqueue import Task, apply_gains, finish

# ---- choosing dice: Galactic Federation/Exchange returns, recruiting ---------------

def pick_step(state: Game, t: Task, rng: Rng, events: list[Event]) -> bool:
    if len(t["chosen"]) >= t["max"] or not t["pool"]:
        _pick_done(state, t, events)
        return False
    if len(set(t["pool"])) == 1 and len(t["chosen"]) < t["min"]:
        _pick(state, t, t["pool"][0])  # forced: only one colour to choose from
        return False
    return True


def _pick(state: Game, t: Task, colour: str) -> None:
    p = state.players[t["seat"]]
    t["pool"].remove(colour)
    t["chosen"].append(colour)
    p.cit[colour] -= 1
    p.cup[colour] += 1
    if t["purpose"] == "recruit":
        p.credits -= 1


def _pick_done(state: Game, t: Task, events: list[Event]) -> None:
    p = state.players[t["seat"]]
    if t["purpose"] == "recruit" and p.credits <= 0:
        p.credits = 1  # A3.3 step 5
    events.append({"type": "to_cup", "seat": t["seat"], "purpose": t["purpose"], "dice": list(t["chosen"])})
    finish(state, t)


def pick_legal(state: Game, t: Task) -> list[Action]:
    pick = offers.PICK
    out = [pick[c] for c in sorted(set(t["pool"]))]
    if len(t["chosen"]) >= t["min"]:
        out.append(offers.STOP)
    return out


def pick_act(state: Game, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    if action["type"] == "stop":
        _pick_done(state, t, events)
    else:
        _pick(state, t, action["colour"])


# ---- losing a die (A3.4 III: from anywhere, back to the supply) -------------------

def _die_places(p: Player, include_columns: bool) -> list[tuple[str, str]]:
    out = _placed(p, include_columns)
    for where, dice in (("cup", p.cup), ("cit", p.cit)):
        out |= {(where, c) for c, n in dice.items() if n > 0}
    return sorted(out)


def _placed(p: Player, include_columns: bool) -> set[tuple[str, str]]:
    """Where the seat's dice are outside its cup and Citizenry: on the construction
    zones, as goods, and (``include_columns``) in the phase columns."""
    out = {("dev_zone", c) for c in p.dev_workers}
    out |= {("world_zone", c) for c in p.world_workers}
    for key, goods in p.goods.items():
        out |= {(f"good:{key}", c) for c in goods}
    if include_columns:
        for ph, col in p.cols.items():
            out |= {(f"col:{ph}", c) for c in col}
    return out


def _remove_die(p: Player, where: str, colour: str) -> None:
    if where == "cup":
        p.cup[colour] -= 1
    elif where == "cit":
        p.cit[colour] -= 1
    elif where == "dev_zone":
        p.dev_workers.remove(colour)
    elif where == "world_zone":
        p.world_workers.remove(colour)
    elif where.startswith("good:"):
        key = where[5:]
        p.goods[key].remove(colour)
        if not p.goods[key]:
            del p.goods[key]
    elif where.startswith("col:"):
        p.cols[where[4:]].remove(colour)


def lose_step(state: Game, t: Task, rng: Rng, events: list[Event]) -> bool:
    places = _die_places(state.players[t["seat"]], True)
    if len(places) > 1:
        return True
    if places:
        _lose(state, t, places[0][0], places[0][1], events)
    else:
        _lose_done(state, t, events)
    return False


def _lose(state: Game, t: Task, where: str, colour: str, events: list[Event]) -> None:
    _remove_die(state.players[t["seat"]], where, colour)
    state.supply[colour] += 1
    events.append({"type": "lose", "seat": t["seat"], "where": where, "colour": colour})
    _lose_done(state, t, events)


def _lose_done(state: Game, t: Task, events: list[Event]) -> None:
    eff = dict(CARDS[t["card"]].effect)
    eff["lose"] = 0
    apply_gains(state, t["seat"], t["card"], eff, events)
    finish(state, t)


def lose_legal(state: Game, t: Task) -> list[Action]:
    return [{"type": "lose", "where": w, "colour": c}
            for w, c in _die_places(state.players[t["seat"]], True)]


def lose_act(state: Game, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    _lose(state, t, action["where"], action["colour"], events)



# ---- Manage the empire (A3.3 step 5) ------------------------------------------------

def recruit_step(state: Game, t: Task, rng: Rng, events: list[Event]) -> bool:
    """Recruit is mandatory: all of the Citizenry if affordable, else a choice."""
    seat = t["seat"]
    p = state.players[seat]
    n = sum(p.cit.values())
    finish(state, t)
    if n > p.credits:
        pool = sorted(c for c, k in p.cit.items() for _ in range(k))
        state.queue.insert(0, {"kind": "pick", "seat": seat, "purpose": "recruit", "pool": pool,
                                  "min": p.credits, "max": p.credits, "chosen": []})
        return False
    moved = []
    for c, k in p.cit.items():
        p.cup[c] += k
        moved += [c] * k
        p.cit[c] = 0
    p.credits -= n
    if p.credits <= 0:
        p.credits = 1
    events.append({"type": "to_cup", "seat": seat, "purpose": "recruit", "dice": moved})
    return False


def _recall_places(p: Player) -> list[tuple[str, str]]:
    return sorted(_placed(p, False))


def recall_step(state: Game, t: Task, rng: Rng, events: list[Event]) -> bool:
    p = state.players[t["seat"]]
    if p.dev_workers or p.world_workers or any(p.goods.values()):   # a die to recall
        return True
    finish(state, t)
    return False


def recall_legal(state: Game, t: Task) -> list[Action]:
    recall = offers.RECALL
    out = [offers.DONE]
    out += [recall[w][c] for w, c in _recall_places(state.players[t["seat"]])]
    return out


def recall_act(state: Game, t: Task, action: Action, rng: Rng, events: list[Event]) -> None:
    p = state.players[t["seat"]]
    if action["type"] == "done":
        finish(state, t)
        return
    _remove_die(p, action["where"], action["colour"])
    p.cup[action["colour"]] += 1
    events.append({"type": "recall", "seat": t["seat"], "where": action["where"], "colour": action["colour"]})


