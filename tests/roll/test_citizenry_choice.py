"""A tile completed during Explore: the player chooses which workers go to the Citizenry.

Rulebook (Develop and Settle, the Explore note): "A következő Fejlesztés fázis elején kell a
fejlesztést véglegesíteni, és kiválasztani, mely fejlesztők mennek vissza a Polgárságba."
(A3.4 II: "then finalise it and choose which developers return"; III the same for
settlers). The engine used to take the first workers placed.
"""

from __future__ import annotations

from rulesets.roll import RULESET as R
from tests.roll.helpers import (
    act,
    blank,
    check_components,
    dice,
    halted,
    new,
    run_phases,
    take_tile,
)


def _legal(s) -> list[dict]:
    return R.legal_actions(s, R.to_act(s)[0])


def _scout_away_top(s, p) -> None:
    """Explore: scout with the one white explorer, discarding the top tile, so the cheaper
    tile below it is completed by the workers already waiting in the zone."""
    act(s, {"type": "scout", "colour": "white"})
    act(s, {"type": "discard", "tile": p.dev_stack[0]})
    act(s, {"type": "draw"})
    for tile in list(s.queue[0]["scout"]["drawn"]):
        act(s, {"type": "place", "tile": tile, "as": "world"})


def _developers_waiting(zone: list[str]):
    s = new()
    p = blank(s, 0)
    blank(s, 1)
    p.dev_stack = [take_tile(s, "Galactic Bankers"), take_tile(s, "Diversification")]  # 6, then 1
    p.dev_workers = dice(s, zone)
    return s, p


def test_rftg_a3_4_ii_player_chooses_which_developer_goes_to_the_citizenry(monkeypatch) -> None:
    s, p = _developers_waiting(["white", "red", "red"])  # placed in that order
    run_phases(s, ["explore", "develop"], {0: {"explore": ["white"]}}, monkeypatch)
    _scout_away_top(s, p)
    # Develop starts: Diversification (cost 1) is done; which of the three developers pays?
    assert s.queue[0]["kind"] == "citizenry"
    assert _legal(s) == [{"type": "citizenry", "colour": "red"}, {"type": "citizenry", "colour": "white"}]
    cit_white = p.cit["white"]
    act(s, {"type": "citizenry", "colour": "red"})  # not the first placed (white)
    assert "T8d" in p.tableau
    assert p.cit["red"] == 1 and p.cit["white"] == cit_white
    assert sorted(p.dev_workers) == ["red", "white"]  # the rest wait for the next tile
    assert halted(s)
    check_components(s)


def test_rftg_a3_4_iii_settlers_chosen_one_at_a_time_and_leftovers_finish_the_next_world(monkeypatch) -> None:
    s = new()
    p = blank(s, 0)
    blank(s, 1)
    p.world_stack = [take_tile(s, "Spice World"), take_tile(s, "Gem World")]  # cost 2, cost 2
    p.world_workers = dice(s, ["white", "green", "red", "green", "white"])
    run_phases(s, ["settle"], {}, monkeypatch)
    assert s.queue[0]["kind"] == "citizenry" and s.queue[0]["card"] == "T2w"
    act(s, {"type": "citizenry", "colour": "green"})
    assert {"type": "citizenry", "colour": "green"} in _legal(s)  # the second green is still there
    act(s, {"type": "citizenry", "colour": "green"})
    assert "T2w" in p.tableau and p.cit["green"] == 2
    # the three left ([white, red, white]) pay for Gem World: a new choice
    assert s.queue[0]["kind"] == "citizenry" and s.queue[0]["card"] == "T6w"
    act(s, {"type": "citizenry", "colour": "white"})
    act(s, {"type": "citizenry", "colour": "red"})
    assert "T6w" in p.tableau and p.world_workers == ["white"]
    assert halted(s)
    check_components(s)


def test_alike_workers_raise_no_question(monkeypatch) -> None:
    s = new()
    p = blank(s, 0)
    blank(s, 1)
    p.dev_stack = [take_tile(s, "Diversification")]  # cost 1
    p.dev_workers = dice(s, ["red", "red", "red"])
    run_phases(s, ["develop"], {}, monkeypatch)
    assert halted(s)  # nothing to choose: all three are alike
    assert "T8d" in p.tableau and p.cit["red"] == 1 and p.dev_workers == ["red", "red"]
    check_components(s)


def test_the_choice_is_an_action_so_a_replay_repeats_it(monkeypatch) -> None:
    s, p = _developers_waiting(["white", "red", "red"])
    run_phases(s, ["explore", "develop"], {0: {"explore": ["white"]}}, monkeypatch)
    start = s.copy()
    record: list[tuple[int, dict]] = []

    def step(action: dict) -> None:
        seat = R.to_act(s)[0]
        record.append((seat, action))
        R.apply(s, seat, action)

    step({"type": "scout", "colour": "white"})
    step({"type": "discard", "tile": p.dev_stack[0]})
    step({"type": "draw"})
    for tile in list(s.queue[0]["scout"]["drawn"]):
        step({"type": "place", "tile": tile, "as": "world"})
    step({"type": "citizenry", "colour": "red"})
    assert halted(s)
    for seat, action in record:
        R.apply(start, seat, action)
    assert start.to_json() == s.to_json() and start.players[0].cit["red"] == 1


def test_the_other_seat_sees_the_completed_tile_and_the_chosen_workers(monkeypatch) -> None:
    s = new()
    p = blank(s, 0)
    blank(s, 1)
    p.world_stack = [take_tile(s, "Spice World")]  # cost 2
    p.world_workers = dice(s, ["white", "green", "red"])
    run_phases(s, ["settle"], {}, monkeypatch)
    act(s, {"type": "citizenry", "colour": "green"})
    task = R.view(s, 1)["task"]
    assert task == {"kind": "citizenry", "seat": 0, "phase": "settle", "card": "T2w", "cost": 2,
                    "chosen": ["green"]}
    assert R.view(s, 1)["players"][0]["world_workers"] == ["white", "green", "red"]
