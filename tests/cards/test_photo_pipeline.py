"""Photo reading: the pipeline on a small synthetic set (real OpenCV, real
Tesseract with Hungarian data, faces drawn by Chromium), and bad photos refused with a reason.

The name and text thresholds are the issue's targets, the others a little under them
(bench/card_photos.py measures the quality on the whole set); here the mechanism is checked: cards found alone and on a binder
page, names and rules text read, fields matched against the vocabulary.
"""

from __future__ import annotations

import io

import pytest

from bench.text_distance import edit_distance
from cards.images import ImageRefused
from cards.photo import ocr, pipeline
from cards.photo.fields import Reading, match_words
from cards.photo.match import closest_name
from cards.photo.pipeline import read_photo
from tests.cards import photo_helpers

pytestmark = pytest.mark.browser  # the faces are drawn by Chromium


def _read(photo) -> list:
    return read_photo(io.BytesIO(photo_helpers.jpeg(photo.image)))


def test_tesseract_with_hungarian_is_installed_for_the_tests():
    assert ocr.available(), "make test installs tesseract-ocr and tesseract-ocr-hun (make ocr)"


def test_single_cards_and_a_binder_page_are_found_and_read(card_photos):
    photos = [*card_photos["singles"], card_photos["page"]]
    names = [r["name_hu"] for r in card_photos["records"].values()]
    truths = found = 0
    name_err = name_len = text_err = text_len = right = fields = 0
    for photo in photos:
        reads = _read(photo)
        truths += len(photo.truths)
        found += min(len(reads), len(photo.truths))
        # Reading order: a page reads like text, as the truths are listed.
        for truth, read in zip(photo.truths, reads, strict=False):
            values = read.reading.values
            name_err += edit_distance(values.get("name_hu", ""), truth["name_hu"])
            name_len += len(truth["name_hu"])
            text_err += edit_distance(values.get("text_hu", ""), truth["text_hu"])
            text_len += len(truth["text_hu"])
            full = card_photos["records"][truth["slug"]]["name_hu"]
            fields += 1
            right += closest_name(values.get("name_hu", ""), names) == full
            for key in ("type", "subtype", "race", "cost"):
                fields += 1
                want = truth[key]
                right += (None if want is None else str(want)) == values.get(key)
            assert read.crop.shape[:2] == (840, 600)
    assert found / truths >= 0.95
    # The issue's own targets for names and rules text (this set read 0.0 % and 4.0 %; the
    # rules text at 5.1 % before it was read as its own enlarged band)
    assert name_err / name_len <= 0.02
    assert text_err / max(1, text_len) <= 0.05
    assert right / fields >= 0.9


@pytest.mark.parametrize(("data", "code"), [
    (photo_helpers.noise(1800, 1400), "photo_no_card"),
    (photo_helpers.plain(1600, 1200), "photo_no_card"),
    (photo_helpers.plain(300, 200), "photo_too_small"),
    (b"GIF89a not really", "image_wrong_type"),
])
def test_bad_photos_are_refused_with_a_reason_in_both_languages(data, code):
    with pytest.raises(ImageRefused) as info:
        read_photo(io.BytesIO(data))
    assert info.value.code == code
    assert info.value.hu and info.value.en and info.value.hu != info.value.en


def test_the_picture_limits_apply(settings):
    settings.CARD_IMAGE_MAX_BYTES = 1000
    with pytest.raises(ImageRefused) as info:
        read_photo(io.BytesIO(photo_helpers.plain(1600, 1200)))
    assert info.value.code == "image_too_large"


def test_a_card_the_frame_cuts_is_found_and_read(card_photos):
    # A phone held too close cuts a corner or the bottom margin off the card; its edge
    # never closes, and a grainy table runs into it. The card is still found, whole.
    for photo in card_photos["cut"]:
        [read] = _read(photo)
        want = photo.truths[0]["name_hu"]
        got = read.reading.values.get("name_hu", "")
        assert edit_distance(got, want) <= 1, (photo.effects, got)


def _level_and_cut_left(image, quad):
    """The photo turned so that the card under ``quad`` stands straight, then cut a little
    inside that card's left edge (3 % of its width)."""
    import cv2
    import numpy as np

    top = quad[1] - quad[0]
    h, w = image.shape[:2]
    turn = cv2.getRotationMatrix2D((w / 2, h / 2), float(np.degrees(np.arctan2(top[1], top[0]))),
                                   1.0)
    level = cv2.warpAffine(image, turn, (w, h), borderMode=cv2.BORDER_REPLICATE)
    q = cv2.transform(quad[None], turn)[0]
    return level[:, int(max(q[0, 0], q[3, 0]) + 0.03 * (q[1, 0] - q[0, 0])):]


def test_a_binder_page_the_frame_cuts_is_read_from_its_grid(card_photos):
    """A phone held close to a binder page cuts its left column: those cards' outlines run
    out of the picture on two sides and are no card-shaped outline. The page's other cards
    sit in rows and columns; the pockets of that grid give the cut cards, and an empty
    pocket reads as no card (no proposal for what is not there)."""
    from cards.photo.locate import find_cards

    page = card_photos["page"]
    top_left = find_cards(page.image)[0].quad
    cut = _level_and_cut_left(page.image, top_left)
    reads = read_photo(io.BytesIO(photo_helpers.jpeg(cut)))
    want = [t["name_hu"] for t in page.truths]
    got = [r.reading.values.get("name_hu", "") for r in reads]
    assert len(got) == len(want), got
    assert all(edit_distance(g, w) <= 1 for g, w in zip(got, want, strict=True)), (got, want)


def test_a_second_look_finds_the_race_and_a_ship_s_values_the_first_reading_missed(
        card_photos, tmp_path):
    """The whole card's sparse reading misses the type line's last word (the race) or a
    ship's four values on some blurred photos (13 races and 5 ships' values of 105 cards in
    bench/card_photos.py); the type line and the values' band are then read again on their
    own, enlarged. Here the first reading is made to miss them, on a practice ship."""
    import numpy as np

    from bench import card_photo_set

    ship = next(r for r in card_photos["records"].values()
                if not r["official"] and card_photo_set.printed(r)["stats"]
                and card_photo_set.printed(r)["race"])
    truth = card_photo_set.printed(ship)
    faces = card_photo_set.render_faces([ship], tmp_path)
    photo = card_photo_set.photograph_one(np.random.default_rng(3),
                                          card_photo_set.load_face(faces[ship["slug"]]), truth)
    [read] = _read(photo)
    lines = ocr.lines_of(ocr.read_words(read.crop))
    type_line = next(ln for ln in lines if match_words(ln.text).get("type") == "ship")
    reading = Reading(values={"type": "ship"})
    pipeline._second_look_at_the_type_line(read.crop, type_line, reading)
    assert reading.values.get("race") == truth["race"], (truth, reading.values)
    pipeline._second_look_at_the_values(read.crop, type_line.bottom, reading)
    assert [reading.values.get(k) for k in ("speed", "firepower", "armor", "bombard")] == [
        str(v) for v in truth["stats"]], (truth, reading.values)
