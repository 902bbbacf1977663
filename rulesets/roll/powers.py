
"""Development powers as data plus small functions (B1.2, B1.3, A3.7).

Readings (the powers are paraphrases of the printed tiles; where it is silent we chose):

* Reassign powers (A3.3 step 2): each usable once per round, after the phase is
  selected; the phase-selector die stays on its space and the Dictate die is out
  of play, so neither can be reassigned. Moving a die to its own column is not
  offered. Dictate's follow-up reassign is optional (a same-column "reassign"
  would be a no-op anyway).
* Galactic Federation / Galactic Exchange "1-2 ... go to the cup": the owner
  picks one or two of the completed tile's dice (a later tile only).
* Galactic Bankers "may pay $1 for 1 VP per good traded": a flag on the trade.
* Advanced Logistics: before each explorer, move any construction tile to the
  top of either stack (flipping it when the stack differs), each tile at most
  once per Explore phase (keeps the choice finite; the printed text says
  "rearrange/flip").
* Alien Research Team: after everyone's explorers, draw 1 tile and place it;
  +$1 once if the owner scouted with a yellow explorer this phase.
* End-of-phase powers fire whenever the phase happens, with or without the
  owner's workers in it (rulebook Q&A "Kell munkást kijelölnöm...? Nem").
* The faction's development counts as a development (Technology Unions, Galactic
  Federation, Galactic Bankers, New Economy); its world counts as a world.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from rulesets.roll.data import CARDS, PHASES, TRADE_VALUE, Card
from rulesets.roll.empire import (
    blue_worlds,
    count_goods,
    devs,
    gain_credits,
    owned_dice,
    owns,
    pay_vp,
    worlds,
)
from rulesets.roll.state import Game, Player


@dataclass(frozen=True)
class Reassign:
    """A reassign power: how many workers, which dice, to which columns."""

    max: int
    min: int = 1
    colours: frozenset[str] | None = None  # die colours it may move (None: any)
    from_cols: frozenset[str] | None = None  # source columns (None: any)
    to: str | frozenset[str] = "any"       # "any", "selected", or a set of phases
    same_col: bool = False                 # Executive Power: both from one column


_ANY = "any"
_SEL = "selected"
WHITE = frozenset({"white"})

# B1.3 "R" developments. Mad Scientists' count depends on blue worlds (see below).
REASSIGN: dict[str, Reassign] = {
    "Colonial Affinity": Reassign(1, to=frozenset({"settle"})),
    "Diversification": Reassign(1, colours=WHITE, from_cols=frozenset({"explore"})),
    "Executive Power": Reassign(2, min=2, to=_SEL, same_col=True),
    "Galactic Influence": Reassign(1),
    "Homeworld Patriotism": Reassign(2, colours=WHITE, to=_SEL),
    "Hydroponics Guild": Reassign(1, colours=frozenset({"blue", "green"})),
    "Isolation Policy": Reassign(2, from_cols=frozenset({"explore"})),
    "Local Subsidies": Reassign(1, colours=WHITE),
    "Mad Scientists": Reassign(2),
    "Nanotechnology": Reassign(2),
    "Operations Affinity": Reassign(1, to=frozenset({"explore", "produce"})),
    "Propaganda Campaign": Reassign(2, to=_SEL),
    "Shipping Affinity": Reassign(1, to=frozenset({"ship"})),
    "Space Mercenaries": Reassign(1, colours=frozenset({"red", "brown"})),
    "System Diversification": Reassign(2, colours=frozenset({"red", "purple", "blue", "brown", "green", "yellow"})),
    "Technology Affinity": Reassign(1, to=frozenset({"develop"})),
}
# Reassign developments that change Dictate rather than add a power.
DICTATE_MODIFIERS = ("Backup Planning", "Galactic Mandate")
DICTATE = Reassign(1, min=0)


def dictate_spec(p: Player) -> Reassign:
    """Galactic Mandate: Dictate may reassign up to 3 workers."""
    return Reassign(3, min=0) if owns(p, "Galactic Mandate") else DICTATE


def mad_scientists_max(state: Game, seat: int) -> int:
    """Most blue worlds: 2; tied for most (all at 0 counts): 1; else 0 (A3.7)."""
    counts = [blue_worlds(q) for q in state.players]
    mine, top = counts[seat], max(counts)
    if mine < top:
        return 0
    return 1 if counts.count(top) > 1 else 2


def power_max(state: Game, seat: int, name: str) -> int:
    if name == "Mad Scientists":
        return mad_scientists_max(state, seat)
    return REASSIGN[name].max


_OTHER_PHASES: dict[str, tuple[str, ...]] = {
    src: tuple(dst for dst in PHASES if dst != src) for src in PHASES}


def destinations(spec: Reassign, colour: str, src: str, selected: str,
                 first_src: str | None) -> Sequence[str]:
    """The columns ``spec`` may move a ``colour`` die to from column ``src``, in phase
    order (never its own column)."""
    if spec.colours is not None and colour not in spec.colours:
        return ()
    if spec.from_cols is not None and src not in spec.from_cols:
        return ()
    if spec.same_col and first_src is not None and src != first_src:
        return ()
    to = spec.to
    if to == _SEL:
        return (selected,) if selected != src else ()
    if to == _ANY:
        return _OTHER_PHASES[src]
    return [dst for dst in _OTHER_PHASES[src] if dst in to]


# ---- construction costs (A3.4 II/III, A3.7 Free Trade Zone) -----------------

def dev_cost(p: Player, card: Card) -> int:
    """Investment Credits: later developments -1; Biological Adaptation:
    Reassign developments -1; never below 1."""
    cost = card.cost
    if owns(p, "Investment Credits"):
        cost -= 1
    if owns(p, "Biological Adaptation") and card.dev_kind == "R":
        cost -= 1
    return max(1, cost) if card.cost >= 1 else card.cost


def world_cost(p: Player, card: Card) -> int:
    """Free Trade Zone: grey worlds 2 fewer but not below 2 (a 3 or 4 costs 2);
    Alien Uplift Blueprints: green/yellow -1; Replicant Robots: -1; floor 1."""
    cost = card.cost
    if owns(p, "Free Trade Zone") and card.colour == "grey" and cost > 2:
        cost = max(2, cost - 2)
    if owns(p, "Alien Uplift Blueprints") and card.colour in ("green", "yellow"):
        cost -= 1
    if owns(p, "Replicant Robots"):
        cost -= 1
    return max(1, cost) if card.cost >= 1 else card.cost


# ---- Explore / Ship values ---------------------------------------------------

def stock_value(p: Player, colour: str) -> int:
    """Stock gives $2; Alien Archaeology makes a yellow explorer's Stock $4."""
    if colour == "yellow" and owns(p, "Alien Archaeology"):
        return 4
    return 2


def trade_value(p: Player, world_colour: str) -> int:
    """World colour sets the price (A3.4 V) plus Export Duties, Galactic Demand,
    Jumpdrive Research."""
    value = TRADE_VALUE[world_colour]
    if owns(p, "Export Duties"):
        value += 1
    if owns(p, "Galactic Demand") and world_colour == "blue":
        value += 2
    if owns(p, "Jumpdrive Research") and world_colour == "brown":
        value += 1
    return value


def _matches(die: str, world_colour: str) -> bool:
    return die == "purple" or die == world_colour


def consume_gain(p: Player, shipper: str, good: str, world_colour: str) -> tuple[int, int]:
    """(VP, credits) for consuming: 1 VP, +1 per matching die (purple matches all);
    then Minor Research Labs, Space Refineries, Galactic Renaissance (VP) and
    Mining Industry, Trade Levies, New Economy (credits)."""
    vp = 1 + _matches(good, world_colour) + _matches(shipper, world_colour)
    credits = 0
    if owns(p, "Minor Research Labs") and world_colour in ("green", "yellow"):
        vp += 1
    if owns(p, "Space Refineries") and world_colour == "brown":
        vp += 1
    if owns(p, "Galactic Renaissance"):
        vp += 1
    if owns(p, "Mining Industry") and world_colour == "brown":
        credits += 1
    if owns(p, "Trade Levies"):
        credits += 1
    if owns(p, "New Economy"):
        credits += 2
    return vp, credits


def virtual_workers(p: Player, phase: str) -> list[str]:
    """Workers granted by developments, not dice (they go nowhere after use)."""
    out: list[str] = []
    if phase == "explore":
        if owns(p, "Alien Research Ship"):
            out += ["white", "yellow"]
        if owns(p, "Major Research Labs"):
            out.append("white")
    elif phase == "ship":
        if owns(p, "Space Docks"):
            out.append("white")
        if owns(p, "Organic Shipyards"):
            out += ["white", "green"]
    return out


# ---- completion triggers -----------------------------------------------------

def on_dev_completed(p: Player) -> int:
    """Credits from Public Works and Galactic Recycling for a later development
    (call before the new tile joins the tableau)."""
    return owns(p, "Public Works") + owns(p, "Galactic Recycling")


def on_world_completed(p: Player, card: Card) -> int:
    """Galactic Recycling +$1; Terraforming Robots +$1, +$1 more if brown."""
    n: int = owns(p, "Galactic Recycling")
    if owns(p, "Terraforming Robots"):
        n += 2 if card.colour == "brown" else 1
    return n


# ---- end-of-phase powers -----------------------------------------------------

def _most_devs(state: Game, seat: int) -> bool:
    counts = [len(devs(q)) for q in state.players]
    return counts[seat] == max(counts) and counts.count(counts[seat]) == 1


def _owns_all_highest_worlds(state: Game, seat: int) -> bool:
    """Space Tourism: printed costs across all tableaus; all of the top ones mine."""
    best = max(c.cost for q in state.players for c in worlds(q))
    mine = sum(1 for c in worlds(state.players[seat]) if c.cost == best)
    total = sum(1 for q in state.players for c in worlds(q) if c.cost == best)
    return mine == total


def end_of_phase(state: Game, seat: int, phase: str) -> dict[str, int]:  # noqa: C901
    """Credits and VP from end-of-phase powers; returns {"credits", "vp"} gained."""
    p = state.players[seat]
    credits = 0
    vp = 0
    if phase == "explore":
        if owns(p, "Technology Unions") and _most_devs(state, seat):
            credits += 1
    elif phase == "develop":
        if owns(p, "Galactic Religion"):
            credits += p.cit["blue"]
        if owns(p, "Galactic Investors"):
            credits += 2
    elif phase == "settle":
        if owns(p, "Robot Surveyors"):
            credits += 2
    elif phase == "produce":
        if owns(p, "Consumer Markets"):
            credits += sum(len(p.goods.get(c.key, [])) for c in worlds(p) if c.colour == "blue")
        if owns(p, "Genetics Lab"):
            credits += 2 * sum(g.count("green") for g in p.goods.values())
        if owns(p, "Merchant Guild"):
            credits += 2
        if owns(p, "Mining League"):
            credits += sum(len(p.goods.get(c.key, [])) for c in worlds(p) if c.colour == "brown")
        if owns(p, "Technology Unions") and _most_devs(state, seat):
            credits += 1
    elif phase == "ship":
        if owns(p, "Space Piracy"):
            credits += math.ceil(p.cit["red"] / 2)
        if owns(p, "Free Trade Association"):
            credits += 2
        if owns(p, "Space Tourism"):
            credits += 1 + _owns_all_highest_worlds(state, seat)
        if owns(p, "Galactic Salon"):
            vp += 1
    got = gain_credits(p, credits)
    paid = pay_vp(state, p, vp) if vp else 0
    return {"credits": got, "vp": paid}


# ---- end-game bonuses of cost-6 developments (A3.5, A3.8) --------------------

def _triangular_steps(chips: int) -> int:
    """Galactic Renaissance: 1/2/3/4... for 1/3/6/10... VP chips."""
    n = 0
    while (n + 1) * (n + 2) // 2 <= chips:
        n += 1
    return n


def end_bonuses(p: Player) -> dict[str, int]:
    """Bonus VP per cost-6 development owned; fractions round up (A3.5)."""
    out: dict[str, int] = {}
    ds = devs(p)
    if owns(p, "Free Trade Association"):
        out["Free Trade Association"] = math.ceil(sum(c.cost for c in worlds(p) if c.colour == "blue") / 2)
    if owns(p, "Galactic Bankers"):
        out["Galactic Bankers"] = len(ds)
    if owns(p, "Galactic Exchange"):
        out["Galactic Exchange"] = sum(1 for n in owned_dice(p).values() if n > 0)
    if owns(p, "Galactic Federation"):
        out["Galactic Federation"] = math.ceil(sum(c.cost for c in ds) / 3)
    if owns(p, "Galactic Renaissance"):
        out["Galactic Renaissance"] = _triangular_steps(p.vp)
    if owns(p, "Galactic Reserves"):
        out["Galactic Reserves"] = count_goods(p)
    if owns(p, "Mining League"):
        out["Mining League"] = 2 * sum(1 for c in worlds(p) if c.colour == "brown")
    if owns(p, "New Economy"):
        out["New Economy"] = sum(1 for c in ds if c.dev_kind != "R")
    if owns(p, "New Galactic Order"):
        out["New Galactic Order"] = 2 * math.ceil(owned_dice(p)["red"] / 3)
    if owns(p, "System Diversification"):
        out["System Diversification"] = math.ceil(sum(c.cost for c in ds if c.dev_kind == "R") / 2)
    return out


def score(p: Player) -> int:
    """VP chips + printed costs of tableau tiles + cost-6 bonuses (A3.5)."""
    value: int = p.vp + sum(CARDS[k].cost for k in p.tableau) + sum(end_bonuses(p).values())
    return value


__all__ = ["PHASES", "REASSIGN", "score"]
