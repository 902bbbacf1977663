"""The rulebook's worked examples (A2.7) as tests."""

from __future__ import annotations

from rulesets.pulsar import RULESET as R
from rulesets.pulsar.dice import median_half, order_on
from rulesets.pulsar.flight import reachable_ends
from rulesets.pulsar.production import production, row_bonus
from rulesets.pulsar.scoring import apply_final, final_actions, start_final
from rulesets.pulsar.state import Game

from .helpers import act, find, fresh, give_dice, in_actions


def test_flight_legality_example() -> None:
    """Red reaches the pulsar with 1 or 2, the system with 1 or 4; not the pulsar with 3 or 5
    (that would reuse a segment). Stand-in region: ship at J1, pulsar P1, system S1."""
    c = fresh().c
    ends = {k: reachable_ends(c, "J1", k, None) for k in range(1, 6)}
    assert "P1" in ends[1] and "P1" in ends[2]
    assert "P1" not in ends[3] and "P1" not in ends[5]
    assert "S1" in ends[1] and "S1" in ends[4]


def test_flight_example_through_the_engine() -> None:
    s, seat = in_actions(3, "fly")
    p = s.players[seat]
    p.ship = "J1"
    give_dice(s, seat, 3, 2)
    legal = R.legal_actions(s, seat)
    act(s, find(legal, type="fly", die=1, mod=""))  # a flight of 2
    act(s, find(R.legal_actions(s, seat), type="step", to="J2"))
    # J1-J2 is used in this flight, so the only way on is the pulsar
    assert {a["to"] for a in R.legal_actions(s, seat)} == {"P1"}
    act(s, {"type": "step", "to": "P1"})
    assert s.pending["kind"] == "claim"
    act(s, {"type": "claim", "take": True})
    assert "P1" in p.pulsars and s.owner["P1"] == seat
    # a flight of 3 from P1's neighbour cannot end on P1: segment reuse is refused
    p.ship = "J1"
    del s.owner["P1"]
    del p.pulsars["P1"]
    act(s, find(R.legal_actions(s, seat), type="fly", die=0, mod=""))  # flight of 3
    act(s, {"type": "step", "to": "P1"})
    act(s, {"type": "step", "to": "J2"})
    assert {a["to"] for a in R.legal_actions(s, seat)} == {"J1"}  # not back to P1


def test_production_eleven_vp() -> None:
    """Row bonus 4: spinning medium (2+4) + small (1+4) = 11 VP."""
    s, seat = in_actions(3, "prod")
    row4 = next(t for t in range(8) if _bonus_at(s, t) == 4)
    s.time = row4
    p = s.players[seat]
    p.pulsars = {"P2": {"size": "medium", "spinning": True},
                    "P3": {"size": "small", "spinning": True}}
    _neutral_tracks(s)
    before = p.vp
    events: list = []
    production(s, events)
    gyro = [e for e in events if e.get("why") == "gyrodynes" and e["seat"] == seat]
    assert gyro[0]["delta"] == 11
    assert p.vp - before >= 11


def test_median_bonus_row() -> None:
    """Median marker between 4 and 5 on a median-symbol row: +5 per spinning gyrodyne."""
    s, _ = in_actions(3, "median")
    med_row = next(t for t in range(8) if _bonus_at(s, t) == "median")
    s.time = med_row
    s.dice["median"] = 9  # half-units: between boxes 4 and 5
    assert row_bonus(s) == 5
    s.dice["median"] = 8  # centre of box 4
    assert row_bonus(s) == 4


def test_median_marker_between_three_and_four() -> None:
    """The rulebook's roll: the middle die is a 3 with more dice to the right, so the marker
    ends between boxes 3 and 4 (7 dice, 3 players)."""
    assert median_half([1, 2, 3, 3, 3, 5, 6]) == 6  # equal both sides: centre of box 3
    assert median_half([1, 3, 3, 3, 4, 5, 6]) == 7  # more right: between 3 and 4
    assert median_half([1, 1, 2, 3, 3, 5, 6]) == 5  # more left: between 2 and 3


def test_jump_gate_race_six_vp() -> None:
    """A 5-step flight visiting 3 orange gates scores 6 (2 per gate); the start gate does not
    count even if orange, and a revisited gate counts once."""
    s, seat = in_actions(3, "race", hq=True)
    p = s.players[seat]
    race_pid = _race_project(s, seat, "orange", 2)
    p.hq_done.append(race_pid)
    p.ship = "S6"
    give_dice(s, seat, 5)
    act(s, find(R.legal_actions(s, seat), type="fly", race=race_pid, color="orange"))
    before = p.vp
    events: list = []
    for node in ["J1", "S1", "J3", "J4", "S7"]:
        _skip_pending(s)
        events += act(s, {"type": "step", "to": node})
    race = next(e for e in events if e["type"] == "race")
    assert race["vp"] == 6 and race["gates"] == ["J1", "J3", "J4"]
    assert p.vp - before == 6
    assert race_pid in p.races_used
    assert not any(a.get("race") == race_pid for a in R.legal_actions(s, seat))


def test_race_start_gate_and_revisit_count_once() -> None:
    s, seat = in_actions(3, "race2", hq=True)
    p = s.players[seat]
    race_pid = _race_project(s, seat, "orange", 2)
    p.hq_done.append(race_pid)
    p.ship = "J4"  # an orange gate: the start does not count
    p.mods["p2"] = 1
    give_dice(s, seat, 5)
    act(s, find(R.legal_actions(s, seat), type="fly", race=race_pid, color="orange", mod="+2"))
    events: list = []
    for node in ["J3", "S1", "J1", "J2", "P1", "J1", "S6"]:
        events += act(s, {"type": "step", "to": node})
    race = next(e for e in events if e["type"] == "race")
    assert race["gates"] == ["J1", "J3"] and race["vp"] == 4


def test_goal_patents_example() -> None:
    """>=5 patents: 6 VP; 4 more cubes: +6; 1 more cube: +6."""
    s, seat = in_actions(3, "goal")
    s.goals = [{"tile": 0, "side": 0}, {"tile": 2, "side": 0}, {"tile": 3, "side": 0}]
    side = s.comp["goals"][0]["sides"][0]
    assert side["condition"] == {"kind": "patents", "n": 5}
    p = s.players[seat]
    p.patents = ["SI-1", "SI-2", "SI-3", "SI-4", "SI-5"]
    p.cubes = 5
    s.round = 8
    before = p.vp
    events: list = []
    start_final(s, events)
    assert p.vp - before == 6  # SI-1..SI-5 include no purple technology
    while s.final["seq"][s.final["i"]] != seat:
        apply_final(s, s.final["seq"][s.final["i"]], {"type": "finish_scoring"}, events)
    v0 = p.vp
    apply_final(s, seat, find(final_actions(s, seat), type="buy_goal_bonus", goal=0), events)
    assert p.vp - v0 == 6 and p.cubes == 1
    apply_final(s, seat, find(final_actions(s, seat), type="buy_goal_bonus", goal=0), events)
    assert p.vp - v0 == 12 and p.cubes == 0
    assert final_actions(s, seat) == [{"type": "finish_scoring"}]


def test_engineering_cubes_three_players() -> None:
    """Red leftmost gets 3 cubes; green on top of yellow gets 2; yellow gets 0."""
    s, _ = in_actions(3, "eng")
    red, green, yellow = 0, 1, 2
    tr = s.tracks["engineering"]
    for stack in tr:
        stack.clear()
    tr[1].append(red * 2)
    tr[3].extend([yellow * 2, green * 2])  # green on top
    for st in s.tracks["initiative"]:
        st.clear()
    s.tracks["initiative"][4].extend([0, 2, 4])
    assert [m // 2 for m in order_on(s, "engineering")] == [red, green, yellow]
    cubes = [p.cubes for p in s.players]
    production(s, [])
    # nobody has transmitters yet, so every cube comes from the engineering track
    assert [p.cubes - c for p, c in zip(s.players, cubes, strict=True)] == [3, 2, 0]


def _bonus_at(s: Game, t: int):
    saved = s.time
    s.time = t
    from rulesets.pulsar.common import time_row

    b = time_row(s)["bonus"]
    s.time = saved
    return b


def _neutral_tracks(s: Game) -> None:
    """Markers on the start spaces so no penalty interferes."""
    for name in ("initiative", "engineering"):
        start = s.comp["dice_board"]["tracks"][name]["start"]
        ms = [m for st in s.tracks[name] for m in st]
        for st in s.tracks[name]:
            st.clear()
        s.tracks[name][start].extend(ms)


def _race_project(s: Game, seat: int, color: str, vp: int) -> str:
    for hb in s.comp["hq_boards"]:
        for side in hb["sides"].values():
            for proj in side["projects"]:
                race = proj.get("race")
                if race and race["colors"] == [color] and race["vp"] == vp:
                    return proj["id"]
    raise AssertionError("stand-in has no such race project")


def _skip_pending(s: Game) -> None:
    while s.pending is not None:
        opts = s.pending["options"]
        act(s, opts[-1])
