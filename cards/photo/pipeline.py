"""One photo in, one reading per card out: check the upload (the picture limits), find the
cards, straighten each, read it. Refusals carry a code and a message in both languages
(``cards.images.ImageRefused``); nothing is stored here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO

import cv2
import numpy as np

from cards.images import ImageRefused, checked
from cards.photo import ocr
from cards.photo.fields import Reading, match_words, read_fields, ship_values
from cards.photo.locate import CROP_H, CROP_W, Found, find_cards, straighten

MIN_SIDE = 400  # px: a smaller photo cannot show a card's text legibly
MAX_CARDS = 12  # a binder page holds nine; more is a table full of cards, read the first
# The name band is read enlarged by half (cubic): Tesseract misread a blurred name's first
# or last letters and dropped low-confidence words at the crop's own size; enlarged, a real
# word of the name reads above NAME_CONF while an edge still reads below it. Measured on
# three seeded photo sets (bench/card_photos.py --seed 31/32/33): name CER 5.7/2.4/4.9 % at
# 1x with 40, 2.2/2.2/3.1 % at 1.5x with 25.
NAME_SCALE = 1.5
NAME_CONF = 25
# The rules text is read the same way, as its own band (below the type line, above a ship's
# four values) enlarged by half, as one column of text (Tesseract's page mode 4): the whole
# card's sparse reading broke its lines into scattered words. Rules text CER on the same
# three sets: 9.9/10.5/7.2 % before, 2.6/4.9/4.2 % so.
TEXT_SCALE = 1.5
TEXT_BOTTOM = 0.74   # where the rules text ends on a card without a ship's values (relative)
COST_BOX = (0.76, 0.0, 1.0, 0.16)  # the cost disc: left, top, right, bottom (relative)
NAME_RIGHT = 0.795  # the name band's right side: the cost disc's rim (relative)


@dataclass
class CardRead:
    crop: np.ndarray  # BGR, upright, CROP_W x CROP_H
    reading: Reading

    def crop_jpeg(self) -> bytes:
        ok, data = cv2.imencode(".jpg", self.crop, [cv2.IMWRITE_JPEG_QUALITY, 90])
        return data.tobytes() if ok else b""


def unavailable() -> ImageRefused:
    return ImageRefused("photo_reading_unavailable",
                        "A fényképről olvasás ezen a szerveren nem elérhető; töltsd ki a "
                        "mezőket kézzel.",
                        "Reading photos is not available on this server; fill in the "
                        "fields by hand.")


def no_card() -> ImageRefused:
    return ImageRefused("photo_no_card",
                        "Nem találtunk olvasható lapot a képen. Fényképezd a lapot egyenesen "
                        "felülről, sima, a laptól eltérő színű háttéren, hogy az egész lap "
                        "látsszon.",
                        "No readable card was found in the picture. Photograph the card "
                        "from straight above, on a plain background of another colour, with "
                        "the whole card in view.")


def too_small(width: int, height: int) -> ImageRefused:
    return ImageRefused("photo_too_small",
                        f"A kép túl kicsi ({width} × {height} képpont); legalább {MIN_SIDE} "
                        "képpont kell a rövidebb oldalon, hogy a szöveg olvasható legyen.",
                        f"The picture is too small ({width} x {height} pixels); the shorter "
                        f"side needs at least {MIN_SIDE} pixels for the text to be legible.")


def load(upload: IO[bytes]) -> np.ndarray:
    """The upload as a BGR array, within the picture limits."""
    img = checked(upload)
    if min(img.size) < MIN_SIDE:
        raise too_small(*img.size)
    rgb = np.asarray(img.convert("RGB"))
    return cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR)


def _digits_only(box: np.ndarray) -> np.ndarray:
    """The cost disc's digits alone, black on white: the dark blobs of a digit's size that
    touch no edge of the box (the disc's rim and the band around it are dropped)."""
    gray = cv2.cvtColor(box, cv2.COLOR_BGR2GRAY)
    _, dark = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(dark)
    h, w = gray.shape
    out = np.full_like(gray, 255)
    for i in range(1, count):
        x, y, bw, bh, _area = stats[i]
        if x == 0 or y == 0 or x + bw >= w or y + bh >= h:
            continue
        if 0.2 * h <= bh <= 0.7 * h and bw <= 0.5 * w:
            out[labels == i] = 0
    return cv2.copyMakeBorder(out, 10, 10, 10, 10, cv2.BORDER_CONSTANT, value=255)


def _cost_text(crop: np.ndarray) -> str | None:
    left, top, right, bottom = COST_BOX
    box = crop[int(top * CROP_H):int(bottom * CROP_H), int(left * CROP_W):int(right * CROP_W)]
    words = ocr.read_words(_digits_only(box), psm=7, whitelist="0123456789X", raw=True)
    return words[0].text if len(words) == 1 else None


def _name_text(crop: np.ndarray, bottom: int) -> str | None:
    """The name band read on its own as a block of text (cleaner than the whole card's
    sparse reading: no edge of the card beside it)."""
    # A long name runs up to the cost disc's rim ("Tanfolyam-romboló" beside a 12): the band
    # ends where the disc starts, not at the cost box's left side.
    band = crop[int(0.01 * CROP_H):max(bottom, int(0.08 * CROP_H)),
                int(0.02 * CROP_W):int(NAME_RIGHT * CROP_W)]
    band = cv2.resize(band, None, fx=NAME_SCALE, fy=NAME_SCALE, interpolation=cv2.INTER_CUBIC)
    # Edges of the band and of glare read as letters with little confidence; names do not.
    width = band.shape[1]
    words = [w for w in ocr.read_words(band, psm=6) if w.conf >= NAME_CONF
             and (sum(c.isalnum() for c in w.text) > 2 or w.conf >= 85
                  or 0.05 * width < w.left and w.left + w.width < 0.9 * width)]
    lines = ocr.lines_of(words)
    text = " ".join(ln.text for ln in lines if ln.height > 0.5 * max(x.height for x in lines)) \
        if lines else ""
    return _capitalised(text.strip(" ,:;-|")) or None


def _capitalised(name: str) -> str:
    """A card's name begins with a capital letter (every catalogue name does); a blurred
    capital S, O or Z reads as the small letter, which differs from it only in size."""
    return name[:1].upper() + name[1:]


def _rules_text(crop: np.ndarray, top: int, bottom: int) -> str | None:
    lines = _band_lines(crop, top, bottom, psm=4, margin=0.03)
    return " ".join(ln.text for ln in lines).strip() or None


def _band_lines(crop: np.ndarray, top: int, bottom: int, psm: int,
                margin: float = 0.02) -> list[ocr.Line]:
    """A band of the card across its width (less ``margin`` each side), read alone,
    enlarged by TEXT_SCALE."""
    band = crop[max(0, top):min(CROP_H, bottom),
                int(margin * CROP_W):int((1 - margin) * CROP_W)]
    if band.shape[0] < 10:
        return []
    band = cv2.resize(band, None, fx=TEXT_SCALE, fy=TEXT_SCALE, interpolation=cv2.INTER_CUBIC)
    return ocr.lines_of(ocr.read_words(band, psm=psm))


def _second_look_at_the_type_line(crop: np.ndarray, type_line: ocr.Line,
                                  reading: Reading) -> None:
    """The type line read on its own, enlarged, when the whole card's reading missed a word
    of it (most often the race, the line's last word): what it adds fills the gaps."""
    if all(k in reading.values for k in ("type", "subtype", "race")):
        return
    pad = type_line.height // 2 + 2
    for line in _band_lines(crop, type_line.top - pad, type_line.bottom + pad, psm=7):
        for key, value in match_words(line.text).items():
            reading.values.setdefault(key, value)


def _second_look_at_the_values(crop: np.ndarray, reading: Reading) -> None:
    """A ship's four values read on their own band, enlarged, when the whole card's
    reading did not find them."""
    for line in _band_lines(crop, int(0.70 * CROP_H), int(0.92 * CROP_H), psm=6):
        found = ship_values(line.text)
        if found is not None:
            reading.values.update(found)
            return


def _stats_top(lines: list[ocr.Line]) -> int | None:
    """Where a ship's four values begin (their line, in the lower half), if it has them."""
    return next((ln.top for ln in lines if ln.top > 0.5 * CROP_H
                 and ship_values(ln.text) is not None), None)


def read_card(crop: np.ndarray) -> Reading:
    lines = ocr.lines_of(ocr.read_words(crop))
    reading = read_fields(lines, CROP_W, CROP_H, _cost_text(crop))
    # The type line ("űrhajó · romboló · Cerebrita") ends the name. A second name line may
    # hold a vocabulary word too ("Kiképző kutatóbázis"), so the line naming most is it;
    # of equals the highest (the rules text below may name a type too).
    type_line = None
    if reading.values.get("type"):
        named = [(len(match_words(ln.text)), ln.top, ln) for ln in lines
                 if 0.08 * CROP_H < ln.top < 0.4 * CROP_H]
        named = [n for n in named if n[0] and match_words(n[2].text).get("type")]
        if named:
            type_line = max(named, key=lambda n: (n[0], -n[1]))[2]
    name = _name_text(crop, type_line.top - 4 if type_line else int(0.2 * CROP_H))
    if name:
        reading.values["name_hu"] = name
    if type_line is not None:
        _second_look_at_the_type_line(crop, type_line, reading)
        stats = _stats_top(lines)
        if reading.values.get("type") == "ship" and "speed" not in reading.values:
            _second_look_at_the_values(crop, reading)
        text = _rules_text(crop, type_line.bottom + 2,
                           stats - 2 if stats else int(TEXT_BOTTOM * CROP_H))
        if text:
            reading.values["text_hu"] = text
    return reading


def _typed(read: CardRead) -> bool:
    return bool(read.reading.values.get("type"))


def _read_found(image: np.ndarray, found: list[Found]) -> list[CardRead]:
    out: list[CardRead] = []
    for one in found[:MAX_CARDS]:
        crop = straighten(image, one.quad)
        reading = read_card(crop)
        if reading.values.get("name_hu"):
            out.append(CardRead(crop, reading))
    return out


def read_photo(upload: IO[bytes]) -> list[CardRead]:
    """Every card found and read; raises ImageRefused when there is none to read."""
    if not ocr.available():
        raise unavailable()
    image = load(upload)
    out = _read_found(image, find_cards(image))
    if not any(_typed(r) for r in out):
        # The edges outlined something else (a table's grain): what reads as a name there
        # has no type line under it. Look by the table's colour, keep the better reading.
        again = _read_found(image, find_cards(image, by_colour=True))
        if sum(map(_typed, again)) > sum(map(_typed, out)) or not out:
            out = again
    if not out:
        raise no_card()
    return out
