"""How a query was understood: a structured tree plus a sentence in English and Hungarian."""

from __future__ import annotations

from typing import Any

from cards.query import keywords as kw
from cards.query.ast import And, Node, Not, OrderKey, ParseResult, Term
from cards.query.compile import mentions_officiality
from cards.query.printer import to_text

_OPS_EN = {
    "=": "is",
    "<": "is less than",
    "<=": "is at most",
    ">": "is more than",
    ">=": "is at least",
}
_OPS_HU = {"=": "=", "<": "<", "<=": "≤", ">": ">", ">=": "≥"}
_FLAG_EN = {
    "official": "is official",
    "unofficial": "is unofficial",
    "complete": "has complete data",
    "incomplete": "has incomplete data",
    "variable": "has a variable cost",
}
_FLAG_HU = {
    "official": "hivatalos",
    "unofficial": "nem hivatalos",
    "complete": "adatai teljesek",
    "incomplete": "adatai hiányosak",
    "variable": "ára változó",
}


def _value_names(t: Term) -> tuple[str, str]:
    info = kw.value_info(t.field, str(t.value))
    if info is None:
        return str(t.value), str(t.value)
    return info.en, info.hu


def _term_sentence(t: Term) -> tuple[str, str]:
    spec = kw.FIELDS[t.field]
    en_val, hu_val = _value_names(t)
    if t.field == "is":
        return _FLAG_EN[str(t.value)], _FLAG_HU[str(t.value)]
    if t.value == "?" and t.field != "name":
        return f"{spec.label_en} is unknown", f"{spec.label_hu} ismeretlen"
    if spec.kind == kw.NUMBER:
        return (
            f"{spec.label_en} {_OPS_EN[t.op]} {t.value}",
            f"{spec.label_hu} {_OPS_HU[t.op]} {t.value}",
        )
    if spec.kind == kw.TEXT:
        verb_en = "starts with" if t.field == "set" else "contains"
        verb_hu = "kezdete" if t.field == "set" else "tartalmazza:"
        return (f"{spec.label_en} {verb_en} “{t.value}”", f"{spec.label_hu} {verb_hu} „{t.value}”")
    if t.field == "rarity" and t.op != ":":
        return (f"rarity {_OPS_EN[t.op]} {en_val}", f"ritkaság {_OPS_HU[t.op]} {hu_val}")
    if t.field == "ability":
        return f"has the ability {en_val}", f"képessége: {hu_val}"
    return f"{spec.label_en} is {en_val}", f"{spec.label_hu}: {hu_val}"


def _sentence(node: Node, nested: bool = False) -> tuple[str, str]:
    if isinstance(node, Term):
        return _term_sentence(node)
    if isinstance(node, Not):
        en, hu = _sentence(node.child, nested=True)
        if isinstance(node.child, Term):
            en, hu = f"({en})", f"({hu})"
        return f"not {en}", f"nem {hu}"
    parts = [_sentence(c, nested=True) for c in node.children]
    sep_en, sep_hu = (" and ", " és ") if isinstance(node, And) else (" or ", " vagy ")
    en = sep_en.join(p[0] for p in parts)
    hu = sep_hu.join(p[1] for p in parts)
    return (f"({en})", f"({hu})") if nested else (en, hu)


def _tree(node: Node) -> dict[str, Any]:
    if isinstance(node, Term):
        spec = kw.FIELDS[node.field]
        en_val, hu_val = _value_names(node)
        return {
            "kind": "term",
            "field": node.field,
            "op": node.op,
            "value": node.value,
            "label_en": spec.label_en,
            "label_hu": spec.label_hu,
            "value_en": en_val,
            "value_hu": hu_val,
        }
    if isinstance(node, Not):
        return {"kind": "not", "child": _tree(node.child)}
    kind = "and" if isinstance(node, And) else "or"
    return {"kind": kind, "children": [_tree(c) for c in node.children]}


def _order_sentence(order: tuple[OrderKey, ...]) -> tuple[str, str]:
    if not order:
        return "sorted by name", "név szerint rendezve"
    en = ", ".join(
        f"{kw.FIELDS[k.field].label_en} ({'descending' if k.descending else 'ascending'})"
        for k in order
    )
    hu = ", ".join(
        f"{kw.FIELDS[k.field].label_hu} ({'csökkenő' if k.descending else 'növekvő'})"
        for k in order
    )
    return f"sorted by {en}", f"rendezés: {hu}"


def explain(result: ParseResult, official_only_default: bool = True) -> dict[str, Any]:
    """`official_only_default`: whether the caller hides unofficial cards unless the query
    mentions officiality (what the card search view does)."""
    node = result.query
    official_only = official_only_default and not mentions_officiality(result)
    if node is None:
        en, hu = "All cards", "Minden lap"
    else:
        cond_en, cond_hu = _sentence(node)
        en, hu = f"Cards where {cond_en}", f"Lapok, ahol {cond_hu}"
    if official_only:
        en += ", official cards only"
        hu += ", csak hivatalos lapok"
    order_en, order_hu = _order_sentence(result.order)
    return {
        "query": _tree(node) if node is not None else None,
        "order": [{"field": k.field, "descending": k.descending} for k in result.order],
        "official_only": official_only,
        "canonical": to_text(result),
        "warnings": [w.as_dict() for w in result.warnings],
        "text_en": f"{en}, {order_en}.",
        "text_hu": f"{hu}, {order_hu}.",
    }
