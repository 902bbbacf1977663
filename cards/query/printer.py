"""Canonical text for an AST: English keywords, vocabulary keys, minimal parentheses.

`parse(to_text(r)) == r` for every canonical `ParseResult` (see tests/cards/test_query_roundtrip.py).
"""

from __future__ import annotations

import re

from cards.query import keywords as kw
from cards.query.ast import And, Node, Not, Or, OrderKey, ParseResult, Term
from cards.query.normalize import fold

# A bare name word must not look like anything else: no operator, quote, paren or leading '-'.
_BARE_WORD = re.compile(r"[^\s\"()\\:<>=!\-][^\s\"()\\:<>=!]*")
_BARE_VALUE = re.compile(r"[^\s\"()\\]+")


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _name(value: str) -> str:
    bare = _BARE_WORD.fullmatch(value) and fold(value) not in kw.OR_WORDS | kw.AND_WORDS
    return value if bare else quote(value)


def _value(value: str | int) -> str:
    text = str(value)
    return text if _BARE_VALUE.fullmatch(text) else quote(text)


def term_text(term: Term) -> str:
    if term.field == "name":
        return _name(str(term.value))
    return f"{term.field}{term.op}{_value(term.value)}"


def node_text(node: Node) -> str:
    if isinstance(node, Term):
        return term_text(node)
    if isinstance(node, Not):
        child = node.child
        inner = node_text(child)
        return "-" + (f"({inner})" if isinstance(child, And | Or) else inner)
    if isinstance(node, And):
        # Nested And/Or keep their parentheses so the tree shape survives a round trip.
        return " ".join(
            f"({node_text(c)})" if isinstance(c, And | Or) else node_text(c) for c in node.children
        )
    if isinstance(node, Or):
        return " or ".join(
            f"({node_text(c)})" if isinstance(c, Or) else node_text(c) for c in node.children
        )
    raise TypeError(f"not a query node: {node!r}")


def order_text(order: tuple[OrderKey, ...]) -> str:
    if not order:
        return ""
    return "order:" + ",".join(("-" if k.descending else "") + k.field for k in order)


def to_text(query: ParseResult | Node | None) -> str:
    """Canonical query text for a parse result or a bare node (None -> "")."""
    if isinstance(query, ParseResult):
        parts = [node_text(query.query) if query.query is not None else "", order_text(query.order)]
        return " ".join(p for p in parts if p)
    return node_text(query) if query is not None else ""
