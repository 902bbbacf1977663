"""Server-rendered cost-curve chart: a plain SVG string, no JavaScript.

Accessible by construction: ``role="img"`` with ``<title>`` and ``<desc>`` (the whole
curve in words, for screen readers), and every bar carries a visible text label.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

_TEXT = {
    "hu": {"title": "Költséggörbe", "x": "Költség (credit)", "y": "Lapok",
           "unknown": "?", "desc": "{label} költségű lap: {n}", "unknown_desc": "ismeretlen vagy változó",
           "average": "Átlag: {avg}"},
    "en": {"title": "Cost curve", "x": "Cost (credits)", "y": "Cards",
           "unknown": "?", "desc": "cards costing {label}: {n}", "unknown_desc": "unknown or variable",
           "average": "Average: {avg}"},
}


def cost_curve_svg(stats: Mapping[str, Any], *, lang: str = "hu", width: int = 420,
                   height: int = 200, title: str | None = None,
                   id_prefix: str = "cc") -> str:
    """Bar chart of ``stats["cost_curve"]`` (from :func:`decks.core.stats.deck_stats`) plus
    a separate grey ``?`` bar for unknown/variable costs. ``id_prefix`` keeps element ids
    unique when a page shows several charts."""
    t = _TEXT.get(lang, _TEXT["en"])
    buckets: list[tuple[str, int, bool]] = [(k, int(v), False)
                                            for k, v in stats["cost_curve"].items()]
    odd = int(stats.get("cost_unknown", 0)) + int(stats.get("cost_variable", 0))
    buckets.append((t["unknown"], odd, True))
    top = max([n for _, n, _ in buckets] + [1])
    left, right, head, foot = 34, 8, 24, 40
    plot_w, plot_h = width - left - right, height - head - foot
    slot = plot_w / len(buckets)
    bar_w = slot * 0.7
    chart_title = title or t["title"]
    desc_parts = [t["desc"].format(n=n, label=t["unknown_desc"] if odd_bar else label)
                  for label, n, odd_bar in buckets if n]
    if stats.get("average_cost") is not None:
        desc_parts.append(t["average"].format(avg=stats["average_cost"]))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" '
        f'aria-labelledby="{id_prefix}-title {id_prefix}-desc" class="cost-curve">',
        f'<title id="{id_prefix}-title">{escape(chart_title)}</title>',
        f'<desc id="{id_prefix}-desc">{escape("; ".join(desc_parts) or "-")}</desc>',
        '<g font-family="sans-serif" font-size="11" fill="currentColor">',
        f'<line x1="{left}" y1="{head + plot_h}" x2="{width - right}" y2="{head + plot_h}" '
        'stroke="currentColor" stroke-width="1"/>',
    ]
    for i, (label, n, odd_bar) in enumerate(buckets):
        x = left + i * slot + (slot - bar_w) / 2
        h = plot_h * n / top
        y = head + plot_h - h
        cx = x + bar_w / 2
        fill = "#9aa3ad" if odd_bar else "#2f6fb3"
        out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_w:.1f}" height="{h:.1f}" '
                   f'fill="{fill}"><title>{escape(t["desc"].format(n=n, label=t["unknown_desc"] if odd_bar else label))}'
                   '</title></rect>')
        if n:
            out.append(f'<text x="{cx:.1f}" y="{y - 3:.1f}" text-anchor="middle">{n}</text>')
        out.append(f'<text x="{cx:.1f}" y="{head + plot_h + 14}" '
                   f'text-anchor="middle">{escape(label)}</text>')
    out.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 6}" '
               f'text-anchor="middle">{escape(t["x"])}</text>')
    out.append(f'<text x="12" y="{head + plot_h / 2:.1f}" text-anchor="middle" '
               f'transform="rotate(-90 12 {head + plot_h / 2:.1f})">{escape(t["y"])}</text>')
    out.append(f'<text x="{left}" y="14" font-weight="bold">{escape(chart_title)}</text>')
    out.append("</g></svg>")
    return "\n".join(out)
