"""A seat's projected final score, for the searching bot's evaluation.

Most of Pulsar 2849's points come late: each production phase pays again for what a
player has built (spinning gyrodynes, active transmitters, green technologies, A2.3
"Production phase" steps 4–6), and the final scoring pays for stations, goals, purple
technologies and leftovers (A2.4). A position scored by its victory points alone tells a
search that a player who has just built a station or started a gyrodyne has gained
nothing, so its playouts, cut after a few dozen moves, favoured the moves that pay at
once. The projection adds what the position already holds: the income of one
production phase for each phase still to come, what the tracks pay at the next one
(engineer cubes, penalties), and the final scoring as if the game ended now (the final
turn order only in the last round: before, the markers have rounds of moves ahead).
"""

from __future__ import annotations

from rulesets.pulsar.common import (
    ROUNDS,
    my_techs,
    scoring_value,
)
from rulesets.pulsar.dice import seats_on
from rulesets.pulsar.production import (
    engineering_gains,
    row_bonus,
    spinning_vp,
    track_penalties,
)
from rulesets.pulsar.scoring import (
    FINAL_ORDER_VP,
    goal_side,
    idle_pulsars,
    met_goals,
    station_count,
    station_vp,
    unfinished_gyrodynes,
)
from rulesets.pulsar.state import Game


def productions_left(state: Game) -> int:
    """Production phases still to come (this round's included until it has run)."""
    if state.phase in ("final", "over"):
        return 0
    return ROUNDS - int(state.round) + 1


def income(state: Game, seat: int) -> int:
    """The VP one production phase would pay ``seat`` now: transmitters' VP (cubes spent
    for VP left out), spinning gyrodynes with the time row's bonus, green technologies."""
    c = state.c
    p = state.players[seat]
    vp: int = 0
    for tid, t in p.transmitters.items():
        if t["active"]:
            vp += sum(int(eff.get("vp", 0)) for eff in c.transmitters[tid]["production"])
    vp += spinning_vp(state, seat, row_bonus(state))
    for t in my_techs(state, seat):
        if t.get("color") == "green" and "per_round" in t:
            vp += scoring_value(state, seat, t["per_round"])
    return vp


def final_now(state: Game, seat: int) -> int:
    """The final scoring's points for ``seat`` if the game ended now (A2.4 steps 1–5 and
    7; goal bonuses bought with cubes and the final turn order left out)."""
    p = state.players[seat]
    vp: int = sum(scoring_value(state, seat, t["end"]) for t in my_techs(state, seat)
                  if t.get("color") == "purple" and "end" in t)
    vp += sum(int(goal_side(state, i)["vp"]) for i in met_goals(state, seat))
    vp += idle_pulsars(p) + unfinished_gyrodynes(p)
    vp += int(p.cubes) // 2
    vp += station_vp(state, station_count(state, seat))
    return vp


# An engineer cube's worth at the end: the final scoring pays a VP for each pair (A2.4 step 5).
CUBE_VP = 0.5


def track_income(state: Game, seat: int) -> float:
    """What the tracks as they stand pay ``seat`` at the next production phase (A2.3
    "Production phase" steps 2–3): engineer cubes or a VP by the engineering order
    (``engineering_gains``), each cube at ``CUBE_VP``, and the penalties of its markers
    on a track's last spaces. The markers move every round, so only the next phase is
    counted."""
    vp = 0.0
    for s, (what, k) in zip(seats_on(state, "engineering"), engineering_gains(state.seats),
                            strict=False):
        if s == seat:
            vp += k * CUBE_VP if what == "cubes" else k
    vp += sum(pen for _, s, pen in track_penalties(state) if s == seat)
    return vp


def final_order_vp(state: Game, seat: int) -> int:
    """The final turn order's points (A2.4 step 6) for the order the initiative track
    shows now: in the last round it becomes the final order at the production phase."""
    table = FINAL_ORDER_VP[state.seats]
    return sum(table[pos] for pos, s in enumerate(seats_on(state, "initiative"))
               if s == seat and pos < len(table))


def projected_vp(state: Game, seat: int) -> float:
    """``seat``'s victory points, plus its income for each production phase to come and
    what the tracks pay at the next, plus its final scoring as if the game ended now (none
    once the final scoring has begun: its points are then in the score already)."""
    vp = float(state.players[seat].vp)
    if state.phase in ("final", "over"):
        return vp
    left = productions_left(state)
    vp += left * income(state, seat) + track_income(state, seat) + final_now(state, seat)
    if left == 1:                    # the last round: its production sets the final order
        vp += final_order_vp(state, seat)
    return vp
