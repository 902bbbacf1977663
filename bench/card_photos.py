"""Benchmark: photo reading on a synthetic set of card photos.

Every shipped card (fixtures/cards/) is drawn by Chromium from its generated face, then
"photographed" (bench/card_photo_set.py): alone on a table, or nine to a binder page.
Reported: cards found, the character error rate (CER) of the name and of the rules text as
read (before any matching against the catalogue), the fields right after matching (the name
snapped to a catalogue card, type, subtype, race, cost and a ship's four values), and the
seconds per card on one core (Tesseract limited to one thread).

    nice -n 10 .venv/bin/python bench/card_photos.py [--singles 69] [--pages 4] [--seed 31]

Targets: found >= 98 %, name CER <= 2 %, text CER <= 5 %, fields >= 95 %, <= 3 s per card.
"""

from __future__ import annotations

import argparse
import io
import os
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kaosz.settings")
os.environ.setdefault("DEBUG", "1")
os.environ.setdefault("OMP_THREAD_LIMIT", "1")

import django  # noqa: E402

django.setup()

import cv2  # noqa: E402

from bench import card_photo_set  # noqa: E402
from bench.text_distance import edit_distance  # noqa: E402
from cards.photo.match import closest_name  # noqa: E402
from cards.photo.pipeline import read_photo  # noqa: E402
from cards.text import fold  # noqa: E402

cv2.setNumThreads(1)

VERBOSE = "--verbose" in sys.argv
MATCHED = ("type", "subtype", "race", "cost", "speed", "firepower", "armor", "bombard")


def _pair(truths: list[dict[str, Any]], reads: list[Any]) -> list[tuple[dict, Any]]:
    """Each card in the photo with the reading of it: the closest pairs by name first (the
    relative edit distance), so that one misread name on a page does not shift the others;
    a card left without a reading is a missed one."""
    def gap(truth: dict[str, Any], read: Any) -> float:
        a, b = fold(read.reading.values.get("name_hu", "")), fold(truth["name_hu"])
        return edit_distance(a, b) / max(1, len(a), len(b))

    pairs = sorted((gap(t, r), ti, ri) for ti, t in enumerate(truths) for ri, r in enumerate(reads))
    chosen: dict[int, Any] = {}
    used: set[int] = set()
    for _, ti, ri in pairs:
        if ti not in chosen and ri not in used:
            chosen[ti] = reads[ri]
            used.add(ri)
    return [(t, chosen.get(ti)) for ti, t in enumerate(truths)]


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (Tesseract)."""
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime


def score(photos: list[card_photo_set.Photo], names: list[str]) -> dict[str, float]:
    found = total = 0
    name_err = name_len = text_err = text_len = 0
    fields_right = fields_total = 0
    seconds = 0.0
    for photo in photos:
        ok, jpeg = cv2.imencode(".jpg", photo.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
        start = _cpu()
        try:
            reads = read_photo(io.BytesIO(jpeg.tobytes()))
        except Exception as exc:  # a refusal counts as nothing found
            print("  refused:", getattr(exc, "code", exc), [t["slug"] for t in photo.truths])
            reads = []
        seconds += _cpu() - start
        total += len(photo.truths)
        found += min(len(reads), len(photo.truths))
        if VERBOSE and len(reads) < len(photo.truths):
            print(f"  missed {len(photo.truths) - len(reads)} of {len(photo.truths)} "
                  f"({', '.join(photo.effects)})")
        for truth, read in _pair(photo.truths, reads):
            values = read.reading.values if read is not None else {}
            name = values.get("name_hu", "")
            name_err += edit_distance(name, truth["name_hu"])
            if VERBOSE and name != truth["name_hu"]:
                print(f"  name {truth['name_hu']!r} read {name!r} ({', '.join(photo.effects)})")
            name_len += len(truth["name_hu"])
            text_err += edit_distance(values.get("text_hu", ""), truth["text_hu"])
            text_len += len(truth["text_hu"])
            expected = {"type": truth["type"], "subtype": truth["subtype"],
                        "race": truth["race"], "cost": truth["cost"]}
            if truth["stats"]:
                expected |= dict(zip(("speed", "firepower", "armor", "bombard"),
                                     truth["stats"], strict=True))
            snapped = closest_name(name, names) if name else None
            fields_total += 1
            fields_right += snapped == truth["full_name"]
            for key, want in expected.items():
                got = values.get(key)
                fields_total += 1
                fields_right += (str(want) if want is not None else None) == got
    return {"cards": total, "found": found / total, "name_cer": name_err / max(1, name_len),
            "text_cer": text_err / max(1, text_len), "fields": fields_right / fields_total,
            "cpu_s_per_card": seconds / total}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--singles", type=int, default=69)
    parser.add_argument("--pages", type=int, default=4)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--verbose", action="store_true", help="print every misread name")
    parser.add_argument("--cache", default=str(Path(tempfile.gettempdir()) / "kaosz-faces"))
    args = parser.parse_args()
    records = card_photo_set.shipped_cards()
    names = [r["name_hu"] for r in records]
    started = time.time()
    photos = card_photo_set.build(records, Path(args.cache), singles=args.singles,
                                  pages=args.pages, seed=args.seed)
    for photo in photos:
        for truth in photo.truths:
            truth["full_name"] = next(r["name_hu"] for r in records if r["slug"] == truth["slug"])
    print(f"set: {len(photos)} photos built in {time.time() - started:.0f} s "
          f"({args.singles} single cards, {args.pages} nine-card pages)")
    started = time.time()
    result = score(photos, names)
    wall = time.time() - started
    print(f"cards found        {result['found']:7.1%}   (target >= 98 %, of {result['cards']})")
    print(f"name CER           {result['name_cer']:7.2%}   (target <= 2 %)")
    print(f"rules text CER     {result['text_cer']:7.2%}   (target <= 5 %)")
    print(f"fields right       {result['fields']:7.1%}   (target >= 95 %)")
    print(f"CPU s per card     {result['cpu_s_per_card']:7.2f}   (target <= 3 s; this process "
          "and Tesseract's, one thread)")
    print(f"wall s per card    {wall / result['cards']:7.2f}")


if __name__ == "__main__":
    main()
