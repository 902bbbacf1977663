"""KGK rules, section 1: Object of the game and formats (``docs/rules/kgk/01-object-and-formats.md``):
each test names its rule (``test_kg_4_5_3_…``) or cites it in its docstring (KG-x.y).

The games start from the practice decks (``early_games``) or from positions written in the
scenario format (``positions``, ``asked_positions``; ``rulesets/kgk/SCENARIOS.md``); the
tests act through ``legal_actions``/``apply`` and look through ``view``."""

from __future__ import annotations

import pytest

from decks.core import get_format
from decks.core.formats import OPPOSED_RACES, RACES
from rulesets.base import ConfigError
from rulesets.kgk import RULESET as R

from .deck_checks import BY_RACE, LEGAL_FOUR, PRACTICE, check, codes, deck_of
from .positions import DANI, end_turn, position, seat


def test_resign():
    s = R.new_game(R.example_config(2), "resign")
    R.resign(s, 0)
    assert R.outcome(s).winners == (1,) and R.outcome(s).reason == "resigned"
    s = R.new_game(R.example_config(3), "resign3")
    R.resign(s, s["dec"]["seat"])
    assert R.outcome(s) is None and R.to_act(s)


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


@pytest.mark.parametrize("pair", OPPOSED_RACES, ids="-".join)
def test_kg_1_6_4_each_opposed_pair_is_refused(pair):
    """KG-1.6.3, KG-1.6.4, KG-5.2: a deck with cards of both races of a pair is refused."""
    a, b = pair
    deck = deck_of([a, b], 45)
    result = check(deck, "practice")
    opposed = [e for e in result["errors"] if e["code"] == "deck_opposed_races"]
    assert [sorted(e["details"]["races"]) for e in opposed] == [sorted(pair)]


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


def test_kg_1_3_emptying_the_opponents_colony_wins_at_your_end_phase():
    """KG-1.3, KG-6.2.5: Laci's colony is empty; when Dani ends his turn (his end-phase
    check) Dani has won."""
    st, c = position(seat(), seat(colony=0))
    assert R.outcome(st) is None
    end_turn(st, DANI)
    out = R.outcome(st)
    assert out is not None and out.winners == (DANI,)
