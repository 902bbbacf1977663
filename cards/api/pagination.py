"""Search pagination whose page count is cached per catalogue version.

Counting every match is the costly part of a wide search (`o:pajzs` over a large catalogue
reads every row); the next page, or the same search in another order, has the same count.
The key is the count's SQL and parameters under the catalogue version, so a change to the
catalogue is never answered with an old count. Counts that depend on the user (owned
copies change without a catalogue change) are not cached: the view gives no key for them.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import EmptyResultSet
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.utils.functional import cached_property

from cards import cache as search_cache
from web.api.pagination import PageNumberPagination


class CountCachingPaginator(Paginator):
    def __init__(self, object_list: Any, per_page: int, count_version: int | None) -> None:
        super().__init__(object_list, per_page)
        self.count_version = count_version

    @cached_property
    def count(self) -> int:
        if self.count_version is None or not isinstance(self.object_list, QuerySet):
            return super().count
        try:
            sql, params = self.object_list.order_by().query.sql_with_params()
        except EmptyResultSet:  # a query Django knows matches nothing: no SQL to key on
            return super().count
        key = search_cache.response_key("count", self.count_version,
                                        [("sql", sql), ("params", repr(params))])
        entry = search_cache.get(key)
        if entry is not None:
            return int(entry.body)
        count = super().count
        search_cache.put(key, str(count).encode())
        return count


class SearchPagination(PageNumberPagination):
    count_version: int | None = None  # set by the view when the count may be cached

    # DRF only calls it, as a factory: a method serves where its stubs say a class
    def django_paginator_class(  # type: ignore[override]
            self, object_list: Any, per_page: int) -> Paginator:
        return CountCachingPaginator(object_list, per_page, self.count_version)

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        # The search adds the parts of `q` it ignored (sent but undeclared).
        out = super().get_paginated_response_schema(schema)
        out["required"] = [*out.get("required", []), "warnings"]
        out["properties"]["warnings"] = {**QUERY_WARNINGS, "example": []}
        return out


QUERY_WARNINGS: dict[str, Any] = {
    "type": "array", "description": "Parts of `q` that were ignored, and why.",
    "items": {"type": "object", "required": ["code", "message", "message_hu", "position",
                                             "length"],
              "properties": {
                  "code": {"type": "string", "description": "unknown_keyword, unknown_value, "
                           "ambiguous_value, bad_operator, needs_login, …"},
                  "message": {"type": "string", "description": "English."},
                  "message_hu": {"type": "string", "description": "Hungarian."},
                  "position": {"type": "integer", "nullable": True,
                               "description": "Where in `q` (0-based), if known."},
                  "length": {"type": "integer"}}}}
