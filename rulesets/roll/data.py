"""Component data for Roll for the Galaxy (A3.1, B1.1-B1.3).

Sources: the public component tables, B1 (kfodex/roll-for-the-galaxy-react and the BGA
studio implementation agree on all of it); the Hungarian rulebook only prints
the dice specialisations and the cost distribution (A3.9), which
``tests/roll/test_data.py`` cross-checks against these tables.

Powers are *paraphrased* from those sources (the exact printed wording must be checked
against the physical tiles); the engine implements the paraphrase and the
readings are listed in ``powers.py``.

Card keys: every face that can sit in a tableau has a string key:
``T<n>d``/``T<n>w`` for game tile ``n``'s development/world side, ``F<n>d``,
``F<n>w`` (``F9w1``/``F9w2`` for Destroyed Colony's two worlds) for factions and
``H<n>w`` for home worlds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PHASES: tuple[str, ...] = ("explore", "develop", "settle", "produce", "ship")
WILD = "wild"

# B1.1: die faces per colour (count in the box first).
COLOURS: tuple[str, ...] = ("white", "red", "purple", "blue", "brown", "green", "yellow")
DICE_COUNT: dict[str, int] = {
    "white": 25, "red": 22, "purple": 9, "blue": 20, "brown": 14, "green": 12, "yellow": 9,
}
DIE_FACES: dict[str, tuple[str, ...]] = {
    "white": ("explore", "explore", "develop", "settle", "produce", "ship"),
    "red": ("explore", "develop", "develop", "settle", "settle", WILD),
    "purple": ("explore", "develop", "ship", "ship", "ship", WILD),
    "blue": ("explore", "produce", "produce", "ship", "ship", WILD),
    "brown": ("explore", "develop", "develop", "produce", "ship", WILD),
    "green": ("explore", "settle", "settle", "produce", WILD, WILD),
    "yellow": ("develop", "settle", "produce", WILD, WILD, WILD),
}
# Die colour names used by the rulebook (A3.1).
DIE_NAMES: dict[str, str] = {
    "white": "Home", "red": "Military", "purple": "Consumption", "blue": "Novelty",
    "brown": "Rare Elements", "green": "Genes", "yellow": "Alien Technology",
}
# World colours that can hold goods; "grey" worlds cannot (A3.4 IV).
GOOD_COLOURS: tuple[str, ...] = ("blue", "brown", "green", "yellow")
TRADE_VALUE: dict[str, int] = {"blue": 3, "brown": 4, "green": 5, "yellow": 6}  # A3.4 V

VP_PER_PLAYER = 12   # A3.2: 1- and 5-chips
VP_TENS = 50         # five 10-VP chips, added once the pool empties
CREDIT_CAP = 10      # A3.4
END_SQUARES = 12     # A3.3 step 5


@dataclass(frozen=True)
class Card:
    """One face that can be built: a development or a world."""

    key: str
    kind: str                   # "dev" | "world"
    name: str
    cost: int
    colour: str | None = None   # worlds: blue/brown/green/yellow/grey
    dev_kind: str | None = None  # devs: "R" reassign, "I" immediate, "O" other
    phases: tuple[str, ...] = ()  # devs: phases the power acts in (B1 tags)
    effect: dict[str, Any] = field(default_factory=dict)  # worlds/immediate devs


def _eff(credits: int = 0, c: tuple[str, ...] = (), cup: tuple[str, ...] = (),
         good: bool = False, lose: int = 0) -> dict[str, Any]:
    return {"credits": credits, "citizenry": list(c), "cup": list(cup), "good": good, "lose": lose}


# B1.3: (n, development (name, cost, kind, phases), world (name, colour, cost, effect)).
_TILES: list[tuple[int, tuple[str, int, str, tuple[str, ...]], tuple[str, str, int, dict[str, Any]]]] = [
    (1, ("Advanced Logistics", 1, "O", ("explore",)), ("Designer Species, Ultd.", "green", 5, _eff(1, good=True))),
    (2, ("Alien Research Ship", 5, "O", ("explore",)), ("Spice World", "blue", 2, _eff(cup=("blue",)))),
    (3, ("Alien Research Team", 3, "O", ("explore",)), ("Rebel Warrior Race", "green", 3, _eff(c=("red", "green"), lose=1))),
    (4, ("Alien Uplift Blueprints", 3, "O", ("settle",)), ("Information Hub", "blue", 3, _eff(good=True))),
    (5, ("Backup Planning", 1, "R", ()), ("Galactic Trendsetters", "grey", 6, _eff(2, c=("purple", "purple")))),
    (6, ("Conscription", 4, "I", ()), ("Gem World", "blue", 2, _eff(cup=("blue",)))),
    (7, ("Colonial Affinity", 2, "R", ()), ("Malevolent Lifeforms", "green", 4, _eff(good=True))),
    (8, ("Diversification", 1, "R", ()), ("Lost Species Ark World", "green", 5, _eff(1, good=True))),
    (9, ("Executive Power", 3, "R", ()), ("Trading World", "grey", 3, _eff(c=("purple",)))),
    (10, ("Export Duties", 2, "O", ("ship",)), ("Silicon World", "brown", 4, _eff(1, good=True))),
    (11, ("Free Trade Association", 6, "O", ("ship",)), ("Sentient Robots", "grey", 2, _eff(cup=("red",)))),
    (12, ("Free Trade Zone", 3, "O", ("settle",)), ("Galactic Resort", "blue", 3, _eff(good=True))),
    (13, ("Galactic Bankers", 6, "O", ("ship",)), ("Former Penal Colony", "blue", 1, _eff(cup=("red",), lose=1))),
    (14, ("Galactic Demand", 2, "O", ("ship",)), ("Deserted Alien Outpost", "yellow", 4, _eff(good=True))),
    (15, ("Galactic Exchange", 6, "O", ("settle",)), ("Star Nomad Lair", "blue", 1, _eff(c=("blue",)))),
    (16, ("Galactic Federation", 6, "O", ("develop",)), ("Artist Colony", "blue", 1, _eff(c=("blue",)))),
    (17, ("Galactic Influence", 3, "R", ()), ("Blaster Gem Mines", "brown", 3, _eff(c=("red", "brown")))),
    (18, ("Galactic Investors", 5, "O", ("develop",)), ("New Vinland", "blue", 2, _eff(cup=("blue",)))),
    (19, ("Galactic Mandate", 3, "R", ()), ("Mining World", "brown", 3, _eff(good=True))),
    (20, ("Galactic Recycling", 2, "O", ("develop", "settle")), ("Alien Robot Scout Ship", "yellow", 4, _eff(1, cup=("yellow",)))),
    (21, ("Galactic Renaissance", 6, "O", ("ship",)), ("Fifth Column", "grey", 1, _eff(cup=("red",)))),
    (22, ("Galactic Reserves", 6, "O", ("produce",)), ("Rebel Hideout", "grey", 2, _eff(c=("red", "red")))),
    (23, ("Galactic Salon", 4, "O", ("ship",)), ("Runaway Robots", "brown", 2, _eff(cup=("red",)))),
    (24, ("Homeworld Patriotism", 3, "R", ()), ("Plague World", "green", 3, _eff(cup=("green",)))),
    (25, ("Hydroponics Guild", 1, "R", ()), ("Alien Sentinels", "yellow", 6, _eff(3, cup=("yellow",)))),
    (26, ("Information Tech", 4, "I", ()), ("Pirate World", "blue", 2, _eff(c=("red",)))),
    # B1.3 caveat: BGA and kfodex send this die to the cup, the German generator to the Citizenry.
    (27, ("Investment Credits", 4, "O", ("develop",)), ("Galactic Survey Headquarters", "blue", 2, _eff(cup=("blue",)))),
    (28, ("Isolation Policy", 3, "R", ()), ("Planetary Nebula", "brown", 3, _eff(good=True))),
    (29, ("Jumpdrive Research", 1, "O", ("ship",)), ("Deserted Alien Library", "yellow", 6, _eff(2, good=True))),
    (30, ("Local Subsidies", 2, "R", ()), ("Distant World", "green", 4, _eff(1, cup=("green",)))),
    (31, ("Mad Scientists", 3, "R", ()), ("Gateway Station", "grey", 3, _eff(c=("purple",)))),
    (32, ("Major Research Labs", 3, "O", ("explore",)), ("Galactic Fuel Depot", "brown", 3, _eff(good=True))),
    (33, ("Merchant Guild", 3, "O", ("produce",)), ("Jumpdrive Fuel Refinery", "brown", 3, _eff(good=True))),
    (34, ("Mining League", 6, "O", ("produce",)), ("New Survivalists", "blue", 1, _eff(c=("blue",)))),
    (35, ("Minor Research Labs", 2, "O", ("ship",)), ("Transport Hub", "grey", 4, _eff(1, c=("purple",)))),
    (36, ("Nanotechnology", 5, "R", ()), ("Radioactive World", "brown", 2, _eff(cup=("brown",)))),
    (37, ("New Economy", 6, "O", ("ship",)), ("High-Gravity World", "grey", 1, _eff(cup=("red",)))),
    (38, ("New Galactic Order", 6, "O", ("settle",)), ("Secluded World", "blue", 1, _eff(c=("blue",)))),
    (39, ("Operations Affinity", 2, "R", ()), ("Tourist World", "grey", 4, _eff(1, c=("purple",)))),
    (40, ("Organic Shipyards", 5, "O", ("ship",)), ("Outlaw World", "grey", 2, _eff(cup=("red",)))),
    (41, ("Propaganda Campaign", 4, "R", ()), ("Ore-Rich World", "brown", 2, _eff(cup=("brown",)))),
    (42, ("Public Works", 1, "O", ("develop",)), ("Lost Alien Warship", "yellow", 5, _eff(2, cup=("yellow",)))),
    (43, ("Replicant Robots", 4, "O", ("settle",)), ("Space Port", "blue", 2, _eff(cup=("blue",)))),
    (44, ("Robot Surveyors", 5, "O", ("settle",)), ("Asteroid Belt", "brown", 2, _eff(cup=("brown",)))),
    (45, ("Shipping Affinity", 2, "R", ()), ("Deep Space Symbionts, Ltd.", "green", 4, _eff(1, cup=("green",)))),
    (46, ("Space Docks", 2, "O", ("ship",)), ("Armaments World", "brown", 4, _eff(1, good=True))),
    (47, ("Space Marines", 3, "I", ()), ("Prosperous World", "blue", 3, _eff(good=True))),
    (48, ("Space Mercenaries", 1, "R", ()), ("Lost Alien Battle Fleet", "yellow", 6, _eff(3, cup=("yellow",)))),
    (49, ("Space Refineries", 3, "O", ("ship",)), ("Uplift Overseers", "green", 3, _eff(cup=("green",)))),
    (50, ("Space Tourism", 3, "O", ("ship",)), ("Universal Exports", "blue", 3, _eff(good=True))),
    (51, ("System Diversification", 6, "R", ()), ("Rebel Miners", "brown", 2, _eff(c=("red", "red"), lose=1))),
    (52, ("Technology Affinity", 2, "R", ()), ("Jungle World", "green", 4, _eff(good=True))),
    (53, ("Technology Unions", 1, "O", ("explore", "produce")), ("Deserted Alien Colony", "yellow", 5, _eff(1, good=True))),
    (54, ("Terraforming Robots", 1, "O", ("settle",)), ("Terraformed World", "grey", 5, _eff(2, c=("purple",)))),
    (55, ("Trade Levies", 3, "O", ("ship",)), ("Comet Zone", "brown", 3, _eff(good=True))),
]

# Immediate-effect developments (A3.4 II: "3 developments have immediate effects").
_IMMEDIATE: dict[str, dict[str, Any]] = {
    "Conscription": _eff(cup=("red", "red"), lose=1),
    "Information Tech": _eff(cup=("blue", "blue"), lose=1),
    "Space Marines": _eff(1, cup=("red",), lose=1),
}

# B1.2 factions: (n, development or None, worlds). Faction 9 costs 0/3 (two sources; A3 B1).
_FACTIONS: list[tuple[int, tuple[str, int, str, tuple[str, ...]] | None, list[tuple[str, str, int, dict[str, Any]]]]] = [
    (1, ("Space Piracy", 0, "O", ("ship",)), [("Hidden Fortress", "grey", 2, _eff(c=("red",)))]),
    (2, ("Alien Archaeology", 1, "O", ("explore",)), [("Alien Rosetta Stone World", "grey", 1, _eff(c=("yellow",)))]),
    (3, ("Consumer Markets", 3, "O", ("produce",)), [("Space Mall", "blue", 0, _eff(cup=("blue",)))]),
    (4, ("Improved Reconnaissance", 2, "O", ("explore",)), [("Wormhole Station", "brown", 3, _eff(cup=("brown",)))]),
    (5, ("Genetics Lab", 2, "O", ("produce",)), [("The Last of the Gnarssh", "green", 0, _eff(c=("green",)))]),
    (6, ("Galactic Religion", 2, "O", ("develop",)), [("Pilgrimage World", "blue", 3, _eff(good=True))]),
    (7, ("Biological Adaptation", 2, "O", ()), [("Aquatic Uplift World", "grey", 2, _eff(cup=("green",)))]),
    (8, ("Mining Industry", 2, "O", ("ship",)), [("Meteorite Planet", "brown", 1, _eff(c=("brown",)))]),
    (9, None, [("Destroyed Colony", "grey", 0, _eff(cup=("purple",))),
               ("Awakened Alien Outpost", "yellow", 3, _eff(c=("red",)))]),
]

# B1.2 home worlds; Doomed World gives $8 and no dice (A3.2).
_HOMES: list[tuple[str, str, int, dict[str, Any]]] = [
    ("New Sparta", "grey", 2, _eff(c=("red", "red"))),
    ("Doomed World", "grey", 0, _eff(8)),
    ("Alpha Centauri", "brown", 1, _eff(good=True)),
    ("Earth's Lost Colony", "blue", 2, _eff(good=True)),
    ("Ancient Race", "green", 0, _eff(good=True)),
    ("Damaged Alien Factory", "yellow", 1, _eff(c=("yellow",))),
    ("Old Earth", "grey", 3, _eff(c=("purple",))),
    ("Separatist Colony", "grey", 2, _eff(cup=("red",))),
    ("Epsilon Eridani", "grey", 2, _eff(c=("blue", "red"))),
]


def _build() -> tuple[dict[str, Card], dict[int, list[str]], list[str]]:
    cards: dict[str, Card] = {}
    factions: dict[int, list[str]] = {}
    homes: list[str] = []
    for n, (dname, dcost, dkind, dph), (wname, wcol, wcost, weff) in _TILES:
        cards[f"T{n}d"] = Card(f"T{n}d", "dev", dname, dcost, None, dkind, dph,
                               _IMMEDIATE.get(dname, {}))
        cards[f"T{n}w"] = Card(f"T{n}w", "world", wname, wcost, wcol, None, (), weff)
    for n, dev, worlds in _FACTIONS:
        keys: list[str] = []
        if dev is not None:
            dname, dcost, dkind, dph = dev
            cards[f"F{n}d"] = Card(f"F{n}d", "dev", dname, dcost, None, dkind, dph)
            keys.append(f"F{n}d")
        for i, (wname, wcol, wcost, weff) in enumerate(worlds, start=1):
            key = f"F{n}w" if len(worlds) == 1 else f"F{n}w{i}"
            cards[key] = Card(key, "world", wname, wcost, wcol, None, (), weff)
            keys.append(key)
        factions[n] = keys
    for i, (wname, wcol, wcost, weff) in enumerate(_HOMES, start=1):
        key = f"H{i}w"
        cards[key] = Card(key, "world", wname, wcost, wcol, None, (), weff)
        homes.append(key)
    return cards, factions, homes


CARDS, FACTIONS, HOMES = _build()
TILE_IDS: tuple[int, ...] = tuple(n for n, _d, _w in _TILES)
BY_NAME: dict[str, str] = {c.name: c.key for c in CARDS.values()}


_SIDE_KEYS: dict[int, tuple[str, str]] = {n: (f"T{n}d", f"T{n}w") for n in TILE_IDS}


def side_key(tile: int, side: str) -> str:
    """Card key for one side ("dev"/"world") of game tile ``tile``."""
    return _SIDE_KEYS[tile][side != "dev"]
