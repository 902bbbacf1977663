"""From a card's read lines to a card's fields, matched against the game's vocabulary.

The printed layout, top to bottom: the name (large letters) with the cost in a disc at the
top right; a line of type, subtype and race words; the rules text; a ship's
speed-firepower-armour-bombard line. Positions are relative to the straightened crop, so
the reading does not depend on the photo's resolution. Words are matched after folding
accents and case (OCR often drops or swaps an accent), with a close-match cut-off.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any

from cards import vocabulary as vocab
from cards.photo.ocr import Line
from cards.text import fold

STATS = re.compile(r"([0-9?OoIl|])\s*[-–—.,:]+\s*([0-9?OoIl|])\s*[-–—.,:]+\s*"
                   r"([0-9?OoIl|])\s*[-–—.,:]+\s*([0-9?OoIl|])")
DIGIT_LOOKALIKES = str.maketrans({"O": "0", "o": "0", "I": "1", "l": "1", "|": "1"})
FOOTER = ("nem hivatalos", "gyakorlo lap")
# The fields a reading can fill, in the form's order.
READ_FIELDS = ("name_hu", "type", "subtype", "race", "cost", "speed", "firepower", "armor",
               "bombard", "text_hu")


@dataclass
class Reading:
    """What was read from one card: form values (strings, as the form takes them)."""

    values: dict[str, str] = field(default_factory=dict)
    raw_text: str = ""

    def record(self) -> dict[str, Any]:
        """The values as a record (numbers as numbers), for matching and diffs."""
        out: dict[str, Any] = {}
        for k, v in self.values.items():
            out[k] = int(v) if k in ("cost", "speed", "firepower", "armor", "bombard") \
                and v.isdigit() else v
        return out


def _vocab_words() -> list[tuple[str, str, str]]:
    """(folded word, kind, key) for every type, subtype and race name in Hungarian."""
    words = []
    for t, (hu, _en, subs) in vocab.TYPES.items():
        words.append((fold(hu), "type", t))
        for key, sub_hu, _sub_en in subs:
            words.append((fold(sub_hu), "subtype", f"{t}:{key}"))
    for key, (hu, _en) in vocab.RACES.items():
        words.append((fold(hu), "race", key))
    return words


VOCAB_WORDS = _vocab_words()


def match_words(text: str) -> dict[str, str]:
    """Type, subtype and race keys named in a line (each word matched closely)."""
    found: dict[str, str] = {}
    subtypes: list[str] = []
    names = [w[0] for w in VOCAB_WORDS]
    tokens = [t for t in re.split(r"[^\w]+", fold(text)) if len(t) >= 3]
    for token in tokens:
        for hit in difflib.get_close_matches(token, names, n=3, cutoff=0.75):
            for word, kind, key in VOCAB_WORDS:
                if word != hit:
                    continue
                if kind == "subtype":
                    subtypes.append(key)
                else:
                    found.setdefault(kind, key)
            break
    # A subtype belongs to a type: take the one that fits the type read (or the first).
    for pair in subtypes:
        t, key = pair.split(":")
        if found.get("type", t) == t:
            found.setdefault("type", t)
            found.setdefault("subtype", key)
            break
    return found


def _is_footer(text: str) -> bool:
    folded = fold(text)
    return any(f in folded for f in FOOTER)


def _cost_word(text: str) -> str | None:
    t = text.strip().translate(DIGIT_LOOKALIKES)
    if re.fullmatch(r"\d{1,2}", t):
        return str(int(t))
    if t.upper() == "X":
        return "X"
    return None


def _name(head: list[Line], width: int, values: dict[str, str]) -> None:
    """The name's lines (and the cost, when Tesseract put the disc on the name's line)."""
    name_parts: list[str] = []
    for ln in head:
        words = list(ln.words)
        # The cost disc sits at the top right, beside the name.
        if words and words[-1].left > 0.75 * width and _cost_word(words[-1].text):
            values.setdefault("cost", _cost_word(words[-1].text) or "")
            words = words[:-1]
        # Specks at the band's edges read as short "words" with little confidence.
        words = [w for w in words
                 if sum(c.isalnum() for c in w.text) > 2 or w.conf >= 80
                 or 0.04 * width < w.left < 0.7 * width]
        text = " ".join(w.text for w in words).strip(" ,:;-|")
        if text and (not name_parts or ln.height > 0.6 * head[0].height):
            name_parts.append(text)
    if name_parts:
        values["name_hu"] = " ".join(name_parts)


def ship_values(text: str) -> dict[str, str] | None:
    """A ship's four values in a line of text ("3 - 2 - 4 - 1"), those read as digits; None
    when the line is not such a line."""
    stats = STATS.search(text.translate(DIGIT_LOOKALIKES))
    if stats is None:
        return None
    return {name: v for name, v in zip(("speed", "firepower", "armor", "bombard"),
                                       stats.groups(), strict=True) if v.isdigit()}


def _body(body: list[Line], height: int, values: dict[str, str]) -> None:
    """A ship's four values and the rules text above them."""
    text_lines: list[str] = []
    for ln in body:
        stats = ship_values(ln.text)
        if stats is not None and ln.top > 0.5 * height:
            values.update(stats)
            values.setdefault("type", "ship")
            continue
        if ln.top < 0.72 * height:
            text_lines.append(ln.text)
    if text_lines:
        values["text_hu"] = " ".join(text_lines)


def read_fields(lines: list[Line], width: int, height: int,
                cost_text: str | None = None) -> Reading:
    """Fill a card's fields from its lines (``cost_text``: the cost disc read on its own)."""
    reading = Reading(raw_text="\n".join(ln.text for ln in lines))
    values = reading.values
    # The footer is at the bottom: the same words higher up are rules text (the practice
    # cards' text begins "Gyakorló lap (nem hivatalos).").
    lines = [ln for ln in lines if not (ln.top > 0.85 * height and _is_footer(ln.text))]
    type_at: int | None = None
    for i, ln in enumerate(lines):
        if ln.top > 0.45 * height:
            break
        words = match_words(ln.text)
        if "type" in words:
            type_at = i
            values.update(words)
            break
    head = lines[:type_at] if type_at is not None else \
        [ln for ln in lines if ln.bottom < 0.2 * height]
    _name(head, width, values)
    if cost_text and _cost_word(cost_text):
        values["cost"] = _cost_word(cost_text) or ""
    _body(lines[type_at + 1:] if type_at is not None else lines[len(head):], height, values)
    return reading
