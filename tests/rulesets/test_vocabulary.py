"""KGK's vocabulary is defined once (``rulesets/kgk/vocabulary.py``); the catalogue, the deck
formats and the engine read it from there, each in its own shape."""

from __future__ import annotations

import ast
from pathlib import Path

from cards import vocabulary as catalogue
from decks.core import formats
from rulesets.kgk import cards as engine_cards
from rulesets.kgk import vocabulary

ROOT = Path(__file__).resolve().parents[2]


def test_the_catalogue_shapes_come_from_the_vocabulary() -> None:
    assert list(catalogue.TYPES) == list(vocabulary.TYPES)
    assert {t: [k for k, _, _ in subs] for t, (_, _, subs) in catalogue.TYPES.items()} == \
        {t: list(s) for t, s in vocabulary.SUBTYPES.items()}
    assert catalogue.TYPES["interrupt"][2][2] == ("reaction", "reakció", "reaction")
    assert catalogue.TYPES["event"][2][1] == ("reaction", "reagálás", "reaction")
    assert catalogue.RACES["urcapa"] == ("Űrcápa", "Space Shark")
    assert catalogue.OPPOSED == vocabulary.OPPOSED and len(catalogue.OPPOSED) == 8
    assert catalogue.SHIP_SIZE == vocabulary.SHIP_SIZE
    assert set(catalogue.ABILITIES) == set(vocabulary.ABILITIES)


def test_the_formats_and_the_engine_read_the_same_terms() -> None:
    assert formats.TYPE_ORDER == vocabulary.TYPES == engine_cards.TYPES
    assert formats.TYPES["crew"] == {"hu": "Legénység", "en": "Crew",
                                     "hu_plural": "Legénység", "en_plural": "Crew"}
    assert [list(p) for p in vocabulary.OPPOSED_PAIRS] == formats.OPPOSED_RACES
    assert list(formats.RACES) == list(vocabulary.RACES) == list(engine_cards.RACES)
    assert engine_cards.OPPOSED is vocabulary.OPPOSED
    assert engine_cards.SUBTYPES is vocabulary.SUBTYPES


def test_the_terms_are_written_in_one_module_only() -> None:
    """No other module spells out the races or the subtypes again (a race and a subtype
    name stand for the lists)."""
    def term_literals(path: Path) -> set[str]:
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    node.value in ("karnoplantusz", "romboló"):
                found.add(node.value)
        return found

    places = [ROOT / "cards" / "vocabulary.py", ROOT / "decks" / "core" / "formats.py",
              ROOT / "rulesets" / "kgk" / "cards.py"]
    assert all(term_literals(p) == set() for p in places)
    assert term_literals(ROOT / "rulesets" / "kgk" / "vocabulary.py") == {
        "karnoplantusz", "romboló"}
