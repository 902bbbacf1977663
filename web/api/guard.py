"""Malformed input is refused at the door, in the one error shape, before any view sees it.

What reached the views and became a 500 (fuzzing): NUL characters and lone
surrogates in query strings and JSON bodies (PostgreSQL refuses NUL in text, and a lone
surrogate cannot be encoded to UTF-8 at all), JSON nested a thousand levels deep (the
parser's recursion limit), and bodies over ``DATA_UPLOAD_MAX_MEMORY_SIZE``, which Django
answers with an HTML 400.

``InputGuardMiddleware`` checks every request's query string (pages too: a page's search
would meet the same database) and the declared body size (``web.body_limit``). The API's parsers
(``web.api.parsers``) check depth, NUL and surrogates on every parsed body.
"""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings
from django.core.exceptions import TooManyFieldsSent
from django.http import HttpRequest, HttpResponse, JsonResponse

from web import body_limit
from web.server.middleware import BothModes

MAX_JSON_DEPTH = 32
# NUL and any UTF-16 surrogate code point (only lone ones survive decoding).
_BAD_CHARS = re.compile("[\x00\ud800-\udfff]")
API_PREFIX = "/api/"


def error_body(code: str, message: str, details: dict[str, Any] | None = None) -> dict[str, Any]:
    # (web.api.errors' shape; not imported from there: that module loads DRF's views,
    # which load the parsers in web.api.parsers, which import this module)
    return {"error": {"code": code, "message": message, "details": details or {}}}


def bad_text(value: str) -> bool:
    return _BAD_CHARS.search(value) is not None


def _check_document(value: Any, depth: int = 1) -> str | None:
    """Why the parsed JSON document is refused, or ``None``."""
    if depth > MAX_JSON_DEPTH:
        return f"the JSON document is nested more than {MAX_JSON_DEPTH} levels deep"
    if isinstance(value, str):
        return "a string contains a NUL character or a lone surrogate" \
            if bad_text(value) else None
    if isinstance(value, dict):
        for key, item in value.items():
            if bad_text(key):
                return "a key contains a NUL character or a lone surrogate"
            if isinstance(item, (dict, list, str)):
                why = _check_document(item, depth + 1)
                if why:
                    return why
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, (dict, list, str)):
                why = _check_document(item, depth + 1)
                if why:
                    return why
    return None


def check_document(value: Any) -> str | None:
    try:
        return _check_document(value)
    except RecursionError:
        return f"the JSON document is nested more than {MAX_JSON_DEPTH} levels deep"


def _query_problem(request: HttpRequest) -> str | None:
    # Django decodes the query string leniently (invalid UTF-8 becomes U+FFFD), so what is
    # left to refuse is NUL and a surrogate that came in already decoded (%ED%A0%80 in
    # latin-1 terms) or as a raw code point.
    for key, values in request.GET.lists():
        if bad_text(key) or any(bad_text(v) for v in values):
            return "the query string contains a NUL character or a lone surrogate"
    return None


def _too_big(request: HttpRequest) -> int | None:
    """The limit, when the declared body is longer (``web.body_limit``: a multipart
    upload has its own, larger limit); else None. Pages too: under WSGI a multipart body
    is otherwise streamed to temporary files in full before a view sees it."""
    length = body_limit.declared_length(str(request.META.get("CONTENT_LENGTH") or ""))
    limit = body_limit.limit_for(str(request.META.get("CONTENT_TYPE") or ""))
    return limit if length is not None and length > limit else None


def refusal(request: HttpRequest) -> HttpResponse | None:
    """The answer to a malformed request, or None to let it through."""
    api = request.path_info.startswith(API_PREFIX)
    if request.META.get("QUERY_STRING"):
        details: dict[str, Any] = {"where": "query"}
        try:
            why = _query_problem(request)
        except TooManyFieldsSent:  # (Django's own answer is an HTML 400)
            most = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
            why = f"the query string has more than {most} parameters"
            details["max_parameters"] = most
        if why:
            if api:
                return JsonResponse(error_body("malformed_request", why, details), status=400)
            return HttpResponse(why, status=400, content_type="text/plain; charset=utf-8")
    if bad_text(request.path_info):
        if api:
            return JsonResponse(error_body("malformed_request", "the path contains a NUL "
                                           "character or a lone surrogate"), status=400)
        return HttpResponse("bad path", status=400, content_type="text/plain; charset=utf-8")
    too_big = _too_big(request)
    if too_big is not None:
        return body_limit.refusal(request.path_info, too_big)
    return None


class InputGuardMiddleware(BothModes):
    def before(self, request: HttpRequest) -> HttpResponse | None:
        return refusal(request)
