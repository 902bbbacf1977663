"""Every way the catalogue changes bumps its data version (cached searches and ETags key
on it): a new printing alone, and edits or deletions made in the admin."""

from __future__ import annotations

import pytest

from cards.models import Card, CardSet, DataVersion
from cards.services import save_card


def version() -> int:
    return DataVersion.current().version


def test_new_printing_of_an_unchanged_card_bumps(cards_loaded):
    card = Card.objects.filter(official=True).first()
    card_set = CardSet.objects.create(slug="proba-kiadas", name_hu="Próba kiadás")
    before = version()
    _, changed = save_card(card.to_record(), card_set=card_set)
    assert not changed
    assert version() == before + 1
    assert " proba-kiadas " in Card.objects.get(pk=card.pk).set_slugs
    # The same printing again changes nothing and bumps nothing.
    save_card(card.to_record(), card_set=card_set)
    assert version() == before + 1


@pytest.fixture
def admin_client_(client, django_user_model):
    admin = django_user_model.objects.create_superuser("admin", password="titkos-jelszo-123")
    client.force_login(admin)
    return client


def test_admin_delete_bumps(cards_loaded, admin_client_):
    card = Card.objects.filter(official=False).first()
    before = version()
    r = admin_client_.post(f"/admin/cards/card/{card.pk}/delete/", {"post": "yes"})
    assert r.status_code == 302 and not Card.objects.filter(pk=card.pk).exists()
    assert version() == before + 1


def test_admin_set_edit_bumps(cards_loaded, admin_client_):
    card_set = CardSet.objects.create(slug="masik-kiadas", name_hu="Másik kiadás")
    before = version()
    url = f"/admin/cards/cardset/{card_set.pk}/change/"
    form = admin_client_.get(url)
    assert form.status_code == 200
    data = {k: v for k, v in form.context["adminform"].form.initial.items() if v is not None}
    data["name_hu"] = "Másik kiadás (javítva)"
    r = admin_client_.post(url, data)
    assert r.status_code == 302, r.content[:2000]
    assert version() == before + 1


def test_admin_card_edit_with_a_new_printing_bumps_and_finds_the_set(cards_loaded,
                                                                       admin_client_):
    card = Card.objects.filter(official=True).first()
    card_set = CardSet.objects.create(slug="admin-kiadas", name_hu="Admin kiadás")
    url = f"/admin/cards/card/{card.pk}/change/"
    page = admin_client_.get(url)
    assert page.status_code == 200
    form = page.context["adminform"].form
    # The form as the page shows it, posted back unchanged but for the new printing.
    data = {}
    for name in form.fields:
        value = form[name].field.prepare_value(form[name].value())
        if value is not None and value is not False:
            data[name] = value
    formset = page.context["inline_admin_formsets"][0].formset
    prefix = formset.prefix
    data.update({f"{prefix}-TOTAL_FORMS": "1", f"{prefix}-INITIAL_FORMS": "0",
                 f"{prefix}-MIN_NUM_FORMS": "0", f"{prefix}-MAX_NUM_FORMS": "1000",
                 f"{prefix}-0-card_set": str(card_set.pk), f"{prefix}-0-card": str(card.pk)})
    before = version()
    r = admin_client_.post(url, data)
    assert r.status_code == 302, r.context["adminform"].form.errors if r.context else r
    assert version() > before
    assert " admin-kiadas " in Card.objects.get(pk=card.pk).set_slugs
