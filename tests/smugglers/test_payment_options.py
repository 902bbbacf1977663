"""The ways to pay a sector's ships and to take goods at a refill are filtered from every
count per colour listed once; they must list exactly what trying every count of every
colour lists, in the same order (the random bot's picks depend on it)."""

from __future__ import annotations

from itertools import product

from rulesets.rng import Rng
from rulesets.smugglers.components import CRUISER
from rulesets.smugglers.payment import _options
from rulesets.smugglers.refill import _takes

COLOURS = ["yellow", "blue", "green", "red"]
Counts = tuple[tuple[str, int], ...]


def every_payment(ships: tuple[str, ...], held: Counts) -> tuple[Counts, ...]:
    """A1.3.4 by brute force: n or n - 1 goods, off-colour goods only on cruisers."""
    need = {c: sum(1 for s in ships if s == c) for c, _ in held}
    cruisers = ships.count(CRUISER)
    out = []
    for combo in product(*(range(h + 1) for _, h in held)):
        extra = sum(max(0, g - need[c]) for (c, _), g in zip(held, combo, strict=True))
        if len(ships) - 1 <= sum(combo) <= len(ships) and extra <= cruisers:
            out.append(tuple((c, g) for (c, _), g in zip(held, combo, strict=True) if g))
    return tuple(out)


def every_take(limit: int, pool: Counts) -> tuple[Counts, ...]:
    """A1.3.5 by brute force: 1 to ``limit`` goods of any colours."""
    return tuple(tuple((c, g) for (c, _), g in zip(pool, combo, strict=True) if g)
                 for combo in product(*(range(n + 1) for _, n in pool))
                 if 1 <= sum(combo) <= limit)


def test_payments_and_takes_are_every_one_in_order() -> None:
    rng = Rng.from_seed("payment-options")
    for _ in range(400):
        ships = tuple(rng.choice([*COLOURS, CRUISER]) for _ in range(rng.below(5)))
        held = tuple((c, rng.below(7)) for c in COLOURS)
        assert _options(ships, held) == every_payment(ships, held)
        limit = rng.randint(-1, 4)
        assert _takes(limit, held) == every_take(limit, held)
