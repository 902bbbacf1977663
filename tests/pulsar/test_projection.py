"""The projected final score the searching bot scores Pulsar positions by
(``rulesets/pulsar/projection.py``)."""

from __future__ import annotations

import statistics

from rulesets.pulsar import RULESET as R
from rulesets.pulsar.bots import play_match
from rulesets.pulsar.common import ROUNDS
from rulesets.pulsar.determinize import evaluate
from rulesets.pulsar.dice import order_on
from rulesets.pulsar.production import row_bonus
from rulesets.pulsar.projection import (
    CUBE_VP,
    final_order_vp,
    income,
    productions_left,
    projected_vp,
    track_income,
)
from rulesets.pulsar.scoring import FINAL_ORDER_VP, station_vp
from tests.pulsar.helpers import in_actions


def test_a_finished_game_projects_its_final_score() -> None:
    state = play_match(["heuristic", "heuristic"], "projection-over")
    assert state.phase == "over"
    assert [projected_vp(state, s) for s in (0, 1)] == [float(p.vp) for p in state.players]


def test_a_spinning_gyrodyne_pays_once_for_each_production_to_come() -> None:
    state, seat = in_actions(2, "projection-gyro")
    before_income, before = income(state, seat), projected_vp(state, seat)
    size = "medium"
    state.players[seat].pulsars["P-test"] = {"size": size, "spinning": True}
    pays = state.comp["gyrodynes"][size]["vp"] + row_bonus(state)
    assert income(state, seat) == before_income + pays
    assert productions_left(state) == ROUNDS  # round 1, its production still to come
    # eight productions' worth of it; the pulsar is not idle, so no final point changes
    assert projected_vp(state, seat) == before + ROUNDS * pays


def test_stations_count_as_the_final_scoring_would_pay_them() -> None:
    state, seat = in_actions(2, "projection-stations")
    me = state.players[seat]
    base = projected_vp(state, seat)
    had = len(me.stations) + len(me.kept)
    me.stations += [f"S-test-{i}" for i in range(5)]
    gained = station_vp(state, had + 5) - station_vp(state, had)
    assert gained > 0
    assert projected_vp(state, seat) == base + gained


def test_the_projection_is_nearer_the_final_score_than_the_points() -> None:
    """In seeded heuristic games from the third round on, the projection misses the
    final score by less than the points do (why the search scores positions by it)."""
    miss_projected: list[float] = []
    miss_points: list[float] = []
    for g in range(6):
        state = R.new_game(R.example_config(2), f"projection-{g}")
        seen: list[tuple[list[float], list[int]]] = []
        step = 0
        while state.phase != "over":
            if state.phase == "actions" and state.round >= 3 and step % 10 == 0:
                seen.append(([projected_vp(state, s) for s in (0, 1)],
                             [state.players[s].vp for s in (0, 1)]))
            seat = R.to_act(state)[0]
            R.apply(state, seat, R.bot_action(state, seat, "heuristic", f"{g}/{step}"))
            step += 1
        final = [p.vp for p in state.players]
        for projected, points in seen:
            miss_projected += [abs(projected[s] - final[s]) for s in (0, 1)]
            miss_points += [abs(points[s] - final[s]) for s in (0, 1)]
    assert len(miss_projected) > 50
    assert statistics.mean(miss_projected) < 0.8 * statistics.mean(miss_points)


def test_the_evaluation_rises_with_what_a_seat_has_built() -> None:
    """A gyrodyne spinning from now on raises the seat's chance though it scores no point
    yet (the points alone, the old evaluation, did not move)."""
    state, seat = in_actions(2, "projection-evaluate")
    before = evaluate(state)
    state.players[seat].pulsars["P-test"] = {"size": "large", "spinning": True}
    after = evaluate(state)
    assert abs(sum(after) - 1.0) < 1e-9
    assert after[seat] > before[seat] + 0.1


def test_the_tracks_pay_their_next_production_cubes_at_half_a_point_and_penalties() -> None:
    """Production steps 2–3 as the tracks stand: the engineering order's cubes (two
    players: 2, 1, then a VP) at ``CUBE_VP`` each, and a marker on a penalty space
    costs its penalty."""
    state, seat = in_actions(2, "projection-tracks")
    eng = [m // 2 for m in order_on(state, "engineering")]
    gains = [2 * CUBE_VP, 1 * CUBE_VP, 1.0, 0.0]
    for s in (0, 1):
        assert track_income(state, s) == sum(g for e, g in zip(eng, gains, strict=True) if e == s)
    before, projected = track_income(state, seat), projected_vp(state, seat)
    spaces = state.tracks["initiative"]
    last = len(spaces) - 1
    penalty = state.comp["dice_board"]["tracks"]["initiative"]["penalties"][str(last)]
    assert penalty < 0
    marker = seat * 2                          # the seat's first marker, moved to the end
    for stack in spaces:
        if marker in stack:
            stack.remove(marker)
    spaces[last].append(marker)
    assert track_income(state, seat) == before + penalty
    assert projected_vp(state, seat) == projected + penalty


def test_the_initiative_track_counts_as_the_final_order_in_the_last_round_only() -> None:
    """A2.4 step 6 pays the final turn order, which the last round's production takes
    from the initiative track: the projection counts it then, not before (earlier the
    markers have rounds of moves ahead)."""
    state, seat = in_actions(2, "projection-order")
    table = FINAL_ORDER_VP[2]
    assert sum(final_order_vp(state, s) for s in (0, 1)) == sum(table)
    earlier = projected_vp(state, seat)
    state.round = ROUNDS
    assert productions_left(state) == 1
    last = projected_vp(state, seat)
    # the last round: one production left instead of eight, and the final order added
    assert last - earlier == (1 - ROUNDS) * income(state, seat) + final_order_vp(state, seat)
