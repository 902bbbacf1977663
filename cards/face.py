"""A generated card face (SVG) for practice cards, so the picture grid is never empty.

Drawn from the card's own values: name, type and subtype, race, cost, the ship's
speed-firepower-armour-bombard line and the rules text. Clearly marked unofficial.
"""

from __future__ import annotations

import html
import re
import textwrap

from cards import vocabulary as vocab
from cards.models import Card

RACE_COLOURS = {
    "ember": "#2f5ec4", "xeno": "#7a3fb8", "inszektoid": "#5a8f2e", "karnoplantusz": "#2e8f6a",
    "cerebrita": "#b8763f", "zarg": "#b83f3f", "triciplita": "#3f9fb8", "urcapa": "#3f4fb8",
}


# Characters XML 1.0 does not allow at all (a name with one would make the picture unreadable).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def escape(text: str) -> str:
    """Text for an SVG element or attribute: ``& < > " '`` escaped (issue 27: the name
    was escaped for element text only, and its ``"`` closed the ``aria-label`` attribute,
    so a name could add an ``onload`` handler), characters XML forbids left out."""
    return html.escape(_NOT_XML.sub("", text), quote=True)


def card_face_svg(card: Card) -> str:
    colour = RACE_COLOURS.get(card.race or "", "#555a78")
    type_hu = vocab.TYPES[card.type][0] if card.type in vocab.TYPES else ""
    sub = vocab.subtype_name(card.type, card.subtype, "hu") or ""
    race = vocab.RACES[card.race][0] if card.race in vocab.RACES else ""
    cost = str(card.cost) if card.cost is not None else ("X" if card.cost_rule else "?")
    line2 = " · ".join(p for p in (type_hu, sub, race) if p)
    stats = ""
    if card.type == "ship":
        vals = [card.speed, card.firepower, card.armor, card.bombard]
        stats = "-".join("?" if v is None else str(v) for v in vals)
    text_lines = textwrap.wrap(card.text_hu or "", 30)[:7]
    text_svg = "".join(f'<tspan x="20" dy="17">{escape(t)}</tspan>' for t in text_lines)
    name_lines = textwrap.wrap(card.name_hu, 18)[:2]
    name_svg = "".join(f'<tspan x="20" dy="{0 if i == 0 else 22}">{escape(t)}</tspan>'
                       for i, t in enumerate(name_lines))
    return f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 250 350" width="250" height="350" role="img" aria-label="{escape(card.name_hu)}">
<rect x="2" y="2" width="246" height="346" rx="14" fill="#141829" stroke="{colour}" stroke-width="4"/>
<rect x="10" y="10" width="230" height="70" rx="8" fill="{colour}" opacity="0.85"/>
<text x="20" y="38" font-family="sans-serif" font-size="19" font-weight="700" fill="#fff">{name_svg}</text>
<circle cx="214" cy="30" r="17" fill="#f4c542"/>
<text x="214" y="37" text-anchor="middle" font-family="sans-serif" font-size="19" font-weight="700" fill="#111">{escape(cost)}</text>
<text x="20" y="102" font-family="sans-serif" font-size="13" fill="#cfd3ea">{escape(line2)}</text>
<rect x="10" y="112" width="230" height="130" rx="6" fill="#0c0f1c"/>
<text x="20" y="120" font-family="sans-serif" font-size="13" fill="#e8e8f0">{text_svg}</text>
<text x="125" y="282" text-anchor="middle" font-family="sans-serif" font-size="26" font-weight="700" fill="#fff">{escape(stats)}</text>
<text x="125" y="334" text-anchor="middle" font-family="sans-serif" font-size="11" fill="#ffb347">NEM HIVATALOS · gyakorló lap</text>
</svg>"""
