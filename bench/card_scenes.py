"""A harder set of card photos: phone-like scenes on patterned tables and binder pages.

Where ``card_photo_set`` pastes the face straight into a 1600 px picture, a scene here is
made the way a phone makes one: the face rendered at 300 dpi (750 x 1050 for a 63 x 88 mm
card), placed in a 12-megapixel scene (4032 x 3024) on a table of wood, gingham, dots or
stripes or in a 3 x 3 binder page (dark or light, pockets in plastic sleeves, glare), turned
any of four ways, then the camera's work: barrel distortion of the lens, a sharpening
halo, noise, a downscale to an upload's size and JPEG at quality 60-80.

Some cards wear a **second face layout** drawn only here (``layout_b_svg``: the cost in a
square at the top left, a serif name beside it, a picture, the type line under it, the rules
text, the values at the bottom left in another font, a cream card); the reader's code never
names it. Others wear the project's face in English.

Every photo has one *distortion* it is meant to test (its ``effects[0]``), so the benchmark
can report per distortion. ``variant`` 0 is the tuning set, 1 the held-out set: other
seeds and other patterns (gingham on the diagonal, dots on a hexagonal grid, wood with
knots, stripes at other angles, other colours), never tuned on.
"""

from __future__ import annotations

import html
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from bench.card_photo_set import (
    Photo,
    load_face,
    png_files,
    printed,
)

SCENE = (3024, 4032)  # a 12-MP phone picture, landscape: height, width
TABLES = ("felt", "wood", "gingham", "dots", "stripes")
# The distortions of the per-distortion table, in its order.
DISTORTIONS = ("felt", "wood", "gingham", "dots", "stripes", "page_dark", "page_light",
               "rot90", "rot180", "rot270", "layout_b", "english")


@dataclass(frozen=True)
class Face:
    """A card drawn one way: ``layout`` "a" (the project's face) or "b", ``lang`` hu/en."""

    slug: str
    layout: str
    lang: str


# --- the second face layout -------------------------------------------------------------

B_NAME_WRAP, B_TEXT_WRAP, B_TEXT_LINES = 16, 32, 6


def layout_b_svg(record: dict[str, Any]) -> str:
    """A face laid out unlike the project's: what a printed card of another edition might
    look like. Only the test set draws it."""
    from cards import vocabulary as vocab

    esc = html.escape
    names = vocab.TYPES.get(record["type"])
    type_name = names[0] if names else ""
    sub = vocab.subtype_name(record["type"], record.get("subtype"), "hu") or ""
    race = vocab.RACES[record["race"]][0] if record.get("race") in vocab.RACES else ""
    cost = str(record["cost"]) if record.get("cost") is not None else "X"
    type_line = " – ".join(p for p in (type_name.capitalize(), sub, race) if p)
    name_lines = textwrap.wrap(record["name_hu"], B_NAME_WRAP)[:2]
    name_svg = "".join(f'<tspan x="58" dy="{0 if i == 0 else 19}">{esc(t)}</tspan>'
                       for i, t in enumerate(name_lines))
    text_lines = textwrap.wrap(record.get("text_hu") or "", B_TEXT_WRAP)[:B_TEXT_LINES]
    text_svg = "".join(f'<tspan x="16" dy="16">{esc(t)}</tspan>' for t in text_lines)
    stats = ""
    if record["type"] == "ship":
        vals = [record.get(k) for k in ("speed", "firepower", "armor", "bombard")]
        stats = (f'<rect x="12" y="306" width="92" height="30" rx="4" fill="#24452c"/>'
                 f'<text x="58" y="328" text-anchor="middle" font-family="monospace" '
                 f'font-size="18" font-weight="700" fill="#f2f2e6">'
                 f'{"-".join("?" if v is None else str(v) for v in vals)}</text>')
    return f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 250 350" width="250" height="350">
<rect x="1" y="1" width="248" height="348" rx="11" fill="#f1e7d2" stroke="#3a2a1a" stroke-width="2"/>
<rect x="10" y="10" width="40" height="40" rx="3" fill="#8e1c1c"/>
<text x="30" y="39" text-anchor="middle" font-family="serif" font-size="24" font-weight="700" fill="#fff">{esc(cost)}</text>
<text x="58" y="30" font-family="serif" font-size="17" font-weight="700" fill="#1d2b55">{name_svg}</text>
<defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#9bb7d4"/><stop offset="1" stop-color="#c9a46b"/></linearGradient></defs>
<rect x="10" y="64" width="230" height="104" fill="url(#sky)"/>
<circle cx="180" cy="100" r="22" fill="#e8d9a0" opacity="0.8"/><path d="M30 160 L90 110 L130 150 L170 120 L230 160 Z" fill="#4d5b3a" opacity="0.7"/>
<text x="125" y="186" text-anchor="middle" font-family="serif" font-style="italic" font-size="13" fill="#5a3b1a">{esc(type_line)}</text>
<line x1="20" y1="193" x2="230" y2="193" stroke="#8a6b45" stroke-width="1"/>
<text x="16" y="198" font-family="serif" font-size="12.5" fill="#1a1a1a">{text_svg}</text>
{stats}
<text x="238" y="340" text-anchor="end" font-family="sans-serif" font-size="8" fill="#6b5a45">Káosz Galaktika · tesztkiadás</text>
</svg>"""


def printed_b(record: dict[str, Any]) -> dict[str, Any]:
    """What the second layout shows (its own wrapping)."""
    truth = printed(record)
    truth["name_hu"] = " ".join(textwrap.wrap(record["name_hu"], B_NAME_WRAP)[:2])
    truth["text_hu"] = " ".join(textwrap.wrap(record.get("text_hu") or "",
                                              B_TEXT_WRAP)[:B_TEXT_LINES])
    return truth


def printed_en(record: dict[str, Any]) -> dict[str, Any]:
    """What the project's face shows in English: the English name and text in the name and
    text fields of the truth, with ``lang`` saying so."""
    truth = printed(record)
    name = record.get("name_en") or record["name_hu"]
    truth["name_hu"] = " ".join(textwrap.wrap(name, 18)[:2])
    truth["text_hu"] = " ".join(textwrap.wrap(record.get("text_en") or record.get("text_hu")
                                              or "", 30)[:7])
    truth["lang"] = "en"
    return truth


def _svg(record: dict[str, Any], face: Face) -> str:
    if face.layout == "b":
        return layout_b_svg(record)
    from cards.face import card_face_svg
    from cards.models import Card

    keep = {f.name for f in Card._meta.get_fields() if hasattr(f, "attname")}
    return card_face_svg(Card(**{k: v for k, v in record.items() if k in keep}), face.lang)


def render(records: dict[str, dict[str, Any]], faces: list[Face], cache_dir: Path
           ) -> dict[Face, Path]:
    """Each face as a PNG at 300 dpi (cached by the SVG's hash)."""
    paths = png_files([_svg(records[face.slug], face) for face in faces], cache_dir)
    return dict(zip(faces, paths, strict=True))


# --- tables -----------------------------------------------------------------------------

def _colour(rng: np.random.Generator, lo: float = 40, hi: float = 220) -> np.ndarray:
    return rng.uniform(lo, hi, size=3).astype(np.float32)


def table(rng: np.random.Generator, kind: str, h: int, w: int, variant: int) -> np.ndarray:
    """A table top, float32 BGR."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "felt":
        base = _colour(rng, 50, 170)
        img = np.broadcast_to(base, (h, w, 3)).copy()
        img += rng.normal(0, 4, size=(h // 16 + 1, w // 16 + 1, 1)).astype(np.float32).repeat(
            16, 0).repeat(16, 1)[:h, :w]
        return img
    if kind == "wood":
        light = np.array(rng.uniform([60, 110, 160], [110, 160, 215]), np.float32)
        dark = light * np.float32(rng.uniform(0.45, 0.7))
        angle = rng.uniform(-0.3, 0.3) + (np.pi / 2 if rng.random() < 0.5 else 0)
        u = xx * np.cos(angle) + yy * np.sin(angle)
        v = -xx * np.sin(angle) + yy * np.cos(angle)
        warp = 40 * np.sin(u / rng.uniform(300, 900)) + 15 * np.sin(u / 97.0)
        period = rng.uniform(25, 70)
        rings = 0.5 + 0.5 * np.sin((v + warp) / period * 2 * np.pi)
        fine = cv2.resize(rng.random((h // 4, 8)).astype(np.float32), (w, h))
        t = np.clip(rings ** 3 * 0.8 + 0.2 * fine, 0, 1)
        if variant == 1:  # knots: dark rings round a few points
            for _ in range(3):
                cx, cy = rng.uniform(0, w), rng.uniform(0, h)
                r = np.hypot(xx - cx, (yy - cy) * 2)
                t = np.maximum(t, np.clip(0.5 + 0.5 * np.sin(r / 9), 0, 1) * (r < 160))
        # Planks: a dark seam every so often across the grain.
        plank = rng.uniform(350, 700)
        seam = (np.abs(((v + 1e4) % plank) - plank / 2) > plank / 2 - 5).astype(np.float32)
        t = np.clip(t + seam, 0, 1)
        return light[None, None, :] * (1 - t[:, :, None]) + dark[None, None, :] * t[:, :, None]
    if kind == "gingham":
        c1 = _colour(rng, 120, 240)
        c2 = c1.copy()
        c2[int(rng.integers(3))] *= 0.3
        c2 *= np.float32(0.75)
        size = rng.uniform(40, 90) if variant == 0 else rng.uniform(90, 160)
        angle = rng.uniform(-0.1, 0.1) if variant == 0 else rng.uniform(0.5, 1.0)
        u = xx * np.cos(angle) + yy * np.sin(angle)
        v = -xx * np.sin(angle) + yy * np.cos(angle)
        a = ((u // size) % 2).astype(np.float32)
        b = ((v // size) % 2).astype(np.float32)
        t = (a + b) / 2  # 0, half or full: the woven checks
        return c1[None, None, :] * (1 - t[:, :, None]) + c2[None, None, :] * t[:, :, None]
    if kind == "dots":
        bg, dot = _colour(rng, 30, 230), _colour(rng, 30, 230)
        pitch = rng.uniform(50, 120)
        if variant == 1:  # a hexagonal grid
            row = np.floor(yy / pitch)
            gx = (xx + (row % 2) * pitch / 2) % pitch - pitch / 2
        else:
            gx = xx % pitch - pitch / 2
        gy = yy % pitch - pitch / 2
        t = (np.hypot(gx, gy) < pitch * rng.uniform(0.18, 0.35)).astype(np.float32)
        t = cv2.GaussianBlur(t, (0, 0), 1.5)
        return bg[None, None, :] * (1 - t[:, :, None]) + dot[None, None, :] * t[:, :, None]
    if kind == "stripes":
        c1, c2 = _colour(rng, 30, 230), _colour(rng, 30, 230)
        angle = rng.choice([0.0, np.pi / 2]) + rng.uniform(-0.05, 0.05) if variant == 0 \
            else rng.uniform(0.3, 1.2)
        u = xx * np.cos(angle) + yy * np.sin(angle)
        width = rng.uniform(30, 90)
        t = ((u // width) % 2).astype(np.float32)
        t = cv2.GaussianBlur(t, (0, 0), 1.2)
        return c1[None, None, :] * (1 - t[:, :, None]) + c2[None, None, :] * t[:, :, None]
    raise ValueError(kind)


# --- placing cards ----------------------------------------------------------------------

def _turned(face: np.ndarray, quarter_turns: int) -> np.ndarray:
    return np.ascontiguousarray(np.rot90(face, -quarter_turns))  # clockwise


def _quad(cx: float, cy: float, w: float, h: float, tilt_deg: float,
          rng: np.random.Generator, skew: float) -> np.ndarray:
    pts = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]],
                   np.float32)
    a = np.deg2rad(tilt_deg)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]], np.float32)
    pts = pts @ rot.T
    pts[:2, 0] *= 1 - skew
    pts += rng.normal(0, max(w, h) * 0.006, size=pts.shape).astype(np.float32)
    return pts + np.array([cx, cy], np.float32)


def _paste(canvas: np.ndarray, face: np.ndarray, quad: np.ndarray,
           corner_radius: float = 0.05) -> None:
    """The face warped onto ``quad`` with rounded corners (a card's are)."""
    h, w = face.shape[:2]
    src = np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float32)
    m = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
    x0, y0 = np.floor(quad.min(axis=0)).astype(int)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 1
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(canvas.shape[1], x1), min(canvas.shape[0], y1)
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
    m = shift @ m
    size = (x1 - x0, y1 - y0)
    alpha = np.zeros((h, w), np.float32)
    r = int(corner_radius * min(h, w))
    cv2.rectangle(alpha, (r, 0), (w - 1 - r, h - 1), 1.0, -1)
    cv2.rectangle(alpha, (0, r), (w - 1, h - 1 - r), 1.0, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(alpha, (cx, cy), r, 1.0, -1)
    warped = cv2.warpPerspective(face.astype(np.float32), m, size, flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(alpha, m, size, flags=cv2.INTER_LINEAR)[:, :, None]
    region = canvas[y0:y1, x0:x1]
    region[:] = region * (1 - mask) + warped * mask


def _shadow_under(canvas: np.ndarray, quad: np.ndarray, rng: np.random.Generator) -> None:
    """A card lying on a table casts a soft shadow a little to one side."""
    mask: Any = np.zeros(canvas.shape[:2], np.float32)
    off = rng.normal(0, 12, size=2).astype(np.float32)
    cv2.fillConvexPoly(mask, (quad + off).astype(np.int32), 1.0)
    mask = cv2.GaussianBlur(mask, (0, 0), 14)
    canvas *= (1 - 0.35 * mask)[:, :, None]


def _glare(img: np.ndarray, rng: np.random.Generator, cx: float, cy: float, r: float,
           strength: float) -> None:
    h, w = img.shape[:2]
    x0, x1 = int(max(0, cx - 3 * r)), int(min(w, cx + 3 * r))
    y0, y1 = int(max(0, cy - 3 * r)), int(min(h, cy + 3 * r))
    if x1 <= x0 or y1 <= y0:
        return
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    ang = rng.uniform(0, np.pi)
    u = (xx - cx) * np.cos(ang) + (yy - cy) * np.sin(ang)
    v = -(xx - cx) * np.sin(ang) + (yy - cy) * np.cos(ang)
    d2 = (u / (1.8 * r)) ** 2 + (v / r) ** 2
    img[y0:y1, x0:x1] += strength * np.exp(-d2)[:, :, None]


# --- the camera ---------------------------------------------------------------------------

def _camera(rng: np.random.Generator, img: Any, effects: list[str]) -> np.ndarray:
    """Light, lens, sharpening, noise, downscale and JPEG, as a phone does them."""
    h, w = img.shape[:2]
    gx, gy = np.meshgrid(np.linspace(-1, 1, w, dtype=np.float32),
                         np.linspace(-1, 1, h, dtype=np.float32))
    ax, ay = rng.uniform(-0.2, 0.2, size=2).astype(np.float32)
    img *= (1 + ax * gx + ay * gy)[:, :, None]
    # Barrel distortion: each output pixel looks a little further from the centre.
    k1 = np.float32(rng.uniform(0.02, 0.07))
    r2 = gx * gx * (w / max(h, w)) ** 2 + gy * gy * (h / max(h, w)) ** 2
    f = 1 / (1 + k1 * r2)
    map_x = ((gx * f + 1) * (w - 1) / 2).astype(np.float32)
    map_y = ((gy * f + 1) * (h - 1) / 2).astype(np.float32)
    img = cv2.remap(img, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    effects.append(f"lens{k1:.2f}")
    img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.8, 1.8))
    img += rng.normal(0, rng.uniform(2, 6), size=(h // 2, w // 2, 3)).astype(np.float32) \
        .repeat(2, 0).repeat(2, 1)[:h, :w]
    # The phone's sharpening: an unsharp mask with its halo.
    amount = np.float32(rng.uniform(0.5, 1.5))
    img = img + amount * (img - cv2.GaussianBlur(img, (0, 0), 2.5))
    effects.append(f"sharpen{amount:.1f}")
    img8 = np.clip(img, 0, 255).astype(np.uint8)
    side = int(rng.choice([1600, 2048, 2400]))
    scale = side / max(h, w)
    img8 = cv2.resize(img8, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
    quality = int(rng.integers(60, 81))
    ok, data = cv2.imencode(".jpg", img8, [cv2.IMWRITE_JPEG_QUALITY, quality])
    effects.append(f"jpeg{quality}")
    decoded: Any = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return np.asarray(decoded)


def single(rng: np.random.Generator, face: np.ndarray, truth: dict[str, Any],
           distortion: str, table_kind: str, quarter_turns: int, variant: int) -> Photo:
    """One card on a table in a 12-MP scene, upright or turned a quarter at a time."""
    h, w = SCENE if rng.random() < 0.4 else SCENE[::-1]
    img = table(rng, table_kind, h, w, variant)
    turned = _turned(face, quarter_turns)
    fh, fw = turned.shape[:2]
    long_side = rng.uniform(0.55, 0.8) * min(h * max(fh, fw) / fh, w * max(fh, fw) / fw)
    card_h = long_side * fh / max(fh, fw)
    card_w = long_side * fw / max(fh, fw)
    cx = w / 2 + rng.uniform(-0.08, 0.08) * w
    cy = h / 2 + rng.uniform(-0.08, 0.08) * h
    quad = _quad(cx, cy, card_w, card_h, rng.uniform(-15, 15), rng, rng.uniform(0, 0.08))
    _shadow_under(img, quad, rng)
    _paste(img, turned, quad)
    effects = [distortion, table_kind, f"turn{90 * quarter_turns}"]
    if rng.random() < 0.3:
        c = quad.mean(axis=0) + rng.normal(0, 0.2 * card_w, size=2)
        _glare(img, rng, float(c[0]), float(c[1]), 0.12 * card_w, rng.uniform(60, 120))
        effects.append("glare")
    return Photo(_camera(rng, img, effects), [truth], effects)


def page(rng: np.random.Generator, faces: list[np.ndarray], truths: list[dict[str, Any]],
         dark: bool, variant: int) -> Photo:
    """Nine cards in a binder page's pockets, each in a sleeve, on a table; glare from a
    lamp on the plastic."""
    h, w = SCENE[::-1]  # portrait
    img = table(rng, str(rng.choice(["felt", "wood"])), h, w, variant)
    margin = rng.uniform(0.02, 0.06) * w
    sheet_colour = rng.uniform(12, 40, size=3) if dark else rng.uniform(215, 245, size=3)
    tilt = rng.uniform(-5, 5)
    sheet = _quad(w / 2, h / 2, w - 2 * margin, (w - 2 * margin) * 1.33, tilt, rng, 0.0)
    _paste(img, np.full((20, 20, 3), sheet_colour, np.float32), sheet, 0.01)
    pocket_w = (w - 2 * margin) / 3
    card_w = pocket_w * rng.uniform(0.86, 0.92)
    card_h = card_w * 350 / 250
    pitch_y = card_h * 1.06
    quads = []
    milk = np.zeros((h, w), np.float32)
    for i, face in enumerate(faces[:9]):
        row, col = divmod(i, 3)
        dx, dy = (col - 1) * pocket_w, (row - 1) * pitch_y
        a = np.deg2rad(tilt)
        cx = w / 2 + dx * np.cos(a) - dy * np.sin(a)
        cy = h / 2 + dx * np.sin(a) + dy * np.cos(a)
        quad = _quad(cx, cy, card_w, card_h, tilt + rng.uniform(-1.5, 1.5), rng, 0.0)
        _paste(img, face, quad)
        # The sleeve: a faint milky layer over the card and a seam round the pocket.
        pocket = _quad(cx, cy, pocket_w * 0.98, pitch_y * 0.98, tilt, rng, 0.0)
        cv2.fillConvexPoly(milk, pocket.astype(np.int32), float(rng.uniform(6, 18)))
        cv2.polylines(img, [pocket.astype(np.int32)], True,
                      tuple(float(c) for c in (sheet_colour * 0.8 + 30)), 6)
        quads.append(quad)
    img += milk[:, :, None]
    effects = ["page_dark" if dark else "page_light", "nine_pocket_page", "sleeves"]
    for _ in range(int(rng.integers(1, 3))):  # a lamp's glare on the plastic
        q = quads[int(rng.integers(len(quads)))]
        c = q.mean(axis=0) + rng.normal(0, 0.25 * card_w, size=2)
        _glare(img, rng, float(c[0]), float(c[1]), rng.uniform(0.08, 0.15) * card_w,
               rng.uniform(90, 160))
        effects.append("glare")
    return Photo(_camera(rng, img, effects), truths[:9], effects)


def build(records: list[dict[str, Any]], cache_dir: Path, *, per_distortion: int,
          pages: int, variant: int = 0, seed: int | None = None) -> list[Photo]:
    """``per_distortion`` single-card photos for each single distortion and ``pages``
    binder pages each dark and light. ``variant`` 1 is the held-out set."""
    rng = np.random.default_rng(seed if seed is not None else (131 if variant == 0 else 977))
    by_slug = {r["slug"]: r for r in records}
    order = [r["slug"] for r in records]
    english = [r["slug"] for r in records if r.get("name_en")]
    start = int(rng.integers(len(order)))
    plan: list[tuple[str, Face]] = []
    k = start
    for distortion in DISTORTIONS:
        if distortion.startswith("page"):
            continue
        for _ in range(per_distortion):
            if distortion == "english":
                slug = english[k % len(english)]
                plan.append((distortion, Face(slug, "a", "en")))
            else:
                slug = order[k % len(order)]
                plan.append((distortion, Face(slug, "b" if distortion == "layout_b" else "a",
                                                 "hu")))
            k += 7
    page_faces: list[list[Face]] = []
    for _ in range(2 * pages):
        page_faces.append([Face(order[(k + j) % len(order)], "a", "hu") for j in range(9)])
        k += 11
    faces = [f for _, f in plan] + [f for p in page_faces for f in p]
    paths = render(by_slug, faces, cache_dir)
    loaded: dict[Face, np.ndarray] = {}

    def pixels(face: Face) -> np.ndarray:
        if face not in loaded:
            loaded[face] = load_face(paths[face])
        return loaded[face]

    def truth(face: Face) -> dict[str, Any]:
        record = by_slug[face.slug]
        if face.layout == "b":
            return printed_b(record)
        return printed_en(record) if face.lang == "en" else printed(record)

    photos: list[Photo] = []
    for distortion, face in plan:
        turns = {"rot90": 1, "rot180": 2, "rot270": 3}.get(distortion, 0)
        kind = distortion if distortion in TABLES else "felt"
        photos.append(single(rng, pixels(face), truth(face), distortion, kind, turns, variant))
    for i, faces_of_page in enumerate(page_faces):
        photos.append(page(rng, [pixels(f) for f in faces_of_page],
                           [truth(f) for f in faces_of_page], dark=i % 2 == 0,
                           variant=variant))
    return photos
