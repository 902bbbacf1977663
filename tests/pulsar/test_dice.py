"""Dice phase: roll, median, draft order, track movement, stacks and edges (A2.3)."""

from __future__ import annotations

from rulesets.pulsar import RULESET as R
from rulesets.pulsar.dice import apply_draft, die_move, legal_drafts, marker_pos, order_on
from rulesets.pulsar.production import production
from rulesets.pulsar.state import Game

from .helpers import act, fresh, through_draft, through_setup


def test_die_move_counts_spaces_to_the_median_marker() -> None:
    m = 7  # between boxes 3 and 4
    assert die_move(2, m) == -2  # the rulebook's "2 spaces left"
    assert die_move(3, m) == -1
    assert die_move(4, m) == 1
    assert die_move(6, m) == 3
    assert die_move(4, 8) == 0  # a die in the marker's box moves nothing
    assert die_move(1, 8) == -3 and die_move(5, 8) == 1


def test_dice_count_by_player_count() -> None:
    for n, dice in ((2, 7), (3, 7), (4, 9)):
        s = through_setup(fresh(n, f"dc{n}"))
        assert len(s.dice["pool"]) == dice


def test_balanced_start_fixes_dice_in_round_one() -> None:
    s = through_setup(fresh(3, "bal", balanced_start=True))
    pool = list(s.dice["pool"])
    for v in (2, 3, 4, 5):
        pool.remove(v)
    assert len(pool) == 3
    s4 = through_setup(fresh(4, "bal4", balanced_start=True))
    pool = list(s4.dice["pool"])
    for v in range(1, 7):
        pool.remove(v)
    assert len(pool) == 3


def test_snake_draft_three_players_leaves_one_die() -> None:
    s = through_setup(fresh(3, "snake"))
    order = list(s.order)
    assert s.draft["picks"] == order + order[::-1]
    seen = []
    while s.phase == "draft":
        seen.append(R.to_act(s)[0])
        act(s, R.legal_actions(s, R.to_act(s)[0])[0])
    assert seen == order + order[::-1]
    assert len(s.dice["leftover"]) == 1
    assert all(len(p.dice) == 2 for p in s.players)


def test_two_players_four_rockets_each_pick_once_three_left() -> None:
    s = through_setup(fresh(2, "two"))
    a, b = s.order[0], s.order[1]
    assert s.order == [a, b, a, b]
    assert s.draft["picks"] == [a, b, a, b]
    while s.phase == "draft":
        act(s, R.legal_actions(s, R.to_act(s)[0])[0])
    assert len(s.dice["leftover"]) == 3
    # two markers per track, stacked in reverse order: first rocket's at the bottom
    start = s.comp["dice_board"]["tracks"]["initiative"]["start"]
    s2 = fresh(2, "two")
    assert [m // 2 for m in s2.tracks["initiative"][start]] == s2.order


def test_start_scores_and_reverse_stacking() -> None:
    s = fresh(4, "start")
    for i, seat in enumerate(s.order):
        assert s.players[seat].vp == 5 + i
    start = s.comp["dice_board"]["tracks"]["engineering"]["start"]
    assert [m // 2 for m in s.tracks["engineering"][start]] == s.order
    # the top of the stack (last player) counts as furthest left
    assert [m // 2 for m in order_on(s, "engineering")] == s.order[::-1]


def _setup_draft(pool: list[int], median: int) -> tuple[Game, int]:
    s = through_setup(fresh(3, "drafting"))
    s.dice["pool"] = sorted(pool)
    s.dice["median"] = median
    return s, R.to_act(s)[0]


def test_moving_marker_leaves_those_above_and_lands_on_top() -> None:
    s, seat = _setup_draft([1, 2, 3, 4, 5, 6, 6], 8)
    tr = s.tracks["initiative"]
    start = marker_pos(s, "initiative", seat * 2)
    others_before = [m for m in tr[start] if m != seat * 2]
    tr[start - 1].append(99)  # someone already one space left
    apply_draft(s, seat, {"type": "draft", "die": 3, "track": "initiative", "marker": 0}, [])
    assert [m for m in tr[start]] == others_before  # the rest keep their order
    assert tr[start - 1] == [99, seat * 2]  # arrived on top


def test_edge_other_marker_then_other_die_then_forced() -> None:
    s, seat = _setup_draft([1, 3, 3, 4, 4, 5, 6], 8)
    tr = s.tracks
    for name in ("initiative", "engineering"):
        for st in tr[name]:
            if seat * 2 in st:
                st.remove(seat * 2)
    tr["initiative"][1].append(seat * 2)  # a 1 (3 left) would leave this track
    tr["engineering"][5].append(seat * 2)
    legal = legal_drafts(s, seat)
    ones = [a for a in legal if a["die"] == 1]
    assert ones == [{"type": "draft", "die": 1, "track": "engineering", "marker": 0}]
    # both markers at the left end: leftward dice are refused while another die is legal
    tr["engineering"][5].remove(seat * 2)
    tr["engineering"][0].append(seat * 2)
    tr["initiative"][1].remove(seat * 2)
    tr["initiative"][0].append(seat * 2)
    legal = legal_drafts(s, seat)
    assert not any(a["die"] in (1, 3) for a in legal)
    assert any(a["die"] == 4 for a in legal)
    # nothing legal at all: forced leftward goes to the end, on top of the stack
    s.dice["pool"] = [1, 1, 1, 1, 1, 1, 3]
    tr["initiative"][0].remove(seat * 2)
    tr["initiative"][0].insert(0, seat * 2)
    tr["initiative"][0].insert(0, 77)
    legal = legal_drafts(s, seat)
    assert legal and all(a["die"] in (1, 3) for a in legal)
    apply_draft(s, seat, {"type": "draft", "die": 1, "track": "initiative", "marker": 0}, [])
    assert tr["initiative"][0][-1] == seat * 2


def test_forced_rightward_goes_to_the_bottom() -> None:
    s, seat = _setup_draft([6, 6, 6, 6, 6, 6, 6], 2)  # marker in box 1, every die 5 right
    last = len(s.tracks["initiative"]) - 1
    for name in ("initiative", "engineering"):
        for st in s.tracks[name]:
            if seat * 2 in st:
                st.remove(seat * 2)
        s.tracks[name][last - 1].append(seat * 2)
    s.tracks["initiative"][last].append(55)
    legal = legal_drafts(s, seat)
    assert legal and all(a["die"] == 6 for a in legal)
    apply_draft(s, seat, {"type": "draft", "die": 6, "track": "initiative", "marker": 0}, [])
    assert s.tracks["initiative"][last] == [seat * 2, 55]


def test_new_turn_order_follows_initiative_top_counts_left() -> None:
    s = through_draft(fresh(3, "order"))
    tr = s.tracks["initiative"]
    for st in tr:
        st.clear()
    tr[2].extend([0, 4])  # seat 2 on top of seat 0
    tr[5].append(2)
    production(s, [])
    assert s.order == [2, 0, 1]


def test_two_player_engineering_and_penalties() -> None:
    s = through_draft(fresh(2, "eng2"))
    tr = s.tracks["engineering"]
    for st in tr:
        st.clear()
    tr[0].extend([1, 0])  # seat 0 (marker 0) on top of seat 0 (marker 1): 2 + 1 cubes
    tr[3].append(2)  # seat 1: third -> 1 VP
    last = len(tr) - 1
    tr[last].append(3)  # seat 1's other marker on the -2 space
    ini = s.tracks["initiative"]
    for st in ini:
        st.clear()
    ini[2].extend([0, 1, 2, 3])
    for p in s.players:
        p.vp = 10
        p.cubes = 0
    production(s, [])
    assert s.players[0].cubes == 3
    assert s.players[1].cubes == 0
    assert s.players[1].vp == 10 + 1 - 2


def test_penalty_never_below_zero() -> None:
    s = through_draft(fresh(3, "pen"))
    last = len(s.tracks["initiative"]) - 1
    for name in ("initiative", "engineering"):
        for st in s.tracks[name]:
            if 0 in st:
                st.remove(0)
        s.tracks[name][last].append(0)
    s.players[0].vp = 1
    s.players[0].cubes = 0
    production(s, [])
    assert s.players[0].vp == 0
