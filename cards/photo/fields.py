"""From a card's read lines to a card's fields, matched against the game's vocabulary.

A card's parts are told apart by what they say, not by where one face layout puts them
(``find_parts``): the type line names type, subtype and race words of the vocabulary (in
Hungarian or English), a ship's values are four numbers in a row, the cost is a lone number
at an end of the lines above the type line, the name is the tallest text there, and the
rules text runs below the type line down to the values or the footer. Words are matched
after folding accents and case (OCR often drops or swaps an accent), with a close-match
cut-off.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cards import vocabulary as vocab
from cards.photo.ocr import Line, Word
from cards.text import fold

STATS = re.compile(r"([0-9?OoIl|])\s*[-–—.,:]+\s*([0-9?OoIl|])\s*[-–—.,:]+\s*"
                   r"([0-9?OoIl|])\s*[-–—.,:]+\s*([0-9?OoIl|])")
DIGIT_LOOKALIKES = str.maketrans({"O": "0", "o": "0", "I": "1", "l": "1", "|": "1"})
FOOTER = ("nem hivatalos", "gyakorlo lap", "unofficial", "practice card", "rajzolt lap",
          "szkennelt", "drawn face", "no scan yet")
# The fields a reading can fill, in the form's order.
READ_FIELDS = ("name_hu", "name_en", "type", "subtype", "race", "cost", "speed", "firepower",
               "armor", "bombard", "text_hu", "text_en")


@dataclass
class Reading:
    """What was read from one card: form values (strings, as the form takes them)."""

    values: dict[str, str] = field(default_factory=dict)
    raw_text: str = ""
    confidence: float = 0.0  # Tesseract's mean confidence in the name's words, 0-100

    def record(self) -> dict[str, Any]:
        """The values as a record (numbers as numbers), for matching and diffs."""
        out: dict[str, Any] = {}
        for k, v in self.values.items():
            out[k] = int(v) if k in ("cost", "speed", "firepower", "armor", "bombard") \
                and v.isdigit() else v
        return out


def _vocab_words() -> list[tuple[str, str, str, str]]:
    """(folded word, kind, key, language) for every type, subtype and race name, in
    Hungarian and in English (an English face prints the English words)."""
    words = []
    for t, (hu, en, subs) in vocab.TYPES.items():
        words += [(fold(hu), "type", t, "hu"), (fold(en), "type", t, "en")]
        for key, sub_hu, sub_en in subs:
            words += [(fold(sub_hu), "subtype", f"{t}:{key}", "hu"),
                      (fold(sub_en), "subtype", f"{t}:{key}", "en")]
    for key, (hu, en) in vocab.RACES.items():
        words += [(fold(hu), "race", key, "hu"), (fold(en), "race", key, "en")]
    return [w for w in words if len(w[0]) >= 3]


VOCAB_WORDS = _vocab_words()


def match_words(text: str) -> dict[str, str]:
    """Type, subtype and race keys named in a line (each word matched closely)."""
    found: dict[str, str] = {}
    subtypes: list[str] = []
    names = [w[0] for w in VOCAB_WORDS]
    tokens = [t for t in re.split(r"[^\w]+", fold(text)) if len(t) >= 3]
    for token in tokens:
        for hit in difflib.get_close_matches(token, names, n=3, cutoff=0.75):
            for word, kind, key, _lang in VOCAB_WORDS:
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


def language_of(text: str) -> str:
    """"en" when a line's vocabulary words are English ones, else "hu"."""
    names = [w[0] for w in VOCAB_WORDS]
    votes = {"hu": 0, "en": 0}
    for token in (t for t in re.split(r"[^\w]+", fold(text)) if len(t) >= 3):
        hits = difflib.get_close_matches(token, names, n=1, cutoff=0.75)
        if hits:
            langs = {w[3] for w in VOCAB_WORDS if w[0] == hits[0]}
            if len(langs) == 1:
                votes[langs.pop()] += 1
    return "en" if votes["en"] > votes["hu"] else "hu"


def is_footer(text: str) -> bool:
    folded = fold(text)
    return any(f in folded for f in FOOTER)


def cost_word(text: str) -> str | None:
    """The cost a word says: one or two digits, or X (a disc's rim may stick to it)."""
    t = text.strip(" []|()!.,:;'\"").translate(DIGIT_LOOKALIKES)
    if re.fullmatch(r"\d{1,2}", t):
        return str(int(t))
    if t.upper() == "X":
        return "X"
    return None


def _name(head: list[Line], width: int, values: dict[str, str]) -> None:
    """The name's lines (the cost word already set apart)."""
    name_parts: list[str] = []
    for ln in head:
        # Specks at the band's edges read as short "words" with little confidence.
        words = [w for w in ln.words
                 if sum(c.isalnum() for c in w.text) > 2 or w.conf >= 80
                 or 0.04 * width < w.left < 0.7 * width]
        text = " ".join(w.text for w in words).strip(" ,:;-|")
        if text:
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


@dataclass
class Parts:
    """Where a card's parts are, found by what their text says, not by where a layout puts
    them: the type line names the vocabulary, a ship's values are four numbers in a row,
    the cost is a lone number beside or above the name, the name is the tallest text above
    the type line, the rules text runs from the type line down to the values or the footer."""

    name: list[Line]
    type_line: Line | None
    stats: Line | None
    cost: Word | None
    text: list[Line]
    footer_top: int | None
    stats_hint: Line | None = None  # a line that looks like the values, part read


SURE_LINE = 60  # Tesseract's mean confidence in a line's words that a name's line reads with
PARTIAL_STATS = re.compile(r"[0-9?OoIl|]\s*[-–—]+\s*[0-9?OoIl|]\s*[-–—]")


def _median_height(lines: list[Line]) -> float:
    return float(np.median([ln.height for ln in lines])) if lines else 0.0


def _name_block(lines: list[Line]) -> list[Line]:
    """The name: the tallest line read with confidence, and the lines of like height right
    above or below it (a name wraps onto a second line; a picture's specks stand apart).
    A surely read line comes first: a picture's shapes read as a tall "word" now and then,
    with middling confidence (a mountain as "dám", 42)."""
    if not lines:
        return []
    conf = [float(np.mean([w.conf for w in ln.words])) for ln in lines]
    sure = [ln for ln, c in zip(lines, conf, strict=True) if c >= SURE_LINE] or \
        [ln for ln, c in zip(lines, conf, strict=True) if c >= 40] or lines
    tallest = max(sure, key=lambda ln: ln.height)
    block = [tallest]
    for ln in sorted(lines, key=lambda x: abs(x.top - tallest.top)):
        if ln is tallest or ln.height < 0.6 * tallest.height:
            continue
        near = min(abs(ln.top - b.bottom) if ln.top >= b.top else abs(b.top - ln.bottom)
                   for b in block)
        if near < 0.8 * tallest.height:
            block.append(ln)
    return sorted(block, key=lambda ln: ln.top)


def find_parts(lines: list[Line], width: int, height: int) -> Parts:
    # A footer's words (the practice cards' "nem hivatalos", a drawn face's note) print at
    # the bottom; the same words higher up are rules text ("Gyakorló lap (nem hivatalos).").
    footers = [ln for ln in lines if ln.top > 0.8 * height and is_footer(ln.text)]
    body = [ln for ln in lines if not any(ln is f for f in footers)]
    usual = _median_height(body)
    stats = next((ln for ln in body if ship_values(ln.text) is not None
                  and ln.top > 0.3 * height), None)
    # The type line names the most vocabulary words; a name may name one too ("Kiképző
    # kutatóbázis"), in larger letters: of equals the line in ordinary letters, then the
    # highest (the rules text below may name a type too).
    named = [(len(m), ln.height <= 1.25 * usual, -ln.top, ln) for ln in body
             if ln is not stats and (m := match_words(ln.text)).get("type")]
    type_line = max(named, key=lambda n: n[:3])[3] if named else None
    top_end = type_line.top if type_line is not None else int(0.3 * height)
    head = [ln for ln in body if ln.bottom <= top_end + 2 and ln is not stats]
    cost = None
    for ln in head:
        for w in (ln.words[0], ln.words[-1]):
            # A whole disc read as an "o" is not a 0: a cost's digits are letter-sized.
            # and a name's "I." is a numeral of the name, not a cost: a digit is needed.
            if cost_word(w.text) and w.height < 2.5 * usual \
                    and (any(c.isdigit() for c in w.text) or w.text.strip() == "X") \
                    and (cost is None or w.height > cost.height):
                cost = w
    candidates: list[Line] = []
    for ln in head:
        words = [w for w in ln.words if w is not cost]
        if sum(c.isalpha() for w in words for c in w.text) >= 3:
            candidates.append(Line(words))
    name_lines = _name_block(candidates)
    footer_top = min((f.top for f in footers), default=None)
    text_end = min(x for x in (stats.top if stats else None, footer_top, height)
                   if x is not None)
    text_start = type_line.bottom if type_line is not None else \
        max((ln.bottom for ln in name_lines), default=0)
    text = [ln for ln in body if text_start < ln.top and ln.bottom <= text_end + 2
            and ln is not stats and ln.height >= 0.6 * usual]
    hint = None if stats is not None else next(
        (ln for ln in body if ln.top > 0.3 * height and PARTIAL_STATS.search(ln.text)), None)
    return Parts(name_lines, type_line, stats, cost, text, footer_top, hint)


def read_fields(lines: list[Line], width: int, height: int,
                cost_text: str | None = None) -> Reading:
    """Fill a card's fields from its lines (``cost_text``: the cost read on its own)."""
    reading = Reading(raw_text="\n".join(ln.text for ln in lines))
    values = reading.values
    parts = find_parts(lines, width, height)
    english = parts.type_line is not None and language_of(parts.type_line.text) == "en"
    if parts.type_line is not None:
        values.update(match_words(parts.type_line.text))
    if parts.name:
        _name(parts.name, width, values)
        reading.confidence = float(np.mean([w.conf for ln in parts.name for w in ln.words]))
        if english and "name_hu" in values:
            values["name_en"] = values.pop("name_hu")
    cost = cost_text if cost_text and cost_word(cost_text) else \
        (parts.cost.text if parts.cost is not None else None)
    if cost and cost_word(cost):
        values["cost"] = cost_word(cost) or ""
    if parts.stats is not None:
        values.update(ship_values(parts.stats.text) or {})
        values.setdefault("type", "ship")
    if parts.text:
        values["text_en" if english else "text_hu"] = " ".join(ln.text for ln in parts.text)
    return reading
