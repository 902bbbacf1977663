"""Contribute from a photo in a real Chromium on a phone (390 x 844): photo to sent
contribution, the read marks, no sideways scrolling; the catalogue progress page."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

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


CONTRAST_JS = """e => {
  const lum = c => { const v = c.match(/[0-9.]+/g).slice(0, 3).map(Number).map(x => x / 255)
      .map(x => x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4));
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const s = getComputedStyle(e); const a = lum(s.color), b = lum(s.backgroundColor);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); }"""


def _contrast(locator) -> float:
    return float(locator.evaluate(CONTRAST_JS))


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
    _shot(pg, "read-390")
    card = pg.locator("#photo-card-0")
    name = card.locator("input[name=c0-name_hu]")
    assert name.input_value() == "Próbarakéta"
    # Read values are marked until checked; editing one takes its mark away.
    assert card.locator(".photo-field.from-photo").count() >= 3
    assert pg.locator("[data-field=name_hu] .read-mark").is_visible()
    # A marked field stays legible: its text contrasts with its marked background.
    assert _contrast(name) >= 4.5
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


SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screens"


def _shot(pg, name: str) -> None:
    """docs/screens/photo-*.png, only when KAOSZ_SCREENS is set."""
    if os.environ.get("KAOSZ_SCREENS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        pg.screenshot(path=str(SHOTS / f"photo-{name}.png"), scale="css")


def _send_photo_batch(live_server, user, photo, count: int) -> str:
    """A binder page read and sent through HTTP (the flow above, as a collector did it)."""
    client = Client()
    client.force_login(user)
    sent = client.post("/contribute/photo/", {"photo": SimpleUploadedFile(
        "IMG_3002.jpg", photo_helpers.jpeg(photo.image), "image/jpeg")})
    review_url = sent["Location"]
    html = client.get(review_url).content.decode()
    form = {"source_note": "saját albumom"}
    for i in range(count):
        form[f"c{i}-send"] = "1"
        for name in ("name_hu", "type", "subtype", "race", "cost", "speed", "firepower",
                     "armor", "bombard", "text_hu"):
            if f'name="c{i}-{name}"' in html:
                form[f"c{i}-{name}"] = photo_helpers.shown_value(html, f"c{i}-{name}")
    assert client.post(review_url, form).status_code == 302
    return Contribution.objects.get(kind=Contribution.CORRECTION, card__slug="halalszarny").batch


def test_editor_reviews_a_photo_batch_on_a_phone(phone, live_server, few_cards, user, staff,
                                                 card_photos):
    pg = phone
    batch = _send_photo_batch(live_server, user, card_photos["page"], 6)
    assert Contribution.objects.filter(batch=batch, status="pending").count() == 6
    _login(pg, live_server.url, staff.username)
    pg.goto(live_server.url + "/review/")
    assert _no_sideways_scroll(pg)
    # Beside each proposal: the whole photo, the straightened crop, the text read.
    first = pg.locator("article.contribution").first
    assert first.locator(".photo-reading-evidence img").is_visible()
    assert first.locator("img.evidence-picture").is_visible()
    first.locator(".photo-reading-evidence summary").click()
    assert first.locator("pre.read-text").inner_text().strip()
    _shot(pg, "review-390")
    # One card on its own, then the rest of the batch at once.
    first.locator("form.decide button[value=approve]").click()
    pg.wait_for_load_state()
    assert Contribution.objects.filter(batch=batch, status="approved").count() == 1
    pg.locator(f"form.batch-decide[data-batch='{batch}'] button[value=approve]").click()
    pg.wait_for_load_state()
    assert set(Contribution.objects.filter(batch=batch).values_list("status", flat=True)) \
        == {"approved"}
    assert "elfogadva" in pg.inner_text("main")
    assert _no_sideways_scroll(pg)


def test_a_photo_over_the_size_limit_is_stopped_on_the_page_in_its_language(
        phone, live_server, user, card_photos, settings):
    settings.CARD_IMAGE_MAX_BYTES = 200_000  # the card photo below is larger
    pg = phone
    _login(pg, live_server.url, user.username)
    pg.goto(live_server.url + "/contribute/")
    assert not pg.locator("#photo-too-big").is_visible()
    sent: list[str] = []
    pg.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    big = photo_helpers.jpeg(card_photos["singles"][0].image)
    assert len(big) > 200_000
    pg.set_input_files("#f-photo", files=[{"name": "IMG_9.jpg", "mimeType": "image/jpeg",
                                           "buffer": big}])
    pg.click("#read-photo")
    note = pg.locator("#photo-too-big")
    note.wait_for(state="visible")
    assert "túl nagy" in note.inner_text() and "0,2 MB" in note.inner_text()
    assert pg.url.endswith("/contribute/") and not sent
    assert not CardImage.objects.exists()
    assert _no_sideways_scroll(pg)


@pytest.mark.parametrize(("locale", "width", "height"), [
    ("hu-HU", 390, 844), ("en-GB", 390, 844), ("hu-HU", 1280, 800), ("en-GB", 1280, 800)])
def test_review_screen_crop_full_size_and_the_source_remembered(browser, live_server,
                                                                few_cards, user, locale,
                                                                width, height):
    import numpy as np
    from django.core.cache import cache

    from cards import photo_reading
    from cards.photo.fields import Reading
    from cards.photo.pipeline import CardRead, Reads

    crop = np.full((840, 600, 3), 230, np.uint8)
    for token in ("tok-first", "tok-second"):
        reads = Reads([CardRead(crop, Reading(values={"name_hu": "Halálszárny", "cost": "3"},
                                              confidence=90))])
        cache.set(photo_reading.key(token), photo_reading.pending_from(reads, b"", user.pk),
                  600)
    context = browser.new_context(locale=locale, viewport={"width": width, "height": height})
    pg = context.new_page()
    pg.set_default_timeout(30000)
    try:
        _login(pg, live_server.url, user.username)
        pg.goto(live_server.url + "/contribute/photo/tok-first/")
        assert _no_sideways_scroll(pg)
        hint = "Koppints a képre" if locale.startswith("hu") else "Tap the picture"
        assert hint in pg.inner_text("#photo-card-0")
        # Tapping the crop shows it full size, over the page, and closes again.
        pg.locator("#photo-card-0 a.crop-zoom").click()
        full = pg.locator("#crop-full img")
        full.wait_for(state="visible")
        shown = full.bounding_box()
        assert shown is not None and shown["width"] > 150  # larger than the thumbnail
        assert shown["width"] <= width
        pg.locator("#crop-full button.close").click()
        pg.locator("#crop-full").wait_for(state="hidden")
        # The source typed for this photo is there for the next one.
        pg.fill("#f-source_note", "saját nyomtatott lapom")
        pg.locator("#f-source_note").dispatch_event("change")
        pg.goto(live_server.url + "/contribute/photo/tok-second/")
        assert pg.input_value("#f-source_note") == "saját nyomtatott lapom"
        assert _no_sideways_scroll(pg)
    finally:
        context.close()
