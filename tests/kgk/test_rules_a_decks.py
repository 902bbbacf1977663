"""Rule coverage, sections 1 and 5: deck building through the deck validator
(``decks.core``) with the shipped card records, and the player count of a game."""

from __future__ import annotations

from collections import Counter

import pytest

from decks.core import CardIndex, get_format, validate
from decks.core.formats import OPPOSED_RACES, RACES
from rulesets.base import ConfigError
from rulesets.kgk import RULESET as R
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


# ---------------------------------------------------------------- players

def test_kg_1_4_a_standard_game_is_for_two_players():
    """KG-1.4: the standard game seats two and one player is refused; more seats are the
    optional multiplayer rule (KG-13.1)."""
    cfg = R.example_config(2)
    two = R.new_game(cfg, "two")
    assert len(R.view(two, 0)["players"]) == 2
    with pytest.raises(ConfigError):
        R.new_game({**cfg, "decks": cfg["decks"][:1], "players": 1}, "one")
    three = R.new_game(R.example_config(3), "three")
    assert len(R.view(three, 0)["players"]) == 3


# ---------------------------------------------------------------- casual

def test_kg_1_5_1_casual_colony_is_exactly_thirty_cards():
    """KG-1.5, KG-1.5.1: the casual (basic-deck) colony is exactly 30 cards."""
    fmt = get_format("casual")
    assert fmt.size == 30
    ships = sorted(c["slug"] for c in PRACTICE if c["type"] == "ship")
    assert check({ships[0]: 30}, "casual")["valid"]
    for n in (29, 31):
        result = check({ships[0]: n}, "casual")
        assert "deck_size" in codes(result), result
    assert "deck_size" not in codes(check(deck_of(["ember"], 30), "casual"))


def test_kg_1_5_2_casual_has_no_copy_limit_and_no_race_restriction():
    """KG-1.5.2: no copy limit and no race restriction in the 30-card format: thirty of
    one card, and Ember with Xeno, are both accepted."""
    human, xeno = BY_RACE["ember"][0], BY_RACE["xeno"][0]
    assert check({human: 30}, "casual")["valid"]
    result = check({human: 15, xeno: 15}, "casual")
    assert "deck_opposed_races" not in codes(result)
    assert "deck_too_many_copies" not in codes(result)


# ---------------------------------------------------------------- official decks and races

def test_kg_6_2_1_official_colony_is_exactly_45_with_three_of_a_card():
    """KG-6.2.1 (with KG-1.6.1, KG-1.6.2): an official colony is exactly 45 cards with at
    most three of any one card."""
    slugs = [s for r in LEGAL_FOUR for s in BY_RACE[r]][:15]
    deck = {s: 3 for s in slugs}
    assert check(deck, "practice")["valid"]
    for delta in (-1, 1):
        changed = dict(deck)
        slug = next(iter(changed))
        changed[slug] += delta
        assert "deck_size" in codes(check(changed, "practice"))
    four = dict(deck)
    a, b = list(four)[:2]
    four[a] += 1
    four[b] -= 1
    assert codes(check(four, "practice")) == ["deck_too_many_copies"]


def test_kg_5_1_eight_races_and_every_card_belongs_to_one():
    """KG-5.1, KG-2.7: eight races; every card whose race is known belongs to one of
    them (the practice set covers all eight)."""
    assert {r["hu"] for r in RACES.values()} == EIGHT
    assert {c["race"] for c in PRACTICE} == set(RACES)
    for c in CARDS:
        assert c["race"] is None or c["race"] in RACES, c["slug"]


@pytest.mark.parametrize("pair", OPPOSED_RACES, ids="-".join)
def test_kg_1_6_4_each_opposed_pair_is_refused(pair):
    """KG-1.6.3, KG-1.6.4, KG-5.2: a deck with cards of both races of a pair is refused."""
    a, b = pair
    deck = deck_of([a, b], 45)
    result = check(deck, "practice")
    opposed = [e for e in result["errors"] if e["code"] == "deck_opposed_races"]
    assert [sorted(e["details"]["races"]) for e in opposed] == [sorted(pair)]


def test_kg_5_2_the_opposed_pairs_are_exactly_four():
    """KG-5.2, KG-1.6.4: exactly the four pairs of the table; each race is in exactly one
    pair, and any two races from different pairs may share a deck."""
    names = {frozenset((RACES[a]["hu"], RACES[b]["hu"])) for a, b in OPPOSED_RACES}
    assert names == {frozenset(("Ember", "Xeno")), frozenset(("Inszektoid", "Karnoplantusz")),
                     frozenset(("Cerebrita", "Zarg")), frozenset(("Triciplita", "Űrcápa"))}
    assert sorted(r for p in OPPOSED_RACES for r in p) == sorted(RACES)
    opposed = {frozenset(p) for p in OPPOSED_RACES}
    for a in RACES:
        for b in RACES:
            if a < b and frozenset((a, b)) not in opposed:
                result = check(deck_of([a, b], 45), "practice")
                assert "deck_opposed_races" not in codes(result), (a, b)


def test_kg_1_6_5_at_most_four_races_in_a_legal_deck():
    """KG-1.6.5, KG-5.3: one race of each pair (four races) is legal; any fifth race
    completes a pair and is refused."""
    assert check(deck_of(LEGAL_FOUR, 45), "practice")["valid"]
    for fifth in set(RACES) - set(LEGAL_FOUR):
        result = check(deck_of([*LEGAL_FOUR, fifth], 45), "practice")
        assert "deck_opposed_races" in codes(result), fifth


def test_kg_1_6_6_tournaments_keep_the_original_races_and_combat():
    """KG-1.6.6: the tournament format keeps the opposed-race restriction and plays the
    original combat system (not KG-13.2's simplified one); the relaxed race variants
    (KG-13.3) are separate formats, and the tournament format refuses what they allow."""
    t = get_format("tournament")
    assert sorted(map(sorted, t.opposed_races)) == sorted(map(sorted, OPPOSED_RACES))
    assert t.engine_options["simplified_combat"] is False
    assert t.engine_options["rules"] == "official"
    mixed = deck_of(["ember", "xeno"], 45)
    assert "deck_opposed_races" in codes(check(mixed, "practice"))
    assert "deck_opposed_races" not in codes(check(mixed, "tournament-norace"))
