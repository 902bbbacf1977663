"""The contribution flow through Django's test client: form, my contributions, review, revert."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cards.models import Card, CardRevision, Contribution

pytestmark = pytest.mark.django_db


def _english(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})


def test_correction_form_is_prefilled_with_current_values(client, few_cards, user):
    client.force_login(user)
    page = client.get("/contribute/?card=halalszarny").content.decode()
    card = Card.objects.get(slug="halalszarny")
    assert f'name="cost" id="f-cost" inputmode="text" value="{card.cost}"' in page
    assert f'name="speed" id="f-speed" value="{card.speed}"' in page
    felul = client.get("/contribute/?card=felulbiralas").content.decode()
    assert 'value="X"' in felul  # a variable cost shows as X


def test_new_card_error_keeps_every_value_and_speaks_hungarian(client, few_cards, user):
    client.force_login(user)
    response = client.post("/contribute/", {
        "name_hu": "Próba Cirkáló", "type": "ship", "subtype": "cruiser", "race": "ember",
        "rarity": "rare", "abilities": ["salvo", "stealth"], "cost": "hét", "speed": "3",
        "source_note": ""})
    page = response.content.decode()
    assert response.status_code == 200 and not Contribution.objects.exists()
    errors = re.search(r'<div class="error-box" id="form-errors".*?</div>', page, re.S).group(0)
    assert "Ár" in errors and "Forrás" in errors and "egész szám" in errors
    assert "source_note" not in errors.replace('data-field="source_note"', "")
    for selected in ('value="ship" selected', 'value="cruiser" data-type="ship" selected',
                     'value="ember" selected', 'value="rare" selected',
                     'value="salvo" checked', 'value="stealth" checked',
                     'value="Próba Cirkáló"', 'value="hét"', 'value="3"'):
        assert selected in page, selected


def test_errors_are_english_on_the_english_page(client, few_cards, user):
    client.force_login(user)
    _english(client)
    page = client.post("/contribute/", {"name_hu": "", "type": "", "source_note": ""}
                       ).content.decode()
    assert "enter the card&#x27;s Hungarian name" in page or "enter the card's Hungarian name" in page
    assert "choose the card" in page and "Source" in page


def test_subtype_must_follow_the_type(client, few_cards, user):
    client.force_login(user)
    page = client.post("/contribute/", {"name_hu": "Rossz", "type": "base", "subtype": "scout",
                                        "source_note": "lap"}).content.decode()
    assert "ennél a típusnál ezek közül választhatsz" in page and "kutatás" in page
    assert not Contribution.objects.exists()


def test_cost_x_and_generated_slugs(client, few_cards, user, staff):
    client.force_login(user)
    for _ in range(2):
        response = client.post("/contribute/", {"name_hu": "Új Felülbírálás", "type": "interrupt",
                                                "cost": "x", "source_note": "saját lap"})
        assert response.status_code == 302
    first, second = Contribution.objects.order_by("id")
    assert first.proposed["slug"] == "uj-felulbiralas"
    assert second.proposed["slug"] == "uj-felulbiralas-2"  # pending slugs are taken too
    assert first.proposed["cost_rule"] == "neutralised_cost" and "cost" not in first.proposed
    client.force_login(staff)
    client.post(f"/review/{first.pk}/", {"decision": "approve"})
    card = Card.objects.get(slug="uj-felulbiralas")
    assert card.cost is None and card.cost_rule == "neutralised_cost" and card.official


def test_dev_limit_question_mark_is_for_traps(client, few_cards, user):
    client.force_login(user)
    page = client.post("/contribute/", {"name_hu": "Bázis", "type": "base", "subtype": "building",
                                        "dev_limit": "?", "source_note": "lap"}).content.decode()
    assert "csak csapdánál" in page
    ok = client.post("/contribute/", {"name_hu": "Csapda", "type": "base", "subtype": "trap",
                                      "dev_limit": "?", "source_note": "lap"})
    assert ok.status_code == 302


def test_my_contributions_statuses_in_words_and_the_reason(client, few_cards, user, staff):
    client.force_login(user)
    response = client.post("/contribute/", {"card": "unicornis", "race": "ember",
                                            "source_note": "saját lap"}, follow=True)
    page = response.content.decode()
    assert "ellenőrzésre vár" in page and "Köszönjük" in page
    assert "{&#x27;race&#x27;" not in page and "{'race'" not in page  # no Python dict
    assert "Faj" in page and "Ember" in page
    item = Contribution.objects.get()
    client.force_login(staff)
    no_reason = client.post(f"/review/{item.pk}/", {"decision": "reject"}, follow=True)
    assert "indokot" in no_reason.content.decode()
    item.refresh_from_db()
    assert item.status == "pending"
    client.post(f"/review/{item.pk}/", {"decision": "reject", "note": "A fotón nem látszik."})
    client.force_login(user)
    page = client.get("/contributions/").content.decode()
    assert "elutasítva" in page and "A fotón nem látszik." in page
    _english(client)
    assert "rejected" in client.get("/contributions/").content.decode()


def test_review_queue_shows_a_field_by_field_diff_with_evidence(client, few_cards, user, staff):
    client.force_login(user)
    client.post("/contribute/", {"card": "unicornis", "race": "ember", "bombard": "2",
                                 "source_note": "saját nyomtatott lap",
                                 "image": SimpleUploadedFile("a.png", _png())})
    client.force_login(staff)
    page = client.get("/review/").content.decode()
    row = re.search(r'<tr class="diff-row" data-field="race">.*?</tr>', page, re.S).group(0)
    assert "Faj" in row and "ismeretlen" in row and "→ Ember" in row
    assert "saját nyomtatott lap" in page and 'class="evidence-picture"' in page
    assert '"race"' not in page.replace('data-field="race"', "")  # no raw JSON


def _png() -> bytes:
    from tests.cards.imagefiles import png

    return png()


def test_approval_updates_card_provenance_and_history_then_revert(client, few_cards, user,
                                                                  staff, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    client.force_login(user)
    client.post("/contribute/", {"card": "unicornis", "race": "ember", "source_note": "saját lap"})
    item = Contribution.objects.get()
    client.force_login(staff)
    client.post(f"/review/{item.pk}/", {"decision": "approve", "note": "köszi"})
    card = Card.objects.get(slug="unicornis")
    assert card.race == "ember"
    assert card.provenance["race"] == {"source": "contributed", "by": "gyujto",
                                       "note": "saját lap"}
    page = client.get("/cards/unicornis/").content.decode()
    assert "gyujto küldte be (saját lap)" in page
    revision = CardRevision.objects.get(contribution=item)
    assert f'action="/cards/unicornis/revisions/{revision.pk}/revert/"' in page
    client.force_login(user)
    assert "revert" not in client.get("/cards/unicornis/").content.decode().split("History")[-1]
    assert client.post(f"/cards/unicornis/revisions/{revision.pk}/revert/").status_code == 302
    assert Card.objects.get(slug="unicornis").race == "ember"  # not staff: nothing happened
    client.force_login(staff)
    client.post(f"/cards/unicornis/revisions/{revision.pk}/revert/")
    card.refresh_from_db()
    assert card.race is None
    assert card.revisions.first().kind == "revert"
    history = client.get("/cards/unicornis/").content.decode().split('id="history"')[1]
    assert "változás visszavonása" in history and "a projekt kártyaadatai" in history
    assert "revert of revision" not in history and ">fixtures<" not in history


def test_bulk_csv_contribution_reviewed_card_by_card(client, few_cards, user, staff):
    client.force_login(user)
    csv_text = ("slug,name_hu,type,subtype,race,cost\n"
                ",Vörös Csillag,ship,scout,ember,3\n"
                "unicornis,Unicornis,ship,,xeno,\n")
    response = client.post("/contribute/csv/", {
        "file": SimpleUploadedFile("cards.csv", csv_text.encode()), "source_note": "gyűjteményem"})
    assert response.status_code == 302
    new, correction = Contribution.objects.order_by("id")
    assert new.kind == "new" and new.proposed["slug"] == "voros-csillag" and new.batch
    assert correction.kind == "correction" and correction.proposed == {"race": "xeno"}
    assert new.batch == correction.batch
    client.force_login(staff)
    client.post(f"/review/{new.pk}/", {"decision": "approve"})
    client.post(f"/review/{correction.pk}/", {"decision": "reject", "note": "nem xeno"})
    assert Card.objects.get(slug="voros-csillag").cost == 3
    assert Card.objects.get(slug="unicornis").race is None


def test_bulk_csv_errors_by_row_and_field_nothing_saved(client, few_cards, user):
    client.force_login(user)
    csv_text = "slug,name_hu,type,cost\n,Jó,ship,3\n,Rossz,hajó,sok\n"
    page = client.post("/contribute/csv/", {
        "file": SimpleUploadedFile("cards.csv", csv_text.encode()), "source_note": "x"}
    ).content.decode()
    assert "2. sor" in page and "Ár" in page
    assert not Contribution.objects.exists()


def test_card_page_labels_and_provenance_in_words(client, few_cards):
    page = client.get("/cards/hellfire-brothers/").content.decode()
    fields = re.search(r'<dl class="fields">.*?</dl>', page, re.S).group(0)
    for raw in ("<dt>cost</dt>", "<dt>firepower</dt>", ">derived<", ">stated<", ">unknown<"):
        assert raw not in fields
    assert "<dt>Tűzerő</dt>" in fields and "Levezetve a szabálykönyvből" in fields
    assert "A szabálykönyvből" in fields
    _english(client)
    english = client.get("/cards/hellfire-brothers/").content.decode()
    assert "<dt>Firepower</dt>" in english and "Derived from the rulebook" in english


def test_felulbiralas_text_is_unknown_and_the_example_is_a_note(client, few_cards):
    card = Card.objects.get(slug="felulbiralas")
    assert card.text_hu is None and card.provenance["text_hu"]["source"] == "unknown"
    assert "Example, not card text" in card.notes
    page = client.get("/cards/felulbiralas/").content.decode()
    assert 'data-field="text_hu"' in page and "Laci Felsőbb parancsát" in page  # as a quote


def test_decks_missing_cards_ignore_unofficial(few_cards, user):
    from decks.services import missing_cards

    practice = Card.objects.filter(official=False).first()
    missing = missing_cards({"crx": 2, practice.slug: 3}, user)
    assert [m["slug"] for m in missing] == ["crx"]


def test_a_new_card_never_overwrites_one_approved_meanwhile(few_cards, user, staff):
    from cards.services import CatalogueError, approve

    item = Contribution.objects.create(kind="new", proposed={"slug": "crx", "name_hu": "Másik",
                                                             "type": "event"},
                                       source_note="x", author=user)
    with pytest.raises(CatalogueError):
        approve(item, staff)
    assert Card.objects.get(slug="crx").name_hu == "CRX"
