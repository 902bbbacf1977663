"""A rating history as a small SVG line chart, drawn on the server (no script, no library).

The chart is a fixed viewBox scaled to its box by CSS, so it never makes a page wider than
the screen; the y axis is labelled at its lowest and highest rating."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

WIDTH, HEIGHT, PAD_X, PAD_Y = 600, 180, 44, 14


def rating_svg(values: Sequence[float], label: str) -> str:
    """An ``<svg>`` of ``values`` (ratings after each game, oldest first); ``label`` is its
    accessible name. Fewer than one value gives an empty string."""
    if not values:
        return ""
    points = [1500.0, *values]           # every history starts from the starting rating
    low, high = min(points), max(points)
    if high - low < 50:                  # a flat line still gets a readable scale
        mid = (high + low) / 2
        low, high = mid - 25, mid + 25
    span_x = max(len(points) - 1, 1)

    def xy(i: int, v: float) -> str:
        x = PAD_X + (WIDTH - PAD_X - 8) * i / span_x
        y = PAD_Y + (HEIGHT - 2 * PAD_Y) * (high - v) / (high - low)
        return f"{x:.1f},{y:.1f}"

    line = " ".join(xy(i, v) for i, v in enumerate(points))
    dots = "".join(f'<circle cx="{xy(i, v).split(",")[0]}" cy="{xy(i, v).split(",")[1]}" r="3"/>'
                   for i, v in enumerate(points) if i)
    return (
        f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(label)}" preserveAspectRatio="none">'
        f'<line x1="{PAD_X}" y1="{PAD_Y}" x2="{WIDTH}" y2="{PAD_Y}" class="grid"/>'
        f'<line x1="{PAD_X}" y1="{HEIGHT - PAD_Y}" x2="{WIDTH}" y2="{HEIGHT - PAD_Y}" class="grid"/>'
        f'<text x="2" y="{PAD_Y + 4}">{round(high)}</text>'
        f'<text x="2" y="{HEIGHT - PAD_Y + 4}">{round(low)}</text>'
        f'<polyline points="{line}" fill="none"/>{dots}</svg>'
    )
