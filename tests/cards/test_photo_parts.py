"""The reader's parts that need no picture: a binder page's grid from the cards found in
it, lines of words when a card's rim reads as a tall "letter", and a name's words without
what a disc's rim stuck to them."""

from __future__ import annotations

import numpy as np
import pytest

from cards.photo import ocr
from cards.photo.fields import _name_block
from cards.photo.locate import _grid_gaps
from cards.photo.name import _name_word


def _card(cx: float, cy: float, w: float = 100, h: float = 140) -> np.ndarray:
    return np.array([[cx - w / 2, cy - h / 2], [cx + w / 2, cy - h / 2],
                     [cx + w / 2, cy + h / 2], [cx - w / 2, cy + h / 2]], np.float32)


def test_a_pocket_of_a_page_s_grid_the_search_missed_is_guessed_where_it_is():
    pockets = [(130 + 115 * c, 100 + 150 * r) for r in range(3) for c in range(3)]
    missed = pockets.pop(4)  # the middle one
    [guess] = _grid_gaps([_card(x, y) for x, y in pockets], 600, 800)
    assert np.allclose(guess.mean(axis=0), missed, atol=1)
    assert np.allclose(np.ptp(guess, axis=0), (100, 140), atol=1)


def test_cards_lying_about_are_no_grid():
    cards = [_card(100, 100), _card(400, 180), _card(230, 600)]
    assert _grid_gaps(cards, 600, 800) == []


def _word(text: str, top: int, height: int, left: int, conf: float = 90) -> ocr.Word:
    return ocr.Word(text, left, top, 10 * len(text), height, conf, (1, 1, 1))


def test_a_rim_read_as_a_tall_letter_does_not_join_the_lines_it_spans():
    # The name's second line, a rim three lines high read as "j", and the type line below.
    words = [_word("Kiképző", 58, 44, 42), _word("kutatóbázis", 111, 36, 43),
             _word("j", 125, 114, 4, conf=74), _word("bázis", 225, 25, 44),
             _word("kutatás", 224, 25, 145), _word("Inszektoid", 222, 26, 274)]
    assert [ln.text for ln in ocr.lines_of(words)] == [
        "Kiképző", "kutatóbázis", "bázis kutatás Inszektoid"]


@pytest.mark.parametrize(("read", "kept"), [
    ("Tanfolyam-romboló(12)", "Tanfolyam-romboló"),  # the cost's disc stuck to the name
    ("a)", None),
    ("Ca)", None),
    ("[l", None),
    ("Mamut", "Mamut"),
    ("I.", "I."),
])
def test_a_name_s_word_loses_what_a_rim_stuck_to_it(read, kept):
    word = _name_word(_word(read, 0, 20, 0))
    assert (word.text if word is not None else None) == kept


def test_a_picture_read_as_a_tall_unsure_word_is_not_the_name():
    # The second face layout: the name above a picture whose mountains read as "dám".
    lines = ocr.lines_of([_word("Zarg", 43, 40, 132, 92), _word("vészpajzs", 43, 40, 240, 92),
                          _word("dám", 333, 87, 252, 42)])
    assert [ln.text for ln in _name_block(lines)] == ["Zarg vészpajzs"]
