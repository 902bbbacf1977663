"""Setup, secret assignment and reveal, management, the end and tie-breaks (A3.2-A3.5)."""

from __future__ import annotations

import pytest

from rulesets.base import ConfigError, IllegalAction
from rulesets.rng import Rng
from rulesets.roll import RULESET as R
from rulesets.roll import engine
from rulesets.roll.data import CARDS, PHASES
from rulesets.roll.empire import owned_dice
from tests.roll.helpers import (
    act,
    blank,
    build,
    check_components,
    halted,
    new,
    run_phases,
    set_roll,
    to,
)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup(n: int) -> None:
    s = R.new_game(R.example_config(n), f"setup{n}")
    assert s.vp_pool == 12 * n and s.vp_tens == 50
    assert s.stage == "setup" and R.to_act(s) == [s.order[0]]
    factions = [p.faction for p in s.players]
    assert len(set(factions)) == n and s.players[s.order[0]].faction == min(factions)
    assert s.order == [(s.order[0] + i) % n for i in range(n)]
    for p in s.players:
        dice = owned_dice(p)
        assert dice["white"] >= 5 and p.cup["white"] >= 3 and p.cit["white"] >= 2
        doomed = CARDS[p.home].name == "Doomed World"
        assert p.credits == (8 if doomed else 1)
    check_components(s)
    for seat in list(s.order):
        options = R.legal_actions(s, seat)
        assert len(options) == 2 and all(o["type"] == "setup" for o in options)
        R.apply(s, seat, options[0])
    assert s.stage == "assign" and s.round == 1
    for p in s.players:
        assert len(p.dev_stack) == 1 and len(p.world_stack) == 1
    check_components(s)


def test_first_game_puts_lower_cost_sides_up() -> None:
    s = new(3, "fg", first_game=True)
    assert s.stage == "assign"
    for p in s.players:
        assert len(p.dev_stack) == 1 and len(p.world_stack) == 1


@pytest.mark.parametrize("n", [1, 6, None])
def test_bad_player_counts(n) -> None:
    with pytest.raises(ConfigError):
        R.new_game({"players": n}, "x")


def test_starting_dice_from_faction_and_home_world() -> None:
    s = new()
    for p in s.players:
        expected = {"white": 5}
        for key in p.tableau:
            eff = CARDS[key].effect
            for c in eff.get("citizenry", []) + eff.get("cup", []) + ([CARDS[key].colour] if eff.get("good") else []):
                expected[c] = expected.get(c, 0) + 1
        assert {c: n for c, n in owned_dice(p).items() if n} == expected


# ---- secret assignment --------------------------------------------------------------

def _assign_all_but(s, keep: int, seed: str = "a") -> None:
    rng = Rng.from_seed(seed)
    for seat in range(len(s.players)):
        if seat == keep:
            continue
        while seat in R.to_act(s):
            legal = R.legal_actions(s, seat)
            R.apply(s, seat, legal[rng.below(len(legal))])


def test_assignment_is_secret_until_everyone_commits() -> None:
    s = new(3, "sec")
    assert sorted(R.to_act(s)) == [0, 1, 2]
    before = R.view(s, 1)
    seat = 0
    all_events = []
    while seat in R.to_act(s):
        legal = R.legal_actions(s, seat)
        _st, ev = R.apply(s, seat, legal[-1] if legal[0]["type"] != "done" else legal[0])
        all_events += ev
    assert 0 not in R.to_act(s) and sorted(R.to_act(s)) == [1, 2]
    after = R.view(s, 1)
    # Only the public commitment flag changed for seat 1.
    before["players"][0]["committed"] = True
    assert after == before
    assert "assign" in R.view(s, 0)["players"][0] and "assign" not in after["players"][0]
    seen = [R.event_view(e, 1) for e in all_events]
    assert [e for e in seen if e is not None] == [{"type": "committed", "seat": 0}]
    assert all(R.event_view(e, 0) is not None for e in all_events)
    # Seat 1 and 2 commit; now everything is revealed to everyone at once.
    events = []
    for seat in (1, 2):
        while seat in R.to_act(s):
            legal = R.legal_actions(s, seat)
            _st, ev = R.apply(s, seat, next(a for a in legal if a["type"] in ("done", "select", "place")))
            events += ev
    reveal = [e for e in events if e["type"] == "reveal"]
    assert len(reveal) == 1 and R.event_view(reveal[0], 1) == reveal[0]
    assert len(reveal[0]["assignments"]) == 3


def test_assignment_order_wilds_then_select_then_powers() -> None:
    s = new(2, "ord")
    set_roll(s, 0, [("yellow", "wild"), ("white", "explore")])
    assert {a["type"] for a in R.legal_actions(s, 0)} == {"place"}
    with pytest.raises(IllegalAction) as e:
        R.apply(s, 0, {"type": "done"})
    assert e.value.code == "wrong_action_type"
    act_ = {"type": "place", "colour": "yellow", "phase": "ship"}
    R.apply(s, 0, act_)
    assert {a["type"] for a in R.legal_actions(s, 0)} == {"select"}
    R.apply(s, 0, {"type": "select", "colour": "yellow", "from": "ship", "phase": "ship"})
    assert {a["type"] for a in R.legal_actions(s, 0)} == {"done", "dictate"}
    R.apply(s, 0, {"type": "dictate", "colour": "white", "from": "explore"})
    assert R.legal_actions(s, 0) == [{"type": "stop"}]  # nothing left to reassign
    R.apply(s, 0, {"type": "stop"})
    R.apply(s, 0, {"type": "done"})
    _assign_all_but(s, keep=0)
    assert "ship" in s.selected
    check_components(s)


def test_reveal_returns_unselected_columns_and_dictate_dice_to_cup() -> None:
    s = new(2, "rev")
    for seat in (0, 1):
        set_roll(s, seat, [("white", "explore"), ("white", "develop"), ("white", "ship")]
                 + ([("red", "settle")] if seat == 0 else []))
    for seat in (0, 1):
        R.apply(s, seat, {"type": "select", "colour": "white", "from": "develop", "phase": "develop"})
    R.apply(s, 0, {"type": "dictate", "colour": "white", "from": "ship"})
    R.apply(s, 0, {"type": "stop"})
    events = []
    for seat in (0, 1):
        events += R.apply(s, seat, {"type": "done"})[1]
    reveal = next(e for e in events if e["type"] == "reveal")
    assert reveal["assignments"][0]["dictated"] == ["white"]
    chosen = {"develop"} | ({reveal["extra_phase"]} if reveal["extra_phase"] else set())
    assert set(reveal["phases"]) == chosen
    check_components(s)


def test_two_player_extra_die_adds_a_phase() -> None:
    found = False
    for i in range(40):
        s = new(2, f"x{i}")
        for seat in (0, 1):
            set_roll(s, seat, [("white", "develop")])
        for seat in (0, 1):
            R.apply(s, seat, {"type": "select", "colour": "white", "from": "develop", "phase": "develop"})
        events = []
        for seat in (0, 1):
            events += R.apply(s, seat, {"type": "done"})[1]
        reveal = next(e for e in events if e["type"] == "reveal")
        assert reveal["extra_die"] in PHASES
        if reveal["extra_die"] != "develop":
            assert reveal["extra_phase"] == reveal["extra_die"]
            assert reveal["phases"] == [ph for ph in PHASES if ph in ("develop", reveal["extra_die"])]
            found = True
        else:
            assert reveal["extra_phase"] is None and reveal["phases"] == ["develop"]
    assert found


def test_no_extra_die_with_three_players() -> None:
    s = new(3, "three")
    _assign_all_but(s, keep=-1)
    assert s.extra_phase is None and s.extra_die is None


# ---- management -----------------------------------------------------------------------

def test_recruit_all_when_affordable_and_credits_floor(monkeypatch) -> None:
    s = new()
    p = blank(s, 0, credits=3)
    blank(s, 1)
    to(s, 0, "cit", ["white", "red", "blue"])
    run_phases(s, [], {}, monkeypatch)
    s.queue = [{"kind": "recruit", "seat": 0}, {"kind": "halt", "seat": -1}]
    engine._advance(s, Rng(s.rng), [])
    assert p.cup == {**p.cup, "white": 1, "red": 1, "blue": 1}
    assert p.credits == 1  # reached $0 -> marker back to $1


def test_recruit_choice_when_short_of_credits(monkeypatch) -> None:
    s = new()
    p = blank(s, 0, credits=2)
    blank(s, 1)
    to(s, 0, "cit", ["white", "red", "blue"])
    run_phases(s, [], {}, monkeypatch)
    s.queue = [{"kind": "recruit", "seat": 0}, {"kind": "halt", "seat": -1}]
    engine._advance(s, Rng(s.rng), [])
    assert {a["type"] for a in R.legal_actions(s, 0)} == {"pick"}  # exactly 2: no stop
    act(s, {"type": "pick", "colour": "red"})
    act(s, {"type": "pick", "colour": "white"})
    assert halted(s)
    assert p.cup["red"] == 1 and p.cup["white"] == 1 and p.cit["blue"] == 1
    assert p.credits == 1


def test_recall_is_optional_and_free(monkeypatch) -> None:
    s = new()
    p = blank(s, 0, credits=1)
    blank(s, 1)
    build(s, 0, "Spice World")
    p.dev_workers = ["red"]
    s.supply["red"] -= 1
    from tests.roll.helpers import good
    key = good(s, 0, "Spice World", "blue")
    run_phases(s, [], {}, monkeypatch)
    s.queue = [{"kind": "recall", "seat": 0}, {"kind": "halt", "seat": -1}]
    engine._advance(s, Rng(s.rng), [])
    legal = R.legal_actions(s, 0)
    assert {"type": "recall", "where": f"good:{key}", "colour": "blue"} in legal
    act(s, {"type": "recall", "where": "dev_zone", "colour": "red"})
    act(s, {"type": "done"})
    assert halted(s) and p.cup["red"] == 1 and p.goods == {key: ["blue"]} and p.credits == 1


def test_credits_capped_at_ten(monkeypatch) -> None:
    s = new()
    p = blank(s, 0, credits=9)
    blank(s, 1)
    build(s, 0, "Lost Alien Warship")
    from tests.roll.helpers import good
    key = good(s, 0, "Lost Alien Warship", "yellow")
    run_phases(s, ["ship"], {0: {"ship": ["white"]}}, monkeypatch)
    act(s, {"type": "trade", "colour": "white", "world": key, "good": "yellow"})
    assert p.credits == 10


# ---- the end ------------------------------------------------------------------------

def _finish_round(s) -> None:
    """Everyone selects the first option and commits; phases resolve with the first legal action."""
    start = s.round
    while s.stage != "over" and s.round == start:
        seat = R.to_act(s)[0]
        legal = R.legal_actions(s, seat)
        done = [a for a in legal if a["type"] == "done"]
        R.apply(s, seat, done[0] if done else legal[0])


def test_game_ends_after_the_round_when_the_vp_pool_empties() -> None:
    s = new(2, "vp")
    s.vp_pool = 1
    from rulesets.roll.empire import pay_vp
    pay_vp(s, s.players[0], 3)  # 1 from the pool, 2 from the 10-chips
    assert s.pool_empty and s.vp_pool == 0 and s.vp_tens == 48
    assert s.players[0].vp == 3
    assert R.outcome(s) is None
    _finish_round(s)
    o = R.outcome(s)
    assert s.stage == "over" and o is not None and o.reason.startswith("vp_pool_empty")


def test_game_ends_at_twelve_squares() -> None:
    s = new(2, "sq")
    names = [CARDS[f"T{n}d"].name for n in range(1, 10)]
    build(s, 1, *names)  # 3 + 9 = 12 squares
    _finish_round(s)
    o = R.outcome(s)
    assert o is not None and "twelve_squares" in o.reason


def test_tie_break_cup_dice_plus_credits_then_shared() -> None:
    s = new(3, "tie")
    for seat in range(3):
        blank(s, seat, credits=2)
    to(s, 1, "cup", ["white"])
    o = engine._outcome(s, "test", None)
    assert o["scores"] == [3, 3, 3] and o["winners"] == [1]
    assert o["tiebreak"] == ["most_points", "cup_dice_plus_credits"]
    s.players[0].credits = 3
    o = engine._outcome(s, "test", None)
    assert o["winners"] == [0, 1] and o["tiebreak"][-1] == "shared"


def test_resign_ends_the_game() -> None:
    s = new(3, "res")
    R.resign(s, 1)
    o = R.outcome(s)
    assert o is not None and o.reason == "resigned" and 1 not in o.winners
    assert R.to_act(s) == []
    with pytest.raises(IllegalAction):
        R.apply(s, 0, {"type": "done"})


# ---- illegal actions ---------------------------------------------------------------------

def test_illegal_actions_are_rejected_with_a_reason_and_leave_state_untouched(monkeypatch) -> None:
    s = new(2, "ill")
    s.players[1].committed = False
    snapshot = s.to_json()
    for seat, action, code in [
        (0, {"type": "fly"}, "wrong_action_type"),
        (0, {"colour": "red"}, "bad_action"),
        (0, {"type": "select", "colour": "puce", "from": "explore", "phase": "ship"}, "illegal_choice"),
        (7, {"type": "done"}, "not_your_turn"),
    ]:
        legal = R.legal_actions(s, 0)
        if code == "illegal_choice" and legal[0]["type"] != "select":
            action = dict(legal[0], colour="puce")
        with pytest.raises(IllegalAction) as e:
            R.apply(s, seat, action)
        assert e.value.code == code and e.value.message
        assert s.to_json() == snapshot
    s2 = new()
    blank(s2, 0)
    blank(s2, 1)
    run_phases(s2, ["explore"], {0: {"explore": ["white"]}}, monkeypatch)
    with pytest.raises(IllegalAction) as e:
        R.apply(s2, 1, {"type": "stock", "colour": "white"})
    assert e.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as e:
        R.apply(s2, 0, {"type": "stock", "colour": "red"})
    assert e.value.code == "illegal_choice" and e.value.rule == "RFTG-A3.4"
