"""Every development's power and every world's placement effect (B1.2, B1.3, A3.7)."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.roll import RULESET as R
from rulesets.roll import powers
from rulesets.roll.data import BY_NAME, CARDS, PHASES, TILE_IDS, side_key
from rulesets.roll.powers import REASSIGN
from rulesets.roll.state import Assign
from tests.roll.helpers import (
    act,
    blank,
    build,
    check_components,
    good,
    halted,
    new,
    run_phases,
    take_tile,
    to,
)

TESTED: set[str] = set()


def covers(*names: str):
    """Mark the development names a test covers (checked by the coverage test)."""
    TESTED.update(names)

    def deco(fn):
        return fn
    return deco


def two(credits: int = 1):
    s = new()
    p = blank(s, 0, credits=credits)
    blank(s, 1)
    return s, p


def legal(s) -> list[dict]:
    return R.legal_actions(s, R.to_act(s)[0])


# ---- Explore ----------------------------------------------------------------------

@covers("Alien Research Ship", "Alien Archaeology")
def test_alien_research_ship_virtual_explorers_and_alien_archaeology(monkeypatch) -> None:
    s = new()
    p = blank(s, 0, faction_keys=("F2d", "F2w"), credits=1)
    blank(s, 1)
    build(s, 0, "Alien Research Ship")
    run_phases(s, ["explore"], {}, monkeypatch)
    assert {a["colour"] for a in legal(s)} == {"white", "yellow"}
    act(s, {"type": "stock", "colour": "yellow", "virtual": True})
    act(s, {"type": "stock", "colour": "white", "virtual": True})
    assert halted(s)
    assert p.credits == 1 + 4 + 2  # Alien Archaeology: yellow stock $4
    assert sum(p.cit.values()) == 0  # virtual workers go nowhere


@covers("Major Research Labs")
def test_major_research_labs_virtual_white_explorer(monkeypatch) -> None:
    s, p = two()
    build(s, 0, "Major Research Labs")
    run_phases(s, ["explore"], {}, monkeypatch)
    assert legal(s) == [{"type": "stock", "colour": "white", "virtual": True},
                        {"type": "scout", "colour": "white", "virtual": True}]


def test_stock_and_scout(monkeypatch) -> None:
    s, p = two(credits=9)
    p.dev_stack = [take_tile(s, "Diversification")]
    run_phases(s, ["explore"], {0: {"explore": ["white", "white"]}}, monkeypatch)
    act(s, {"type": "stock", "colour": "white"})
    assert p.credits == 10  # capped at $10
    act(s, {"type": "scout", "colour": "white"})
    act(s, {"type": "discard", "tile": p.dev_stack[0]})
    assert s.discards
    act(s, {"type": "draw"})
    drawn = s.queue[0]["scout"]["drawn"]
    assert len(drawn) == 2  # discarded 1, draw 1 + 1
    for tile in list(drawn):
        act(s, {"type": "place", "tile": tile, "as": "world"})
    assert halted(s) and not s.discards  # discards back in the bag at phase end
    assert len(p.world_stack) == 2 and not p.dev_stack
    assert p.cit["white"] == 2
    check_components(s)


@covers("Improved Reconnaissance")
def test_improved_reconnaissance_may_place_on_top(monkeypatch) -> None:
    s = new()
    p = blank(s, 0, faction_keys=("F4d", "F4w"))
    blank(s, 1)
    p.dev_stack = [take_tile(s, "Diversification")]
    run_phases(s, ["explore"], {0: {"explore": ["white"]}}, monkeypatch)
    act(s, {"type": "scout", "colour": "white"})
    act(s, {"type": "draw"})
    tile = s.queue[0]["scout"]["drawn"][0]
    assert {"type": "place", "tile": tile, "as": "dev", "top": True} in legal(s)
    act(s, {"type": "place", "tile": tile, "as": "dev", "top": True})
    assert p.dev_stack[0] == tile


@covers("Advanced Logistics")
def test_advanced_logistics_flips_a_tile_to_the_top(monkeypatch) -> None:
    s, p = two()
    build(s, 0, "Advanced Logistics")
    a, b = take_tile(s, "Diversification"), take_tile(s, "Space Mercenaries")
    p.dev_stack = [a, b]
    run_phases(s, ["explore"], {0: {"explore": ["white"]}}, monkeypatch)
    moves = [x for x in legal(s) if x["type"] == "logistics"]
    assert {"type": "logistics", "tile": b, "to": "world"} in moves
    assert {"type": "logistics", "tile": a, "to": "dev"} not in moves  # already on top
    act(s, {"type": "logistics", "tile": b, "to": "world"})
    assert p.world_stack == [b] and p.dev_stack == [a]
    assert not [x for x in legal(s) if x.get("tile") == b]  # once per phase


@covers("Alien Research Team")
def test_alien_research_team_draws_after_explore_and_yellow_bonus(monkeypatch) -> None:
    s, p = two(credits=1)
    build(s, 0, "Alien Research Team")
    run_phases(s, ["explore"], {0: {"explore": ["yellow"]}}, monkeypatch)
    act(s, {"type": "scout", "colour": "yellow"})
    act(s, {"type": "draw"})
    act(s, {"type": "place", "tile": s.queue[0]["scout"]["drawn"][0], "as": "dev"})
    assert s.queue[0]["kind"] == "research_team"
    assert p.credits == 2  # scouted with a yellow explorer
    tile = s.queue[0]["drawn"][0]
    act(s, {"type": "place", "tile": tile, "as": "world"})
    assert halted(s) and len(p.dev_stack) == 1 and p.world_stack == [tile]


@covers("Technology Unions")
def test_technology_unions_most_developments_strictly(monkeypatch) -> None:
    s, p = two(credits=1)
    build(s, 0, "Technology Unions")
    run_phases(s, ["explore", "produce"], {}, monkeypatch)
    assert p.credits == 3  # +$1 in Explore, +$1 in Produce
    s, p = two(credits=1)
    build(s, 0, "Technology Unions")
    build(s, 1, "Diversification")
    run_phases(s, ["explore"], {}, monkeypatch)
    assert p.credits == 1  # tie gives nothing


# ---- Develop ----------------------------------------------------------------------

def _develop(monkeypatch, names: list[str], stack: list[str], workers: list[str], credits: int = 1,
             faction=("F9w1", "F9w2")):
    s = new()
    p = blank(s, 0, faction_keys=faction, credits=credits)
    blank(s, 1)
    build(s, 0, *names)
    p.dev_stack = [take_tile(s, n) for n in stack]
    run_phases(s, ["develop"], {0: {"develop": workers}}, monkeypatch)
    return s, p


@covers("Investment Credits")
def test_investment_credits(monkeypatch) -> None:
    s, p = _develop(monkeypatch, ["Investment Credits"], ["Galactic Influence"], ["red", "red"])
    assert BY_NAME["Galactic Influence"] in p.tableau  # 3 - 1 = 2
    assert powers.dev_cost(p, CARDS[BY_NAME["Diversification"]]) == 1  # minimum 1


@covers("Biological Adaptation")
def test_biological_adaptation_reassign_devs_cheaper(monkeypatch) -> None:
    s, p = _develop(monkeypatch, [], ["Galactic Influence"], ["red", "red"], faction=("F7d", "F7w"))
    assert BY_NAME["Galactic Influence"] in p.tableau
    assert powers.dev_cost(p, CARDS[BY_NAME["Export Duties"]]) == 2  # not a Reassign dev
    assert "Biological Adaptation" not in REASSIGN  # not a reassign power (A3.7)


@covers("Galactic Investors")
def test_galactic_investors_end_of_develop(monkeypatch) -> None:
    s, p = _develop(monkeypatch, ["Galactic Investors"], [], [])
    assert p.credits == 3


@covers("Galactic Religion")
def test_galactic_religion_blue_dice_in_citizenry(monkeypatch) -> None:
    s = new()
    p = blank(s, 0, faction_keys=("F6d", "F6w"), credits=1)
    blank(s, 1)
    to(s, 0, "cit", ["blue", "blue", "red"])
    run_phases(s, ["develop"], {}, monkeypatch)
    assert p.credits == 3


@covers("Public Works", "Galactic Recycling")
def test_public_works_and_galactic_recycling_not_for_themselves(monkeypatch) -> None:
    s, p = _develop(monkeypatch, [], ["Public Works", "Galactic Recycling", "Diversification"],
                    ["red"] * 4)
    # PW itself: 0; GR: +$1 (PW); Diversification: +$1 (PW) +$1 (GR)
    assert p.credits == 1 + 1 + 2
    s, p = two(credits=1)
    build(s, 0, "Galactic Recycling")
    p.world_stack = [take_tile(s, "Spice World")]
    run_phases(s, ["settle"], {0: {"settle": ["red", "red"]}}, monkeypatch)
    assert p.credits == 2


@covers("Galactic Federation")
def test_galactic_federation_developers_to_cup_and_bonus(monkeypatch) -> None:
    s, p = _develop(monkeypatch, ["Galactic Federation"], ["Galactic Influence"], ["red", "blue", "white"])
    for c in ("red", "blue"):
        act(s, {"type": "develop", "colour": c})
    assert s.queue[0]["kind"] == "pick"
    act(s, {"type": "pick", "colour": "red"})
    act(s, {"type": "stop"})
    assert p.cup["red"] == 1 and p.cit["blue"] == 1 and p.cit["white"] == 1
    assert powers.end_bonuses(p)["Galactic Federation"] == 3  # (6 + 3) / 3


@pytest.mark.parametrize(("name", "gain"), [
    ("Conscription", {"red": 2}), ("Information Tech", {"blue": 2}), ("Space Marines", {"red": 1}),
])
def test_immediate_developments_lose_a_die_then_gain(monkeypatch, name: str, gain: dict) -> None:
    covers(name)
    s = new()
    p = blank(s, 0, credits=1)
    blank(s, 1)
    to(s, 0, "cup", ["white"])
    to(s, 0, "cit", ["purple"])
    p.dev_stack = [take_tile(s, name)]
    cost = CARDS[BY_NAME[name]].cost
    run_phases(s, ["develop"], {0: {"develop": ["red"] * cost}}, monkeypatch)
    options = legal(s)
    assert {"type": "lose", "where": "cup", "colour": "white"} in options
    act(s, {"type": "lose", "where": "cit", "colour": "purple"})
    assert p.cit["purple"] == 0
    for c, n in gain.items():
        assert p.cup[c] == n
    assert p.credits == (2 if name == "Space Marines" else 1)
    check_components(s)


TESTED.update({"Conscription", "Information Tech", "Space Marines"})


# ---- Settle -----------------------------------------------------------------------

def _cost(names: list[str], world: str) -> int:
    s = new()
    p = blank(s, 0)
    build(s, 0, *names)
    return powers.world_cost(p, CARDS[BY_NAME[world]])


@covers("Alien Uplift Blueprints", "Replicant Robots", "Free Trade Zone")
def test_world_cost_modifiers() -> None:
    assert _cost(["Alien Uplift Blueprints"], "Lost Alien Warship") == 4  # yellow 5
    assert _cost(["Alien Uplift Blueprints"], "Malevolent Lifeforms") == 3  # green 4
    assert _cost(["Alien Uplift Blueprints"], "Gem World") == 2  # blue: no change
    assert _cost(["Replicant Robots"], "Gem World") == 1
    assert _cost(["Replicant Robots"], "Artist Colony") == 1  # minimum 1
    assert _cost(["Replicant Robots", "Alien Uplift Blueprints"], "Lost Alien Battle Fleet") == 4
    assert _cost(["Free Trade Zone"], "Terraformed World") == 3  # grey 5 - 2


@covers("Robot Surveyors")
def test_robot_surveyors(monkeypatch) -> None:
    s, p = two(credits=1)
    build(s, 0, "Robot Surveyors")
    run_phases(s, ["settle"], {}, monkeypatch)
    assert p.credits == 3


@covers("Terraforming Robots")
def test_terraforming_robots(monkeypatch) -> None:
    s, p = two(credits=1)
    build(s, 0, "Terraforming Robots")
    p.world_stack = [take_tile(s, "Radioactive World"), take_tile(s, "Spice World")]
    run_phases(s, ["settle"], {0: {"settle": ["red"] * 4}}, monkeypatch)
    assert p.credits == 1 + 2 + 1


@covers("New Galactic Order")
def test_new_galactic_order_red_settlers_to_cup(monkeypatch) -> None:
    s, p = two()
    build(s, 0, "New Galactic Order")
    p.world_stack = [take_tile(s, "Spice World")]
    run_phases(s, ["settle"], {0: {"settle": ["red", "green"]}}, monkeypatch)
    act(s, {"type": "settle", "colour": "red"})
    assert halted(s)
    assert p.cup["red"] == 1 and p.cit["green"] == 1


@covers("Galactic Exchange")
def test_galactic_exchange_settlers_to_cup_and_bonus(monkeypatch) -> None:
    s, p = two()
    build(s, 0, "Galactic Exchange")
    p.world_stack = [take_tile(s, "Spice World")]
    run_phases(s, ["settle"], {0: {"settle": ["red", "green"]}}, monkeypatch)
    act(s, {"type": "settle", "colour": "green"})
    assert {"type": "stop"} not in legal(s)  # at least one
    act(s, {"type": "pick", "colour": "green"})
    act(s, {"type": "pick", "colour": "red"})
    assert halted(s)
    assert p.cup["red"] == 1 and p.cup["green"] == 1 and p.cup["blue"] == 1
    assert powers.end_bonuses(p)["Galactic Exchange"] == 3  # red, green, blue


# ---- Produce ----------------------------------------------------------------------

@covers("Galactic Reserves")
def test_galactic_reserves_two_goods_per_world(monkeypatch) -> None:
    s, p = two()
    build(s, 0, "Galactic Reserves", "Spice World")
    spice, outpost = BY_NAME["Spice World"], BY_NAME["Awakened Alien Outpost"]
    run_phases(s, ["produce"], {0: {"produce": ["red"] * 5}}, monkeypatch)
    for _ in range(2):
        act(s, {"type": "produce", "colour": "red", "world": spice})
    assert halted(s)  # the rest had one choice left, then no room
    assert p.goods == {spice: ["red", "red"], outpost: ["red", "red"]}
    assert p.cup["red"] == 1  # fifth producer has no room
    assert powers.end_bonuses(p)["Galactic Reserves"] == 4


@covers("Merchant Guild", "Mining League", "Consumer Markets", "Genetics Lab")
def test_produce_end_of_phase_credits(monkeypatch) -> None:
    s = new()
    p = blank(s, 0, faction_keys=("F3d", "F3w"), credits=1)  # Consumer Markets, Space Mall (blue)
    blank(s, 1)
    build(s, 0, "Merchant Guild", "Mining League", "Radioactive World")
    run_phases(s, ["produce"], {0: {"produce": ["green", "blue"]}}, monkeypatch)
    act(s, {"type": "produce", "colour": "green", "world": BY_NAME["Radioactive World"]})
    assert halted(s)
    # Merchant Guild 2 + Mining League 1 (brown good) + Consumer Markets 1 (blue good)
    assert p.credits == 1 + 2 + 1 + 1
    assert powers.end_bonuses(p)["Mining League"] == 2
    s = new()
    p = blank(s, 0, faction_keys=("F5d", "F5w"), credits=1)  # Genetics Lab, green world
    blank(s, 1)
    build(s, 0, "Spice World")
    run_phases(s, ["produce"], {0: {"produce": ["green", "green"]}}, monkeypatch)
    act(s, {"type": "produce", "colour": "green", "world": BY_NAME["Spice World"]})
    assert halted(s)
    assert p.credits == 1 + 4  # two green dice as goods


# ---- Ship ---------------------------------------------------------------------------

def _ship(monkeypatch, names: list[str], world: str, good_die: str, shipper: str | None,
          action: str, credits: int = 1, faction=("F9w1", "F9w2"), extra: dict | None = None):
    s = new()
    p = blank(s, 0, faction_keys=faction, credits=credits)
    blank(s, 1)
    build(s, 0, *names, world)
    key = good(s, 0, world, good_die)
    run_phases(s, ["ship"], {0: {"ship": [shipper]}} if shipper else {}, monkeypatch)
    a: dict[str, Any] = {"type": action, "colour": shipper or "white", "world": key,
                         "good": good_die}
    if shipper is None:
        a["virtual"] = True
    a.update(extra or {})
    act(s, a)
    return s, p


@pytest.mark.parametrize(("names", "world", "gain"), [
    (["Export Duties"], "Gem World", 3 + 1),
    (["Galactic Demand"], "Gem World", 3 + 2),
    (["Galactic Demand"], "Radioactive World", 4),
    (["Jumpdrive Research"], "Radioactive World", 4 + 1),
    (["Jumpdrive Research"], "Gem World", 3),
])
def test_trade_powers(monkeypatch, names, world, gain) -> None:
    s, p = _ship(monkeypatch, names, world, "white", "white", "trade")
    assert p.credits == 1 + gain


TESTED.update({"Export Duties", "Galactic Demand", "Jumpdrive Research"})


@pytest.mark.parametrize(("names", "world", "vp", "credits", "faction"), [
    (["Trade Levies"], "Gem World", 1, 1, None),
    (["New Economy"], "Gem World", 1, 2, None),
    (["Galactic Renaissance"], "Gem World", 2, 0, None),
    (["Minor Research Labs"], "Plague World", 2, 0, None),
    (["Minor Research Labs"], "Gem World", 1, 0, None),
    (["Space Refineries"], "Radioactive World", 2, 0, None),
    (["Space Refineries"], "Plague World", 1, 0, None),
    ([], "Radioactive World", 1, 1, ("F8d", "F8w")),  # Mining Industry
    ([], "Gem World", 1, 0, ("F8d", "F8w")),
])
def test_consume_powers(monkeypatch, names, world, vp, credits, faction) -> None:
    s, p = _ship(monkeypatch, names, world, "white", "white", "consume",
                 faction=faction or ("F9w1", "F9w2"))
    assert (p.vp, p.credits) == (vp, 1 + credits)


TESTED.update({"Trade Levies", "New Economy", "Galactic Renaissance", "Minor Research Labs",
               "Space Refineries", "Mining Industry"})


@covers("Galactic Bankers")
def test_galactic_bankers_pay_one_credit_for_a_vp(monkeypatch) -> None:
    s, p = _ship(monkeypatch, ["Galactic Bankers"], "Gem World", "white", "white", "trade",
                 extra={"bank": True})
    assert (p.credits, p.vp) == (1 + 3 - 1, 1)
    assert powers.end_bonuses(p)["Galactic Bankers"] == 1


@covers("Space Docks")
def test_space_docks_virtual_white_shipper(monkeypatch) -> None:
    s, p = _ship(monkeypatch, ["Space Docks"], "Gem World", "blue", None, "consume")
    assert p.vp == 2 and p.cit["white"] == 0 and p.cit["blue"] == 1


@covers("Organic Shipyards")
def test_organic_shipyards_virtual_white_and_green(monkeypatch) -> None:
    s, p = two()
    build(s, 0, "Organic Shipyards", "Plague World")
    key = good(s, 0, "Plague World", "green")
    run_phases(s, ["ship"], {}, monkeypatch)
    assert {a["colour"] for a in legal(s)} == {"white", "green"}
    act(s, {"type": "consume", "colour": "green", "world": key, "good": "green", "virtual": True})
    assert p.vp == 3


@covers("Free Trade Association", "Galactic Salon", "Space Tourism", "Space Piracy")
def test_ship_end_of_phase_powers(monkeypatch) -> None:
    s = new()
    p = blank(s, 0, faction_keys=("F1d", "F1w"), credits=1)
    blank(s, 1)
    blank(s, 1, faction_keys=("F5d", "F5w"))  # its worlds cost 0
    build(s, 0, "Free Trade Association", "Galactic Salon", "Space Tourism", "Spice World", "Gem World")
    to(s, 0, "cit", ["red"])
    run_phases(s, ["ship"], {}, monkeypatch)
    # FTA 2 + Space Tourism 1+1 (Hidden Fortress 2 is tied-highest and ours) + Piracy 1
    assert p.credits == 1 + 2 + 2 + 1
    assert p.vp == 1
    assert powers.end_bonuses(p)["Free Trade Association"] == 2  # (2 + 2) / 2


# ---- Reassign powers (assignment step) --------------------------------------------

DICE = [("white", "explore"), ("red", "explore"), ("white", "develop"), ("red", "develop"), ("red", "develop"),
        ("blue", "ship"), ("green", "settle"), ("brown", "produce"), ("purple", "ship")]


def _assigning(names: list[str], selected: str = "settle", blue_worlds: int = 0):
    s = new()
    p = blank(s, 0)
    blank(s, 1)
    build(s, 0, *names)
    for _ in range(blue_worlds):
        build(s, 0, next(CARDS[side_key(t, "world")].name for t in TILE_IDS
                         if t in s.bag and CARDS[side_key(t, "world")].colour == "blue"))
    p.assign = Assign(sorted([c, col, col] for c, col in DICE))
    p.assign.sel = ["yellow", "settle", selected]
    p.committed = False
    s.players[1].assign = Assign([])
    s.stage = "assign"
    return s, p


# (rule restated independently: which (colour, from, to) moves are allowed, and how many)
RULES = {
    "Colonial Affinity": (lambda c, f, t: t == "settle", 1),
    "Diversification": (lambda c, f, t: c == "white" and f == "explore", 1),
    "Galactic Influence": (lambda c, f, t: True, 1),
    "Homeworld Patriotism": (lambda c, f, t: c == "white" and t == "settle", 2),
    "Hydroponics Guild": (lambda c, f, t: c in ("blue", "green"), 1),
    "Isolation Policy": (lambda c, f, t: f == "explore", 2),
    "Local Subsidies": (lambda c, f, t: c == "white", 1),
    "Nanotechnology": (lambda c, f, t: True, 2),
    "Operations Affinity": (lambda c, f, t: t in ("explore", "produce"), 1),
    "Propaganda Campaign": (lambda c, f, t: t == "settle", 2),
    "Shipping Affinity": (lambda c, f, t: t == "ship", 1),
    "Space Mercenaries": (lambda c, f, t: c in ("red", "brown"), 1),
    "System Diversification": (lambda c, f, t: c != "white", 2),
    "Technology Affinity": (lambda c, f, t: t == "develop", 1),
    "Mad Scientists": (lambda c, f, t: True, 1),  # everyone at 0 blue worlds: tied -> 1
}


TESTED.update(RULES)


@pytest.mark.parametrize("name", sorted(RULES))
def test_reassign_power(name: str) -> None:
    TESTED.add(name)
    allowed, count = RULES[name]
    s, p = _assigning([name])
    assert {"type": "power", "name": name} in legal(s)
    act(s, {"type": "power", "name": name})
    moves = {(a["colour"], a["from"], a["to"]) for a in legal(s) if a["type"] == "reassign"}
    expected = {(c, f, t) for c, f in set(DICE) for t in PHASES if t != f and allowed(c, f, t)}
    assert moves == expected
    for _ in range(count):
        move = next(a for a in legal(s) if a["type"] == "reassign")
        act(s, move)
    assert p.assign.pend is None  # power used up
    assert {"type": "power", "name": name} not in legal(s)  # once per round


def test_mad_scientists_most_blue_worlds_reassigns_two() -> None:
    s, p = _assigning(["Mad Scientists"], blue_worlds=1)
    act(s, {"type": "power", "name": "Mad Scientists"})
    act(s, {"type": "reassign", "colour": "red", "from": "develop", "to": "ship"})
    assert p.assign.pend is not None
    assert {"type": "stop"} in legal(s)


@covers("Executive Power")
def test_executive_power_exactly_two_from_one_column() -> None:
    s, p = _assigning(["Executive Power"], selected="ship")
    act(s, {"type": "power", "name": "Executive Power"})
    froms = {a["from"] for a in legal(s) if a["type"] == "reassign"}
    assert froms == {"develop", "explore"}  # columns with two workers (ship is selected)
    assert {"type": "stop"} not in legal(s)
    act(s, {"type": "reassign", "colour": "red", "from": "develop", "to": "ship"})
    assert {a["from"] for a in legal(s) if a["type"] == "reassign"} == {"develop"}
    act(s, {"type": "reassign", "colour": "white", "from": "develop", "to": "ship"})
    assert p.assign.pend is None


@covers("Galactic Mandate", "Backup Planning")
def test_dictate_modifiers() -> None:
    s, p = _assigning([])
    act(s, {"type": "dictate", "colour": "purple", "from": "ship"})
    act(s, {"type": "reassign", "colour": "blue", "from": "ship", "to": "develop"})
    assert p.assign.pend is None
    assert not [a for a in legal(s) if a["type"] == "dictate"]  # once per round
    s, p = _assigning(["Galactic Mandate", "Backup Planning"])
    act(s, {"type": "dictate", "colour": "purple", "from": "ship"})
    for _ in range(3):
        act(s, next(a for a in legal(s) if a["type"] == "reassign"))
    assert p.assign.pend is None
    assert [a for a in legal(s) if a["type"] == "dictate"]  # Backup Planning: again


# ---- worlds: placement effects ------------------------------------------------------

ALL_WORLDS = [side_key(t, "world") for t in TILE_IDS]


@pytest.mark.parametrize("key", ALL_WORLDS)
def test_world_placement_effect(monkeypatch, key: str) -> None:
    card = CARDS[key]
    s, p = two(credits=1)
    to(s, 0, "cup", ["white"])
    p.world_stack = [take_tile(s, card.name)]
    run_phases(s, ["settle"], {0: {"settle": ["red"] * card.cost}}, monkeypatch)
    eff = card.effect
    if eff["lose"]:
        act(s, {"type": "lose", "where": "cup", "colour": "white"})
    assert halted(s)
    assert key in p.tableau
    assert p.credits == 1 + eff["credits"]
    cit = {c: eff["citizenry"].count(c) for c in set(eff["citizenry"])}
    cit["red"] = cit.get("red", 0) + card.cost  # the settlers
    assert {c: n for c, n in p.cit.items() if n} == cit
    cup = {c: eff["cup"].count(c) for c in set(eff["cup"])}
    if not eff["lose"]:
        cup["white"] = 1
    assert {c: n for c, n in p.cup.items() if n} == cup
    assert p.goods == ({key: [card.colour]} if eff["good"] else {})
    check_components(s)


@covers("System Diversification", "Galactic Renaissance", "New Economy", "Galactic Bankers")
def test_other_cost_six_end_bonuses() -> None:
    s = new()
    p = blank(s, 0, faction_keys=("F1d", "F1w"))  # Space Piracy (0, not Reassign)
    build(s, 0, "System Diversification", "Nanotechnology", "Diversification", "New Economy",
          "Galactic Renaissance", "Galactic Bankers")
    p.vp = 6
    b = powers.end_bonuses(p)
    assert b["System Diversification"] == 6  # (6 + 5 + 1) / 2
    assert b["Galactic Renaissance"] == 3     # 1/3/6 chips -> 1/2/3
    assert b["New Economy"] == 4              # Space Piracy, New Economy, Renaissance, Bankers
    assert b["Galactic Bankers"] == 7
    p.vp = 5
    assert powers.end_bonuses(p)["Galactic Renaissance"] == 2


TESTED.update({"New Galactic Order"})  # test_examples: rounding and the 25-point example


def test_every_development_power_is_tested() -> None:
    with_power = {c.name for c in CARDS.values() if c.kind == "dev"}
    assert with_power - TESTED == set()
