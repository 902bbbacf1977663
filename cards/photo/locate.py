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
MIN_COLOUR_STEP = 25.0  # Lab units between table and card for the colour search
MIN_DETAIL = 2.5  # mean grey levels of fine detail: a card's text holds more than a bare pocket
MIN_AREA = 0.015  # of the picture: smaller shapes are not a card someone photographed


@dataclass
class Found:
    quad: np.ndarray  # 4 x 2 float32, corners in the photo: top-left, top-right, bottom-right, bottom-left
    area: float
    guessed: bool = False  # a pocket of a binder page's grid, not an outline seen


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


def _cross(p1: np.ndarray, p2: np.ndarray, p3: np.ndarray, p4: np.ndarray
           ) -> np.ndarray | None:
    """Where the line through p1, p2 meets the line through p3, p4 (None if parallel)."""
    d1, d2 = p2 - p1, p4 - p3
    den = float(d1[0] * d2[1] - d1[1] * d2[0])
    if abs(den) < 1e-6:
        return None
    t = float((p3[0] - p1[0]) * d2[1] - (p3[1] - p1[1]) * d2[0]) / den
    return (p1 + t * d1).astype(np.float32)


def _touches_frame(quad: np.ndarray, width: int, height: int, margin: int = 4) -> bool:
    """Two or more corners on the picture's edge: the table between cards and frame, or a
    card the frame cut (which ``_completed`` makes whole), not a whole card as it is."""
    return sum(bool(x <= margin or y <= margin or x >= width - 1 - margin
                    or y >= height - 1 - margin) for x, y in quad) >= 2


def _completed(poly: np.ndarray, width: int, height: int) -> np.ndarray | None:
    """The whole card from the part of it inside the picture, when the photo cut it.

    ``poly`` is the visible outline; two neighbouring corners of it on the picture's edge
    mean the frame cut the card there. With five corners a corner of the card is outside:
    the two card sides running out of the picture meet there. With four, a strip across the
    card is outside: the side opposite the cut is whole, and the card's proportions say how
    far its two neighbours run.
    """
    margin = 4
    on_edge = [bool(x <= margin or y <= margin or x >= width - 1 - margin
                    or y >= height - 1 - margin) for x, y in poly]
    def outside(p: np.ndarray) -> bool:  # what the frame cut off lies beyond it
        return bool(p[0] < -margin or p[1] < -margin or p[0] > width - 1 + margin
                    or p[1] > height - 1 + margin)

    n = len(poly)
    cut = [i for i in range(n) if on_edge[i] and on_edge[(i + 1) % n]]
    if len(cut) != 1 or sum(on_edge) != 2:
        return None
    a = cut[0]
    b = (a + 1) % n
    pts = [poly[(b + k) % n] for k in range(n)]  # from the second cut corner round to the first
    if n == 5:  # pts: b, after b, ..., before a, a
        corner = _cross(pts[0], pts[1], pts[4], pts[3])
        if corner is None or not outside(corner):
            return None
        return np.array([corner, pts[1], pts[2], pts[3]], dtype=np.float32)
    if n == 4:  # pts: b, after b, before a, a; the side from after b to before a is whole
        whole = float(np.linalg.norm(pts[2] - pts[1]))
        seen = max(float(np.linalg.norm(pts[0] - pts[1])), float(np.linalg.norm(pts[3] - pts[2])))
        for run in sorted((whole * CARD_RATIO, whole / CARD_RATIO)):
            if run >= 0.95 * seen:
                d1 = (pts[0] - pts[1]) / max(1e-6, float(np.linalg.norm(pts[0] - pts[1])))
                d2 = (pts[3] - pts[2]) / max(1e-6, float(np.linalg.norm(pts[3] - pts[2])))
                ends = (pts[1] + d1 * run, pts[2] + d2 * run)
                if not (outside(ends[0]) and outside(ends[1])):
                    return None
                return np.array([ends[0], pts[1], pts[2], ends[1]], dtype=np.float32)
    return None


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
        whole = _completed(approx.reshape(-1, 2).astype(np.float32), gray.shape[1],
                           gray.shape[0])
        if whole is not None and _card_like(whole):
            out.append(whole)
            continue
        if len(approx) == 4:
            quad = approx.reshape(4, 2).astype(np.float32)
        else:
            # Rounded corners or a blurred edge: the tightest rotated rectangle, if the
            # contour fills it (a card, not an L-shaped clutter of edges).
            rect = cv2.minAreaRect(hull)
            quad = cv2.boxPoints(rect).astype(np.float32)
            if cv2.contourArea(hull) < 0.9 * rect[1][0] * rect[1][1]:
                continue
        if cv2.contourArea(quad) >= area_min and _card_like(quad) \
                and not _touches_frame(quad, gray.shape[1], gray.shape[0]):
            out.append(quad)
    return out


def _by_colour(small: np.ndarray) -> list[np.ndarray]:
    """Cards as what differs in colour from the table (the fallback when edges fail: a
    textured table's grain joins the card's edge into one shapeless contour, or the photo
    cuts the card and its edge never closes). The table's colour is the picture's rim."""
    area_min = MIN_AREA * small.shape[0] * small.shape[1]
    lab = cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32), (0, 0), 3)
    rim = np.concatenate([lab[:8].reshape(-1, 3), lab[-8:].reshape(-1, 3),
                          lab[:, :8].reshape(-1, 3), lab[:, -8:].reshape(-1, 3)])
    centre = np.median(rim, axis=0)
    dist = np.linalg.norm(lab - centre, axis=2)
    dist8 = np.clip(dist * (255 / max(1.0, float(dist.max()))), 0, 255).astype(np.uint8)
    otsu, _ = cv2.threshold(dist8, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    level = otsu * max(1.0, float(dist.max())) / 255
    # A card stands out from the table by a colour difference of tens of units (60 and more
    # on the benchmark's tables); noise or a bare table splits at a few units: no card.
    if level < MIN_COLOUR_STEP:
        return []
    mask = (dist > level).astype(np.uint8) * 255
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((7, 7), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((25, 25), np.uint8))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out: list[np.ndarray] = []
    for contour in contours:
        if cv2.contourArea(contour) < area_min:
            continue
        hull = cv2.convexHull(contour)
        approx = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True)
        poly = approx.reshape(-1, 2).astype(np.float32)
        quad = _completed(poly, small.shape[1], small.shape[0])
        if quad is None and len(poly) == 4:
            quad = poly
        if quad is None:
            rect = cv2.minAreaRect(hull)
            if cv2.contourArea(hull) < 0.9 * rect[1][0] * rect[1][1]:
                continue
            quad = cv2.boxPoints(rect).astype(np.float32)
        if _card_like(quad):
            out.append(quad)
    return out


def _inside(inner: np.ndarray, outer: np.ndarray) -> bool:
    c = inner.mean(axis=0)
    return cv2.pointPolygonTest(outer.reshape(-1, 1, 2), (float(c[0]), float(c[1])), False) >= 0


def _axes(q: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """An upright quad's centre, its across vector (left to right) and its down vector."""
    return (q.mean(axis=0), ((q[1] - q[0]) + (q[2] - q[3])) / 2,
            ((q[3] - q[0]) + (q[2] - q[1])) / 2)


def _span(found: np.ndarray) -> range:
    """The rows (columns) of a page from those its cards were found in: one step more each
    way while fewer than three (the page may go on either way)."""
    lo, hi = int(found.min()), int(found.max())
    return range(lo - 1, hi + 2) if hi - lo < 2 else range(lo, hi + 1)


def _lattice(centres: np.ndarray, step_x: np.ndarray, step_y: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The lattice through cards' centres, from its steps along a row and down a column as
    measured: its origin and steps fitted (least squares: the lens bends it a little), and
    each card's column and row. None when three cards do not sit on it, one to a point."""
    rel = centres - centres[0]
    px, py = float(np.linalg.norm(step_x)), float(np.linalg.norm(step_y))
    along, across = rel @ (step_x / px), rel @ (step_y / py)
    cols, rows = np.round(along / px).astype(int), np.round(across / py).astype(int)
    on = (np.abs(along - cols * px) < 0.2 * px) & (np.abs(across - rows * py) < 0.2 * py)
    if on.sum() < 3 or len(set(zip(cols[on], rows[on], strict=True))) < on.sum():
        return None
    cols, rows, centres = cols[on], rows[on], centres[on]
    design = np.column_stack([np.ones(len(cols)), cols, rows]).astype(np.float64)
    fit, _, rank, _ = np.linalg.lstsq(design, centres.astype(np.float64), rcond=None)
    if rank < 3:  # one row or one column: the steps as measured
        origin = (centres - np.outer(cols, step_x) - np.outer(rows, step_y)).mean(axis=0)
        fit = np.array([origin, step_x, step_y], np.float64)
    return fit, cols, rows


def _grid_gaps(quads: list[np.ndarray], width: int, height: int) -> list[np.ndarray]:
    """The pockets of a binder page the search missed, from the cards it found there.

    Cards in a binder page sit in rows and columns at one pitch: three or more cards of one
    size whose centres fall on a lattice are such a page. A card the outline search misses
    (its border merged with a pocket's seam or washed out by glare on the sleeve, or cut by
    the photo's frame) still sits at a lattice point: each empty point within the rows and
    columns found, or one step beyond them while the page has fewer than three, gets a card
    of the found cards' mean shape. A pocket that holds no card reads no name and is dropped.
    """
    upright = [_order(q) for q in quads]
    if len(upright) < 3:
        return []
    axes = [_axes(q) for q in upright]
    across = float(np.median([np.linalg.norm(a) for _, a, _ in axes]))
    down = float(np.median([np.linalg.norm(d) for _, _, d in axes]))
    same = [i for i, (_, a, d) in enumerate(axes)
            if abs(np.linalg.norm(a) / across - 1) < 0.2
            and abs(np.linalg.norm(d) / down - 1) < 0.2]
    if len(same) < 3:
        return []
    ux = np.mean([axes[i][1] for i in same], axis=0)
    ux = ux / np.linalg.norm(ux)
    uy = np.array([-ux[1], ux[0]], np.float32)  # the page's down, square to its across
    centres = np.array([axes[i][0] for i in same], np.float32)
    # The pitch: the step between neighbours along a row (a column), a little over a card.
    steps_x, steps_y = [], []
    for i in range(len(centres)):
        for j in range(len(centres)):
            d = centres[j] - centres[i]
            a, b = float(d @ ux), float(d @ uy)
            if 0.95 * across < a < 1.5 * across and abs(b) < 0.25 * down:
                steps_x.append(a)
            if 0.95 * down < b < 1.5 * down and abs(a) < 0.25 * across:
                steps_y.append(b)
    if not steps_x and not steps_y:
        return []  # cards lying about, not in rows
    pitch_x = float(np.median(steps_x)) if steps_x else 1.1 * across
    pitch_y = float(np.median(steps_y)) if steps_y else 1.06 * down
    lattice = _lattice(centres, ux * pitch_x, uy * pitch_y)
    if lattice is None:
        return []
    fit, cols, rows = lattice
    shape = np.median(np.array([upright[i] - axes[i][0] for i in same]), axis=0)
    taken = set(zip(cols.tolist(), rows.tolist(), strict=True))
    out = []
    for r in _span(rows):
        for c in _span(cols):
            if (c, r) in taken:
                continue
            centre = fit[0] + c * fit[1] + r * fit[2]
            quad = (shape + centre).astype(np.float32)
            inside = sum(-0.1 * width <= x <= 1.1 * width and -0.1 * height <= y <= 1.1 * height
                         for x, y in quad)
            if 0 <= centre[0] < width and 0 <= centre[1] < height and inside >= 2 \
                    and not any(_inside(quad, q) or _inside(q, quad) for q in quads):
                out.append(quad)
    return out


def _detail(gray: np.ndarray, quad: np.ndarray) -> float:
    """How much fine detail (letters, a picture's lines) the inner part of ``quad`` holds:
    the mean difference from a blurred copy. An empty pocket's plastic holds none, only
    the slow change of glare and shade."""
    centre = quad.mean(axis=0)
    inner = ((quad - centre) * 0.8 + centre).astype(np.int32)
    mask = np.zeros(gray.shape, np.uint8)
    cv2.fillConvexPoly(mask, inner, 255)
    if not mask.any():
        return 0.0
    fine = cv2.absdiff(gray, cv2.GaussianBlur(gray, (0, 0), 3))
    return float(cv2.mean(fine, mask=mask)[0])


def find_cards(image: np.ndarray, by_colour: bool = False) -> list[Found]:
    """Every card in a BGR photo, top to bottom then left to right (a binder page reads
    like text). ``by_colour``: look by the table's colour only (the second try when what
    the edges found held no card to read)."""
    h, w = image.shape[:2]
    scale = WORK_SIDE / max(h, w)
    small = cv2.resize(image, (max(1, round(w * scale)), max(1, round(h * scale))),
                       interpolation=cv2.INTER_AREA)
    gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    quads = [(q, float(cv2.contourArea(q))) for q in (_by_colour(small) if by_colour
                                                   else _candidates(gray) or _by_colour(small))]
    quads.sort(key=lambda qa: -qa[1])
    # A shape holding two or more smaller cards is the page or sheet they lie on.
    quads = [(q, a) for q, a in quads
             if sum(1 for r, b in quads if b < 0.5 * a and _inside(r, q)) < 2]
    kept: list[tuple[np.ndarray, float]] = []
    for q, a in quads:  # largest first: an inner border of a kept card is the same card
        if any(_inside(q, k) or _inside(k, q) for k, _ in kept):
            continue
        kept.append((q, a))
    guesses = [q for q in _grid_gaps([q for q, _ in kept], small.shape[1], small.shape[0])
               if _detail(gray, q) >= MIN_DETAIL]
    found = [Found(_order(q / scale), a / (scale * scale)) for q, a in kept]
    found += [Found(_order(q / scale), float(cv2.contourArea(q)) / (scale * scale), True)
              for q in guesses]
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
