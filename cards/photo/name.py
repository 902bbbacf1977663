"""A card's name read on its own: a band round the lines the whole card's reading took for
the name, enlarged, read as a block of text, and cleaned of what is no word of a name
(the band's rim, specks, the cost's disc stuck to a word).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from cards.photo import ocr
from cards.photo.fields import Parts
from cards.photo.locate import CROP_H, CROP_W

# The name band is read enlarged by half (cubic): Tesseract misread a blurred name's first
# or last letters and dropped low-confidence words at the crop's own size; enlarged, a real
# word of the name reads above NAME_CONF while an edge still reads below it. Measured on
# three seeded photo sets (bench/card_photos.py --seed 31/32/33): name CER 5.7/2.4/4.9 % at
# 1x with 40, 2.2/2.2/3.1 % at 1.5x with 25.
NAME_SCALE = 1.5
NAME_CONF = 25
# How far round the name's lines found the band reaches, in the name's letter heights: up
# and down a line (a second line of the name), and along the lines found no further than a
# word's start a space past their end.
NAME_REACH = 1.5
NAME_TRAIL = 0.8
# Tesseract's mean confidence in a name's words under which the reading is shown as unsure.
SURE_NAME = 60


@dataclass
class _Band:
    """Where the name band lies on the crop, and the rows and end of the name's lines the
    whole card's reading found (``height`` 0: none found)."""

    top: int
    bottom: int
    left: int
    right: int
    found_top: int = 0
    found_bottom: int = 0
    found_right: int = CROP_W
    height: int = 0

    @property
    def pad(self) -> int:
        return max(4, int(0.45 * self.height))

    def y(self, band_y: float) -> float:
        """A height in the enlarged band, back on the crop."""
        return self.top + band_y / NAME_SCALE

    def on_found_rows(self, line_or_word: ocr.Line | ocr.Word) -> bool:
        mid = self.y(line_or_word.top + line_or_word.height / 2)
        return self.found_top - self.pad <= mid <= self.found_bottom + self.pad

    def past_the_end(self, word: ocr.Word) -> bool:
        """A word on the rows of the name's lines found, starting well past their end: a
        speck of the band's rim or the cost's disc, not a word of the name (a name's last
        word, "I." of "Mamut I.", starts a space after the one before)."""
        return self.height > 0 and self.on_found_rows(word) and \
            self.left + word.left / NAME_SCALE > self.found_right + NAME_TRAIL * self.height


def _band(parts: Parts) -> _Band | None:
    """The band round the name's lines found, reaching a line above and below them (a
    name wraps onto a second line the card's reading may have missed); with none found,
    the card's head above the type line. Across the card up to the cost beside it."""
    type_top = parts.type_line.top if parts.type_line is not None else None
    name_left = 0
    if parts.name:
        height = max(ln.height for ln in parts.name)
        reach = int(NAME_REACH * height)
        band = _Band(0, 0, 0, 0, min(ln.top for ln in parts.name),
                     max(ln.bottom for ln in parts.name),
                     # where the name's words end (a speck joined to them does not count)
                     max(w.left + w.width for ln in parts.name for w in ln.words
                         if not _speck(w) or w is ln.words[0]), height)
        band.top, band.bottom = max(0, band.found_top - reach), band.found_bottom + reach
        name_left = min(ln.left for ln in parts.name)
    elif type_top is not None:
        band = _Band(int(0.02 * CROP_H), int(0.3 * CROP_H), 0, 0)
    else:
        return None
    if type_top is not None:
        band.bottom = min(band.bottom, type_top - 2)
    band.left, band.right = int(0.02 * CROP_W), int(0.98 * CROP_W)
    cost = parts.cost
    if cost is not None and cost.top < band.bottom and cost.top + cost.height > band.top:
        if cost.left > band.found_right - 4:
            # A long name runs up to the cost's disc ("Tanfolyam-romboló" beside a 12): the
            # band ends at the disc's rim, not inside it.
            band.right = min(band.right, max(cost.left - int(0.45 * cost.height),
                                             band.found_right + int(0.3 * band.height)),
                             cost.left)
        elif cost.left + cost.width < name_left + 4:
            # A cost on the left sits in its own square close to the name.
            band.left = max(band.left, name_left - int(0.3 * band.height),
                            cost.left + cost.width)
    if band.bottom - band.top < 10 or band.right - band.left < 10:
        return None
    return band


def _lines_in(crop: np.ndarray, band: _Band) -> list[ocr.Line]:
    """The band's lines of letters, without the rim's and the specks' "words"."""
    picture = cv2.resize(crop[band.top:band.bottom, band.left:band.right], None,
                         fx=NAME_SCALE, fy=NAME_SCALE, interpolation=cv2.INTER_CUBIC)
    width = picture.shape[1]
    # Edges of the band and of glare read as letters with little confidence; names do not.
    words = [w for w in (_name_word(w) for w in ocr.read_words(picture, psm=6))
             if w is not None and w.conf >= NAME_CONF
             and (sum(c.isalnum() for c in w.text) > 2 or w.conf >= 85
                  or 0.02 * width < w.left and w.left + w.width < 0.98 * width)
             and any(c.isalpha() for c in w.text)  # a name's words have letters
             and not band.past_the_end(w)]
    lines = ocr.lines_of(words)
    # Short unsure "words" before a line's first letters are the band's rim or specks; at
    # the end only the unsure ones (a name's own "I." reads surely).
    for ln in lines:
        while ln.words and _speck(ln.words[0]):
            ln.words.pop(0)
        while ln.words and _speck(ln.words[-1]) and ln.words[-1].conf < SURE_NAME:
            ln.words.pop()
    return [ln for ln in lines if ln.words]


def name_text(crop: np.ndarray, parts: Parts) -> tuple[str, float] | None:
    """The name read on its own as a block of text (cleaner than the whole card's sparse
    reading: no edge of the card beside it) and its mean confidence. The lines on the rows
    of the name found (or, with none found, the tallest sure line) are the name; a line
    above or below joins it when it is of the name's size, sure and right next to it."""
    band = _band(parts)
    if band is None:
        return None
    lines = _lines_in(crop, band)
    if not lines:
        return None
    if band.height:
        found = [ln for ln in lines if band.on_found_rows(ln)]
        found = [ln for ln in found if ln.height > 0.5 * max(x.height for x in found)]
    else:
        sure = [ln for ln in lines if _conf(ln) >= SURE_NAME]
        found = [max(sure or lines, key=lambda ln: ln.height)]
    if not found:
        return None
    size = max(ln.height for ln in found)
    name = list(found)
    for ln in sorted(lines, key=lambda x: min(abs(x.top - f.top) for f in found)):
        if any(ln is n for n in name):
            continue
        gap = min(abs(ln.top - n.bottom) if ln.top >= n.top else abs(n.top - ln.bottom)
                  for n in name)
        if 0.75 * size <= ln.height <= 1.35 * size and gap < 0.8 * size \
                and _conf(ln) >= SURE_NAME and sum(c.isalpha() for c in ln.text) >= 3:
            name.append(ln)
    name.sort(key=lambda ln: ln.top)
    text = _capitalised(" ".join(ln.text for ln in name).strip(" ,:;-|!"))
    if not text:
        return None
    return text, float(np.mean([w.conf for ln in name for w in ln.words]))


def _conf(line: ocr.Line) -> float:
    return float(np.mean([w.conf for w in line.words]))


BRACKETS = "()[]{}<>|«»"


def _name_word(word: ocr.Word) -> ocr.Word | None:
    """A word of a name as read, without what a disc's rim or a speck stuck to it: no name
    holds a bracket, so a word is cut where one begins ("Tanfolyam-romboló(12)") and a
    short one with a bracket ("a)", "Ca)") is no word of the name at all."""
    cut = min((i for i, c in enumerate(word.text) if c in BRACKETS), default=None)
    if cut is None:
        return word
    kept = word.text[:cut]
    if sum(c.isalpha() for c in kept) < 3:
        return None
    return replace(word, text=kept, width=int(word.width * cut / max(1, len(word.text))))


def _speck(word: ocr.Word) -> bool:
    return sum(c.isalnum() for c in word.text) < 3 and word.conf < 85


def _capitalised(name: str) -> str:
    """A card's name begins with a capital letter (every catalogue name does); a blurred
    capital S, O or Z reads as the small letter, which differs from it only in size."""
    return name[:1].upper() + name[1:]
