"""The reader on faces and turns it was not tuned on (real OpenCV, real Tesseract): a second
face layout drawn only by the test set (bench/card_scenes.py: cost in a square at the top
left, serif name, a picture, the type line under it, the values in a box at the bottom),
an English face, and a card photographed upside down. Honest proposals: a value that
differs from the catalogue only as OCR misreads is doubtful, not a change.
"""

from __future__ import annotations

import io
import re

import numpy as np
import pytest

from cards.photo.fields import Reading
from cards.photo.match import misread_of
from cards.photo.pipeline import plausible, read_photo
from tests.cards import photo_helpers

SHIP = "practice-kikepzo-kolibri"  # a practice ship with a race, a cost and four values


def _scene(card_photos, tmp_path, layout: str, lang: str, turns: int):
    from bench import card_scenes

    record = card_photos["records"][SHIP]
    face = card_scenes.Face(SHIP, layout, lang)
    path = card_scenes.render({SHIP: record}, [face], tmp_path)[face]
    truth = (card_scenes.printed_b(record) if layout == "b" else
             card_scenes.printed_en(record) if lang == "en" else card_scenes.printed(record))
    from bench.card_photo_set import load_face

    photo = card_scenes.single(np.random.default_rng(11), load_face(path), truth, "x",
                               "gingham", turns, 0)
    [read] = read_photo(io.BytesIO(photo_helpers.jpeg(photo.image)))
    return read, truth


@pytest.mark.browser
@pytest.mark.parametrize(("layout", "lang", "turns", "name_key"), [
    ("b", "hu", 0, "name_hu"),   # the second layout, never named by the reader
    ("a", "hu", 2, "name_hu"),   # upside down
    ("a", "en", 0, "name_en"),   # an English face
])
def test_a_card_reads_whatever_its_layout_language_and_turn(card_photos, tmp_path, layout,
                                                            lang, turns, name_key):
    read, truth = _scene(card_photos, tmp_path, layout, lang, turns)
    values = read.reading.values
    assert values.get(name_key) == truth["name_hu"], values
    assert values.get("type") == "ship" and values.get("subtype") == truth["subtype"], values
    assert values.get("race") == truth["race"], values
    assert values.get("cost") == str(truth["cost"]), values
    assert [values.get(k) for k in ("speed", "firepower", "armor", "bombard")] == [
        str(v) for v in truth["stats"]], values
    # The crop kept for the review screen is the upright one: its name band at the top.
    assert read.crop.shape[:2] == (840, 600)


@pytest.mark.parametrize(("read", "now", "field", "doubtful"), [
    ("43", 3, "cost", True),          # "+3" printed, the + read as a 4
    ("l", 1, "speed", True),
    ("O", 0, "armor", True),
    ("5", 3, "cost", False),          # a real difference is offered
    ("Húzz 1 lapot és kapsz +1 creditet.", "Húzz l lapot és kapsz 41 creditet.", "text_hu",
     True),
    ("Húzz 2 lapot.", "Húzz 1 lapot és kapsz 1 creditet.", "text_hu", False),
])
def test_a_difference_that_is_only_a_misreading_is_doubtful(read, now, field, doubtful):
    assert misread_of(read, now, field) is doubtful


def test_a_reading_with_nothing_but_a_name_is_set_aside():
    assert not plausible(Reading(values={"name_hu": "Ilii lll"}))
    assert plausible(Reading(values={"name_hu": "Zarg Célbábu", "type": "ship"}))
    assert plausible(Reading(values={"name_hu": "Zarg Célbábu", "cost": "0"}))


def test_the_review_screen_shows_a_misreading_as_doubtful_and_does_not_propose_it(
        client, few_cards, user):
    from django.core.cache import cache
    from django.urls import reverse

    from cards import photo_reading
    from cards.photo.pipeline import CardRead, Reads

    # Halálszárny costs 3 and has speed 5: "43" is a "+3" misread, speed 7 a real difference.
    reading = Reading(values={"name_hu": "Halalszarny", "cost": "43", "speed": "7"},
                      confidence=90)
    reads = Reads([CardRead(np.full((840, 600, 3), 200, np.uint8), reading)])
    reads.dropped = 2
    cache.set(photo_reading.key("tok-doubtful"),
              photo_reading.pending_from(reads, b"", user.pk), 60)
    client.force_login(user)
    html = client.get(reverse("contribute-photo", args=["tok-doubtful"]),
                      HTTP_ACCEPT_LANGUAGE="en").content.decode()
    cost = re.search(r'<label class="photo-field[^"]*" data-field="cost">', html)
    assert cost is not None and "differs" not in cost.group(0)
    assert photo_helpers.shown_value(html, "c0-cost") == "3"  # the catalogue's, unchanged
    assert "probably a misreading" in html
    speed = re.search(r'<label class="photo-field[^"]*" data-field="speed">', html)
    assert speed is not None and "differs" in speed.group(0)
    assert 'id="photo-dropped"' in html and "2 reading(s)" in html
