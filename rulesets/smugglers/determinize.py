"""Űrcsempészek's determinization and evaluation for the searching bot (``rulesets/search``).

Hidden from every seat alike (``view.py``): the face-down galaxies still to come and the
cards left in the box. A seat knows the set of sector cards and which it has seen, so the
unseen ones are those two zones' cards together: a sample deals them again, uniformly,
keeping each zone's size, and reseeds the generator (dice to come are not the real ones).
"""

from __future__ import annotations

import math

from rulesets.rng import Rng
from rulesets.search.hidden import canonical, deal
from rulesets.smugglers.scoring import breakdown
from rulesets.smugglers.state import Game


def determinize(state: Game, seat: int, rng: Rng) -> Game:
    st = state.copy()
    places = [(g, slice(None)) for g in st.galaxies] + [(st.box, slice(None))]
    pool = canonical(x for zone, _ in places for x in zone)
    rng.shuffle(pool)
    deal(places, pool)
    st.rng = rng.next_u64()
    return st


def evaluate(state: Game) -> list[float]:
    """Each seat's chance, roughly: a softmax of the points it would score now (three
    points of lead being about 73 % between two seats)."""
    totals = [float(r["total"]) for r in breakdown(state)]
    top = max(totals)
    w = [0.0 if s.resigned else math.exp((x - top) / 3.0)
         for x, s in zip(totals, state.seats, strict=True)]
    total = sum(w) or 1.0
    return [x / total for x in w]
