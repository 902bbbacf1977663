"""Deck pages through the test client: import, save, deck page, copy, lists, bulk progress."""

from __future__ import annotations

from pathlib import Path

import pytest

from decks.models import BulkValidation, Deck

ROOT = Path(__file__).resolve().parents[2]
PRACTICE_A = (ROOT / "fixtures" / "decks" / "practice-a.txt").read_text(encoding="utf-8")
pytestmark = pytest.mark.django_db


def test_import_page_checks_and_suggests(client, cards_loaded):
    body = client.post("/decks/import/", {"text": "3 CRX\n2 Halalszarni", "format": "tournament"}
                       ).content.decode()
    assert "Halálszárny" in body  # the closest name is suggested
    assert 'data-code="deck_size"' in body


def test_builder_saves_and_keeps_bad_text(client, cards_loaded, user):
    client.force_login(user)
    bad = client.post("/decks/new/", {"name": "X", "format": "practice", "text": "3 Nincsilyen"})
    assert bad.status_code == 400 and "3 Nincsilyen" in bad.content.decode()
    assert not Deck.objects.exists()
    ok = client.post("/decks/new/", {"name": "Gyakorló", "format": "practice",
                                     "text": PRACTICE_A, "public": "on"})
    deck = Deck.objects.get()
    assert ok.status_code == 302 and ok["Location"] == f"/decks/{deck.pk}/"
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert 'id="deck-valid"' in page and "<svg" in page
    assert deck.public and sum(deck.cards.values()) == 45


def test_deck_lists_and_copy(client, cards_loaded, user, staff):
    client.force_login(user)
    client.post("/decks/new/", {"name": "Nyilvános", "format": "practice", "text": "3 CRX",
                                "public": "on"})
    client.post("/decks/new/", {"name": "Rejtett", "format": "practice", "text": "3 CRX"})
    public = client.get("/decks/").content.decode()
    assert "Nyilvános" in public and "Rejtett" not in public
    assert "Rejtett" in client.get("/decks/mine/").content.decode()
    hidden = Deck.objects.get(name="Rejtett")
    client.force_login(staff)
    assert client.get(f"/decks/{hidden.pk}/").status_code == 404
    shown = Deck.objects.get(name="Nyilvános")
    client.post(f"/decks/{shown.pk}/copy/")
    copy = Deck.objects.get(owner=staff)
    assert copy.cards == shown.cards and copy.copied_from == shown


def test_bulk_page_shows_progress(client, cards_loaded, user):
    client.force_login(user)
    text = f"=== anna\n{PRACTICE_A}\n=== bela\n3 CRX\n"
    response = client.post("/decks/bulk/", {"format": "practice", "decks": text})
    job = BulkValidation.objects.get()
    assert response["Location"] == f"/decks/bulk/{job.pk}/"
    assert [d["key"] for d in job.decks] == ["anna", "bela"]
    status = client.get(f"/decks/bulk/{job.pk}/", HTTP_HX_REQUEST="true").content.decode()
    assert 'id="bulk-status"' in status


def test_builder_preview_shows_card_pictures(client, cards_loaded, django_assert_max_num_queries):
    """The builder's search preview shows each card's picture (here the practice cards'
    generated faces), read for the whole page at once, not one query per card."""
    with django_assert_max_num_queries(12):
        response = client.get("/decks/builder/search/?q=t:ship&format=practice")
    html = response.content.decode()
    assert response.status_code == 200
    thumbs = html.count('class="thumb"')
    assert thumbs >= 5 and "/face.svg" in html


def test_the_builder_panel_names_each_lines_type_and_cost(client, cards_loaded):
    """The builder groups its list by type and sorts it by cost from what the
    server read of the list: each name as typed, with its card's type and cost; a name
    that is no card is left out (the list shows it under "names not recognised")."""
    import html
    import json
    import re

    from cards.models import Card

    ship = Card.objects.filter(official=False, type="ship").order_by("name_hu").first()
    text = f"2 {ship.name_hu}\n1 Nincs ilyen lap"
    body = client.post("/decks/builder/check/", {"text": text, "format": "practice"}
                       ).content.decode()
    kinds = json.loads(html.unescape(re.search(r'data-kinds="([^"]*)"', body).group(1)))
    assert kinds == {ship.name_hu: {"type": "ship", "cost": ship.cost}}
    page = client.get("/decks/new/").content.decode()
    groups = json.loads(html.unescape(re.search(r'data-groups="([^"]*)"', page).group(1)))
    assert [g[0] for g in groups] == ["ship", "armament", "crew", "base", "event",
                                      "interrupt", "other", "?"]
