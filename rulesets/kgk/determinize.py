"""KGK's determinization and evaluation for the searching bot (``rulesets/search``).

What a seat does not know (KG-6.12, ``view.py``): the order and contents of every colony
(its own too), the other seats' hands and ruins, and what the other seats' face-down
cards in play are. A sample keeps everything public and the seat's own cards, and:

* deals the hidden card ids again into the hidden zones in a canonical order (sorted
  ids, zones in seat order), so a state whose hidden zones were rearranged gives the
  same samples;
* gives the seat's own colony its own unseen cards (its deck list minus what it sees),
  shuffled;
* gives the other seats' unseen cards (colony, hand, ruin, face-down in play) cards
  drawn from what the seat may know of their decks: the cards they have shown, weighted
  up, and the seat's own deck list as a stand-in for the format's card pool. The other
  decks' real lists are never read.
* reseeds the engine's generator, so draws and shuffles to come are not the real ones.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from rulesets.kgk.game_state import Card
from rulesets.kgk.jsontypes import GameState
from rulesets.rng import Rng

HIDDEN_OWN = ("colony",)                       # a seat's own zones hidden from it
HIDDEN_OTHER = ("colony", "hand", "ruin")      # another seat's zones hidden from it
IN_PLAY = ("canteen", "surface", "hangar")
SHOWN_WEIGHT = 3                               # a card an opponent has shown, counted thrice


def _pinned(state: GameState) -> set[int]:
    """Card ids a pending decision names (a private search's cards): left where they are."""
    dec = state.dec or {}
    out: set[int] = set()
    for c in dec.get("cards") or ():
        cid = c.get("id") if isinstance(c, dict) else c
        if isinstance(cid, int):
            out.add(cid)
    return out


def _face_down_in_play(state: GameState, q: int) -> list[int]:
    """Seat ``q``'s face-down cards in play (the canteen, the surface, on its ships)."""
    p, cards = state.p[q], state.cards
    ids = list(p.canteen) + list(p.surface)
    for s in p.hangar:
        ids += cards[s].att
    return [c for c in ids if not cards[c].up]


def sampler(state: GameState, seat: int) -> Callable[[Rng], GameState]:
    """``determinize(state, seat, ·)``, what its samples share worked out once: the search
    draws one sample of the same state and seat at every iteration. Which ids the
    hidden zones hold after the deal, what the seat knows of its own unseen cards and
    may guess of the others' depend on the state only; the draws are each sample's."""
    cards = state.cards
    pinned = _pinned(state)
    # The hidden zones (seat order, own colony first among its own), each keeping its size:
    # the unknown ids, sorted, dealt in order into their places (the pinned stay).
    places = [(q, zone) for q, p in enumerate(state.p)
              for zone in (HIDDEN_OWN if q == seat else HIDDEN_OTHER)]
    unknown = iter(sorted(c for q, zone in places for c in getattr(state.p[q], zone)
                          if c not in pinned))
    zones: list[tuple[int, str, list[int]]] = []      # (seat, zone, its ids after the deal)
    slots: list[tuple[int, int, str]] = []            # (id dealt, its seat, its zone)
    for q, zone in places:
        ids = [c if c in pinned else next(unknown) for c in getattr(state.p[q], zone)]
        zones.append((q, zone, ids))
        slots += [(c, q, zone) for c in ids if c not in pinned]
    # What the seat knows its own unseen cards are: its deck minus what it sees.
    own_cards = sorted(cards[c].d for c, _q, _z in slots if cards[c].o == seat)
    # What it may guess of the others': its own deck list and what they have shown (one
    # walk of the cards).
    deck: list[int] = []
    shown: list[int] = []
    for c in cards:
        if c.o == seat:
            deck.append(c.d)
        elif c.up:
            shown += [c.d] * SHOWN_WEIGHT
    guess = sorted(deck) + shown
    # The other seats' face-down cards in play and pinned hidden cards: guessed anew.
    again: list[int] = []
    for q in range(len(state.p)):
        if q != seat:
            again += _face_down_in_play(state, q)
            again += [c for c in pinned if cards[c].o == q and cards[c].z in HIDDEN_OTHER]

    # The cards a sample copies as they are (a card's id is its place in the list).
    dealt_ids = {c for c, _q, _z in slots}
    kept = [c.id for c in cards if c.id not in dealt_ids]
    n_guess = len(guess)
    # Each sample draws one guess per slot its own unseen cards do not fill (they fill
    # the seat's own slots while they last), then one per card guessed anew.
    own_slots = sum(1 for _c, q, _z in slots if q == seat)
    n_draws = len(slots) - min(len(own_cards), own_slots) + len(again)

    def sample(rng: Rng) -> GameState:
        own = list(own_cards)
        rng.shuffle(own)
        players = [p.copy() for p in state.p]
        for q, zone, ids in zones:
            setattr(players[q], zone, list(ids))
        new = list(cards)                           # (every place is written below)
        for c in kept:
            new[c] = cards[c].copy()
        draws = rng.belows(n_guess, n_draws)
        k = 0
        for c, q, zone in slots:
            if q == seat and own:
                d = own.pop()
            else:
                d = guess[draws[k]]
                k += 1
            new[c] = Card(c, d, q, zone)            # at rest, as state.move leaves it
        st = state.copy(new, players)
        dealt_cards = st.cards
        for c in again:
            dealt_cards[c].d = guess[draws[k]]
            k += 1
        st.rng = rng.next_u64()
        st.reindex()                                # (definitions were dealt)
        return st

    return sample


def determinize(state: GameState, seat: int, rng: Rng) -> GameState:
    return sampler(state, seat)(rng)


def _strength(state: GameState, q: int) -> float:
    """A seat's prospects as a number: its colony (the life it has left) first, then its
    hand and the fleet it has in play."""
    p, cards, defs = state.p[q], state.cards, state.defs
    if not p.alive:
        return -1000.0
    fleet = 0.0
    for s in p.hangar:
        d = defs[cards[s].d]
        fleet += d.firepower + max(0, d.armor - cards[s].dmg)
    value: float = len(p.colony) + 0.6 * len(p.hand) + 0.5 * fleet + 0.1 * p.cr \
        + 0.5 * len(p.surface)
    return value


def evaluate(state: GameState) -> list[float]:
    """Each seat's chance, roughly: a softmax of the strengths (two seats: a logistic of
    the difference, four points of it being about 73 %)."""
    s = [_strength(state, q) for q in range(len(state.p))]
    top = max(s)
    w = [math.exp((x - top) / 4.0) for x in s]
    total = sum(w)
    return [x / total for x in w]
