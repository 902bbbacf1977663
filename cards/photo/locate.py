"""Find card-shaped quadrilaterals in a photo and straighten each into an upright crop.

A card is a rectangle of known proportions (63 x 88 mm, like the generated face's 250 x 350):
in a photo it is a convex quadrilateral whose sides keep roughly that ratio. The search runs
on a copy about 1000 px across (fast, and a phone photo's noise averages out); candidates come
from edges (a card's border against the table or a binder pocket) closed into contours.
A quadrilateral holding two or more others is a page or a sheet, not a card.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

CARD_RATIO = 250 / 350  # width / height of an upright card
CROP_W, CROP_H = 600, 840  # the straightened crop (2.4 x the face's own units)
WORK_SIDE = 1000  # the long side the search runs at
MIN_AREA = 0.015  # of the picture: smaller shapes are not a card someone photographed


@dataclass
class Found:
    quad: np.ndarray  # 4 x 2 float32, corners in the photo: top-left, top-right, bottom-right, bottom-left
    area: float


def _order(pts: np.ndarray) -> np.ndarray:
    """Corners clockwise from the top-left of an upright (portrait) card."""
    c = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - c[1], pts[:, 0] - c[0])
    pts = pts[np.argsort(angles)]  # clockwise in image coordinates, from the left
    # Start at the corner nearest the top-left, then make the first side the top one.
    start = int(np.argmin(pts.sum(axis=1)))
    pts = np.roll(pts, -start, axis=0)
    top = np.linalg.norm(pts[1] - pts[0])
    side = np.linalg.norm(pts[3] - pts[0])
    if top > side:  # landscape as found: the card lies on its side; turn it upright
        pts = np.roll(pts, -1, axis=0) if pts[1][1] < pts[3][1] else np.roll(pts, 1, axis=0)
    return pts.astype(np.float32)


def _card_like(quad: np.ndarray) -> bool:
    sides = [np.linalg.norm(quad[i] - quad[(i + 1) % 4]) for i in range(4)]
    short = (sides[0] + sides[2]) / 2
    long = (sides[1] + sides[3]) / 2
    if min(sides) <= 0 or long <= 0:
        return False
    ratio = min(short, long) / max(short, long)
    return bool(abs(ratio - CARD_RATIO) < 0.12)


def _candidates(gray: np.ndarray) -> list[np.ndarray]:
    area_min = MIN_AREA * gray.shape[0] * gray.shape[1]
    blurred = cv2.GaussianBlur(gray, (5, 5), 0)
    out: list[np.ndarray] = []
    edges = cv2.Canny(blurred, 30, 90)
    edges = cv2.dilate(edges, np.ones((3, 3), np.uint8), iterations=1)
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    for contour in contours:
        if cv2.contourArea(contour) < area_min:
            continue
        hull = cv2.convexHull(contour)
        peri = cv2.arcLength(hull, True)
        approx = cv2.approxPolyDP(hull, 0.02 * peri, True)
        if len(approx) == 4:
            quad = approx.reshape(4, 2).astype(np.float32)
        else:
            # Rounded corners or a blurred edge: the tightest rotated rectangle, if the
            # contour fills it (a card, not an L-shaped clutter of edges).
            rect = cv2.minAreaRect(hull)
            quad = cv2.boxPoints(rect).astype(np.float32)
            if cv2.contourArea(hull) < 0.9 * rect[1][0] * rect[1][1]:
                continue
        if cv2.contourArea(quad) >= area_min and _card_like(quad):
            out.append(quad)
    return out


def _inside(inner: np.ndarray, outer: np.ndarray) -> bool:
    c = inner.mean(axis=0)
    return cv2.pointPolygonTest(outer.reshape(-1, 1, 2), (float(c[0]), float(c[1])), False) >= 0


def find_cards(image: np.ndarray) -> list[Found]:
    """Every card in a BGR photo, top to bottom then left to right (a binder page reads
    like text)."""
    h, w = image.shape[:2]
    scale = WORK_SIDE / max(h, w)
    small = cv2.resize(image, (max(1, round(w * scale)), max(1, round(h * scale))),
                       interpolation=cv2.INTER_AREA)
    gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    quads = [(q, float(cv2.contourArea(q))) for q in _candidates(gray)]
    quads.sort(key=lambda qa: -qa[1])
    # A shape holding two or more smaller cards is the page or sheet they lie on.
    quads = [(q, a) for q, a in quads
             if sum(1 for r, b in quads if b < 0.5 * a and _inside(r, q)) < 2]
    kept: list[tuple[np.ndarray, float]] = []
    for q, a in quads:  # largest first: an inner border of a kept card is the same card
        if any(_inside(q, k) or _inside(k, q) for k, _ in kept):
            continue
        kept.append((q, a))
    found = [Found(_order(q / scale), a / (scale * scale)) for q, a in kept]
    if not found:
        return []
    row_h = float(np.median([np.linalg.norm(f.quad[3] - f.quad[0]) for f in found]))
    found.sort(key=lambda f: (round(float(f.quad[:, 1].mean()) / (0.6 * row_h)),
                              float(f.quad[:, 0].mean())))
    return found


def straighten(image: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The card under ``quad``, upright and flat, CROP_W x CROP_H."""
    dst = np.array([[0, 0], [CROP_W - 1, 0], [CROP_W - 1, CROP_H - 1], [0, CROP_H - 1]], dtype=np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return cv2.warpPerspective(image, m, (CROP_W, CROP_H), flags=cv2.INTER_CUBIC,
                               borderMode=cv2.BORDER_REPLICATE)
