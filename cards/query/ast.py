"""The query AST: small frozen dataclasses, so ASTs compare and hash by value.

Canonical forms the parser guarantees (and the printer relies on):
- `Term.field` is a canonical field name from `keywords.FIELDS`;
- text values are folded and single-spaced; enum/flag values are vocabulary keys;
- numeric terms use `=`, `<`, `<=`, `>`, `>=` (`:` becomes `=`, `!=` becomes `Not(=)`);
  other terms use `:` (`!=` becomes `Not(:)`); `cost=x` becomes `is:variable`;
- `And`/`Or` have at least two children; a parenthesised group stays a nested node.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from cards.query.errors import QueryWarning


@dataclass(frozen=True)
class Term:
    field: str
    op: str
    value: str | int


@dataclass(frozen=True)
class Not:
    child: Node


@dataclass(frozen=True)
class And:
    children: tuple[Node, ...]


@dataclass(frozen=True)
class Or:
    children: tuple[Node, ...]


Node = Union[Term, Not, And, Or]  # noqa: UP007 - a runtime alias used before 3.12 syntax


@dataclass(frozen=True)
class OrderKey:
    field: str  # an orderable canonical field name
    descending: bool = False


@dataclass(frozen=True)
class ParseResult:
    query: Node | None  # None: no filter (matches every card)
    order: tuple[OrderKey, ...] = ()
    warnings: tuple[QueryWarning, ...] = ()  # excluded from equality below

    def __eq__(self, other: object) -> bool:
        # Two parses mean the same thing when filter and order agree; warnings are commentary.
        if not isinstance(other, ParseResult):
            return NotImplemented
        return (self.query, self.order) == (other.query, other.order)

    def __hash__(self) -> int:
        return hash((self.query, self.order))


def walk(node: Node | None):
    """Every node, pre-order."""
    if node is None:
        return
    yield node
    if isinstance(node, Not):
        yield from walk(node.child)
    elif isinstance(node, And | Or):
        for child in node.children:
            yield from walk(child)
