"""The rulebook's worked examples (A3.7, A3.8)."""

from __future__ import annotations

import pytest

from rulesets.roll import powers
from rulesets.roll.data import BY_NAME, CARDS
from tests.roll.helpers import act, blank, build, good, halted, new, run_phases, take_tile, to


def test_end_scoring_example_25_points() -> None:
    """Developments 13 + worlds 3 + Galactic Federation 5 + New Galactic Order 4 = 25."""
    s = new()
    p = blank(s, 0, faction_keys=("F9w1", "F9w2"), home="H2w")  # worlds 0 + 3 + 0
    build(s, 0, "Galactic Federation", "New Galactic Order", "Diversification")  # 6 + 6 + 1
    to(s, 0, "cup", ["red"] * 4)
    assert sum(c.cost for c in map(CARDS.__getitem__, p.tableau) if c.kind == "dev") == 13
    assert sum(c.cost for c in map(CARDS.__getitem__, p.tableau) if c.kind == "world") == 3
    assert powers.end_bonuses(p) == {"Galactic Federation": 5, "New Galactic Order": 4}
    assert powers.score(p) == 25


def test_rounding_space_piracy_three_red_gives_2(monkeypatch) -> None:
    s = new()
    p = blank(s, 0, faction_keys=("F1d", "F1w"), credits=1)
    to(s, 0, "cit", ["red"] * 3)
    blank(s, 1)
    run_phases(s, ["ship"], {}, monkeypatch)
    assert halted(s)
    assert p.credits == 1 + 2  # 3/2 = 1.5 -> 2


def test_rounding_new_galactic_order_four_red_gives_4() -> None:
    s = new()
    p = blank(s, 0)
    build(s, 0, "New Galactic Order")
    to(s, 0, "cit", ["red"] * 2)
    to(s, 0, "cup", ["red"] * 2)
    assert powers.end_bonuses(p)["New Galactic Order"] == 4  # 4/3 -> 2 sets -> 4


@pytest.mark.parametrize(("world", "colour", "value"), [
    ("Spice World", "blue", 3), ("Radioactive World", "brown", 4),
    ("Plague World", "green", 5), ("Lost Alien Warship", "yellow", 6),
])
def test_trade_value_by_world_colour(monkeypatch, world: str, colour: str, value: int) -> None:
    s = new()
    p = blank(s, 0, credits=1)
    blank(s, 1)
    build(s, 0, world)
    key = good(s, 0, world, "white")  # the good's die colour does not matter
    run_phases(s, ["ship"], {0: {"ship": ["red"]}}, monkeypatch)
    act(s, {"type": "trade", "colour": "red", "world": key, "good": "white"})
    assert p.credits == 1 + value
    assert p.cit["red"] == 1 and p.cit["white"] == 1 and not p.goods


@pytest.mark.parametrize(("shipper", "good_die", "world", "vp"), [
    ("purple", "blue", "Spice World", 3),     # purple shipper + matching good
    ("purple", "purple", "Plague World", 3),  # both purple: both bonuses
    ("white", "white", "Spice World", 1),     # nothing matches
    ("blue", "red", "Spice World", 2),        # shipper matches the world
    ("red", "green", "Plague World", 2),      # good matches the world
])
def test_consume_values(monkeypatch, shipper: str, good_die: str, world: str, vp: int) -> None:
    s = new()
    p = blank(s, 0)
    blank(s, 1)
    build(s, 0, world)
    key = good(s, 0, world, good_die)
    run_phases(s, ["ship"], {0: {"ship": [shipper]}}, monkeypatch)
    act(s, {"type": "consume", "colour": shipper, "world": key, "good": good_die})
    assert p.vp == vp


@pytest.mark.parametrize(("world", "robots", "cost"), [
    ("Trading World", False, 2), ("Tourist World", False, 2),   # grey 3 and 4 -> 2
    ("Trading World", True, 1), ("Tourist World", True, 1),     # with Replicant Robots -> 1
    ("High-Gravity World", False, 1), ("Galactic Trendsetters", False, 4),
])
def test_free_trade_zone(world: str, robots: bool, cost: int) -> None:
    s = new()
    p = blank(s, 0)
    build(s, 0, "Free Trade Zone", *(["Replicant Robots"] if robots else []))
    assert powers.world_cost(p, CARDS[BY_NAME[world]]) == cost


def test_free_trade_zone_in_play(monkeypatch) -> None:
    s = new()
    p = blank(s, 0)
    blank(s, 1)
    build(s, 0, "Free Trade Zone")
    p.world_stack = [take_tile(s, "Tourist World")]  # grey, printed cost 4
    run_phases(s, ["settle"], {0: {"settle": ["red", "red"]}}, monkeypatch)
    assert BY_NAME["Tourist World"] in p.tableau


def test_public_works_two_developments_in_one_phase(monkeypatch) -> None:
    s = new()
    p = blank(s, 0, credits=1)
    blank(s, 1)
    build(s, 0, "Public Works")
    p.dev_stack = [take_tile(s, "Diversification"), take_tile(s, "Space Mercenaries")]
    run_phases(s, ["develop"], {0: {"develop": ["red", "red"]}}, monkeypatch)
    assert p.credits == 1 + 2


def test_space_tourism_needs_all_highest_cost_worlds(monkeypatch) -> None:
    s = new()
    p0 = blank(s, 0, credits=1)
    p1 = blank(s, 1, credits=1)
    build(s, 0, "Space Tourism", "Alien Sentinels")
    build(s, 1, "Deserted Alien Library")  # both cost 6
    run_phases(s, ["ship"], {}, monkeypatch)
    assert p0.credits == 2  # +$1 only: the other cost-6 world is not ours
    assert p1.credits == 1


def test_mad_scientists_everyone_tied_at_zero_reassigns_one() -> None:
    s = new()
    blank(s, 0)
    blank(s, 1)
    build(s, 0, "Mad Scientists")
    assert powers.mad_scientists_max(s, 0) == 1
    build(s, 0, "Spice World")
    assert powers.mad_scientists_max(s, 0) == 2
    assert powers.mad_scientists_max(s, 1) == 0
