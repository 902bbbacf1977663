"""Read a straightened card with Tesseract (the ``tesseract`` binary and its Hungarian data).

The binary is optional: ``available()`` says whether this server can read photos, checked at
run time (a fresh ``make run`` may not have it). Tesseract is called as a subprocess with a
time limit, on a picture prepared so that every text is dark on white whatever the card's
colours (light letters on a dark band, dark digits on a yellow disc): the difference from
the local background, inverted.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
from dataclasses import dataclass

import cv2
import numpy as np
from django.conf import settings

TIMEOUT = 20  # seconds for one card
LANG = "hun"


def binary() -> str:
    """The Tesseract program to run: settings.TESSERACT_BINARY (a name on the PATH or a path)."""
    return str(getattr(settings, "TESSERACT_BINARY", "tesseract") or "tesseract")


def available() -> bool:
    """True when the ``tesseract`` binary is installed with Hungarian data."""
    return _available(binary())


@functools.lru_cache(maxsize=4)
def _available(name: str) -> bool:
    found = shutil.which(name)
    if found is None:
        return False
    binary = found
    try:
        out = subprocess.run([binary, "--list-langs"], capture_output=True, text=True,
                             timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    return LANG in out.stdout.split()


@dataclass
class Word:
    text: str
    left: int
    top: int
    width: int
    height: int
    conf: float
    line: tuple[int, int, int]  # (block, paragraph, line) as Tesseract numbers them


@dataclass
class Line:
    words: list[Word]

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)

    @property
    def top(self) -> int:
        return min(w.top for w in self.words)

    @property
    def bottom(self) -> int:
        return max(w.top + w.height for w in self.words)

    @property
    def left(self) -> int:
        return min(w.left for w in self.words)

    @property
    def right(self) -> int:
        return max(w.left + w.width for w in self.words)

    @property
    def height(self) -> int:
        return int(np.median([w.height for w in self.words]))


class OcrUnavailable(Exception):
    """Tesseract is not installed here (or failed to run)."""


def prepare(card: np.ndarray) -> np.ndarray:
    """Dark text on white from any colours: the distance from the local background."""
    gray = cv2.cvtColor(card, cv2.COLOR_BGR2GRAY) if card.ndim == 3 else card
    # The background: a median over about 90 px (wider than a bold letter's stroke, so
    # letters do not turn hollow), taken on a quarter-size copy for speed.
    h, w = gray.shape[:2]
    small = cv2.resize(gray, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA)
    background = cv2.resize(cv2.medianBlur(small, 23), (w, h), interpolation=cv2.INTER_LINEAR)
    diff = cv2.absdiff(gray, background)
    diff = cv2.GaussianBlur(diff, (3, 3), 0)
    norm = cv2.normalize(diff, None, 0, 255, cv2.NORM_MINMAX)  # type: ignore[call-overload]
    return 255 - norm


MIN_CONF = 10  # Tesseract's confidence (0-100) below which a "word" is mostly an edge or noise


def read_words(card: np.ndarray, psm: int = 11, whitelist: str = "", raw: bool = False
               ) -> list[Word]:
    """Tesseract's words with their boxes (TSV output); ``whitelist``: the only characters
    allowed (a number field); ``raw``: the picture is already black on white."""
    if not available():
        raise OcrUnavailable
    ok, png = cv2.imencode(".png", card if raw else prepare(card))
    if not ok:
        return []
    config = ["-c", f"tessedit_char_whitelist={whitelist}"] if whitelist else []
    try:
        out = subprocess.run([binary(), "stdin", "stdout", "-l", LANG, "--psm", str(psm),
                              *config, "tsv"],
                             input=png.tobytes(), capture_output=True, timeout=TIMEOUT,
                             check=False, env={"OMP_THREAD_LIMIT": "1", "PATH": "/usr/bin:/bin"})
    except (OSError, subprocess.SubprocessError) as exc:
        raise OcrUnavailable from exc
    words: list[Word] = []
    for row in out.stdout.decode("utf-8", "replace").splitlines()[1:]:
        cols = row.split("\t")
        if len(cols) < 12 or cols[0] != "5" or not cols[11].strip():
            continue
        if float(cols[10]) < MIN_CONF or not any(c.isalnum() or c in "?+" for c in cols[11]):
            continue
        words.append(Word(cols[11].strip(), int(cols[6]), int(cols[7]), int(cols[8]),
                          int(cols[9]), float(cols[10]),
                          (int(cols[2]), int(cols[3]), int(cols[4]))))
    return words


def _run(png: bytes, *args: str) -> str:
    try:
        out = subprocess.run([binary(), "stdin", "stdout", *args], input=png,
                             capture_output=True, timeout=TIMEOUT, check=False,
                             env={"OMP_THREAD_LIMIT": "1", "PATH": "/usr/bin:/bin"})
    except (OSError, subprocess.SubprocessError) as exc:
        raise OcrUnavailable from exc
    return out.stdout.decode("utf-8", "replace")


def turn_to_read(card: np.ndarray) -> tuple[int, float] | None:
    """How far the card must turn clockwise for its text to read upright (0, 90, 180 or
    270 degrees) and Tesseract's confidence in that, from the shapes of its letters
    (orientation and script detection); None when there is too little text to tell."""
    if not available():
        raise OcrUnavailable
    ok, png = cv2.imencode(".png", prepare(card))
    if not ok:
        return None
    found = dict(line.split(":", 1) for line in _run(png.tobytes(), "--psm", "0").splitlines()
                 if ":" in line)
    try:
        return int(found["Rotate"].strip()) % 360, float(found["Orientation confidence"])
    except (KeyError, ValueError):
        return None


def lines_of(words: list[Word]) -> list[Line]:
    """Words grouped into lines by position (Tesseract's own line numbers split a printed
    line at a gap), top to bottom, each left to right."""
    lines: list[Line] = []
    if words:
        # A card's rim or a box's edge read as a tall short "word" ("j" three lines high)
        # would join the lines it spans into one.
        usual = float(np.median([w.height for w in words]))
        words = [w for w in words
                 if w.height <= 2.5 * usual or sum(c.isalnum() for c in w.text) > 2]
    for word in sorted(words, key=lambda w: (w.top + w.height / 2, w.left)):
        mid = word.top + word.height / 2
        for line in lines:
            ref = line.words[-1]
            if abs((ref.top + ref.height / 2) - mid) < 0.5 * max(ref.height, word.height):
                line.words.append(word)
                break
        else:
            lines.append(Line([word]))
    for line in lines:
        line.words.sort(key=lambda w: w.left)
    lines.sort(key=lambda ln: ln.top)
    return lines
