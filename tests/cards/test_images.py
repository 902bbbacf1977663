"""Card pictures: uploads checked and cleaned (EXIF gone), stored through the storage API,
web and thumbnail copies served, `image_uris` in the API, generated faces for practice cards."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from cards.images import ImageRefused, clean
from cards.models import Card, CardImage, Contribution
from tests.cards import imagefiles

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def _correction(user, slug="holdimado") -> Contribution:
    return Contribution.objects.create(kind="correction", card=Card.objects.get(slug=slug),
                                       proposed={"bombard": 1}, source_note="saját lap",
                                       author=user)


def test_clean_strips_exif_and_makes_sizes():
    raw = imagefiles.jpeg_with_gps()
    assert Image.open(io.BytesIO(raw)).getexif().get(0x8825)  # the upload does carry GPS
    cleaned = clean(io.BytesIO(raw))
    for data in (cleaned.original, cleaned.web, cleaned.thumb):
        img = Image.open(io.BytesIO(data))
        assert not img.getexif() and "exif" not in img.info
        assert b"SecretCam" not in data
    assert Image.open(io.BytesIO(cleaned.web)).size == (714, 1000)
    assert max(Image.open(io.BytesIO(cleaned.thumb)).size) == 240
    assert (cleaned.width, cleaned.height) == (1400, 1960)


@pytest.mark.parametrize(("data", "code"), [
    (imagefiles.not_an_image(), "image_wrong_type"),
    (imagefiles.bomb(), "image_too_many_pixels"),
    (b"", "image_empty"),
])
def test_clean_refuses_with_reasons_in_both_languages(data, code):
    with pytest.raises(ImageRefused) as info:
        clean(io.BytesIO(data))
    assert info.value.code == code
    assert info.value.hu != info.value.en and info.value.hu and info.value.en


def test_too_large_is_refused_before_decoding(settings):
    settings.CARD_IMAGE_MAX_BYTES = 10_000
    with pytest.raises(ImageRefused) as info:
        clean(io.BytesIO(imagefiles.jpeg_with_gps()))
    assert info.value.code == "image_too_large"


def test_api_upload_approve_and_serve(api, few_cards, user, staff, client):
    item = _correction(user)
    api.force_authenticate(user)
    url = f"/api/v1/contributions/{item.pk}/image/"
    upload = SimpleUploadedFile("IMG_0001.jpg", imagefiles.jpeg_with_gps(), "image/jpeg")
    response = api.post(url, {"image": upload}, format="multipart")
    assert response.status_code == 201, response.content
    uris = response.json()["image_uris"]
    assert set(uris) == {"small", "normal", "large"} and "IMG_0001" not in uris["small"]
    # Not shown before approval.
    assert api.get("/api/v1/cards/holdimado/").json()["image_uris"] is None
    api.force_authenticate(staff)
    assert api.post(f"/api/v1/contributions/{item.pk}/approve/").status_code == 200
    card = api.get("/api/v1/cards/holdimado/").json()
    assert card["image_uris"]["small"] == uris["small"]
    listed = api.get("/api/v1/cards/", {"q": "holdimado"}).json()["results"][0]
    assert listed["image_uris"] == card["image_uris"]
    thumb = client.get(uris["small"].replace("http://testserver", ""))
    assert thumb.status_code == 200 and thumb["Content-Type"] == "image/jpeg"
    body = b"".join(thumb.streaming_content)
    assert max(Image.open(io.BytesIO(body)).size) == 240 and b"SecretCam" not in body


@pytest.mark.parametrize(("data", "name", "code", "status"), [
    (imagefiles.not_an_image(), "card.jpg", "image_wrong_type", 400),
    (imagefiles.bomb(), "card.png", "image_too_many_pixels", 400),
])
def test_api_refuses_bad_uploads_in_the_error_shape(api, few_cards, user, data, name, code,
                                                    status):
    item = _correction(user)
    api.force_authenticate(user)
    response = api.post(f"/api/v1/contributions/{item.pk}/image/",
                        {"image": SimpleUploadedFile(name, data)}, format="multipart")
    assert response.status_code == status
    error = response.json()["error"]
    assert error["code"] == code and error["details"]["field"] == "image"
    assert error["details"]["fields"]["image"] == [error["message"]]  # English by default
    assert not CardImage.objects.exists()


def test_api_too_large(api, few_cards, user, settings):
    settings.CARD_IMAGE_MAX_BYTES = 5_000
    item = _correction(user)
    api.force_authenticate(user)
    response = api.post(f"/api/v1/contributions/{item.pk}/image/",
                        {"image": SimpleUploadedFile("a.jpg", imagefiles.jpeg_with_gps())},
                        format="multipart")
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "image_too_large"


def test_api_only_the_contributor_adds_pictures(api, few_cards, user, staff):
    item = _correction(user)
    api.force_authenticate(staff)
    response = api.post(f"/api/v1/contributions/{item.pk}/image/",
                        {"image": SimpleUploadedFile("a.png", imagefiles.png())},
                        format="multipart")
    assert response.status_code == 403 and response.json()["error"]["code"] == "forbidden"


def test_page_upload_valid_and_refused(client, few_cards, user):
    client.force_login(user)
    bad = client.post("/contribute/", {"card": "holdimado", "bombard": "1",
                                       "source_note": "saját lap",
                                       "image": SimpleUploadedFile("x.jpg",
                                                                   imagefiles.not_an_image())})
    page = bad.content.decode()
    assert bad.status_code == 200 and "Ez nem kép" in page
    assert 'value="1"' in page  # the proposed bombard is kept
    assert not Contribution.objects.exists()
    bomb = client.post("/contribute/", {"card": "holdimado", "source_note": "saját lap",
                                        "image": SimpleUploadedFile("b.png", imagefiles.bomb())})
    assert "túl nagy" in bomb.content.decode()
    ok = client.post("/contribute/", {"card": "holdimado", "source_note": "saját lap",
                                      "image": SimpleUploadedFile("c.png", imagefiles.png())})
    assert ok.status_code == 302
    item = Contribution.objects.get()
    assert item.proposed == {} and item.images.count() == 1


def test_picture_kept_after_another_error(client, few_cards, user):
    """A valid picture sent with a form that has another error is not lost."""
    client.force_login(user)
    first = client.post("/contribute/", {"name_hu": "Próba lap", "type": "ship",
                                         "cost": "sok", "source_note": "saját lap",
                                         "image": SimpleUploadedFile("c.png", imagefiles.png())})
    page = first.content.decode()
    assert "A feltöltött kép megmarad" in page
    token = CardImage.objects.get().token
    assert f'value="{token}"' in page
    done = client.post("/contribute/", {"name_hu": "Próba lap", "type": "ship", "cost": "4",
                                        "source_note": "saját lap", "image_token": token})
    assert done.status_code == 302
    assert Contribution.objects.get().images.get().token == token


def test_practice_card_face_is_svg(client, few_cards, api):
    practice = Card.objects.filter(official=False).first()
    response = client.get(f"/cards/{practice.slug}/face.svg")
    assert response.status_code == 200 and response["Content-Type"].startswith("image/svg+xml")
    assert practice.name_hu.split()[0] in response.content.decode()
    assert "NEM HIVATALOS" in response.content.decode()
    uris = api.get(f"/api/v1/cards/{practice.slug}/").json()["image_uris"]
    assert uris["normal"].endswith(f"/cards/{practice.slug}/face.svg")
    # a printed card without a scan gets a drawn face that says so, in the
    # language asked for; the API still claims no picture for it
    drawn = client.get("/cards/crx/face.svg?lang=hu").content.decode()
    assert "CRX" in drawn and "nincs még szkennelt kép" in drawn and "NEM HIVATALOS" not in drawn
    english = client.get(f"/cards/{practice.slug}/face.svg?lang=en").content.decode()
    assert "UNOFFICIAL" in english and "NEM HIVATALOS" not in english
    assert api.get("/api/v1/cards/crx/").json()["image_uris"] is None
    assert client.get("/cards/no-such-card/face.svg").status_code == 404


def test_media_view_refuses_paths_outside_card_pictures(client):
    assert client.get("/media/../kaosz/settings.py").status_code == 404
    assert client.get("/media/cards/original/none.jpg").status_code == 404
