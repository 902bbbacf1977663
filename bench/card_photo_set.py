"""A synthetic set of card photos: shipped cards drawn by Chromium from their card faces,
then "photographed" (perspective, rotation, blur, noise, uneven light, a textured table,
glare, a sleeve's sheen, a shadow), alone or nine to a binder page.

Used by the benchmark (bench/card_photos.py) and, with small counts, by the tests. Needs
Django set up (the faces come from ``cards.face``), Playwright and Chromium.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
FACE_SCALE = 3  # the SVG face is 250 x 350: rendered at 750 x 1050
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


def shipped_cards() -> list[dict[str, Any]]:
    """Every card in fixtures/cards/, as records."""
    out: list[dict[str, Any]] = []
    for name in ("rulebook.json", "practice.json"):
        data = json.loads((ROOT / "fixtures" / "cards" / name).read_text(encoding="utf-8"))
        out += data["cards"]
    return out


def printed(record: dict[str, Any]) -> dict[str, Any]:
    """What the face shows, as the truth a reading is scored against (cards/face.py draws
    at most two name lines of 18 characters and seven text lines of 30)."""
    name = " ".join(textwrap.wrap(record["name_hu"], 18)[:2])
    text = " ".join(textwrap.wrap(record.get("text_hu") or "", 30)[:7])
    stats = None
    if record["type"] == "ship":
        stats = [record.get(k) for k in ("speed", "firepower", "armor", "bombard")]
    return {"slug": record["slug"], "name_hu": name, "text_hu": text, "type": record["type"],
            "subtype": record.get("subtype"), "race": record.get("race"),
            "cost": record.get("cost"), "stats": stats}


def _face_svg(record: dict[str, Any]) -> str:
    from cards.face import card_face_svg
    from cards.models import Card

    keep = {f.name for f in Card._meta.get_fields() if hasattr(f, "attname")}
    return card_face_svg(Card(**{k: v for k, v in record.items() if k in keep}))


def render_faces(records: list[dict[str, Any]], cache_dir: Path) -> dict[str, Path]:
    """Each card's face as a PNG."""
    paths = png_files([_face_svg(record) for record in records], cache_dir)
    return {record["slug"]: path for record, path in zip(records, paths, strict=True)}


def png_files(svgs: list[str], cache_dir: Path) -> list[Path]:
    """Each SVG as a PNG at ``FACE_SCALE`` times its size, in order (cached by the SVG's
    hash, so reruns skip Chromium)."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    paths = [cache_dir / f"{hashlib.sha256(svg.encode()).hexdigest()[:20]}.png"
             for svg in svgs]
    todo = {path: svg for path, svg in zip(paths, svgs, strict=True) if not path.exists()}
    if todo:
        from playwright.sync_api import sync_playwright

        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, headless=True,
                                         args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 250, "height": 350},
                                    device_scale_factor=FACE_SCALE)
            for path, svg in todo.items():
                page.set_content('<html><body style="margin:0;background:#fff">'
                                 f"{svg}</body></html>")
                page.locator("svg").screenshot(path=str(path), omit_background=False)
            browser.close()
    return paths


@dataclass
class Photo:
    """A synthetic photo and the cards in it (left to right, top to bottom)."""

    image: np.ndarray  # BGR
    truths: list[dict[str, Any]]
    effects: list[str] = field(default_factory=list)


def _background(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """A table: a wood-like or cloth-like texture in a random colour."""
    base = rng.uniform(90, 200, size=3)
    coarse = rng.normal(0, 1, size=(h // 8 + 1, w // 8 + 1)).astype(np.float32)
    noise: Any = cv2.resize(coarse, (w, h), interpolation=cv2.INTER_CUBIC)
    if rng.random() < 0.5:  # wood grain: stretched along one axis
        column = rng.normal(0, 1, size=(h, 1)).astype(np.float32)
        grain = cv2.GaussianBlur(np.repeat(column, w, axis=1), (0, 0), 2)
        noise = noise * 0.5 + grain
    img = base.astype(np.float32)[None, None, :] + 18 * noise[:, :, None]
    return np.clip(img, 0, 255, out=img)


def _paste(canvas: np.ndarray, face: np.ndarray, quad: np.ndarray) -> None:
    h, w = face.shape[:2]
    src = np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], dtype=np.float32)
    m = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
    size = (canvas.shape[1], canvas.shape[0])
    warped = cv2.warpPerspective(face.astype(np.float32), m, size, flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(np.ones((h, w), np.float32), m, size, flags=cv2.INTER_LINEAR)
    canvas[:] = canvas * (1 - mask[:, :, None]) + warped * mask[:, :, None]


def _card_quad(rng: np.random.Generator, cx: float, cy: float, card_h: float,
               tilt: float, skew: float) -> np.ndarray:
    w, h = card_h * 250 / 350, card_h
    pts = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]], dtype=np.float32)
    a = np.deg2rad(tilt)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]], dtype=np.float32)
    pts = pts @ rot.T
    # Perspective: the far edge shorter (a phone held at an angle), a little jitter per corner.
    pts[:2, 0] *= 1 - skew
    pts += rng.normal(0, card_h * 0.01, size=pts.shape)
    return pts + np.array([cx, cy], dtype=np.float32)


def _light_and_lens(rng: np.random.Generator, img: np.ndarray, effects: list[str],
                    card_quads: list[np.ndarray]) -> np.ndarray:
    h, w = img.shape[:2]
    # Uneven light: a gradient across the picture.
    gx, gy = np.meshgrid(np.linspace(-1, 1, w, dtype=np.float32),
                         np.linspace(-1, 1, h, dtype=np.float32))
    ax, ay = rng.uniform(-0.25, 0.25, size=2)
    img = img * (1 + np.float32(ax) * gx + np.float32(ay) * gy)[:, :, None]
    effects.append("uneven_light")
    quad = card_quads[int(rng.integers(len(card_quads)))]
    if rng.random() < 0.3:  # glare: a soft bright spot on a card
        cx, cy = quad.mean(axis=0) + rng.normal(0, 20, size=2)
        r = float(np.linalg.norm(quad[0] - quad[1])) * 0.18
        d2 = ((gx + 1) * (w / 2) - np.float32(cx)) ** 2 + ((gy + 1) * (h / 2) - np.float32(cy)) ** 2
        img = img + 70 * np.exp(-d2 / np.float32(2 * r * r))[:, :, None]
        effects.append("glare")
    if rng.random() < 0.3:  # a sleeve's sheen: a faint bright band across
        off = np.float32(rng.uniform(-0.6, 0.6))
        band = np.exp(-(((gx + gy) * np.float32(0.7) - off) ** 2) / np.float32(0.02))
        img = img + 35 * band[:, :, None]
        effects.append("sleeve")
    if rng.random() < 0.3:  # a shadow: a darker half-plane with a soft edge
        off = np.float32(rng.uniform(-0.5, 0.5))
        edge = 1 / (1 + np.exp(-((gx * np.float32(0.4) - gy) - off) * 12))
        img = img * (1 - np.float32(0.35) * edge)[:, :, None]
        effects.append("shadow")
    sigma = rng.uniform(0.3, 1.3)
    img = cv2.GaussianBlur(img, (0, 0), sigma)
    effects.append(f"blur{sigma:.1f}")
    img = img + rng.normal(0, rng.uniform(2, 8), size=img.shape).astype(np.float32)
    return np.clip(img, 0, 255).astype(np.uint8)


def photograph_one(rng: np.random.Generator, face: np.ndarray, truth: dict[str, Any]
                   ) -> Photo:
    """One card on a table, as a phone would take it (about 1600 x 1200)."""
    h, w = (1600, 1200) if rng.random() < 0.7 else (1200, 1600)
    img = _background(rng, h, w)
    card_h = rng.uniform(0.55, 0.8) * min(h, w * 350 / 250)
    cx = w / 2 + rng.uniform(-0.08, 0.08) * w
    cy = h / 2 + rng.uniform(-0.08, 0.08) * h
    quad = _card_quad(rng, cx, cy, card_h, rng.uniform(-25, 25), rng.uniform(0, 0.12))
    _paste(img, face, quad)
    effects = ["perspective", "rotation"]
    out = _light_and_lens(rng, img, effects, [quad])
    return Photo(out, [truth], effects)


def photograph_cut(rng: np.random.Generator, face: np.ndarray, truth: dict[str, Any],
                   corner: bool) -> Photo:
    """One card held too close: the frame cuts off a corner of it (``corner``) or a strip
    along its bottom edge (only the card's margin: its text stays in view), on a grainy
    table whose texture runs into the card's edge."""
    h, w = 1600, 1200
    img = _background(rng, h, w)
    card_h = 0.8 * h
    if corner:
        quad = _card_quad(rng, w * 0.58, h * 0.52, card_h, 18.0, 0.05)
    else:
        quad = _card_quad(rng, w / 2, h / 2 + 0.1 * card_h, card_h, 0.0, 0.04)
    _paste(img, face, quad)
    effects = ["perspective", "cut_corner" if corner else "cut_edge"]
    return Photo(_light_and_lens(rng, img, effects, [quad]), [truth], effects)


def photograph_page(rng: np.random.Generator, faces: list[np.ndarray],
                    truths: list[dict[str, Any]]) -> Photo:
    """Up to nine cards in a binder page's pockets (a light plastic sheet), about 2400 px."""
    h, w = 2400, 1800
    img = _background(rng, h, w)
    sheet = np.array([[60, 60], [w - 60, 60], [w - 60, h - 60], [60, h - 60]], dtype=np.float32)
    _paste(img, np.full((10, 10, 3), rng.uniform(215, 240), np.float32), sheet)
    tilt = rng.uniform(-6, 6)
    card_h, gap = 700.0, 40.0
    card_w = card_h * 250 / 350
    quads = []
    for i, face in enumerate(faces[:9]):
        row, col = divmod(i, 3)
        cx = w / 2 + (col - 1) * (card_w + gap)
        cy = h / 2 + (row - 1) * (card_h + gap)
        # The whole page turns together: rotate each pocket's centre around the page's.
        a = np.deg2rad(tilt)
        dx, dy = cx - w / 2, cy - h / 2
        cx, cy = w / 2 + dx * np.cos(a) - dy * np.sin(a), h / 2 + dx * np.sin(a) + dy * np.cos(a)
        quad = _card_quad(rng, cx, cy, card_h, tilt + rng.uniform(-1.5, 1.5), 0.0)
        _paste(img, face, quad)
        quads.append(quad)
    effects = ["nine_pocket_page", "rotation"]
    out = _light_and_lens(rng, img, effects, quads)
    return Photo(out, truths[:9], effects)


def load_face(path: Path) -> np.ndarray:
    img = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if img is None:
        raise FileNotFoundError(path)
    return img


def build(records: list[dict[str, Any]], cache_dir: Path, *, singles: int, pages: int,
          seed: int = 31) -> list[Photo]:
    """``singles`` one-card photos and ``pages`` nine-card pages from ``records`` (cycled)."""
    rng = np.random.default_rng(seed)
    paths = render_faces(records, cache_dir)
    faces: dict[str, np.ndarray] = {}

    def face(slug: str) -> np.ndarray:
        if slug not in faces:
            faces[slug] = load_face(paths[slug])
        return faces[slug]

    photos = []
    order = [r["slug"] for r in records]
    by_slug = {r["slug"]: r for r in records}
    for i in range(singles):
        slug = order[i % len(order)]
        photos.append(photograph_one(rng, face(slug), printed(by_slug[slug])))
    for p in range(pages):
        slugs = [order[(p * 9 + k) % len(order)] for k in range(9)]
        photos.append(photograph_page(rng, [face(s) for s in slugs],
                                      [printed(by_slug[s]) for s in slugs]))
    return photos
