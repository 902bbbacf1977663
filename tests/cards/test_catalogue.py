"""The catalogue: fixtures load faithfully, unknown stays unknown, imports are all-or-nothing."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from cards.exchange import from_csv, to_csv
from cards.models import Card, CardRevision, DataVersion
from cards.records import validate_record
from cards.services import CatalogueError, import_records, revert
from cards.text import fold

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def test_fold_ignores_accents_and_case():
    assert fold("Halálszárny") == "halalszarny"
    assert fold("  ŰRCÁPA  Őr ") == "urcapa or"


def test_rulebook_cards_load_with_stated_values(cards_loaded):
    """A ship's subtype is its size (KG-4.2.1: the destroyer CRX, size 4)."""
    crx = Card.objects.get(slug="crx")
    assert (crx.speed, crx.firepower, crx.armor, crx.bombard, crx.cost) == (0, 5, 5, 5, 15)
    assert crx.abilities == ["salvo"] and crx.effective_size == 4  # KG-4.2.1 destroyer
    assert crx.provenance["cost"]["source"] == "stated"


def test_mamut_size_override_and_scout_default(cards_loaded):
    assert Card.objects.get(slug="mamut-i").effective_size == 6  # KG-4.2.9
    assert Card.objects.get(slug="halalszarny").effective_size == 1


def test_unknown_stays_unknown(cards_loaded):
    unicornis = Card.objects.get(slug="unicornis")
    assert unicornis.bombard is None and unicornis.subtype is None
    assert unicornis.provenance["bombard"]["source"] == "unknown"
    assert "bombard" in unicornis.missing_fields() and not unicornis.complete
    # No rulebook card states its race: none may have one invented.
    assert not Card.objects.filter(official=True).exclude(race=None).exists()


def test_derived_values_carry_their_reasoning(cards_loaded):
    hellfire = Card.objects.get(slug="hellfire-brothers")
    assert hellfire.firepower == 2
    assert hellfire.provenance["firepower"]["source"] == "derived"
    assert "damage" in hellfire.provenance["firepower"]["note"]


def test_variable_cost_card(cards_loaded):
    card = Card.objects.get(slug="felulbiralas")
    assert card.cost is None and card.cost_rule == "neutralised_cost"
    assert "cost" not in card.missing_fields()


def test_load_cards_is_idempotent(cards_loaded):
    count, revisions = Card.objects.count(), CardRevision.objects.count()
    out = StringIO()
    call_command("load_cards", stdout=out)
    assert Card.objects.count() == count and CardRevision.objects.count() == revisions
    assert "0 created, 0 updated" in out.getvalue()


def test_validate_record_reports_every_field():
    errors = validate_record(
        {
            "slug": "Bad Slug",
            "name_hu": "",
            "type": "ship",
            "subtype": "bunker",
            "cost": -1,
            "race": "elf",
            "dev_limit": "?",
            "abilities": ["flying"],
        },
        row=3,
    )
    fields = {e["field"] for e in errors}
    assert {"slug", "name_hu", "subtype", "cost", "race", "abilities"} <= fields
    assert all(e["row"] == 3 for e in errors)


def test_import_is_all_or_nothing(db):
    good = {"slug": "proba-lap", "name_hu": "Próba lap", "type": "ship"}
    bad = {"slug": "rossz", "name_hu": "Rossz", "type": "ship", "speed": "gyors"}
    with pytest.raises(CatalogueError) as exc:
        import_records([good, bad, good])
    assert {(e["row"], e["field"]) for e in exc.value.errors} == {(2, "speed"), (3, "slug")}
    assert not Card.objects.exists()


def test_import_command_reports_rows_and_applies_nothing(db, tmp_path):
    path = tmp_path / "cards.json"
    path.write_text(
        json.dumps([{"slug": "a-lap", "name_hu": "A", "type": "base", "dev_limit": "Q"}]),
        encoding="utf-8",
    )
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("import_cards", str(path), stderr=err)
    assert "row 1, field dev_limit" in err.getvalue()
    assert not Card.objects.exists()


def test_import_malformed_json_is_reported(db, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("[{", encoding="utf-8")
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("import_cards", str(path), stderr=err)
    assert "invalid JSON" in err.getvalue()


def test_csv_round_trip_and_reimport_changes_nothing(cards_loaded, tmp_path):
    out = tmp_path / "all.csv"
    call_command("export_cards", format="csv", output=str(out), stdout=StringIO())
    text = out.read_bytes().decode("utf-8")
    records = from_csv(text)
    assert len(records) == Card.objects.count()
    before = CardRevision.objects.count()
    result = import_records(records)
    assert result["created"] == 0 and result["updated"] == 0
    assert CardRevision.objects.count() == before
    assert to_csv(records) == text


def test_csv_cell_errors_name_row_and_field():
    text = "slug,name_hu,type,cost\nx,X,ship,sok\n"
    with pytest.raises(Exception) as exc:
        from_csv(text)
    assert exc.value.errors == [{"row": 1, "field": "cost", "message": "a whole number or empty"}]


def test_revision_history_and_revert(cards_loaded, staff):
    card = Card.objects.get(slug="unicornis")
    version = DataVersion.current().version
    from cards.services import save_card

    _, changed = save_card({"slug": "unicornis", "bombard": 2}, author=staff, source="printed card")
    assert changed
    rev = card.revisions.first()
    assert rev.changed_fields() == ["bombard"] and rev.author == staff
    revert(rev, staff)
    card.refresh_from_db()
    assert card.bombard is None
    rev.refresh_from_db()
    assert rev.reverted_by is not None
    assert DataVersion.current().version > version
