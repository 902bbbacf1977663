"""One search entry point for the API and the pages: query text -> queryset + warnings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet

from cards.models import Card
from cards.query import compile_query, mentions_officiality, parse


@dataclass
class SearchResult:
    queryset: QuerySet
    warnings: list[dict[str, Any]] = field(default_factory=list)
    ast: Any = None
    personal: bool = False  # depends on who asks (owned counts): never shared in a cache


def search_cards(text: str | None, user=None, base: QuerySet | None = None,
                 include_unofficial: bool = False) -> SearchResult:
    """Parse and apply a query. Raises ``cards.query.QuerySyntaxError`` on bad syntax.

    Unofficial (practice) cards are left out unless the query asks about officiality or sets.
    """
    qs = base if base is not None else Card.objects.all()
    text = (text or "").strip()
    if not text:
        if not include_unofficial:
            qs = qs.filter(official=True)
        return SearchResult(qs.order_by("name_hu", "slug"))
    parsed = parse(text)
    q, order_by, annotations, warnings = compile_query(parsed, user=user)
    if annotations:
        qs = qs.annotate(**annotations)
    qs = qs.filter(q)
    if not include_unofficial and not mentions_officiality(parsed):
        qs = qs.filter(official=True)
    return SearchResult(qs.order_by(*order_by), [w.as_dict() for w in warnings], parsed,
                        personal=bool(annotations))
