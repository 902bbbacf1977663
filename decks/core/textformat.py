"""Plain-text deck lists: forgiving import, canonical export.

Accepted lines (one card per line, Hungarian or English name or slug, accents optional)::

    3 CRX        3x CRX        3 x CRX       CRX x3      CRX (3)      CRX      - 2 Tüzér

``#`` and ``//`` start comments; blank lines and section headers such as ``Űrhajók (20)``
or ``Ships:`` are ignored; repeated cards add up. The export is canonical: grouped by type
in :data:`decks.core.formats.TYPE_ORDER`, each group headed by a comment, ``N Name`` lines
with Hungarian names sorted by folded name, so that ``import(export(deck)) == deck``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from decks.core.cardindex import Card, CardIndex, fold
from decks.core.formats import TYPE_ORDER, TYPES
from decks.core.messages import hint, violation

MAX_LINE_COUNT = 99
SUGGEST_LIMIT = 20  # unknown lines that get "did you mean" suggestions

_COMMENT = re.compile(r"#|//")
_BULLET = re.compile(r"^[-*•]\s+")
# Counts have at most 6 digits: int() of a pasted 5,000-digit number would raise.
_COUNT_FIRST = re.compile(r"^(\d{1,6})\s*[x×*]?\s+(.+)$|^(\d{1,6})[x×](\S.*)$", re.IGNORECASE)
_COUNT_LAST = re.compile(r"^(.+?)\s+[x×*]\s*(\d{1,6})$|^(.+?)\s*\(\s*(\d{1,6})\s*\)$",
                         re.IGNORECASE)
_HEADER = re.compile(r"^(\D.*?)\s*(?:\(\s*\d+\s*\)\s*:?|:)$")
_HEADER_WORDS = {fold(w) for t in TYPES.values() for w in t.values()} | {
    fold(w) for w in ("pakli", "deck", "kolónia", "colony", "lapok", "cards", "egyéb", "other")}


def _readings(text: str) -> list[tuple[int, str]]:
    """Every (count, name) the line could mean, the whole line as a name first."""
    out = [(1, text)]
    m = _COUNT_FIRST.match(text)
    if m:
        out.append((int(m[1] or m[3]), (m[2] or m[4]).strip()))
    m = _COUNT_LAST.match(text)
    if m:
        out.append((int(m[2] or m[4]), (m[1] or m[3]).strip()))
    return out


def parse_line(text: str, index: CardIndex) -> tuple[str, Any]:
    """Classify one line: ``("blank", None)``, ``("header", None)``,
    ``("card", (card, count))``, ``("ambiguous", (name, [cards]))`` or
    ``("unknown", name)``."""
    m = _COMMENT.search(text)
    if m:
        text = text[: m.start()]
    text = _BULLET.sub("", text.strip()).strip()
    if not text:
        return "blank", None
    readings = _readings(text)
    for count, name in readings:
        found = index.find_all(name)
        if len(found) == 1:
            return "card", (found[0], count)
        if found:
            return "ambiguous", (name, found)
    header = _HEADER.match(text)
    if header or fold(text) in _HEADER_WORDS:
        return "header", None
    # Report the most specific name guess (after stripping a count).
    return "unknown", readings[-1][1]


def import_text(text: str, index: CardIndex, *, max_count: int = MAX_LINE_COUNT) -> dict[str, Any]:
    """Parse a deck list. Returns ``{"ok": bool, "deck": {slug: count}, "errors": [...]}``;
    each error is a violation (codes ``import_unknown_card``, ``import_ambiguous_card``,
    ``import_bad_count``) whose details carry ``line`` (1-based) and ``text``."""
    deck: dict[str, int] = {}
    errors: list[dict[str, Any]] = []
    unknown_seen = 0
    for lineno, raw in enumerate(text.splitlines(), start=1):
        kind, value = parse_line(raw, index)
        base = {"line": lineno, "text": raw.strip()}
        if kind == "card":
            card, count = value
            if not 1 <= count <= max_count:
                errors.append(violation("import_bad_count",
                                        {**base, "count": count, "max": max_count},
                                        [card["slug"]], rule=None))
                continue
            deck[card["slug"]] = deck.get(card["slug"], 0) + count
        elif kind == "ambiguous":
            name, cards = value
            names = [f"{c.get('name_hu') or c['slug']} ({c['slug']})" for c in cards]
            errors.append(violation("import_ambiguous_card",
                                    {**base, "name": name,
                                     "candidates": [c["slug"] for c in cards]},
                                    [c["slug"] for c in cards], rule=None,
                                    params={"candidates": ", ".join(names)}))
        elif kind == "unknown":
            unknown_seen += 1
            # A fuzzy search per line: cap it so a pasted junk list stays cheap.
            close = index.closest(value) if unknown_seen <= SUGGEST_LIMIT else []
            suggestions = [c.get("name_hu") or c["slug"] for c in close]
            errors.append(violation("import_unknown_card",
                                    {**base, "name": value, "suggestions": suggestions},
                                    [], rule=None, params=hint(suggestions)))
    return {"ok": not errors, "deck": deck, "errors": errors}


def _line_for(card: Card, count: int, index: CardIndex) -> str:
    # Prefer the Hungarian name; fall back to the slug when the name would read back as
    # another card (shared names, a name that looks like a count, a "#" in a name...).
    for label in (card.get("name_hu"), card.get("name_en"), card["slug"]):
        if not label:
            continue
        for line in (f"{count} {label}", f"{count}x {label}", f"{label} x{count}"):
            kind, value = parse_line(line, index)
            if kind == "card" and value[0] is card and value[1] == count:
                return line
    return f"{count} {card['slug']}"  # unreachable for sane slugs; kept total


def export_text(deck: Mapping[str, int], index: CardIndex, *, lang: str = "hu",
                headers: bool = True) -> str:
    """Canonical text of a deck. Group headers are comments (``# Űrhajók (20)``) in
    ``lang``; card names are Hungarian. Unknown slugs go last under ``# ?``."""
    groups: dict[str, list[tuple[str, str, int]]] = {}
    for slug, count in deck.items():
        info = index.info.get(slug)
        group = "?" if info is None else (info.type if info.type in TYPES else "other")
        name_key = fold(info.name) if info else slug
        groups.setdefault(group, []).append((name_key, slug, count))
    blocks: list[str] = []
    for group in (*TYPE_ORDER, "other", "?"):
        rows = sorted(groups.get(group, []))
        if not rows:
            continue
        lines = []
        if headers:
            title = (TYPES[group][f"{lang}_plural"] if group in TYPES
                     else {"other": {"hu": "Egyéb", "en": "Other"}.get(lang, "Other"),
                           "?": "?"}[group])
            lines.append(f"# {title} ({sum(r[2] for r in rows)})")
        for _, slug, count in rows:
            card = index.get(slug)
            lines.append(_line_for(card, count, index) if card else f"{count} {slug}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n" if blocks else ""
