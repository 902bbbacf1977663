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
from cards.photo.fields import (
    Parts,
    Reading,
    cost_word,
    find_parts,
    match_words,
    read_fields,
    ship_values,
)
from cards.photo.locate import CROP_H, CROP_W, Found, find_cards, straighten
from cards.photo.name import SURE_NAME, name_text

MIN_SIDE = 400  # px: a smaller photo cannot show a card's text legibly
MAX_CARDS = 12  # a binder page holds nine; more is a table full of cards, read the first
# The rules text is read the same way, as its own band (below the type line, above a ship's
# four values) enlarged by half, as one column of text (Tesseract's page mode 4): the whole
# card's sparse reading broke its lines into scattered words. Rules text CER on the same
# three sets: 9.9/10.5/7.2 % before, 2.6/4.9/4.2 % so.
TEXT_SCALE = 1.5
TEXT_CONF = 30  # a line of the rules band read with less mean confidence is a speck or rim
# Tesseract's orientation confidence above which its answer is taken without reading the
# card both ways (upright and turned cards of the harder set: right answers read 4 to 8).
TURN_SURE = 2.0


@dataclass
class CardRead:
    crop: np.ndarray  # BGR, upright, CROP_W x CROP_H
    reading: Reading

    @property
    def doubtful(self) -> bool:
        """The name read with little confidence: the reading is shown as unsure."""
        return self.reading.confidence < SURE_NAME

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


def _digits_only(box: np.ndarray, light: bool = False) -> np.ndarray:
    """The cost's digits alone, black on white: the blobs of a digit's size that touch no
    edge of the box (a disc's or square's rim and the band around it are dropped); dark
    digits, or ``light`` ones (white on a dark square)."""
    gray = cv2.cvtColor(box, cv2.COLOR_BGR2GRAY)
    mode = cv2.THRESH_BINARY if light else cv2.THRESH_BINARY_INV
    _, dark = cv2.threshold(gray, 0, 255, mode + cv2.THRESH_OTSU)
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


def _cost_in(box: np.ndarray) -> str | None:
    for light in (False, True):
        if box.size == 0:
            return None
        words = ocr.read_words(_digits_only(box, light), psm=7, whitelist="0123456789X",
                               raw=True)
        if len(words) == 1 and cost_word(words[0].text):
            return words[0].text
    return None


def _cost_text(crop: np.ndarray, parts: Parts) -> str | None:
    """The cost read on its own: round the lone number the whole card's reading found, else
    in either top corner (where a cost is printed, in a disc or a square)."""
    boxes = []
    if parts.cost is not None:
        w = parts.cost
        pad = int(0.9 * max(w.height, w.width))
        boxes.append((w.left - pad, w.top - pad, w.left + w.width + pad, w.top + w.height + pad))
    side, depth = int(0.24 * CROP_W), int(0.16 * CROP_H)
    boxes += [(CROP_W - side, 0, CROP_W, depth), (0, 0, side, depth)]
    for left, top, right, bottom in boxes:
        box = crop[max(0, top):min(CROP_H, bottom), max(0, left):min(CROP_W, right)]
        if min(box.shape[:2]) < 12:
            continue
        found = _cost_in(box)
        if found:
            return found
    return None


def _rules_text(crop: np.ndarray, top: int, bottom: int) -> str | None:
    lines = _band_lines(crop, top, bottom, psm=4, margin=0.03)
    usual = float(np.median([ln.height for ln in lines])) if lines else 0.0
    # Small print under the text (an edition's line, a footer) is not rules text.
    kept = [ln for ln in lines if ln.height >= 0.6 * usual and ship_values(ln.text) is None
            and np.mean([w.conf for w in ln.words]) >= TEXT_CONF]
    return " ".join(ln.text for ln in kept).strip() or None


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


def _second_look_at_the_values(crop: np.ndarray, top: int, reading: Reading,
                               hint: ocr.Line | None = None) -> int | None:
    """A ship's four values read on their own, enlarged, when the whole card's reading did
    not find them: round the line that looked like them (``hint``: some digits and dashes),
    else below ``top`` (the rules text's start). Answers where the values begin."""
    if hint is not None:
        pad = hint.height
        box = crop[max(0, hint.top - pad):hint.bottom + pad,
                   max(0, hint.left - 2 * pad):hint.right + 2 * pad]
        box = cv2.resize(box, None, fx=TEXT_SCALE, fy=TEXT_SCALE, interpolation=cv2.INTER_CUBIC)
        found = ship_values(" ".join(w.text for w in ocr.read_words(box, psm=7)))
        if found is not None:
            reading.values.update(found)
            return hint.top
    start = max(top, int(0.45 * CROP_H))
    band = crop[start:int(0.97 * CROP_H),
                int(0.02 * CROP_W):int(0.98 * CROP_W)]
    band = cv2.resize(band, None, fx=TEXT_SCALE, fy=TEXT_SCALE, interpolation=cv2.INTER_CUBIC)
    gray = cv2.cvtColor(band, cv2.COLOR_BGR2GRAY)
    # The prepared picture (dark on white from any colours) first; in a small box of its
    # own the box's rim joins the digits there, and the plain grey reads (either way up).
    for words in (lambda: ocr.read_words(band, psm=6),
                  lambda: ocr.read_words(gray, psm=6, raw=True),
                  lambda: ocr.read_words(255 - gray, psm=6, raw=True)):
        for line in ocr.lines_of(words()):
            found = ship_values(line.text)
            if found is not None:
                reading.values.update(found)
                return start + int(line.top / TEXT_SCALE)
    return None


def _text_score(words: list[ocr.Word]) -> float:
    """How well a reading reads: the confidence summed over real words (three letters)."""
    return sum(w.conf for w in words if sum(c.isalpha() for c in w.text) >= 3)


def upright(crop: np.ndarray) -> tuple[np.ndarray, list[ocr.Word]]:
    """The crop turned so that its text reads (a straightened crop is upright or upside
    down: the card's long side is already vertical) and the whole card's words. The
    letters' shapes say which way up when Tesseract is sure; otherwise both ways are read
    and the one whose words read better is kept."""
    turn = ocr.turn_to_read(crop)
    if turn is not None and turn[1] >= TURN_SURE and turn[0] in (0, 180):
        if turn[0] == 180:
            crop = cv2.rotate(crop, cv2.ROTATE_180)
        return crop, ocr.read_words(crop)
    words = ocr.read_words(crop)
    turned = cv2.rotate(crop, cv2.ROTATE_180)
    words_turned = ocr.read_words(turned)
    if _text_score(words_turned) > _text_score(words):
        return turned, words_turned
    return crop, words


def read_card(crop: np.ndarray) -> Reading:
    """The fields of a straightened crop (upright or upside down)."""
    crop, words = upright(crop)
    return _read_upright(crop, words)


def _read_upright(crop: np.ndarray, words: list[ocr.Word]) -> Reading:
    lines = ocr.lines_of(words)
    parts = find_parts(lines, CROP_W, CROP_H)
    reading = read_fields(lines, CROP_W, CROP_H, _cost_text(crop, parts))
    values = reading.values
    name_key = "name_en" if "name_en" in values else "name_hu"
    name = name_text(crop, parts)
    if name:
        values[name_key], reading.confidence = name
    type_line = parts.type_line
    if type_line is not None:
        _second_look_at_the_type_line(crop, type_line, reading)
    start = type_line.bottom if type_line is not None else \
        max((ln.bottom for ln in parts.name), default=int(0.2 * CROP_H))
    stats_top = parts.stats.top if parts.stats is not None else None
    if (values.get("type") == "ship" or parts.stats_hint is not None) \
            and "speed" not in values:
        stats_top = _second_look_at_the_values(crop, start, reading, parts.stats_hint)
    if type_line is not None:
        end = stats_top or parts.footer_top or int(0.97 * CROP_H)
        text = _rules_text(crop, start + 2, end - 2)
        if text:
            values["text_en" if name_key == "name_en" else "text_hu"] = text
    return reading


class Reads(list[CardRead]):
    """The cards read from a photo, and how many readings were set aside (``dropped``):
    something card-shaped whose text named no type, no cost and no values."""

    dropped: int = 0


def _typed(read: CardRead) -> bool:
    return bool(read.reading.values.get("type"))


def plausible(reading: Reading) -> bool:
    """A card's reading has more than a name: its type line, its cost or a ship's values
    (a table's grain or a binder's seam outlined as a card reads as a stray "name")."""
    values = reading.values
    return any(values.get(k) for k in ("type", "cost", "speed"))


def _read_found(image: np.ndarray, found: list[Found]) -> list[CardRead]:
    out: list[CardRead] = []
    for one in found[:MAX_CARDS]:
        crop, words = upright(straighten(image, one.quad))
        reading = _read_upright(crop, words)
        if one.guessed and not reading.values.get("type"):
            continue  # a pocket guessed from the page's grid holds no card that reads
        if reading.values.get("name_hu") or reading.values.get("name_en"):
            out.append(CardRead(crop, reading))
    return out


def read_photo(upload: IO[bytes]) -> Reads:
    """Every card found and read (readings with nothing but a name set aside and counted);
    raises ImageRefused when there is none to read."""
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
    kept = Reads(r for r in out if plausible(r.reading))
    kept.dropped = len(out) - len(kept)
    if not kept:
        raise no_card()
    return kept
