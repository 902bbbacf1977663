"""Pulsar 2849's determinization and evaluation for the searching bot (``rulesets/search``).

Hidden from every seat alike (``view.py``): the face-down system tiles (on the board and
the one in the box), the exploration stack, and the transmitter stack below its top. A
sample deals the unseen system tiles again over the face-down systems and the box,
shuffles the exploration stack, shuffles the transmitter stack within each letter (the
stack is built letter by letter, last letter at the bottom, so the counts per letter tell
which letter lies where) and reseeds the
generator (dice to come are not the real ones).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from rulesets.pulsar.projection import projected_vp
from rulesets.pulsar.state import Game
from rulesets.rng import Rng
from rulesets.search.hidden import canonical


def determinize(state: Game, seat: int, rng: Rng) -> Game:
    return sampler(state, seat)(rng)


def sampler(state: Game, seat: int) -> Callable[[Rng], Game]:
    """``determinize(state, seat, ·)`` for the search's many samples of one state: which
    systems are face down, and the unseen tiles in their canonical order, are the same in
    every sample, so they are worked out once; each sample shuffles copies of them.

    Nothing hidden depends on ``seat``: the unseen zones are hidden from every seat alike."""
    face_down = [n for n, s in sorted(state.systems.items()) if not s["revealed"]]
    tiles = canonical([state.systems[n]["tile"] for n in face_down] + list(state.box))
    explore = canonical(state.explore["stack"])
    # The transmitters below the top, by letter: which letter lies where follows from the
    # counts alone (the view's ``stack_letters``), the stack being built last letter
    # first, so the bottom holds the last letters.
    below = state.tx["stack"][:-1]
    by_letter: dict[str, list[str]] = {}
    for tid in canonical(below):
        by_letter.setdefault(state.c.transmitters[tid]["letter"], []).append(tid)
    groups = [by_letter[key] for key in sorted(by_letter, reverse=True)]

    def sample(rng: Rng) -> Game:
        # the components never change in a game: the copy shares them with their look-ups
        st = state.copy()
        pool = list(tiles)
        rng.shuffle(pool)
        for n in face_down:
            st.systems[n]["tile"] = pool.pop()
        st.box = pool
        stack = list(explore)
        rng.shuffle(stack)
        st.explore["stack"] = stack
        if below:
            rebuilt: list[str] = []
            for group in groups:
                drawn = list(group)
                rng.shuffle(drawn)
                rebuilt += drawn
            st.tx["stack"][:-1] = rebuilt
        st.rng = rng.next_u64()
        return st

    return sample


# Ten projected points of lead are about a 73 % chance between two seats (a lead of
# one scale unit weighs e:1).
SCALE = 10.0


def evaluate(state: Game) -> list[float]:
    """Each seat's chance, roughly: a softmax of its projected final score
    (``projection.projected_vp``: its points, its income for the production phases to
    come and its final scoring as things stand; the points alone miss most of a
    position's worth until the last round)."""
    vp = [projected_vp(state, seat) for seat in range(len(state.players))]
    top = max(vp)
    w = [math.exp((x - top) / SCALE) for x in vp]
    total = sum(w)
    return [x / total for x in w]
