"""Action-phase rules: systems and stations, pulsars, gyrodynes, awards, transmitters, patents,
HQ projects, modifiers and bonus dice (A2.3), final scoring (A2.4)."""

from __future__ import annotations

import json

import pytest

from rulesets.base import IllegalAction
from rulesets.pulsar import RULESET as R
from rulesets.pulsar.gyros import build
from rulesets.pulsar.scoring import apply_final, finish, start_final, station_vp
from rulesets.pulsar.state import Game, Player
from rulesets.pulsar.view import view

from .helpers import act, find, fresh, give_dice, in_actions


def _fly(s: Game, seat: int, value: int, path: list[str]) -> list[dict]:
    give_dice(s, seat, value)
    events = act(s, find(R.legal_actions(s, seat), type="fly", die=0, mod=""))
    for node in path:
        events += act(s, {"type": "step", "to": node})
    return events


def test_passing_a_system_puts_the_station_on_a_barren_planet() -> None:
    s, seat = in_actions(3, "pass")
    s.systems["S1"]["tile"] = "T03"  # blue, barren, barren(2p), blue(2-3p)
    s.players[seat].ship = "J1"
    events = _fly(s, seat, 2, ["S1", "J3"])
    reveal = next(e for e in events if e["type"] == "reveal")
    assert reveal["planets"] == [None, None, None, "X"]  # 3 players block the 2-3 symbol
    assert s.pending["kind"] == "station" and s.pending["mode"] == "pass"
    act(s, {"type": "station", "build": True})
    assert s.systems["S1"]["planets"] == [None, seat, None, "X"]
    assert s.pending is None  # no exploration bonus when passing


def test_ending_on_a_system_takes_a_blue_planet_and_the_bonus_or_a_tile() -> None:
    s, seat = in_actions(4, "end")
    s.systems["S1"]["tile"] = "T03"
    p = s.players[seat]
    p.ship = "J1"
    _fly(s, seat, 1, ["S1"])
    act(s, {"type": "station", "build": True})
    assert s.systems["S1"]["planets"][0] == seat
    assert s.pending["kind"] == "bonus"
    cubes = p.cubes
    act(s, {"type": "system_bonus", "take": "printed"})
    assert p.cubes == cubes + 2  # T03 prints 2 cubes
    # one station per system and player
    p.ship = "J1"
    _fly(s, seat, 1, ["S1"])
    assert s.pending is None


def test_two_players_block_both_symbols() -> None:
    s, seat = in_actions(2, "block2")
    s.systems["S1"]["tile"] = "T03"
    s.players[seat].ship = "J1"
    events = _fly(s, seat, 1, ["S1"])
    reveal = next(e for e in events if e["type"] == "reveal")
    assert reveal["planets"] == [None, None, "X", "X"]


def test_ending_on_a_system_passed_earlier_counts_as_ending() -> None:
    s, seat = in_actions(3, "loop")
    s.systems["S1"]["tile"] = "T03"
    s.players[seat].ship = "J2"
    _fly(s, seat, 6, ["J1", "S1", "J3", "S3", "S2", "S1"])
    passed = []
    while s.pending["mode"] == "pass":
        passed.append(s.pending["node"])
        act(s, {"type": "station", "build": False})
    assert passed == ["S3", "S2"]  # S1 was passed too, but the flight ends there
    assert s.pending["node"] == "S1" and s.pending["mode"] == "end"


def test_dead_end_in_and_out_and_extra_tile() -> None:
    s, seat = in_actions(3, "dead")
    p = s.players[seat]
    p.ship = "S15"
    give_dice(s, seat, 2)
    act(s, find(R.legal_actions(s, seat), type="fly"))
    assert {"type": "step", "to": "S16"} in R.legal_actions(s, seat)
    act(s, {"type": "step", "to": "S16"})
    assert R.legal_actions(s, seat) == [{"type": "step", "to": "S15"}]  # out the same way
    act(s, {"type": "step", "to": "S15"})
    assert s.pending["node"] == "S16"
    stack = len(s.explore["stack"])
    events = act(s, {"type": "station", "build": True})
    assert any(e["type"] == "explore_draw" for e in events)
    assert len(s.explore["stack"]) == stack - 1


def test_never_back_to_the_own_starting_gate() -> None:
    s, seat = in_actions(3, "gate")
    p = s.players[seat]
    p.gate = "G1"
    p.ship = "S2"
    give_dice(s, seat, 1)
    act(s, find(R.legal_actions(s, seat), type="fly"))
    assert {"type": "step", "to": "G1"} not in R.legal_actions(s, seat)


def test_flight_needs_an_exact_trail_and_illegal_step_is_rejected() -> None:
    s, seat = in_actions(3, "trail")
    s.players[seat].ship = "J2"  # J2 has only J1 and P1 around it
    give_dice(s, seat, 2)
    act(s, find(R.legal_actions(s, seat), type="fly"))
    act(s, {"type": "step", "to": "P1"})
    before = json.dumps(R.to_json(s), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        R.apply(s, seat, {"type": "step", "to": "J2"})
    assert err.value.code == "illegal_step" and err.value.rule == "A2.3"
    assert json.dumps(R.to_json(s), sort_keys=True) == before


def test_claiming_pulsars_stops_at_six_rings() -> None:
    s, seat = in_actions(3, "rings")
    p = s.players[seat]
    p.pulsars = {f"X{i}": None for i in range(6)}
    p.ship = "J1"
    _fly(s, seat, 1, ["P1"])
    assert s.pending is None and "P1" not in s.owner


def test_gyrodyne_take_build_finish_costs() -> None:
    s, seat = in_actions(3, "gyro")
    p = s.players[seat]
    p.pulsars = {"P4": None}
    s.owner["P4"] = seat
    give_dice(s, seat, 1, 2, 4)
    legal = R.legal_actions(s, seat)
    assert find(legal, type="take_gyro", size="small", mod="")["die"] == 0
    assert find(legal, type="take_gyro", size="medium", mod="")["die"] == 1
    assert find(legal, type="take_gyro", size="large", mod="")["die"] == 2
    act(s, find(legal, type="take_gyro", size="large", mod=""))
    act(s, {"type": "build", "size": "large", "pulsar": "P4"})
    assert p.pulsars["P4"] == {"size": "large", "spinning": False}
    assert not any(a["type"] == "build" for a in R.legal_actions(s, seat))  # never replaced
    give_dice(s, seat, 6)
    act(s, find(R.legal_actions(s, seat), type="finish_gyro", pulsar="P4", mod=""))
    assert p.pulsars["P4"]["spinning"]


def test_construction_awards_first_second_and_four_before_two() -> None:
    s, _ = in_actions(3, "award")
    a, b, c = 0, 1, 2
    for seat in (a, b, c):
        s.players[seat].gyros = {"small": 4, "medium": 4, "large": 4}
        s.players[seat].pulsars = {f"Q{seat}{i}": None for i in range(6)}
    vp = [p.vp for p in s.players]
    build(s, a, "small", f"Q{a}0", [])
    build(s, a, "small", f"Q{a}1", [])
    assert s.players[a].vp - vp[a] == 7
    build(s, b, "small", f"Q{b}0", [])
    build(s, b, "small", f"Q{b}1", [])
    assert s.players[b].vp - vp[b] == 4
    assert s.awards["small"] == []
    # medium: c reaches 4 before anyone else has 2 and takes both
    for i in range(4):
        build(s, c, "medium", f"Q{c}{i}", [])
    assert sorted(w for sz, w in s.players[c].awards if sz == "medium") == ["first", "second"]
    assert s.players[c].vp - vp[c] == 11


def _set_display(s: Game, *tiles: str) -> None:
    s.tx["display"] = list(tiles)


def test_transmitters_take_connect_activate_and_joint_bonus_die() -> None:
    s, seat = in_actions(3, "tx", first_game=True)
    p = s.players[seat]
    _set_display(s, "A1", "A2", "A3")
    tx = {t["id"]: t for t in s.comp["transmitters"]}
    assert tx["A1"]["costs"] == [2] and tx["A2"]["costs"] == [3, 1]
    give_dice(s, seat, 1, 2, 3)
    act(s, find(R.legal_actions(s, seat), type="take_tx", slot=1, cost=1, mod=""))
    assert p.transmitters["A2"] == {"covered": [False, True], "active": False}
    assert s.pending is None  # first tile: a new array, nothing to decide
    vp = p.vp
    act(s, find(R.legal_actions(s, seat), type="take_tx", slot=0, mod=""))
    pending = s.pending
    assert pending is not None and pending["kind"] == "connect"
    act(s, {"type": "connect", "tile": "A1", "point": 0, "to": "A2", "to_point": 0})
    assert p.transmitters["A1"]["active"]  # single cost: flips when taken
    assert p.vp == vp + 2  # A1's one-time reward
    markers = p.markers
    events = act(s, find(R.legal_actions(s, seat), type="pay_tx", tile="A2", mod=""))
    assert p.transmitters["A2"]["active"] and p.markers == markers + 1
    joint = next(e for e in events if e["type"] == "bonus_die")
    assert joint["value"] == tx["A1"]["points"][0] + tx["A2"]["points"][0]
    assert p.dice == [{"v": joint["value"], "red": True}]


def test_one_bonus_die_per_round_and_copy_costs_four_cubes() -> None:
    s, seat = in_actions(3, "copy")
    p = s.players[seat]
    p.cubes = 3
    assert not any(a["type"] == "copy" for a in R.legal_actions(s, seat))
    p.cubes = 5
    left = s.dice["leftover"][0]
    act(s, {"type": "copy", "value": left})
    assert p.cubes == 1 and p.dice[-1] == {"v": left, "red": True}
    p.cubes = 8
    assert not any(a["type"] == "copy" for a in R.legal_actions(s, seat))


def test_modifiers_never_zero_never_combined_and_bought() -> None:
    s, seat = in_actions(3, "mods")
    p = s.players[seat]
    p.mods = {"pm": 1, "p2": 1}
    give_dice(s, seat, 1)
    legal = R.legal_actions(s, seat)
    pays = {(a.get("mod"), a["type"]) for a in legal if "die" in a}
    assert ("-1", "take_gyro") not in pays  # 1 - 1 = 0 is never allowed
    assert not any(a["type"] == "finish_gyro" for a in legal)
    assert find(legal, type="take_gyro", size="medium", mod="+1")
    # a 1 can buy a +-1 token but not a +2 one (that needs a 2)
    assert find(legal, type="buy_mod", kind="pm", mod="")
    assert find(legal, type="buy_mod", kind="p2", mod="+1")
    assert not [a for a in legal if a["type"] == "buy_mod" and a["kind"] == "p2" and a["mod"] == ""]
    act(s, find(legal, type="take_gyro", size="medium", mod="+1"))
    assert p.mods == {"pm": 0, "p2": 1}


def test_patents_rows_two_players_once_per_round() -> None:
    s, seat = in_actions(3, "patent", first_game=True)
    assert s.tech_boards == ["SI-A", "SII-A", "SIII-A"]
    give_dice(s, seat, 4, 3)
    legal = R.legal_actions(s, seat)
    assert not any(a.get("tech") == "SI-3" for a in legal)  # row 2 not open in round 1
    act(s, find(legal, type="patent", tech="SI-2", mod=""))  # once per round, +3 VP
    nxt = s.turns["seq"][1]
    R.apply(s, seat, {"type": "end_turn"})
    give_dice(s, nxt, 3, 3)
    with pytest.raises(IllegalAction) as err:
        R.apply(s, nxt, {"type": "patent", "tech": "SI-2", "die": 0, "mod": ""})
    assert err.value.code == "once_per_round"
    s.round += 1
    act(s, find(R.legal_actions(s, nxt), type="patent", tech="SI-2"))
    assert s.techs["SI-2"]["by"] == [seat, nxt]


def test_two_player_once_per_round_tech_is_for_one_player() -> None:
    s, seat = in_actions(2, "patent2", first_game=True)
    give_dice(s, seat, 3)
    act(s, find(R.legal_actions(s, seat), type="patent", tech="SI-2"))
    other = 1 - seat
    s.round += 3
    give_dice(s, other, 3)
    from rulesets.pulsar.actions import patentable

    assert patentable(s, other, s.c.tech["SI-2"]) == "once_per_round_two_players"


def test_patent_bonus_die_needs_a_cube_and_a_free_red_die() -> None:
    s, seat = in_actions(3, "pdie", first_game=True)
    s.time = 2
    p = s.players[seat]
    give_dice(s, seat, 5)
    p.cubes = 0
    assert not any(a.get("tech") == "SI-5" for a in R.legal_actions(s, seat))
    p.cubes = 1
    act(s, find(R.legal_actions(s, seat), type="patent", tech="SI-5"))
    assert p.cubes == 0 and p.dice == [{"v": 6, "red": True}]


def test_hq_pyramid_opens_row_by_row() -> None:
    s, seat = in_actions(3, "hq", hq=True)
    from rulesets.pulsar.actions import open_hq_projects

    p = s.players[seat]
    side = next(b for b in s.comp["hq_boards"] if b["id"] == p.hq["board"])["sides"][p.hq["side"]]
    assert open_hq_projects(s, seat) == side["rows"][0]
    p.hq_done = list(side["rows"][0][:-1])
    assert open_hq_projects(s, seat) == side["rows"][0][-1:]
    p.hq_done = list(side["rows"][0])
    assert open_hq_projects(s, seat) == side["rows"][1]


def _bare(p: Player) -> None:
    """A seat with nothing that final scoring counts."""
    p.vp = p.cubes = 0
    p.pulsars = {}
    p.gyros = {"small": 0, "medium": 0, "large": 0}
    p.stations, p.kept, p.patents = [], [], []


def test_final_scoring_steps_three_to_seven_and_tiebreak() -> None:
    s, _ = in_actions(3, "final")
    for p in s.players:
        _bare(p)
    s.order = [2, 0, 1]
    a = s.players[0]
    a.pulsars = {"P1": None, "P2": {"size": "small", "spinning": False},
                 "P3": {"size": "small", "spinning": True}}
    a.gyros["large"] = 1
    a.cubes = 5
    a.stations = [f"S{i}" for i in range(1, 14)]
    a.kept = ["X11"]
    s.phase = "final"
    finish(s, [])
    # 2 idle pulsars + (1 building + 1 unplaced) + 2 cube pairs + 4 (2nd) + 14 stations
    assert s.players[0].vp == 2 + 2 + 2 + 4 + station_vp(s, 14)
    assert station_vp(s, 13) == 50 and station_vp(s, 14) == 53
    assert s.players[2].vp == 7 and s.players[1].vp == 0  # 3rd scores 0 at 3p


def test_tie_goes_to_the_player_further_back() -> None:
    s, _ = in_actions(4, "tie")
    for p in s.players:
        _bare(p)
    s.order = [0, 1, 2, 3]
    s.players[2].vp = 5  # 2 + 2 (3rd place) ties 0 + 7 (1st place)
    s.players[0].vp = 0
    finish(s, [])
    out = R.outcome(s)
    assert out is not None and out.scores is not None
    assert out.scores[0] == out.scores[2] == 7
    assert out.winners == (2,) and out.tiebreak == ("turn_order_further_back",)


def test_exploration_reshuffle_and_kept_station_tile() -> None:
    from rulesets.pulsar.effects import draw_exploration, run_queue
    from rulesets.pulsar.scoring import station_count

    s, seat = in_actions(3, "explore")
    ex = s.explore
    ex["discard"] = [t for t in ex["stack"] if t != "X11"]
    ex["stack"] = ["X11"]
    events: list = []
    draw_exploration(s, seat, events)  # the keep tile: held, not discarded
    assert s.players[seat].kept == ["X11"] and ex["stack"] == []
    assert station_count(s, seat) == len(s.players[seat].stations) + 1
    draw_exploration(s, seat, events)  # empty stack: the discards are reshuffled
    assert any(e["type"] == "explore_reshuffle" for e in events)
    assert len(ex["stack"]) + len(ex["discard"]) == 11
    run_queue(s, events)


def test_final_scoring_keeps_a_public_table_per_player_and_step() -> None:
    s, _ = in_actions(3, "table")
    start_final(s, [])
    while s.phase == "final":
        seat = s.final["seq"][s.final["i"]]
        apply_final(s, seat, {"type": "finish_scoring"}, [])
    table = s.final["table"]
    assert set(table) == {"0", "1", "2"}
    for seat, row in table.items():
        # the steps add up to the final score, and the view shows the table
        assert row["before"] + sum(v for k, v in row.items() if k != "before") == \
            s.players[int(seat)].vp
        assert "stations" in row and "final_order" in row
    assert view(s, 1)["final"]["table"] == table


def test_every_seat_sees_the_face_up_top_transmitter_and_the_count() -> None:
    """Setup A2.2: the transmitter groups are shuffled "képpel felfelé" (face up) and stacked,
    so the top tile is open to all; the order below it stays hidden."""
    s = fresh(3)
    stack = s.tx["stack"]
    top, beneath = stack[-1], stack[-2]
    for seat in (None, 0, 1, 2):
        tx = view(s, seat)["tx"]
        assert tx["top"] == top and tx["stack"] == len(stack)
    # the round's refill reveals exactly that tile first; then the one beneath is on top
    step = 0
    while s.round == 1:
        seat = R.to_act(s)[0]
        R.apply(s, seat, R.bot_action(s, seat, "random", f"tx/{step}"))
        step += 1
    assert s.tx["display"][0] == top
    assert view(s, 1)["tx"]["top"] == s.tx["stack"][-1]
    assert s.tx["display"][1] == beneath


def test_the_view_of_an_empty_transmitter_stack_has_no_top() -> None:
    s = fresh(2)
    s.tx["discard"] += s.tx["stack"]
    s.tx["stack"] = []
    assert view(s, 0)["tx"]["top"] is None and view(s, 0)["tx"]["stack"] == 0
