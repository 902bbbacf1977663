"""The step function: run tasks until someone must decide; check and apply actions."""

from __future__ import annotations

from rulesets.base import IllegalAction
from rulesets.kgk import chain as _chain  # noqa: F401  (registers decisions/tasks)
from rulesets.kgk import combat as _combat  # noqa: F401
from rulesets.kgk import static
from rulesets.kgk import turn as _turn  # noqa: F401
from rulesets.kgk.bots import _from_bytes, _sha256
from rulesets.kgk.constants import DEVELOP_COST
from rulesets.kgk.state import DECISIONS, TASKS, alive_seats, emit, leave_play, move

MAX_TASKS = 100000


def advance(state):
    """Run continuation tasks until a decision is pending or the game is over."""
    if state["opts"]["rules"] == "quick_start":
        return _advance_quick_start(state)
    tasks = TASKS
    for _ in range(MAX_TASKS + 1):        # (a guard: a task loop is a bug)
        if state["dec"] is not None or state["phase"] == "over":
            return
        todo = state["todo"]
        if not todo:
            raise RuntimeError("KGK engine stalled with no pending decision")
        name, arg = todo.pop()
        tasks[name](state, arg)
    raise RuntimeError("KGK engine loop")


def _advance_quick_start(state):
    guard = 0
    while state["phase"] != "over":
        if _quick_start_over(state):
            return
        if state["dec"] is not None:
            return
        todo = state["todo"]
        if not todo:
            raise RuntimeError("KGK engine stalled with no pending decision")
        name, arg = todo.pop()
        TASKS[name](state, arg)
        guard += 1
        if guard > MAX_TASKS:
            raise RuntimeError("KGK engine loop")


def _quick_start_over(state):
    """KG-16.1.10, KG-16.2.12: the quick start ends as soon as a colony runs out;
    that player loses."""
    empty = [s for s in range(state["n"]) if not state["p"][s]["colony"]]
    if not empty:
        return False
    winners = [s for s in range(state["n"]) if s not in empty]
    if not winners:                        # both ran out at once: the active player wins
        winners = [state["active"]]
    finish(state, winners, "colony_empty")
    return True


def finish(state, winners, reason, **details):
    state["phase"] = "over"
    state["dec"] = None
    state["todo"] = []
    state["result"] = {"winners": list(winners), "reason": reason, "details": details}
    emit(state, "game_over", winners=list(winners), reason=reason)


def eliminate(state, seat, by=None):
    """Multiplayer: ``seat`` is out; ``by`` is credited (KG-13.1.7, KG-17.31). His
    cards leave the game."""
    p = state["p"][seat]
    if not p["alive"]:
        return
    p["alive"] = False
    p["out_turn"] = state["turn"]
    if by is not None:
        state["p"][by]["elims"] += 1
    for z in ("hangar", "canteen", "surface"):
        for cid in list(p[z]):
            leave_play(state, cid, "eliminated")
    for z in ("colony", "hand", "trash", "ruin", "stack"):
        for cid in list(p[z]):
            move(state, cid, "out")
    state["chain"] = [it for it in state["chain"] if it["seat"] != seat]
    emit(state, "eliminated", seat=seat, by=by)


def finish_multiplayer(state, reason="eliminations"):
    """Most eliminations wins; ties go to whoever stayed in longer (KG-13.1.7)."""
    big = 10 ** 9

    def key(s):
        p = state["p"][s]
        return (p["elims"], big if p["alive"] else p["out_turn"])
    best = max(key(s) for s in range(state["n"]))
    winners = [s for s in range(state["n"]) if key(s) == best]
    finish(state, winners, reason,
           eliminations=[state["p"][s]["elims"] for s in range(state["n"])])


def to_act(state):
    dec = state["dec"]
    if dec is None or state["phase"] == "over":
        return []
    return [dec["seat"]]


# The last legal list computed, kept with strong references to the state and decision
# objects it was computed for (so their ids cannot be recycled): a bot asks for the
# legal actions and then applies one, and ``apply`` need not compute them again.
# Every mutation through the protocol (``apply``, ``resign``) bumps ``state["seq"]`` or
# clears the cache; the other key fields catch scenario code that edits a state by hand.
# The one entry is ``[key, legal, hint]`` (hint: the index of the action a bot last
# picked from the list, checked first by ``apply``), replaced as a whole and read once,
# so threads sharing the module never mix one state's key with another's list.
_CACHE: list = [None]


def clear_cache():
    _CACHE[0] = None
    _turn.MAIN_META[0] = None
    _turn.CASH_PENDING[0] = None
    static.clear()


def _cached(state, dec):
    """The cache entry for this very state and decision, or None."""
    e = _CACHE[0]
    if e is None:
        return None
    k = e[0]
    if k[0] is not state or k[2] is not dec or k[1] != state["seq"]:
        return None
    p = state["p"][dec["seat"]]
    if k[3] == len(state["todo"]) and k[4] == p["cr"] and k[5] == len(p["hand"]):
        return e
    return None


def _remember(state, dec, legal):
    p = state["p"][dec["seat"]]
    e = [(state, state["seq"], dec, len(state["todo"]), p["cr"], len(p["hand"])), legal, None]
    _CACHE[0] = e
    return e


def cached_legal(state, seat):
    """The legal list itself (shared with the cache: callers must not edit it)."""
    dec = state["dec"]
    if dec is None or dec["seat"] != seat or state["phase"] == "over":
        return []
    e = _cached(state, dec)
    if e is None:
        e = _remember(state, dec, DECISIONS[dec["kind"]][0](state, dec))
    return e[1]


def legal_actions(state, seat):
    return [dict(a) for a in cached_legal(state, seat)]  # a caller editing one cannot edit the cache


def pick(legal, i):
    """Hand out a copy of ``legal[i]`` and remember ``i`` for ``apply``."""
    e = _CACHE[0]
    if e is not None and e[1] is legal:
        e[2] = i
    return dict(legal[i])


def random_pick(state, seat, seed):
    """The random bot: a uniform pick from the legal list, which stays cached for
    ``apply`` with the index."""
    return bot_action(state, seat, "random", seed)


def bot_action(state, seat, kind, seed):
    """The ruleset's ``bot_action``, with the random bot in the same call (it runs at
    every step of a bot match)."""
    if kind != "random":
        return _other_bot(state, seat, kind, seed)
    dec = state["dec"]
    if dec is None or dec["seat"] != seat or state["phase"] == "over":
        raise ValueError("this seat has nothing to do now")
    e = _CACHE[0]
    p = state["p"][seat]
    if e is not None and (k := e[0])[0] is state and k[2] is dec and k[1] == state["seq"] \
            and p["cr"] == k[4] and len(p["hand"]) == k[5] \
            and len(state["todo"]) == k[3]:          # _cached, written out
        legal = e[1]
    else:                                 # (_remember, written out)
        legal = DECISIONS[dec["kind"]][0](state, dec)
        e = [(state, state["seq"], dec, len(state["todo"]), p["cr"], len(p["hand"])), legal,
             None]
        _CACHE[0] = e
    if not legal:
        raise ValueError("this seat has nothing to do now")
    # random_index, written out (once per step)
    i = _from_bytes(_sha256(str(seed).encode()).digest(), "big") % len(legal)
    e[2] = i
    return legal[i].copy()


def _other_bot(state, seat, kind, seed):
    legal = cached_legal(state, seat)          # not copied: the bots only read it
    if not legal:
        raise ValueError("this seat has nothing to do now")
    if kind == "heuristic":
        from rulesets.kgk import bots, view
        a = bots.heuristic_action(view.view(state, seat), legal, seed)
        for i, b in enumerate(legal):
            if b is a:
                return pick(legal, i)
        return a
    raise ValueError(f"unknown bot kind {kind!r}")


RULE_OF = {"main": "KG-9.3.3", "prio": "KG-10.7", "equip": "KG-9.5", "pay": "KG-9.6",
           "fire": "KG-9.7", "ret": "KG-9.7.5", "assign": "KG-7.4", "bomb": "KG-9.8",
           "trap": "KG-4.5.10", "choose": "KG-9.1.3", "mulligan": "KG-8.4"}


def diagnose(state, seat, action, legal):
    """Why ``action`` is not legal: a stable code and the rule that forbids it."""
    dec = state["dec"]
    t = action.get("type")
    kinds = {a["type"] for a in legal}
    p = state["p"][seat]
    if t == "attack" and dec["kind"] == "main":
        if p["turns"] == 1 and (state["n"] > 2 or seat == state["first"]):
            return IllegalAction("first_turn_attack", "no attack in the first turn",
                                 rule="KG-8.6")
        return IllegalAction("illegal_attack", "this attack is not allowed now", rule="KG-9.3.3")
    if t == "mulligan" and dec["kind"] != "mulligan":
        return IllegalAction("mulligan_used", "one mulligan, at the start only", rule="KG-8.4")
    if t == "develop" and dec["kind"] == "main" and isinstance(action.get("base"), int):
        if p["cr"] < DEVELOP_COST:
            return IllegalAction("insufficient_credits", "not enough credits", rule="KG-9.3.7")
        return IllegalAction("develop_limit", "at most two developments per base per turn",
                             rule="KG-4.5.3")
    cid = action.get("card")
    if t in ("play", "pay") and isinstance(cid, int) and 0 <= cid < len(state["cards"]):
        c = state["cards"][cid]
        d = state["defs"][c["d"]]
        if c["o"] == seat and (d["cost"] or 0) > p["cr"] and d["cost_rule"] is None:
            return IllegalAction("insufficient_credits", "not enough credits", rule="KG-9.3.7")
    if t not in kinds:
        return IllegalAction("wrong_action", f"{t!r} is not possible in a {dec['kind']} decision",
                             rule=RULE_OF.get(dec["kind"]))
    return IllegalAction("illegal_action", "that action is not legal now",
                         rule=RULE_OF.get(dec["kind"]))


def _well_formed(action):
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


def apply(state, seat, action):
    if state["phase"] == "over":
        raise IllegalAction("game_over", "the game is over")
    dec = state["dec"]
    if dec is None or dec["seat"] != seat:
        raise IllegalAction("not_your_turn", "another seat must act now", rule="KG-9.1.3")
    if type(action) is dict and type(t := action.get("type")) is str:
        for v in action.values():         # _well_formed's common case, written out
            if type(v) is not int and type(v) is not str:
                if not _well_formed(action):
                    raise IllegalAction("malformed_action",
                                        "an action is an object with a 'type'")
                break
    elif not _well_formed(action):
        raise IllegalAction("malformed_action", "an action is an object with a 'type'")
    else:
        t = action["type"]
    kind_legal, kind_act = DECISIONS[dec["kind"]]
    # The list just handed out for this very state (bots ask, then apply) is reused,
    # and the action a bot picked from it is checked first.
    e = _CACHE[0]
    if e is not None and (k := e[0])[0] is state and k[2] is dec and k[1] == state["seq"] \
            and (p := state["p"][seat])["cr"] == k[4] and len(p["hand"]) == k[5] \
            and len(state["todo"]) == k[3]:          # _cached, written out
        legal, hint = e[1], e[2]
    else:
        legal, hint = kind_legal(state, dec), None
    _CACHE[0] = None
    if (hint is None or legal[hint] != action) and action not in legal:
        raise diagnose(state, seat, action, legal)
    state["ev"] = []
    kind_act(state, dec, action)          # handlers only read the action
    state["seq"] += 1
    nd = state["dec"]
    if nd is None or state["opts"]["rules"] == "quick_start":
        advance(state)                    # (with a decision set and no quick start, a no-op)
        if t == "choose" and dec["why"] == "cash" and (nd := state["dec"]) is not None \
                and nd["kind"] == "main" and nd["seat"] == seat:
            nl = _turn.after_cash(state, nd, action["pick"])
            if nl is not None:
                _remember(state, nd, nl)
    elif t == "cash":
        _turn.note_cash(state, legal, action["base"])
    elif nd["kind"] != "main":
        pass                              # a window opened after it (chain.quiet_action_window)
    elif t == "develop":
        # The commonest action: the next main list follows from this one.
        nl = _turn.after_develop(state, nd, legal, action["base"])
        if nl is not None:
            _remember(state, nd, nl)
    elif t == "place":
        nl = _turn.after_place(state, nd, legal, action["card"], action["as"])
        if nl is not None:
            _remember(state, nd, nl)
    return state, state.pop("ev")


def resign(state, seat):
    if state["phase"] == "over":
        raise IllegalAction("game_over", "the game is over")
    clear_cache()           # a resignation may change what others may do (seq is kept)
    state["ev"] = []
    emit(state, "resign", seat=seat)
    if state["n"] == 2 or len(alive_seats(state)) <= 2:
        winners = [s for s in alive_seats(state) if s != seat]
        finish(state, winners, "resigned")
    else:
        involved = (state["active"] == seat or (state["dec"] and state["dec"]["seat"] == seat)
                    or (state["cb"] and seat in (state["cb"]["att"], state["cb"]["def"])))
        eliminate(state, seat)
        if involved:
            # End the current turn cleanly: drop the chain and combat, next seat plays.
            for it in state["chain"]:
                if it["card"] is not None and state["cards"][it["card"]]["z"] == "stack":
                    move(state, it["card"], "trash")
            state["chain"] = []
            if state["cb"]:
                for s in state["cb"]["ships"]:
                    c = state["cards"][s]
                    if c["z"] == "hangar":
                        c["hit"] = False
                        for a in list(c["att"]):
                            if state["cards"][a]["as"] == "crew":
                                move(state, a, "canteen")
                state["cb"] = None
            state["dec"] = None
            from rulesets.kgk.state import next_alive
            nxt = state["active"] if state["active"] != seat else next_alive(state, seat)
            state["todo"] = [["begin_turn", nxt]] if state["active"] == seat else [["main", None]]
            state["phase"] = "main"
        if len(alive_seats(state)) <= 1:
            finish_multiplayer(state, "resigned")
        else:
            advance(state)
    events = state.pop("ev")
    return state, events
