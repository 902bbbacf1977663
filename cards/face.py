"""A generated card face (SVG) for every card without a scan, so the picture grid is never
a wall of blank boxes.

Drawn from the card's own values: name, type and subtype, race, cost, the ship's
speed-firepower-armour-bombard line and the rules text, in the page's language (a value not
known is a "?"). A practice card is marked unofficial; an official card's face says it is
drawn, not the printed card.
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
    """Text for an SVG element or attribute: ``& < > " '`` escaped (the name
    was escaped for element text only, and its ``"`` closed the ``aria-label`` attribute,
    so a name could add an ``onload`` handler), characters XML forbids left out."""
    return html.escape(_NOT_XML.sub("", text), quote=True)


FOOTERS = {
    (False, "hu"): "NEM HIVATALOS · gyakorló lap",
    (False, "en"): "UNOFFICIAL · practice card",
    (True, "hu"): "rajzolt lap · nincs még szkennelt kép",
    (True, "en"): "drawn face · no scan yet",
}


def card_face_svg(card: Card, lang: str = "hu") -> str:
    lang = "en" if lang == "en" else "hu"
    en = lang == "en"
    colour = RACE_COLOURS.get(card.race or "", "#555a78")
    names = vocab.TYPES.get(card.type)
    type_name = (names[1] if en else names[0]) if names else ""
    sub = vocab.subtype_name(card.type, card.subtype, lang) or ""
    race = vocab.RACES[card.race][1 if en else 0] if card.race in vocab.RACES else "?"
    cost = str(card.cost) if card.cost is not None else ("X" if card.cost_rule else "?")
    line2 = " · ".join(p for p in (type_name, sub, race) if p)
    name = (card.name_en or card.name_hu) if en else card.name_hu
    rules = (card.text_en or card.text_hu) if en else card.text_hu
    stats = ""
    if card.type == "ship":
        vals = [card.speed, card.firepower, card.armor, card.bombard]
        stats = "-".join("?" if v is None else str(v) for v in vals)
    text_lines = textwrap.wrap(rules or "", 30)[:7]
    text_svg = "".join(f'<tspan x="20" dy="17">{escape(t)}</tspan>' for t in text_lines)
    name_lines = textwrap.wrap(name, 18)[:2]
    name_svg = "".join(f'<tspan x="20" dy="{0 if i == 0 else 22}">{escape(t)}</tspan>'
                       for i, t in enumerate(name_lines))
    return f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 250 350" width="250" height="350" role="img" aria-label="{escape(name)}">
<rect x="2" y="2" width="246" height="346" rx="14" fill="#141829" stroke="{colour}" stroke-width="4"/>
<rect x="10" y="10" width="230" height="70" rx="8" fill="{colour}" opacity="0.85"/>
<text x="20" y="38" font-family="sans-serif" font-size="19" font-weight="700" fill="#fff">{name_svg}</text>
<circle cx="214" cy="30" r="17" fill="#f4c542"/>
<text x="214" y="37" text-anchor="middle" font-family="sans-serif" font-size="19" font-weight="700" fill="#111">{escape(cost)}</text>
<text x="20" y="102" font-family="sans-serif" font-size="13" fill="#cfd3ea">{escape(line2)}</text>
<rect x="10" y="112" width="230" height="130" rx="6" fill="#0c0f1c"/>
<text x="20" y="120" font-family="sans-serif" font-size="13" fill="#e8e8f0">{text_svg}</text>
<text x="125" y="282" text-anchor="middle" font-family="sans-serif" font-size="26" font-weight="700" fill="#fff">{escape(stats)}</text>
<text x="125" y="334" text-anchor="middle" font-family="sans-serif" font-size="11" fill="#ffb347">{FOOTERS[(card.official, lang)]}</text>
</svg>"""
