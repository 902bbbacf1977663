"""The advanced-search form writes a query in the card query language, never a query of its own.

So what the form finds is exactly what typing its query finds, and the query shown under the
form teaches the language. Keywords are the Hungarian ones (the game's language).
"""

from __future__ import annotations

from collections.abc import Mapping

from cards import vocabulary as vocab
from cards.query.printer import quote
from web.numbers import whole

NUMBER_FIELDS = (("cost", "ár"), ("speed", "seb"), ("firepower", "tűz"), ("armor", "pán"),
                 ("bombard", "bomb"))
OPERATORS = ("=", "<", "<=", ">", ">=", "!=")


def _value(text: str) -> str:
    return text if text and all(c.isalnum() or c in "-_" for c in text) else quote(text)


def build_query(params: Mapping[str, str]) -> str:  # noqa: C901
    """Form fields -> query text. Unknown or empty fields are skipped."""
    parts: list[str] = []
    name = (params.get("name") or "").strip()
    if name:
        parts.append(" ".join(w for w in name.split() if w) if not
                     any(c in name for c in '":()<>=!-') else quote(name))
    card_type = params.get("type") or ""
    if card_type in vocab.TYPES:
        parts.append(f"típus:{vocab.TYPES[card_type][0]}")
    subtype = params.get("subtype") or ""
    if subtype == "?":
        parts.append("altípus:?")
    elif card_type in vocab.TYPES and subtype in vocab.subtype_keys(card_type):
        parts.append(f"altípus:{card_type}-{subtype}")
    race = params.get("race") or ""
    if race == "?":
        parts.append("faj:?")
    elif race in vocab.RACES:
        parts.append(f"faj:{race}")
    rarity = params.get("rarity") or ""
    if rarity == "?":
        parts.append("ritkaság:?")
    elif rarity in vocab.RARITIES:
        parts.append(f"ritkaság:{rarity}")
    for field, keyword in NUMBER_FIELDS:
        raw = (params.get(field) or "").strip().upper()
        op = params.get(f"{field}_op") or "="
        if op not in OPERATORS:
            op = "="
        if raw == "?":
            parts.append(f"{keyword}:?")
        elif raw == "X" and field == "cost":
            parts.append("ár:x" if op != "!=" else "ár!=x")
        elif whole(raw) is not None:
            parts.append(f"{keyword}{':' if op == '=' else op}{whole(raw)}")
    for ability in params.getlist("ability") if hasattr(params, "getlist") else []:
        if ability in vocab.ABILITIES:
            parts.append(f"képesség:{ability}")
    text = (params.get("text") or "").strip()
    if text:
        parts.append(f"o:{_value(text)}")
    clan = (params.get("clan") or "").strip()
    if clan:
        parts.append(f"klán:{_value(clan)}")
    if params.get("complete") == "1":
        parts.append("is:complete")
    elif params.get("complete") == "0":
        parts.append("is:incomplete")
    if params.get("unofficial") == "1":
        parts.append("(is:official or is:unofficial)")
    return " ".join(parts)
