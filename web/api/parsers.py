"""The API's body parsers: DRF's, plus the checks of ``web.api.guard`` on what they parsed.

(A module of its own: DRF's parser module reads the API settings, which name these classes.)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.core.exceptions import TooManyFieldsSent
from rest_framework.exceptions import ParseError
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser

from web.api.guard import MAX_JSON_DEPTH, bad_text, check_document


class GuardedJSONParser(JSONParser):
    """DRF's JSON parser, plus: no RecursionError (a 400), a depth limit, no NUL or lone
    surrogate in any string or key."""

    def parse(self, stream: Any, media_type: str | None = None,
              parser_context: Mapping[str, Any] | None = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError as exc:
            raise ParseError(f"JSON parse error - nested more than {MAX_JSON_DEPTH} "
                             "levels deep") from exc
        why = check_document(data)
        if why:
            raise ParseError(f"JSON parse error - {why}")
        return data


def _check_form(data: Any) -> None:
    for key, values in data.lists():
        if bad_text(key) or any(isinstance(v, str) and bad_text(v) for v in values):
            raise ParseError("form parse error - a field contains a NUL character or a lone "
                             "surrogate")


def _too_many_fields() -> ParseError:
    # (Django's TooManyFieldsSent, which DRF's form parser lets through as a 500 or an
    # HTML 400)
    return ParseError(f"form parse error - more than {settings.DATA_UPLOAD_MAX_NUMBER_FIELDS} "
                      "fields")


class GuardedFormParser(FormParser):
    def parse(self, stream: Any, media_type: str | None = None,
              parser_context: Mapping[str, Any] | None = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except TooManyFieldsSent as exc:
            raise _too_many_fields() from exc
        _check_form(data)
        return data


class GuardedMultiPartParser(MultiPartParser):
    def parse(self, stream: Any, media_type: str | None = None,
              parser_context: Mapping[str, Any] | None = None) -> Any:
        try:
            parsed = super().parse(stream, media_type, parser_context)
        except TooManyFieldsSent as exc:
            raise _too_many_fields() from exc
        _check_form(parsed.data)
        return parsed
