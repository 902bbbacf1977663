"""Contributions from a photo, through HTTP: the API's multipart read-photo, the
page flow from upload to sent contributions (crop as the picture, EXIF gone, nothing kept
before sending), the editors' view and the bulk decision of a batch, the page without
Tesseract, and the catalogue progress page."""

from __future__ import annotations

import base64
import io
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from cards.models import Card, CardImage, CardSet, Contribution, PhotoReading
from cards.photo import ocr
from tests.cards import photo_helpers

pytestmark = [pytest.mark.django_db, pytest.mark.browser]  # faces drawn by Chromium


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def _upload(photo, name="IMG_2001.jpg", gps=False) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, photo_helpers.jpeg(photo.image, exif_gps=gps), "image/jpeg")


def test_api_reads_a_photo_sent_as_multipart(api, few_cards, user, card_photos):
    api.force_authenticate(user)
    halal = card_photos["singles"][0]  # Halálszárny: in the catalogue
    response = api.post("/api/v1/contributions/read-photo/", {"photo": _upload(halal)},
                        format="multipart")
    assert response.status_code == 200, response.content
    [card] = response.json()["cards"]
    assert card["match"]["slug"] == "halalszarny"
    assert card["proposed"]["speed"] == 5 and card["proposed"]["type"] == "ship"
    assert "name_hu" in card["read_fields"]
    crop = Image.open(io.BytesIO(base64.b64decode(card["crop_jpeg_base64"])))
    assert crop.size == (600, 840)
    # Nothing is stored by reading.
    assert not CardImage.objects.exists() and not Contribution.objects.exists()


@pytest.mark.parametrize(("data", "code", "status"), [
    (photo_helpers.noise(1800, 1400), "photo_no_card", 422),  # 2.5 megapixels of noise
    # over the upload limit: the request guard refuses it before the picture is read
    (photo_helpers.noise(2400, 1800), "request_too_large", 413),
    (photo_helpers.plain(300, 200), "photo_too_small", 400),
    (b"not a picture", "image_wrong_type", 400),
])
def test_api_refuses_bad_photos_in_the_error_shape(api, user, data, code, status):
    api.force_authenticate(user)
    response = api.post("/api/v1/contributions/read-photo/",
                        {"photo": SimpleUploadedFile("x.png", data)}, format="multipart",
                        HTTP_ACCEPT_LANGUAGE="hu")
    assert response.status_code == status
    error = response.json()["error"]
    assert error["code"] == code and error["message"]
    if code != "request_too_large":  # (the request guard's answer has no picture details)
        assert error["details"]["fields"]["photo"] == [error["message"]]  # in Hungarian
    assert not CardImage.objects.exists()


def test_api_without_a_photo(api, user):
    api.force_authenticate(user)
    response = api.post("/api/v1/contributions/read-photo/", {}, format="multipart")
    assert response.status_code == 400 and response.json()["error"]["code"] == "photo_missing"


def test_page_flow_binder_page_to_contributions_and_batch_review(
        client, few_cards, user, staff, card_photos):
    client.force_login(user)
    page = client.get("/contribute/")
    assert "photo-upload-form" in page.content.decode()
    response = client.post("/contribute/photo/", {"photo": _upload(card_photos["page"],
                                                                   gps=True)})
    assert response.status_code == 302, response.content
    review_url = response["Location"]
    # Read, not kept: no file, no picture, no contribution until the person sends.
    assert not CardImage.objects.exists() and not PhotoReading.objects.exists()
    screen = client.get(review_url)
    html = screen.content.decode()
    assert screen.status_code == 200
    assert html.count('class="panel photo-card"') == 6
    assert "fényképről olvasva" in html
    assert html.count('class="photo-confirm"') == 6 and ' checked>' not in html
    # Sending with nothing ticked and no source is refused, in Hungarian.
    refused = client.post(review_url, {"source_note": ""})
    assert refused.status_code == 200
    assert "Jelölj be legalább egy lapot" in refused.content.decode()
    # Tick all six; correct the first card's cost by hand.
    form = {"source_note": "saját albumom"}
    for i in range(6):
        form[f"c{i}-send"] = "1"
        for name in ("name_hu", "type", "subtype", "race", "cost", "speed", "firepower",
                     "armor", "bombard", "text_hu"):
            marker = f'name="c{i}-{name}"'
            if marker in html:
                form[f"c{i}-{name}"] = photo_helpers.shown_value(html, f"c{i}-{name}")
    form["c5-set"] = CardSet.objects.first().slug
    sent = client.post(review_url, form)
    assert sent.status_code == 302, sent.content.decode()[:3000]
    items = list(Contribution.objects.order_by("id"))
    assert len(items) == 6 and len({i.batch for i in items}) == 1
    kinds = {i.card.slug if i.card else i.proposed["name_hu"]: i.kind for i in items}
    assert kinds["halalszarny"] == Contribution.CORRECTION  # in the catalogue already
    assert kinds["Oktatótiszt"] == Contribution.NEW
    assert CardImage.objects.count() == 6 and PhotoReading.objects.count() == 6
    picture = CardImage.objects.get(contribution=items[5])
    assert picture.card_set == CardSet.objects.first()
    assert (picture.width, picture.height) == (600, 840)
    photo = PhotoReading.objects.first().photo
    with photo.open("rb") as f:
        body = f.read()
    assert b"SecretCam" not in body and b"GPS" not in body
    # The waiting reading is gone once sent.
    assert client.get(review_url).status_code == 302
    # Editors see the photo and the read text, and approve the batch at once.
    client.force_login(staff)
    queue = client.get("/review/").content.decode()
    assert "Fényképről olvasva" in queue and "read-text" in queue
    assert 'class="decide batch-decide"' in queue
    done = client.post("/review/batch/", {"batch": items[0].batch, "decision": "approve"})
    assert done.status_code == 302
    assert set(Contribution.objects.values_list("status", flat=True)) == {"approved"}
    assert Card.objects.filter(name_hu="Oktatótiszt").exists()


def test_batch_reject_needs_a_reason_and_rejects_all(client, few_cards, user, staff):
    for name in ("Egy", "Kettő"):
        Contribution.objects.create(kind="new", proposed={"name_hu": name, "type": "event",
                                                          "slug": name.lower()},
                                    source_note="x", author=user, batch="photo-abc")
    client.force_login(staff)
    client.post("/review/batch/", {"batch": "photo-abc", "decision": "reject"})
    assert set(Contribution.objects.values_list("status", flat=True)) == {"pending"}
    client.post("/review/batch/", {"batch": "photo-abc", "decision": "reject",
                                   "note": "nem látszik a lap"})
    assert set(Contribution.objects.values_list("status", flat=True)) == {"rejected"}


def test_bad_photo_on_the_page_says_why(client, user):
    client.force_login(user)
    response = client.post("/contribute/photo/", {
        "photo": SimpleUploadedFile("zaj.png", photo_helpers.noise(1800, 1400))}, follow=True,
        HTTP_ACCEPT_LANGUAGE="hu")
    assert response.status_code == 200
    assert "Nem találtunk olvasható lapot" in response.content.decode()
    assert not CardImage.objects.exists()


def test_without_tesseract_the_form_works_and_says_so(client, api, few_cards, user, settings,
                                                      tmp_path):
    # A server whose Tesseract is missing (as a fresh `make run` without the system package).
    settings.TESSERACT_BINARY = str(tmp_path / "no-tesseract-here")
    client.force_login(user)
    html = client.get("/contribute/", HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert 'id="photo-unavailable"' in html and "photo-upload-form" not in html
    assert "nem elérhető" in html
    english = client.get("/contribute/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "not available on this server" in english
    response = client.post("/contribute/photo/", {
        "photo": SimpleUploadedFile("a.jpg", photo_helpers.plain(1600, 1200))}, follow=True)
    assert response.status_code == 200 and "nem elérhető" in response.content.decode()
    api.force_authenticate(user)
    refused = api.post("/api/v1/contributions/read-photo/", {
        "photo": SimpleUploadedFile("a.jpg", photo_helpers.plain(1600, 1200))},
        format="multipart")
    assert refused.status_code == 503
    assert refused.json()["error"]["code"] == "photo_reading_unavailable"
    # The form itself works as before.
    sent = client.post("/contribute/", {"name_hu": "Kézi lap", "type": "event",
                                        "source_note": "saját lap"})
    assert sent.status_code == 302 and Contribution.objects.count() == 1
    assert not CardImage.objects.exists()
    settings.TESSERACT_BINARY = "tesseract"
    assert ocr.available()


def test_catalogue_progress_lists_what_cards_lack(client, few_cards):
    html = client.get("/catalogue/progress/").content.decode()
    assert 'id="progress"' in html
    halal = Card.objects.get(slug="halalszarny")
    assert f'data-card="{halal.slug}"' in html  # no race known, no picture
    assert "Faj" in html


def test_a_card_already_in_the_catalogue_becomes_a_correction_showing_what_differs(
        client, few_cards, user, card_photos):
    # The catalogue says Halálszárny's speed is 9; the card in the photo says 5.
    Card.objects.filter(slug="halalszarny").update(speed=9)
    client.force_login(user)
    sent = client.post("/contribute/photo/", {"photo": _upload(card_photos["singles"][0])})
    html = client.get(sent["Location"], HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert "Javítás" in html and "ami eltér, ki van emelve" in html
    speed = re.search(r'<label class="photo-field[^"]*" data-field="speed">', html)
    assert speed is not None and "differs" in speed.group(0)
    armor = re.search(r'<label class="photo-field[^"]*" data-field="armor">', html)
    assert armor is not None and "differs" not in armor.group(0)
    assert "most: 9" in html
    form = {"source_note": "saját lapom", "c0-send": "1"}
    for name in ("subtype", "race", "cost", "speed", "firepower", "armor", "bombard", "text_hu"):
        if f'name="c0-{name}"' in html:
            form[f"c0-{name}"] = photo_helpers.shown_value(html, f"c0-{name}")
    assert client.post(sent["Location"], form).status_code == 302
    item = Contribution.objects.get()
    assert item.kind == Contribution.CORRECTION and item.card.slug == "halalszarny"
    assert item.proposed["speed"] == 5
