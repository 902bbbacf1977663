"""The card query language: `parse` text, `compile_query` to a Django Q, `explain` it.

    result = parse("t:űrhajó cost<5 -race:ember order:-cost")
    q, order_by, annotations, warnings = compile_query(result, user=request.user)
    Card.objects.annotate(**annotations).filter(q).order_by(*order_by)

`parse` raises `QuerySyntaxError(message, position, length)` for unreadable text; anything it
reads but does not understand (unknown keyword or value) is dropped with a `QueryWarning`.
Importing this package needs no Django settings; only compiling `owned` terms touches models.
"""

from cards.query.ast import And, Node, Not, Or, OrderKey, ParseResult, Term
from cards.query.compile import compile_query, mentions_officiality
from cards.query.errors import QuerySyntaxError, QueryWarning
from cards.query.explain import explain
from cards.query.parser import parse
from cards.query.printer import to_text

__all__ = [
    "And",
    "Node",
    "Not",
    "Or",
    "OrderKey",
    "ParseResult",
    "Term",
    "QuerySyntaxError",
    "QueryWarning",
    "compile_query",
    "explain",
    "mentions_officiality",
    "parse",
    "to_text",
]
