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

from rulesets.pulsar.projection import projected_vp
from rulesets.pulsar.state import Game
from rulesets.rng import Rng
from rulesets.search.hidden import canonical


def determinize(state: Game, seat: int, rng: Rng) -> Game:
    # the components never change in a game: the copy shares them with their look-ups
    st = state.copy()
    face_down = [s for _n, s in sorted(st.systems.items()) if not s["revealed"]]
    tiles = canonical([s["tile"] for s in face_down] + list(st.box))
    rng.shuffle(tiles)
    for s in face_down:
        s["tile"] = tiles.pop()
    st.box = tiles
    explore = canonical(st.explore["stack"])
    rng.shuffle(explore)
    st.explore["stack"] = explore
    stack = st.tx["stack"]
    if len(stack) > 1:
        letter = st.c.transmitters
        below = stack[:-1]
        by_letter: dict[str, list[str]] = {}
        for tid in canonical(below):
            by_letter.setdefault(letter[tid]["letter"], []).append(tid)
        # Which letter lies where follows from the counts alone (the view's
        # ``stack_letters``): built last letter first, so the bottom holds the last letters.
        rebuilt: list[str] = []
        for key in sorted(by_letter, reverse=True):
            group = by_letter[key]
            rng.shuffle(group)
            rebuilt += group
        stack[:-1] = rebuilt
    st.rng = rng.next_u64()
    return st


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
