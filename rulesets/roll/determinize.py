"""Roll for the Galaxy's determinization and evaluation for the searching bot
(``rulesets/search``).

Hidden from a seat (``view.py``): the bag and the Explore discards, the other seats'
construction stacks below their top tiles, the tiles another seat's task holds, and,
until everyone has committed, the other seats' rolls and assignments (their dice
colours are public). A sample deals all those unseen tiles again as one pool (a seat
knows the tile set and which tiles it has seen), rolls the other seats' hidden dice
again (an uncommitted seat starts its assignment afresh; a committed one gets each die
in its face's phase and one die as its phase selection), and reseeds the generator.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from rulesets.rng import Rng
from rulesets.roll.data import COLOURS, DIE_FACES, PHASES, WILD
from rulesets.roll.powers import score
from rulesets.roll.state import Assign, Game
from rulesets.search.hidden import canonical, deal


def _unseen(state: Game, seat: int) -> list[tuple[list[Any], slice]]:
    """The zones the ruleset declares hidden from ``seat`` (``hidden_zones``), in their
    order: the bag, the discards, then the other seats' development stacks below the top
    and their world stacks below the top."""
    below_top = slice(1, None)
    others = [p for q, p in enumerate(state.players) if q != seat]
    return ([(state.bag, slice(None)), (state.discards, slice(None))]
            + [(p.dev_stack, below_top) for p in others]
            + [(p.world_stack, below_top) for p in others])


def _task_tiles(state: Game, seat: int) -> list[tuple[list[Any], slice]]:
    """The tile lists other seats' pending tasks hold (their hidden draws)."""
    out: list[tuple[list[Any], slice]] = []
    for t in state.queue:
        if t.get("seat") != seat and isinstance(t.get("tiles"), list):
            out.append((t["tiles"], slice(None)))
    return out


def _reroll(a: Assign, committed: bool, rng: Rng) -> None:
    colours = [d[0] for d in a.dice] + [d[0] for d in a.dictate]
    if a.sel is not None:
        colours.append(a.sel[0])
    dice = []
    for c in sorted(colours, key=COLOURS.index):
        face = DIE_FACES[c][rng.below(6)]
        # a committed seat has placed its wild dice in some phase
        col = PHASES[rng.below(len(PHASES))] if committed and face == WILD else face
        dice.append([c, face, col])
    dice.sort()
    sel = None
    if committed and dice:
        sel = dice.pop(rng.below(len(dice)))
    a.dice = dice
    a.sel = sel
    a.dictate = []
    a.used = []
    a.pend = None


def determinize(state: Game, seat: int, rng: Rng) -> Game:
    return sampler(state, seat)(rng)


def sampler(state: Game, seat: int) -> Callable[[Rng], Game]:
    """``determinize(state, seat, ·)`` for the search's many samples of one state: the
    unseen tiles in their canonical order are the same in every sample, so they are
    sorted once; each sample shuffles a copy of them."""
    places = _unseen(state, seat) + _task_tiles(state, seat)
    unseen = canonical(x for zone, cut in places for x in zone[cut])

    def sample(rng: Rng) -> Game:
        st = state.copy()
        pool = list(unseen)
        rng.shuffle(pool)
        deal(_unseen(st, seat) + _task_tiles(st, seat), pool)
        if st.stage == "assign":
            for q, p in enumerate(st.players):
                if q != seat and p.assign is not None:
                    _reroll(p.assign, bool(p.committed), rng)
        st.rng = rng.next_u64()
        return st

    return sample


def evaluate(state: Game) -> list[float]:
    """Each seat's chance, roughly: a softmax of the score it would have now (five points
    of lead being about 73 % between two seats)."""
    pts = [float(score(p)) for p in state.players]
    top = max(pts)
    w = [math.exp((x - top) / 5.0) for x in pts]
    total = sum(w)
    return [x / total for x in w]
