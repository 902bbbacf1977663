"""CSV exports never hand a spreadsheet a formula: cells typed by people (player names, card
names) that start with = + - @ are written with a leading apostrophe."""

from __future__ import annotations

import csv
import io

import pytest

from cards.exchange import from_csv, to_csv
from cards.models import Card
from tests.support.api import client_for
from tests.support.tournaments import create, ok, url

pytestmark = pytest.mark.django_db
EVIL = ['=HYPERLINK("http://evil.example","x")', "+1+1", "-2+3", "@SUM(A1)"]


def test_tournament_standings_and_pairings_escape_player_names(api, django_user_model):
    oc = client_for(django_user_model.objects.create_user("szervezo"))
    t = create(oc, rounds_planned=2, games_per_match=1, decks_required=False)
    for name in EVIL:
        ok(oc.post(url(t, "entries/"), {"name": name}, format="json"), 201)
    ok(oc.post(url(t, "start/")))
    ok(oc.post(url(t, "rounds/"), {"run_as_task": False}, format="json"), 201)
    for path in ("standings/?format=csv", "pairings/?format=csv"):
        text = api.get(url(t, path)).content.decode()
        cells = [c for row in csv.reader(io.StringIO(text)) for c in row]
        for name in EVIL:
            assert name not in cells, (path, name)
            assert "'" + name in cells, (path, name, cells)
    standings = list(csv.DictReader(io.StringIO(api.get(url(t, "standings/?format=csv"))
                                                 .content.decode())))
    assert standings[0]["points"].lstrip("-").isdigit()  # numbers stay numbers


def test_card_export_escapes_and_import_round_trips(api, cards_loaded):
    card = Card.objects.order_by("slug").first()
    card.name_en = EVIL[0]
    card.save()
    text = api.get("/api/v1/cards/export/?format=csv&official=all").content.decode()
    rows = list(csv.DictReader(io.StringIO(text)))
    row = next(r for r in rows if r["slug"] == card.slug)
    assert row["name_en"] == "'" + EVIL[0]
    assert not any(v.startswith(("=", "+", "@")) for r in rows for v in r.values() if v)
    back = next(r for r in from_csv(to_csv([card.to_record()])) if r["slug"] == card.slug)
    assert back["name_en"] == EVIL[0]
