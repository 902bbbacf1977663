"""Card pages through Django's test client: every page renders, forms do what they say."""

from __future__ import annotations

import pytest

from cards.models import Card, CollectionEntry, Contribution

pytestmark = pytest.mark.django_db


def test_browser_lists_and_filters(client, cards_loaded):
    body = client.get("/").content.decode()
    assert body.count('class="card-row"') == 15
    partial = client.get("/", {"q": "t:megszakítás"}, HTTP_HX_REQUEST="true").content.decode()
    assert partial.count('class="card-row"') == 4 and "<html" not in partial
    filtered = client.get("/", {"t": "base"}).content.decode()
    assert filtered.count('class="card-row"') == 2


def test_card_page_and_english(client, cards_loaded):
    body = client.get("/cards/felulbiralas/").content.decode()
    assert "Felülbírálás" in body and "ismeretlen" in body.lower()
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert "Unknown values" in client.get("/cards/felulbiralas/").content.decode()
    assert client.get("/cards/nincs-ilyen/").status_code == 404


def test_collection_form(client, cards_loaded, user):
    client.force_login(user)
    response = client.post("/cards/crx/owned/", {"owned": "3", "wanted": "0"})
    assert response.status_code == 302
    assert CollectionEntry.objects.get(user=user, card__slug="crx").owned == 3
    page = client.get("/collection/").content.decode()
    assert "CRX" in page and "1 / 15" in page
    client.post("/cards/crx/owned/", {"owned": "0", "wanted": "0"})
    assert not CollectionEntry.objects.exists()


def test_contribute_then_review(client, cards_loaded, user, staff):
    assert client.get("/contribute/").status_code == 302  # login first
    client.force_login(user)
    bad = client.post("/contribute/", {"card": "holdimado", "cost": "hat", "source_note": ""})
    assert "form-errors" in bad.content.decode() and not Contribution.objects.exists()
    client.post("/contribute/", {"card": "holdimado", "bombard": "1",
                                 "source_note": "saját lap"})
    item = Contribution.objects.get()
    assert item.proposed == {"bombard": 1} and item.kind == "correction"
    assert client.get("/review/").status_code == 302  # staff only
    client.force_login(staff)
    assert "saját lap" in client.get("/review/").content.decode()
    client.post(f"/review/{item.pk}/", {"decision": "approve"})
    assert Card.objects.get(slug="holdimado").bombard == 1
