"""Every number the KGK rules give, named, with the rule that gives it.

One rule, one place: the engine reads these names instead of writing the numbers out,
so a reader finds the rule behind a number and a reading changes in one line. Rule
numbers cite the KG rule reference (see this package's README.md).
"""

from __future__ import annotations

from typing import Final

# ---------------------------------------------------------------- players and set-up
MIN_PLAYERS: Final = 2                  # KG-1.4: a two-player game (multiplayer: KG-13.1)
START_HAND: Final = 5                   # KG-8.3: five cards into the central
START_CREDITS: Final = 5                # KG-8.3: five credits
MULLIGAN_DRAW: Final = START_HAND       # KG-8.4: draw another five cards

# ---------------------------------------------------------------- income (start phase)
INCOME: Final = 5                       # KG-6.9.2, KG-9.2.1: five credits each start phase
# KG-8.5: the two-player ramp, the income of a seat's first and second own turn.
FIRST_PLAYER_RAMP: Final = (1, 3)
SECOND_PLAYER_RAMP: Final = (2, 4)
RAMP_TURNS: Final = len(FIRST_PLAYER_RAMP)   # KG-8.5: then the normal income
# (multiplayer and quick start: INCOME from the first turn, KG-13.1.5, KG-16.1.6)

# ---------------------------------------------------------------- main-phase costs (KG-9.3.3)
DEVELOP_COST: Final = 1                 # KG-9.3.3 f, KG-4.5.3
DEVELOPS_PER_BASE_PER_TURN: Final = 2   # KG-4.5.3: at most two per base per turn
CASH_DEVELOPMENTS: Final = 2            # KG-4.5.13, KG-9.3.3 c: two developments ...
CASH_GAIN: Final = 1                    # ... give one credit
DRAW_COST: Final = 1                    # KG-9.3.3 g: the top card of the colony
SEARCH_COST: Final = 2                  # KG-9.3.3 h: one of the top cards of the colony
SEARCH_DEPTH: Final = 5                 # KG-9.3.3 h: the top five (fewer: all, KG-17.37)
RUIN_DRAW_COST: Final = 2               # KG-9.3.3 i: the bottom card of the ruin ...
RUIN_DRAW_MAX_COLONY: Final = 5         # ... only with five or fewer cards in the colony

# ---------------------------------------------------------------- end phase (KG-9.10)
HAND_LIMIT: Final = 5                   # KG-9.10.3: discard down to five
HANGAR_LIMIT: Final = 12                # KG-9.10.4, KG-6.7.2: total ship size
CREDIT_CAP: Final = 20                  # KG-9.10.5, KG-6.9.3: credits kept

# ---------------------------------------------------------------- combat
FIRING_DECLINES_TO_END: Final = 2       # KG-17.5: two consecutive declines end firing
HEAVY_WEAPONS_COST: Final = 2           # KG-7.7: Nehéz fegyverzet, +1 firepower for 2 ...
HEAVY_WEAPONS_MAX_FACTOR: Final = 2     # ... up to twice the printed firepower
DEMOLITION_MAX_FACTOR: Final = 2        # KG-7.9: Tűzszerészet, up to twice the printed bombard
FORMATION_MIN_SHIPS: Final = 2          # KG-7.5: Kötelék spreads damage over two or more ships
# KG-9.8.3 - KG-9.8.5: bombarding the central, a crew or an unpaid base needs a total
# bombard of at least two (the colony has no threshold, KG-9.8.2; a paid base needs its
# armor, KG-9.8.6).
BOMBARD_THRESHOLD: Final = 2


# ---------------------------------------------------------------- the rules those numbers make

def can_cash(total_developments: int) -> bool:
    """KG-4.5.13: a total of two developments, from one base or two, can be cashed."""
    return total_developments >= CASH_DEVELOPMENTS


def two_player_ramp(first_player: bool, own_turn: int) -> int | None:
    """KG-8.5: a two-player seat's income in its ``own_turn``-th turn, or None once the
    ramp is over (then ``INCOME``)."""
    if own_turn > RAMP_TURNS:
        return None
    return (FIRST_PLAYER_RAMP if first_player else SECOND_PLAYER_RAMP)[own_turn - 1]
