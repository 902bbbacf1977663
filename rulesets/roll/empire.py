"""Operations on one player's empire: credits, VP chips, dice and tableau queries."""

from __future__ import annotations

from rulesets.roll.data import CARDS, COLOURS, CREDIT_CAP, END_SQUARES, GOOD_COLOURS, PHASES, Card
from rulesets.roll.state import Game, Player


def zero_dice() -> dict[str, int]:
    return dict.fromkeys(COLOURS, 0)


def owns(p: Player, name: str) -> bool:
    """True when the tableau holds the development called ``name``."""
    return name in p.names


def add_to_tableau(p: Player, key: str) -> None:
    p.tableau.append(key)
    p.names.append(CARDS[key].name)


def gain_credits(p: Player, n: int) -> int:
    """Add credits, capped at $10 (A3.4 "Credits"); returns what was actually added."""
    before = p.credits
    p.credits = min(CREDIT_CAP, before + n)
    value: int = p.credits - before
    return value


def pay_vp(state: Game, p: Player, n: int) -> int:
    """Pay ``n`` VP chips from the pool; an emptied pool ends the game and the
    10-chips keep paying (A3.4 V). Returns the chips actually paid."""
    paid = 0
    take = min(n, state.vp_pool)
    state.vp_pool -= take
    paid += take
    if n > 0 and state.vp_pool == 0:
        state.pool_empty = True
    rest = min(n - take, state.vp_tens)
    state.vp_tens -= rest
    paid += rest
    p.vp += paid
    value: int = paid
    return value


def cards(p: Player) -> list[Card]:
    return [CARDS[k] for k in p.tableau]


def worlds(p: Player) -> list[Card]:
    return [c for c in cards(p) if c.kind == "world"]


def devs(p: Player) -> list[Card]:
    return [c for c in cards(p) if c.kind == "dev"]


def squares(p: Player) -> int:
    """Tableau squares: the faction counts 2, the home world 1 (A3.3 step 5)."""
    return 3 + sum(1 for k in p.tableau if k.startswith("T"))


def reached_end(p: Player) -> bool:
    return squares(p) >= END_SQUARES


def good_capacity(p: Player) -> int:
    """One good per world; Galactic Reserves allows two (A3.7)."""
    return 2 if owns(p, "Galactic Reserves") else 1


def good_worlds(p: Player) -> list[Card]:
    """The worlds that can hold goods (not the grey ones)."""
    return [c for c in map(CARDS.__getitem__, p.tableau)
            if c.kind == "world" and c.colour in GOOD_COLOURS]


def count_goods(p: Player) -> int:
    return sum(len(v) for v in p.goods.values())


def owned_dice(p: Player) -> dict[str, int]:
    """Every die the player holds anywhere (cup, Citizenry, columns, zones, goods)."""
    out = dict(p.cup)
    for c, n in p.cit.items():
        out[c] += n
    for col in p.cols.values():
        for c in col:
            out[c] += 1
    for c in p.dev_workers + p.world_workers:
        out[c] += 1
    for lst in p.goods.values():
        for c in lst:
            out[c] += 1
    if p.assign is not None:
        for c, _f, _col in p.assign.dice:
            out[c] += 1
        if p.assign.sel is not None:
            out[p.assign.sel[0]] += 1
        for c, _f in p.assign.dictate:
            out[c] += 1
    return out


def blue_worlds(p: Player) -> int:
    return sum(1 for c in worlds(p) if c.colour == "blue")


def take_from_supply(state: Game, colour: str) -> bool:
    """Take one die of ``colour`` from the supply; False (and nothing gained)
    when the supply has none left (not covered by the rulebook)."""
    if state.supply[colour] <= 0:
        return False
    state.supply[colour] -= 1
    return True


def empty_cols() -> dict[str, list[str]]:
    return {ph: [] for ph in PHASES}
