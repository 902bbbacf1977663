"""Page-number pagination that says no to page numbers it cannot read.

DRF's own falls back to the first page (or the default size) when ``page_size`` is not a
number, and answers ``page=abc`` with a 404: a client with a typo silently gets other data
than it asked for. Here ``page`` and ``page_size`` are whole numbers from 1 (``page_size``
up to 500), anything else is a 400 ``invalid_parameter`` naming the parameter, and a page
past the last one is a 404 ``not_found`` (as documented in the schema).
"""

from __future__ import annotations

from typing import Any

from rest_framework import pagination

from web.api.errors import ApiError

MAX_PAGE_SIZE = 500


def _positive(request: Any, name: str, most: int | None) -> int | None:
    raw = request.query_params.get(name)
    if raw is None:
        return None
    if not (raw.isascii() and raw.isdigit()) or int(raw) < 1 or (most and int(raw) > most):
        bound = f"1 to {most}" if most else "a whole number from 1"
        raise ApiError("invalid_parameter", f"{name}: {bound}", 400,
                       {"parameter": name, "value": raw[:50]})
    return int(raw)


class PageNumberPagination(pagination.PageNumberPagination):
    """``count/next/previous/results``; clients may ask for up to 500 per page."""

    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE
    last_page_strings = ()  # (undocumented: a page is a number)

    def paginate_queryset(self, queryset: Any, request: Any, view: Any = None) -> Any:
        _positive(request, self.page_query_param, None)
        _positive(request, self.page_size_query_param, MAX_PAGE_SIZE)
        return super().paginate_queryset(queryset, request, view)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        params = super().get_schema_operation_parameters(view)
        for param in params:
            param["schema"] = {"type": "integer", "minimum": 1}
            if param["name"] == self.page_size_query_param:
                param["schema"]["maximum"] = MAX_PAGE_SIZE
                param["description"] = f"Results per page (1 to {MAX_PAGE_SIZE}; default 50)."
            else:
                param["description"] = "Page number, from 1 (past the last page: 404)."
        return params
