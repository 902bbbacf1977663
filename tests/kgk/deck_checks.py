"""Decks for the deck-building rule tests (sections 1, 5 and 6): the shipped card records,
the practice cards by race, and the deck validator (``decks.core``) over them."""

from __future__ import annotations

from collections import Counter

from decks.core import CardIndex, validate
from rulesets.kgk import shipped_cards

CARDS = shipped_cards()


INDEX = CardIndex(CARDS)


PRACTICE = [c for c in CARDS if not c["official"]]


BY_RACE: dict[str, list[str]] = {}


for _c in PRACTICE:
    BY_RACE.setdefault(_c["race"], []).append(_c["slug"])


# The rulebook's eight races in the Hungarian spelling of the race summary table (KG-5.1).
EIGHT = {"Ember", "Xeno", "Inszektoid", "Karnoplantusz", "Cerebrita", "Zarg", "Triciplita",
         "Űrcápa"}


def deck_of(races: list[str], size: int, copies: int = 3) -> dict[str, int]:
    """``size`` cards drawn round-robin from the practice cards of ``races``, at most
    ``copies`` of each (fewer when the races have too few cards: the tests that use such
    a deck look at the race check only)."""
    pool = [s for r in races for s in BY_RACE[r]]
    size = min(size, copies * len(pool))
    deck: Counter[str] = Counter()
    i = 0
    while sum(deck.values()) < size:
        slug = pool[i % len(pool)]
        if deck[slug] < copies:
            deck[slug] += 1
        i += 1
        assert i < 10_000, "not enough distinct cards for this deck"
    return dict(deck)


def check(deck: dict[str, int], fmt: str) -> dict:
    return validate(deck, fmt, INDEX, playability=None)


def codes(result: dict) -> list[str]:
    return [e["code"] for e in result["errors"]]


LEGAL_FOUR = ["ember", "inszektoid", "cerebrita", "triciplita"]
