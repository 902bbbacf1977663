"""KGK rules, section 5: Races (``docs/rules/kgk/05-races.md``):
each test names its rule (``test_kg_4_5_3_…``) or cites it in its docstring (KG-x.y).

The games start from the practice decks (``early_games``) or from positions written in the
scenario format (``positions``, ``asked_positions``; ``rulesets/kgk/SCENARIOS.md``); the
tests act through ``legal_actions``/``apply`` and look through ``view``."""

from __future__ import annotations

from decks.core.formats import OPPOSED_RACES, RACES

from .deck_checks import CARDS, EIGHT, PRACTICE, check, codes, deck_of


def test_kg_5_1_eight_races_and_every_card_belongs_to_one():
    """KG-5.1, KG-2.7: eight races; every card whose race is known belongs to one of
    them (the practice set covers all eight)."""
    assert {r["hu"] for r in RACES.values()} == EIGHT
    assert {c["race"] for c in PRACTICE} == set(RACES)
    for c in CARDS:
        assert c["race"] is None or c["race"] in RACES, c["slug"]


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
