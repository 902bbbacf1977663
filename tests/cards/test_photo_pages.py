"""Contribute from a photo in a real Chromium on a phone (390 x 844): photo to sent
contribution, the read marks, no sideways scrolling; the catalogue progress page."""

from __future__ import annotations

import pytest

from cards.models import CardImage, Contribution, PhotoReading
from tests.cards import photo_helpers

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "titkos-jelszo-123"


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def phone(card_photos, browser, live_server):
    # card_photos first: it renders the faces with its own Playwright before this one starts.
    context = browser.new_context(locale="hu-HU", viewport={"width": 390, "height": 844})
    pg = context.new_page()
    pg.set_default_timeout(30000)
    yield pg
    context.close()


def _login(pg, base: str, username: str) -> None:
    pg.goto(base + "/accounts/login/")
    pg.fill("input[name=username]", username)
    pg.fill("input[name=password]", PASSWORD)
    pg.click("main form [type=submit]")
    pg.wait_for_url(lambda url: "/accounts/login/" not in url)


def _no_sideways_scroll(pg) -> bool:
    return pg.evaluate("document.documentElement.scrollWidth <= "
                       "document.documentElement.clientWidth")


def test_photo_to_sent_contribution_on_a_phone(phone, live_server, few_cards, user,
                                               card_photos):
    pg = phone
    _login(pg, live_server.url, user.username)
    pg.goto(live_server.url + "/contribute/")
    assert _no_sideways_scroll(pg)
    photo = card_photos["singles"][4]  # Próbarakéta: a practice card not in the catalogue
    pg.set_input_files("#f-photo", files=[{"name": "IMG_3001.jpg", "mimeType": "image/jpeg",
                                           "buffer": photo_helpers.jpeg(photo.image)}])
    pg.click("#read-photo")
    pg.wait_for_selector(".photo-card", timeout=60000)
    assert _no_sideways_scroll(pg)
    card = pg.locator("#photo-card-0")
    name = card.locator("input[name=c0-name_hu]")
    assert name.input_value() == "Próbarakéta"
    # Read values are marked until checked; editing one takes its mark away.
    assert card.locator(".photo-field.from-photo").count() >= 3
    assert pg.locator("[data-field=name_hu] .read-mark").is_visible()
    cost = card.locator("input[name=c0-cost]")
    new_cost = "7" if cost.input_value() != "7" else "6"
    cost.fill(new_cost)
    assert "edited" in (card.locator("[data-field=cost]").get_attribute("class") or "")
    card.locator(".photo-confirm").check()
    assert card.locator(".photo-field.from-photo").count() == 0
    assert not CardImage.objects.exists()  # nothing kept before sending
    pg.fill("#f-source_note", "saját lapom")
    pg.click("#send-photo")
    pg.wait_for_url(lambda url: url.endswith("/contributions/"))
    assert "Köszönjük" in pg.inner_text("main")
    item = Contribution.objects.get()
    assert item.kind == Contribution.NEW and item.proposed["name_hu"] == "Próbarakéta"
    assert item.proposed["cost"] == int(new_cost)
    reading = PhotoReading.objects.get(contribution=item)
    assert "cost" in reading.changed and "name_hu" not in reading.changed
    assert CardImage.objects.filter(contribution=item).count() == 1


def test_catalogue_progress_on_a_phone(phone, live_server, few_cards):
    phone.goto(live_server.url + "/catalogue/progress/")
    assert phone.locator("#progress tbody tr").count() >= 1
    assert _no_sideways_scroll(phone)
