"""The advanced-search form writes a query in the card query language, never a query of its own.

So what the form finds is exactly what typing its query finds, and the query shown under the
form teaches the language. Keywords are the Hungarian ones (the game's language).
"""

from __future__ import annotations

from collections.abc import Container, Mapping

from cards import vocabulary as vocab
from cards.query.printer import quote
from web.numbers import whole

NUMBER_FIELDS = (("cost", "ár"), ("speed", "seb"), ("firepower", "tűz"), ("armor", "pán"),
                 ("bombard", "bomb"))
OPERATORS = ("=", "<", "<=", ">", ">=", "!=")


def _value(text: str) -> str:
    return text if text and all(c.isalnum() or c in "-_" for c in text) else quote(text)


def build_query(params: Mapping[str, str]) -> str:
    """Form fields -> query text. Unknown or empty fields are skipped."""
    return " ".join([*_name(params), *_kind(params),
                     *_known("race", "faj", vocab.RACES, params),
                     *_known("rarity", "ritkaság", vocab.RARITIES, params),
                     *_numbers(params), *_abilities(params), *_words(params), *_flags(params)])


def _name(params: Mapping[str, str]) -> list[str]:
    name = (params.get("name") or "").strip()
    if not name:
        return []
    if any(c in name for c in '":()<>=!-'):
        return [quote(name)]
    return [" ".join(w for w in name.split() if w)]


def _kind(params: Mapping[str, str]) -> list[str]:
    """The card type and its subtype (``?``: cards whose subtype is not known)."""
    parts = []
    card_type = params.get("type") or ""
    if card_type in vocab.TYPES:
        parts.append(f"típus:{vocab.TYPES[card_type][0]}")
    subtype = params.get("subtype") or ""
    if subtype == "?":
        parts.append("altípus:?")
    elif card_type in vocab.TYPES and subtype in vocab.subtype_keys(card_type):
        parts.append(f"altípus:{card_type}-{subtype}")
    return parts


def _known(field: str, keyword: str, known: Container[str],
           params: Mapping[str, str]) -> list[str]:
    """One of a field's known values, or ``?`` (not known on the card)."""
    value = params.get(field) or ""
    if value == "?":
        return [f"{keyword}:?"]
    return [f"{keyword}:{value}"] if value in known else []


def _numbers(params: Mapping[str, str]) -> list[str]:
    parts = []
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
    return parts


def _abilities(params: Mapping[str, str]) -> list[str]:
    chosen = params.getlist("ability") if hasattr(params, "getlist") else []
    return [f"képesség:{ability}" for ability in chosen if ability in vocab.ABILITIES]


def _words(params: Mapping[str, str]) -> list[str]:
    """The rules text and the clan, as typed."""
    parts = []
    text = (params.get("text") or "").strip()
    if text:
        parts.append(f"o:{_value(text)}")
    clan = (params.get("clan") or "").strip()
    if clan:
        parts.append(f"klán:{_value(clan)}")
    return parts


def _flags(params: Mapping[str, str]) -> list[str]:
    parts = []
    if params.get("complete") == "1":
        parts.append("is:complete")
    elif params.get("complete") == "0":
        parts.append("is:incomplete")
    if params.get("unofficial") == "1":
        parts.append("(is:official or is:unofficial)")
    return parts
