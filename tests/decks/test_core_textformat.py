"""Text import/export of deck lists."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from decks.core.cardindex import CardIndex, slugify
from decks.core.textformat import export_text, import_text, parse_line


def synth(slug: str, name_hu: str, type_: str | None = "ship",
          name_en: str | None = None) -> dict:
    return {"slug": slug, "name_hu": name_hu, "name_en": name_en, "official": False,
            "type": type_, "race": None, "cost": 1}


INDEX = CardIndex([
    synth("synth-crx", "Szint CRX", name_en="Synth CRX"),
    synth("synth-mamut-i", "Szint Mamut I."),
    synth("synth-tuzer", "Szint Tüzér", "crew", name_en="Synth Gunner"),
    synth("synth-akna", "Szint Aknagyűrű", "base"),
    synth("synth-megszakitas", "Szint Felülbírálás", "interrupt"),
    synth("synth-fegyver", "Szint Lézer", "armament"),
    synth("synth-esemeny", "Szint Esemény", "event"),
    synth("synth-twin-1", "Szint Iker"),
    synth("synth-twin-2", "Szint Iker"),
    synth("synth-mystery", "Szint Rejtély", None),  # type unknown
])


def test_all_line_forms() -> None:
    text = "\n".join([
        "3 Szint CRX", "3x szint crx", "3 x SZINT CRX", "Szint CRX x3", "Szint CRX ×2",
        "szint crx", "Synth CRX (2)", "- 1 synth-crx", "* 2X Szint CRX",
    ])
    result = import_text(text, INDEX)
    assert result == {"ok": True, "deck": {"synth-crx": 3 + 3 + 3 + 3 + 2 + 1 + 2 + 1 + 2},
                      "errors": []}


def test_names_accents_comments_headers_blank_lines() -> None:
    text = """
# Pakli: teszt
Űrhajók (6)
2 Szint Mamut I     // loose: no final dot
1 szint mamut i.
3 Szint Tuzer  # accents optional
Ships:
Legénység
Crew (3)

1 synth gunner
"""
    result = import_text(text, INDEX)
    assert result["ok"], result["errors"]
    assert result["deck"] == {"synth-mamut-i": 3, "synth-tuzer": 4}


def test_unknown_name_reports_line_and_suggestions() -> None:
    result = import_text("2 Szint CRX\n\n3 Szint Tüzérr\nblah blah", INDEX)
    assert not result["ok"]
    assert result["deck"] == {"synth-crx": 2}
    first, second = result["errors"]
    assert first["code"] == "import_unknown_card"
    assert first["details"]["line"] == 3 and first["details"]["name"] == "Szint Tüzérr"
    assert first["details"]["suggestions"][0] == "Szint Tüzér"
    assert first["message"]["hu"].startswith("3. sor")
    assert first["message"]["en"].startswith("Line 3")
    assert "Szint Tüzér" in first["message"]["en"]
    assert second["details"]["line"] == 4 and second["details"]["suggestions"] == []


def test_ambiguous_name_and_bad_count() -> None:
    result = import_text("2 Szint Iker\n0 Szint CRX\n100 Szint CRX\n1 synth-twin-2", INDEX)
    assert [e["code"] for e in result["errors"]] == [
        "import_ambiguous_card", "import_bad_count", "import_bad_count"]
    amb = result["errors"][0]
    assert amb["details"]["candidates"] == ["synth-twin-1", "synth-twin-2"]
    assert "synth-twin-1" in amb["message"]["en"]
    assert result["errors"][1]["details"] == {"line": 2, "text": "0 Szint CRX", "count": 0,
                                              "max": 99}
    assert result["deck"] == {"synth-twin-2": 1}


def test_parse_line_kinds() -> None:
    assert parse_line("   ", INDEX) == ("blank", None)
    assert parse_line("// only a comment", INDEX) == ("blank", None)
    assert parse_line("Bázisok (4)", INDEX) == ("header", None)
    assert parse_line("Szint CRX", INDEX)[1][1] == 1
    assert parse_line("nope nope", INDEX) == ("unknown", "nope nope")


def test_export_is_canonical() -> None:
    deck = {"synth-megszakitas": 1, "synth-tuzer": 3, "synth-crx": 2, "synth-mamut-i": 3,
            "synth-akna": 2, "synth-esemeny": 1, "synth-fegyver": 2, "synth-mystery": 1,
            "synth-twin-1": 1, "ghost": 2}
    assert export_text(deck, INDEX) == """\
# Űrhajók (6)
2 Szint CRX
1 synth-twin-1
3 Szint Mamut I.

# Fegyverzetek (2)
2 Szint Lézer

# Legénység (3)
3 Szint Tüzér

# Bázisok (2)
2 Szint Aknagyűrű

# Események (1)
1 Szint Esemény

# Megszakítások (1)
1 Szint Felülbírálás

# Egyéb (1)
1 Szint Rejtély

# ? (2)
2 ghost
"""
    assert export_text({"synth-crx": 1}, INDEX, lang="en", headers=True).startswith("# Ships (1)")
    assert export_text({"synth-crx": 1}, INDEX, headers=False) == "1 Szint CRX\n"
    assert export_text({}, INDEX) == ""
    # Order of the input does not matter.
    assert export_text(dict(reversed(list(deck.items()))), INDEX) == export_text(deck, INDEX)


def test_export_import_roundtrip_on_fixed_index() -> None:
    deck = {c["slug"]: i % 4 + 1 for i, c in enumerate(INDEX)}
    assert import_text(export_text(deck, INDEX), INDEX) == {"ok": True, "deck": deck,
                                                           "errors": []}


# -- property: export -> import is the identity -------------------------------------------

NAME_CHARS = "aábcdeéfghiíjklmnoóöőpqrstuúüűvwxyzXÁÉŐŰ0123456789 .-'×*()#/:"
names = st.text(alphabet=NAME_CHARS, min_size=1, max_size=14).filter(lambda s: s.strip())


@st.composite
def catalogue_and_deck(draw: st.DrawFn) -> tuple[CardIndex, dict[str, int]]:
    raw = draw(st.lists(names, min_size=1, max_size=12))
    cards = []
    for i, name in enumerate(raw):
        slug = f"{slugify(name) or 'c'}-{i}"
        cards.append(synth(slug, name, draw(st.sampled_from(
            ["ship", "armament", "crew", "base", "event", "interrupt", None]))))
    index = CardIndex(cards)
    chosen = draw(st.lists(st.sampled_from([c["slug"] for c in cards]), unique=True))
    deck = {slug: draw(st.integers(1, 99)) for slug in chosen}
    return index, deck


@settings(max_examples=300, deadline=None)
@given(catalogue_and_deck())
def test_property_export_then_import_is_identity(case: tuple[CardIndex, dict[str, int]]) -> None:
    index, deck = case
    text = export_text(deck, index)
    result = import_text(text, index)
    assert result["errors"] == []
    assert result["deck"] == deck
    # And the export of the import is the same text (canonical form is a fixed point).
    assert export_text(result["deck"], index) == text


def test_suggestions_are_capped_for_junk_pastes() -> None:
    text = "\n".join(f"Szint CRXX {i}" for i in range(30))
    errors = import_text(text, INDEX)["errors"]
    assert len(errors) == 30
    assert errors[0]["details"]["suggestions"] and errors[-1]["details"]["suggestions"] == []


def test_absurd_counts_are_errors_not_crashes() -> None:
    result = import_text("123456 Szint CRX\n" + "9" * 5000 + " Szint CRX", INDEX)
    assert [e["code"] for e in result["errors"]] == ["import_bad_count", "import_unknown_card"]
    assert result["deck"] == {}
