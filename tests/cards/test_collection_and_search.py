"""Collections in bulk (edit many, CSV and deck-text round trips, completion of official sets)
and search additions (unknown values, the advanced form's query, sortable headers)."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import QueryDict

from cards.advanced import build_query
from cards.models import Card, CollectionEntry
from cards.search import search_cards

pytestmark = pytest.mark.django_db


def _counts(user) -> dict[str, tuple[int, int]]:
    return {e.card.slug: (e.owned, e.wanted)
            for e in CollectionEntry.objects.filter(user=user).select_related("card")}


def test_bulk_edit_many_cards_at_once(client, few_cards, user):
    client.force_login(user)
    page = client.get("/collection/").content.decode()
    assert page.count('class="collection-row"') == 15  # every official card, none practice
    response = client.post("/collection/edit/", {"owned-crx": "3", "wanted-crx": "1",
                                                 "owned-tuzer": "2", "wanted-tuzer": "0",
                                                 "owned-unicornis": "0", "wanted-unicornis": "0"})
    assert response.status_code == 302
    assert _counts(user) == {"crx": (3, 1), "tuzer": (2, 0)}


def test_htmx_row_edit_returns_the_row_with_a_confirmation(client, few_cards, user):
    client.force_login(user)
    response = client.post("/collection/edit/", {"owned-crx": "4", "wanted-crx": "0"},
                           HTTP_HX_REQUEST="true")
    row = response.content.decode()
    assert row.strip().startswith('<tr class="collection-row" id="row-crx"') and "mentve" in row
    bad = client.post("/collection/edit/", {"owned-crx": "-1", "wanted-crx": "0"},
                      HTTP_HX_REQUEST="true").content.decode()
    # htmx inside the page's form posts every row; the trigger names the changed one.
    row = client.post("/collection/edit/", {"owned-crx": "9", "wanted-crx": "0",
                                            "owned-tuzer": "1", "wanted-tuzer": "1"},
                      HTTP_HX_REQUEST="true", HTTP_HX_TRIGGER_NAME="owned-tuzer").content.decode()
    assert 'id="row-tuzer"' in row and 'id="row-crx"' not in row
    CollectionEntry.objects.filter(card__slug="tuzer").delete()
    assert "0–999" in bad
    assert _counts(user) == {"crx": (4, 0)}


def test_csv_round_trip(client, few_cards, user, django_user_model):
    client.force_login(user)
    client.post("/collection/edit/", {"owned-crx": "3", "wanted-crx": "1", "owned-tuzer": "2",
                                      "wanted-tuzer": "0", "owned-halalszarny": "0",
                                      "wanted-halalszarny": "2"})
    exported = client.get("/collection/export/?format=csv")
    assert exported["Content-Type"].startswith("text/csv")
    text = exported.content.decode()
    assert text.splitlines()[0] == "slug,name_hu,owned,wanted"
    other = django_user_model.objects.create_user("masik", password="titkos-jelszo-123")
    client.force_login(other)
    response = client.post("/collection/import/", {
        "file": SimpleUploadedFile("gyujtemeny.csv", text.encode())})
    assert response.status_code == 302
    assert _counts(other) == _counts(user) == {"crx": (3, 1), "tuzer": (2, 0),
                                               "halalszarny": (0, 2)}
    again = client.post("/collection/import/", {"text": text})  # a snapshot: replaces, not adds
    assert again.status_code == 302 and _counts(other)["crx"] == (3, 1)


def test_deck_text_export_and_import(client, few_cards, user):
    client.force_login(user)
    client.post("/collection/edit/", {"owned-crx": "3", "wanted-crx": "0",
                                      "owned-mamut-i": "2", "wanted-mamut-i": "0"})
    text = client.get("/collection/export/?format=text").content.decode()
    assert "3 CRX" in text and "2 Mamut I." in text
    CollectionEntry.objects.all().delete()
    client.post("/collection/import/", {"text": text, "mode": "add"})
    client.post("/collection/import/", {"text": "1 CRX", "mode": "add"})
    assert _counts(user) == {"crx": (4, 0), "mamut-i": (2, 0)}


def test_import_keeps_the_good_lines_and_names_the_bad_ones(client, few_cards, user):
    """One bad line does not stop the good ones from being imported."""
    client.force_login(user)
    page = client.post("/collection/import/", {"text": "3 CRX\n2 Nincsilyen Lap"},
                       follow=True).content.decode()
    assert "1 lap betöltve" in page and "1 sort kihagytunk" in page and "2. sor" in page
    assert CollectionEntry.objects.get(user=user).owned == 3
    page = client.post("/collection/import/", {"text": "2 Nincsilyen Lap"}).content.decode()
    assert "Semmit nem töltöttünk be" in page and "1. sor" in page  # nothing good: nothing
    csv_text = "slug,name_hu,owned,wanted\ncrx,CRX,5,0\nnincs-ilyen,X,1,0\ncrx2,Y,sok,0\n"
    page = client.post("/collection/import/", {"text": csv_text}, follow=True).content.decode()
    assert "1 lap betöltve" in page and "2 sort kihagytunk" in page
    assert CollectionEntry.objects.get(user=user).owned == 5


def test_set_completion_leaves_the_practice_set_out(client, few_cards, user):
    client.force_login(user)
    practice = Card.objects.filter(official=False).first()
    CollectionEntry.objects.create(user=user, card=practice, owned=1)
    CollectionEntry.objects.create(user=user, card=Card.objects.get(slug="crx"), owned=1)
    page = client.get("/collection/").content.decode()
    table = re.search(r'<table id="set-completion">.*?</table>', page, re.S).group(0)
    assert "Első kiadás" in table and "1 / 15" in table and "Gyakorló" not in table


def _slugs(query: str) -> list[str]:
    return sorted(search_cards(query).queryset.values_list("slug", flat=True))


def test_unknown_values_are_searchable(few_cards):
    unknown_cost = _slugs("ár:?")
    assert "felulbiralas" not in unknown_cost  # X is a known (variable) cost
    assert set(unknown_cost) == set(Card.objects.filter(official=True, cost__isnull=True,
                                                        cost_rule__isnull=True)
                                    .values_list("slug", flat=True))
    assert unknown_cost  # the rulebook leaves some costs unknown
    assert _slugs("faj:?") == sorted(Card.objects.filter(official=True, race__isnull=True)
                                     .values_list("slug", flat=True))
    assert set(_slugs("-faj:?")).isdisjoint(_slugs("faj:?"))
    assert _slugs("cost:?") == unknown_cost and _slugs("race=?") == _slugs("faj:?")


def test_explain_speaks_of_unknown(api, few_cards):
    body = api.get("/api/v1/cards/explain/", {"q": "ár:?"}).json()
    assert "ismeretlen" in str(body) and "unknown" in str(body)


def test_advanced_form_builds_the_typed_query(client, few_cards):
    params = QueryDict(mutable=True)
    params.update({"type": "ship", "cost": "9", "cost_op": ">=", "race": "?"})
    params.setlist("ability", ["salvo"])
    built = build_query(params)
    assert built == "típus:űrhajó faj:? ár>=9 képesség:salvo"
    response = client.get("/cards/advanced/", {"type": "ship", "cost": "9", "cost_op": ">=",
                                               "go": "1"})
    assert response.status_code == 302
    typed = client.get("/", {"q": "t:ship ár>=9"}).content.decode()
    followed = client.get(response["Location"]).content.decode()
    names = re.compile(r'<tr class="card-row">\s*<td><a href="([^"]+)"')
    assert names.findall(followed) == names.findall(typed) and len(names.findall(typed)) == 3


def test_sortable_headers(client, few_cards):
    page = client.get("/", {"sort": "cost"}).content.decode()
    assert 'aria-sort="ascending"' in page and "sort=-cost" in page
    costs = re.findall(r'<tr class="card-row">.*?</td>\s*<td>.*?</td>\s*<td>.*?</td>\s*<td>(.*?)</td>',
                       page, re.S)
    numbers = [int(c) for c in costs if c.strip().isdigit()]
    assert numbers == sorted(numbers) and len(numbers) > 5
    down = client.get("/", {"sort": "-cost"}).content.decode()
    assert 'aria-sort="descending"' in down
    assert 'id="stats-legend"' in page


def test_grid_view_and_syntax_page(client, few_cards):
    grid = client.get("/", {"view": "grid", "q": "is:unofficial"}).content.decode()
    assert grid.count('class="card-tile"') == 4 and "face.svg" in grid
    official = client.get("/", {"view": "grid"}).content.decode()
    # every official card without a scan drawn from its values, no blank "nincs kép" box
    assert "nincs kép" not in official
    assert official.count("face.svg?lang=hu") == official.count('class="card-tile"') > 0
    assert client.get("/cards/syntax/")["Location"] == "/help/query/"  # one help page
    syntax = client.get("/help/query/").content.decode()
    assert "ár:?" in syntax and "lapok, amelyeknek nem tudjuk az árát" in syntax
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert "cards whose cost is not known" in client.get("/help/query/").content.decode()
