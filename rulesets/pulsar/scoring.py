"""Final scoring in its seven steps and the winner (A2.4)."""

from __future__ import annotations

from typing import Any

from rulesets.base import Action, Event, IllegalAction, Outcome
from rulesets.pulsar.common import (
    counter,
    gain_vp,
    my_techs,
    scoring_value,
    spinning_by_size,
)
from rulesets.pulsar.components import GYRO_GOALS
from rulesets.pulsar.state import Game, Player

FINAL_ORDER_VP = {2: (7, 4, 2, 0), 3: (7, 4, 0), 4: (7, 4, 2, 0)}  # A2.4 step 6


def goal_side(state: Game, i: int) -> dict[str, Any]:
    g = state.goals[i]
    value: dict[str, Any] = state.comp["goals"][g["tile"]]["sides"][g["side"]]
    return value


def goal_met(state: Game, seat: int, cond: dict[str, Any]) -> bool:
    kind, n = cond["kind"], cond["n"]
    if kind == "finished_same":
        value: bool = max(spinning_by_size(state, seat).values()) >= n
        return value
    if kind == "finished_different":
        value = sum(1 for v in spinning_by_size(state, seat).values() if v) >= n
        return value
    if kind == "gyros_any":
        value = counter(state, seat, "gyros_placed") >= n
        return value
    # stations on planets only: kept exploration tiles do not count for goals (A2.3)
    value = counter(state, seat, kind) >= n
    return value


def met_goals(state: Game, seat: int) -> list[int]:
    """The goals ``seat`` meets now (A2.4 step 2), by index."""
    return [i for i in range(len(state.goals))
            if goal_met(state, seat, goal_side(state, i)["condition"])]


def idle_pulsars(p: Player) -> int:
    """Owned pulsars without a spinning gyrodyne (A2.4 step 3)."""
    return sum(1 for g in p.pulsars.values() if not (g and g["spinning"]))


def unfinished_gyrodynes(p: Player) -> int:
    """Gyrodynes under construction or not placed (A2.4 step 4)."""
    building = sum(1 for g in p.pulsars.values() if g and not g["spinning"])
    return building + int(sum(p.gyros.values()))


def first_positions(state: Game) -> list[int]:
    seq: list[int] = []
    for s in state.order:
        if s not in seq:
            seq.append(s)
    return seq


def _final_vp(state: Game, seat: int, n: int, step: str, why: str, events: list[Event]) -> None:
    """Score one final-scoring step and note it in the public scoring table (the board's
    final table reads it: one row per player, one column per step)."""
    before = state.players[seat].vp
    gain_vp(state, seat, n, why, events)
    # a state saved mid-scoring before the table existed starts its table here
    if state.final is None:
        state.final = {}
    table = state.final.setdefault("table", {})
    row = table.setdefault(str(seat), {"before": before})
    row[step] = row.get(step, 0) + state.players[seat].vp - before


def start_final(state: Game, events: list[Event]) -> None:
    state.phase = "final"
    events.append({"type": "phase", "phase": "final"})
    seats = first_positions(state)
    # the scoring table starts from each player's score before the final scoring
    table = {str(s): {"before": state.players[s].vp} for s in seats}
    state.final = {"seq": seats, "i": 0, "goals": {}, "table": table}
    for seat in seats:
        # 1. purple technologies
        for t in my_techs(state, seat):
            if t.get("color") == "purple" and "end" in t:
                _final_vp(state, seat, scoring_value(state, seat, t["end"]), "purple", t["id"],
                          events)
    for seat in seats:
        met = met_goals(state, seat)
        gyro = [i for i in met if goal_side(state, i)["condition"]["kind"] in GYRO_GOALS]
        rec = {"scored": [], "bought": {}, "gyro_choice": gyro if len(gyro) > 1 else []}
        state.final["goals"][str(seat)] = rec
        # 2. goals: met goals score; of several gyrodyne goals only the chosen one
        for i in met:
            if i in gyro and len(gyro) > 1:
                continue
            _score_goal(state, seat, i, events)


def _score_goal(state: Game, seat: int, i: int, events: list[Event]) -> None:
    rec = state.final["goals"][str(seat)]
    rec["scored"].append(i)
    rec["bought"][str(i)] = 0
    events.append({"type": "goal", "seat": seat, "goal": i})
    _final_vp(state, seat, goal_side(state, i)["vp"], "goal", "goal", events)


def final_actions(state: Game, seat: int) -> list[Action]:
    rec = state.final["goals"][str(seat)]
    if rec["gyro_choice"]:
        return [{"type": "choose_goal", "goal": i} for i in rec["gyro_choice"]]
    out: list[Action] = []
    cubes = state.players[seat].cubes
    for i in rec["scored"]:
        k = rec["bought"][str(i)]
        bonuses = goal_side(state, i)["bonuses"]
        if k < len(bonuses) and bonuses[k]["cost"] <= cubes:
            out.append({"type": "buy_goal_bonus", "goal": i})  # 1st bonus, then the 2nd
    out.append({"type": "finish_scoring"})
    return out


def final_seat(state: Game) -> int:
    f = state.final
    value: int = f["seq"][f["i"]]
    return value


def apply_final(state: Game, seat: int, action: Action, events: list[Event]) -> None:
    rec = state.final["goals"][str(seat)]
    t = action["type"]
    if t == "choose_goal":
        rec["gyro_choice"] = []
        _score_goal(state, seat, action["goal"], events)
    elif t == "buy_goal_bonus":
        i = action["goal"]
        k = rec["bought"][str(i)]
        bonus = goal_side(state, i)["bonuses"][k]
        state.players[seat].cubes -= bonus["cost"]
        rec["bought"][str(i)] = k + 1
        events.append({"type": "goal_bonus", "seat": seat, "goal": i, "bonus": k})
        _final_vp(state, seat, bonus["vp"], "goal_bonus", "goal_bonus", events)
    else:
        state.final["i"] += 1
        if state.final["i"] >= len(state.final["seq"]):
            finish(state, events)


def station_count(state: Game, seat: int) -> int:
    extra = sum(t.get("ability", {}).get("extra_stations", 0) for t in my_techs(state, seat))
    p = state.players[seat]
    value: int = len(p.stations) + len(p.kept) + extra
    return value


def station_vp(state: Game, count: int) -> int:
    table = state.comp["station_table"]
    value: int = table[min(count, 13)] + 3 * max(0, count - 13)  # 13 -> 50, +3 beyond (A2.4)
    return value


def finish(state: Game, events: list[Event]) -> None:
    gy_vp = FINAL_ORDER_VP[state.seats]
    for seat in first_positions(state):
        p = state.players[seat]
        # 3. owned pulsars without a spinning gyrodyne
        _final_vp(state, seat, idle_pulsars(p), "idle_pulsars", "idle_pulsars", events)
        # 4. gyrodynes under construction or unplaced
        _final_vp(state, seat, unfinished_gyrodynes(p), "unfinished_gyrodynes",
                  "unfinished_gyrodynes", events)
        # 5. pairs of engineer cubes
        _final_vp(state, seat, p.cubes // 2, "cube_pairs", "cube_pairs", events)
    # 6. final turn order (2 players: each rocket scores as in a 4-player game)
    for pos, seat in enumerate(state.order):
        if pos < len(gy_vp):
            _final_vp(state, seat, gy_vp[pos], "final_order", "final_order", events)
    # 7. stations on planets
    for seat in first_positions(state):
        _final_vp(state, seat, station_vp(state, station_count(state, seat)), "stations",
                  "stations", events)
    state.phase = "over"
    out = decide(state, "most_points")
    state.result = out.as_dict()
    events.append({"type": "game_over", **state.result})


def decide(state: Game, reason: str, exclude: int | None = None) -> Outcome:
    """Most VP wins; a tie goes to the tied player further back in turn order (A2.4)."""
    scores = tuple(float(p.vp) for p in state.players)
    seq = first_positions(state)
    cands = [s for s in range(state.seats) if s != exclude]
    best = max(scores[s] for s in cands)
    tied = [s for s in cands if scores[s] == best]
    trail: tuple[str, ...] = ()
    if len(tied) > 1:
        tied = [max(tied, key=seq.index)]
        trail = ("turn_order_further_back",)
    return Outcome(winners=tuple(tied), reason=reason, scores=scores, tiebreak=trail)


def outcome(state: Game) -> Outcome | None:
    """The finished game's result record as an ``Outcome`` (``None`` while it goes on)."""
    r = state.result
    if not r:
        return None
    return Outcome(winners=tuple(r["winners"]), reason=r["reason"],
                   scores=tuple(r["scores"]) if r["scores"] is not None else None,
                   tiebreak=tuple(r["tiebreak"]), details=r.get("details", {}))


def resign(state: Game, seat: int) -> tuple[Game, list[Event]]:
    """A seat resigns: the game ends at once and the others are ranked as at the end."""
    if state.phase == "over":
        raise IllegalAction("game_over", "the game has ended")
    out = decide(state, "resigned", exclude=seat)
    state.phase = "over"
    state.pending = None
    state.flight = None
    state.result = {**out.as_dict(), "details": {"resigned": seat}}
    return state, [{"type": "resign", "seat": seat}, {"type": "game_over", **state.result}]
