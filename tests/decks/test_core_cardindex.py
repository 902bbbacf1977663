"""CardIndex: lookup by slug and by accent/case-insensitive names, suggestions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from decks.core.cardindex import CardIndex, fold, loose, slugify

# The shipped fixture, inside the repository: a fresh clone anywhere has it.
RULEBOOK = Path(__file__).resolve().parents[2] / "fixtures" / "cards" / "rulebook.json"


def rulebook_cards() -> list[dict]:
    """The 15 cards the 1999 rulebook names, with the fields the index reads."""
    out = []
    for rec in json.loads(RULEBOOK.read_text(encoding="utf-8"))["cards"]:
        # The slug is derived from the printed name, as the importer does.
        out.append({"slug": slugify(rec["name_hu"]), "name_hu": rec["name_hu"],
                    "name_en": None, "official": True, "type": rec["type"],
                    "race": rec["race"], "cost": rec["cost"]})
    return out


def found_slug(index: CardIndex, text: str) -> str | None:
    card = index.find(text)
    return None if card is None else card["slug"]


def synth(slug: str, name_hu: str, name_en: str | None = None, **kw) -> dict:
    return {"slug": slug, "name_hu": name_hu, "name_en": name_en, "official": False,
            "type": "ship", **kw}


def test_fold_loose_slugify() -> None:
    assert fold("  HALÁLSZÁRNY  ") == "halalszarny"
    assert fold("Aknagyűrű") == fold("Aknagyûrû") == "aknagyuru"
    assert fold("Felsőbb   parancs") == "felsobb parancs"
    assert loose("Mamut I.") == loose("Mamut I") == loose("mamut-i") == "mamuti"
    assert slugify("Mamut I.") == "mamut-i"
    assert slugify("Durmacél célterelő") == "durmacel-celterelo"


def test_rulebook_names_resolve() -> None:
    cards = rulebook_cards()
    assert len(cards) == 15
    index = CardIndex(cards)
    # The slugs the schema promises (SCHEMA.md examples).
    assert found_slug(index, "Halálszárny") == "halalszarny"
    assert found_slug(index, "Mamut I") == "mamut-i"
    for text, slug in [("halalszarny", "halalszarny"), ("HALÁLSZÁRNY", "halalszarny"),
                       ("mamut i.", "mamut-i"), ("Mamut-I", "mamut-i"), ("crx", "crx"),
                       ("tuzer", "tuzer"), ("TÜZÉR", "tuzer"), ("aknagyuru", "aknagyuru"),
                       ("Aknagyûrû", "aknagyuru"), ("Halál-szárny", "halalszarny"),
                       ("felulbiralas", "felulbiralas"), ("chazma   töltet", "chazma-toltet"),
                       ("durmacel celterelo", "durmacel-celterelo")]:
        card = index.find(text)
        assert card is not None, text
        assert card["slug"] == slug, text


def test_every_rulebook_name_and_its_folded_form_resolves() -> None:
    index = CardIndex(rulebook_cards())
    for card in index:
        assert index.find(card["name_hu"]) is card
        assert index.find(fold(card["name_hu"]).upper()) is card
        assert index.find(card["slug"]) is card


def test_closest_suggestions_on_rulebook_names() -> None:
    index = CardIndex(rulebook_cards())
    assert index.find("Halalszarnyy") is None
    assert index.closest_names("Halalszarnyy") == ["Halálszárny"]
    assert "Holdimádó" in index.closest_names("holdimado x")
    assert index.closest("zzzzqqq") == []
    assert len(index.closest("a", n=2, cutoff=0.0)) == 2


def test_english_names_and_ambiguity() -> None:
    index = CardIndex([
        synth("synth-alpha", "Szintetikus Alfa", "Synthetic Alpha"),
        synth("synth-beta", "Szintetikus Béta", "Synthetic Beta"),
        synth("synth-twin-1", "Szintetikus Iker"),
        synth("synth-twin-2", "Szintetikus Iker"),
    ])
    assert found_slug(index, "synthetic alpha") == "synth-alpha"
    assert found_slug(index, "SZINTETIKUS BETA") == "synth-beta"
    assert index.find("Szintetikus Iker") is None
    assert [c["slug"] for c in index.find_all("szintetikus iker")] == ["synth-twin-1",
                                                                      "synth-twin-2"]
    # A slug always means that card.
    assert found_slug(index, "synth-twin-2") == "synth-twin-2"
    assert "synth-beta" in index and "nope" not in index
    assert len(index) == 4
    assert index.get("nope") is None
    assert index["synth-alpha"]["name_en"] == "Synthetic Alpha"


def test_strict_match_beats_loose_match() -> None:
    index = CardIndex([synth("synth-a-b", "Synth A.B"), synth("synth-ab", "Synth AB")])
    assert found_slug(index, "synth ab") == "synth-ab"
    assert found_slug(index, "Synth A.B") == "synth-a-b"
    assert len(index.find_all("SynthAB")) == 2  # loose pass: both


def test_duplicate_slug_rejected() -> None:
    with pytest.raises(ValueError, match="duplicate"):
        CardIndex([synth("synth-x", "X"), synth("synth-x", "Y")])


def test_card_info_precomputed() -> None:
    index = CardIndex([synth("synth-v", "Szintetikus Változó", type="interrupt", cost=None,
                             cost_rule="neutralised_cost", race="zarg"),
                       synth("synth-k", "Szintetikus Kettő", cost=2, official=True)])
    v, k = index.info["synth-v"], index.info["synth-k"]
    assert (v.cost, v.cost_kind, v.race, v.official) == (None, 2, "zarg", False)
    assert (k.cost, k.cost_kind, k.official, k.name_key) == (2, 0, True, "szintetikus ketto")
