"""Roll, secret assignment and reveal (A3.3 steps 1-3).

Each seat builds its assignment in small steps behind its screen: place each
wild die, select a phase with one worker, then optionally Dictate and use
reassign powers, and commit with "done". Nothing of it leaves ``view`` for the
other seats until every seat has committed; then all are revealed together.

Assignment substate (``p.assign``, hidden; ``state.py``'s ``Assign``): ``dice`` is a
sorted list of ``[colour, face, column]`` (column ``"wild"`` until placed), ``sel`` the
selector ``[colour, face, phase]``, ``dictate`` the Dictate dice, ``used`` the powers
used this round, ``pend`` an in-progress power.
"""

from __future__ import annotations

from typing import Any

from rulesets.base import Action, Event
from rulesets.rng import Rng
from rulesets.roll import offers
from rulesets.roll.data import COLOURS, DIE_FACES, PHASES, WILD
from rulesets.roll.empire import empty_cols, owns
from rulesets.roll.powers import REASSIGN, Reassign, destinations, dictate_spec, power_max
from rulesets.roll.state import Assign, Game, Player


def roll_all(state: Game, rng: Rng) -> None:
    """A3.3 step 1: every seat rolls its cup behind its screen."""
    for p in state.players:
        dice: list[list[str]] = []
        cup = p.cup
        for c in COLOURS:
            if cup[c]:
                faces = DIE_FACES[c]
                for _ in range(cup[c]):
                    face = faces[rng.below(6)]
                    dice.append([c, face, face])
                cup[c] = 0
        dice.sort()
        p.assign = Assign(dice)
        p.cols = empty_cols()
        p.selector = None
        p.dictated = []
        # A seat without dice has nothing to decide (it selects no phase).
        p.committed = not dice


def _pairs(dice: list[list[str]]) -> list[tuple[str, str]]:
    """Distinct (colour, column) pairs, in sorted order."""
    return sorted({(c, col) for c, _f, col in dice})


def _spec(p: Player, name: str) -> Reassign:
    return dictate_spec(p) if name == "Dictate" else REASSIGN[name]


def _moves(p: Player, a: Assign) -> list[Action]:
    """The moves of the power in progress."""
    pend = a.pend
    assert pend is not None and a.sel is not None, "a power in progress, a phase selected"
    return _reassigns(_spec(p, pend["power"]), a, pend["from"], _pairs(a.dice), False)


def _reassigns(spec: Reassign, a: Assign, first_src: str | None,
               pairs: list[tuple[str, str]], first_only: bool) -> list[Action]:
    """The moves ``spec`` allows with the dice ``a`` has in ``pairs`` (only the first
    with ``first_only``); ``first_src``, the column its first move took a die from."""
    assert a.sel is not None, "a phase selected"
    selected = a.sel[2]
    reassign = offers.REASSIGN
    out: list[Action] = []
    for c, src in pairs:
        if spec.same_col and first_src is None and sum(1 for d in a.dice if d[2] == src) < 2:
            continue  # Executive Power needs two workers in one column
        for dst in destinations(spec, c, src, selected, first_src):
            out.append(reassign[c][src][dst])
            if first_only:
                return out
    return out


def _power_usable(state: Game, seat: int, a: Assign, name: str,
                  pairs: list[tuple[str, str]]) -> bool:
    """Whether the power ``name`` could move a die now (``pairs``: the dice's)."""
    if power_max(state, seat, name) <= 0:
        return False
    return bool(_reassigns(REASSIGN[name], a, None, pairs, True))


def legal(state: Game, seat: int) -> list[Action]:
    p = state.players[seat]
    a = p.assign
    if p.committed or a is None:
        return []
    wilds = {c for c, _f, col in a.dice if col == WILD}
    if wilds:
        return [x for c in sorted(wilds) for x in offers.PLACE_DIE[c]]
    if a.sel is None:
        select = offers.SELECT
        return [x for c, col in _pairs(a.dice) for x in select[c][col]]
    if a.pend is not None:
        out = _moves(p, a)
        if a.pend["done"] >= a.pend["min"] or not out:
            out.append(offers.STOP)
        return out
    out = [offers.DONE]
    pairs = _pairs(a.dice)
    if "Dictate" not in a.used or owns(p, "Backup Planning"):
        dictate = offers.DICTATE
        out += [dictate[c][col] for c, col in pairs]
    for name in sorted({n for n in p.names if n in REASSIGN}):     # the powers it owns
        if name not in a.used and _power_usable(state, seat, a, name, pairs):
            out.append({"type": "power", "name": name})
    return out


def _take(dice: list[list[str]], colour: str, col: str) -> list[str]:
    for i, d in enumerate(dice):
        if d[0] == colour and d[2] == col:
            return dice.pop(i)
    raise AssertionError("validated action names a missing die")


def act(state: Game, seat: int, action: Action, events: list[Event]) -> None:
    """Apply one (already validated) assignment step; events are private."""
    p = state.players[seat]
    a = p.assign
    assert a is not None, "an assignment step needs an assignment"
    kind = action["type"]
    if kind == "place":
        d = _take(a.dice, action["colour"], WILD)
        d[2] = action["phase"]
        a.dice.append(d)
        a.dice.sort()
    elif kind == "select":
        d = _take(a.dice, action["colour"], action["from"])
        a.sel = [d[0], d[1], action["phase"]]
    elif kind == "dictate":
        d = _take(a.dice, action["colour"], action["from"])
        a.dictate.append([d[0], d[1]])
        if "Dictate" not in a.used:
            a.used.append("Dictate")
        a.pend = {"power": "Dictate", "left": dictate_spec(p).max, "min": 0, "done": 0, "from": None}
    elif kind == "power":
        name = action["name"]
        a.used.append(name)
        spec = REASSIGN[name]
        a.pend = {"power": name, "left": power_max(state, seat, name), "min": spec.min,
                  "done": 0, "from": None}
    elif kind == "reassign":
        d = _take(a.dice, action["colour"], action["from"])
        d[2] = action["to"]
        a.dice.append(d)
        a.dice.sort()
        pend = a.pend
        assert pend is not None, "a reassign belongs to a power in progress"
        pend["done"] += 1
        pend["left"] -= 1
        pend["from"] = action["from"]
        if pend["left"] <= 0:
            a.pend = None
    elif kind == "stop":
        a.pend = None
    elif kind == "done":
        p.committed = True
    secret = {"type": "assign", "seat": seat, "action": dict(action), "_only": seat,
              "_others": {"type": "committed", "seat": seat} if kind == "done" else None}
    events.append(secret)


def all_committed(state: Game) -> bool:
    for p in state.players:  # noqa: SIM110  (no generator: asked after every assignment step)
        if not p.committed:
            return False
    return True


def reveal(state: Game, rng: Rng, events: list[Event]) -> list[str]:
    """A3.3 step 3: reveal together, add the 2-player die's phase, send Dictate
    dice and workers in unselected columns back to the cup. Returns the phases
    to run, in order."""
    chosen: set[str] = set()
    shown: list[dict[str, Any]] = []
    for seat, p in enumerate(state.players):
        a = p.assign
        assert a is not None, "every seat has an assignment until the reveal"
        cols = empty_cols()
        for c, _f, col in a.dice:
            cols[col].append(c)
        if a.sel is not None:
            cols[a.sel[2]].append(a.sel[0])
            chosen.add(a.sel[2])
            p.selector = {"colour": a.sel[0], "phase": a.sel[2]}
        p.dictated = [c for c, _f in a.dictate]
        for workers in cols.values():
            workers.sort()
        p.cols = cols
        shown.append({"seat": seat, "selector": p.selector, "dictated": p.dictated,
                      "columns": {ph: list(v) for ph, v in p.cols.items()}})
        p.assign = None
    extra = None
    if len(state.players) == 2:
        # A3.3: a spare white die; white dice have no wild face.
        face = DIE_FACES["white"][rng.below(6)]
        state.extra_die = face
        if face not in chosen:
            extra = face
            chosen.add(face)
    state.extra_phase = extra
    phases = [ph for ph in PHASES if ph in chosen]
    state.selected = phases
    unchosen = [ph for ph in PHASES if ph not in chosen]
    for p in state.players:
        for c in p.dictated:
            p.cup[c] += 1
        p.dictated = []
        for ph in unchosen:
            for c in p.cols[ph]:
                p.cup[c] += 1
            p.cols[ph] = []
    events.append({"type": "reveal", "assignments": shown, "phases": phases,
                   "extra_die": state.extra_die if len(state.players) == 2 else None,
                   "extra_phase": extra})
    return phases
