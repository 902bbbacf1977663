"""The language of API answers: English unless the request's ``Accept-Language`` asks for
Hungarian (the README promised English, but the API followed the site's
Hungarian default and the language cookie, so a bot got Hungarian validation messages and
a 429 in two languages). Pages keep Django's choice (cookie, header, Hungarian first)."""

from __future__ import annotations

from datetime import UTC
from typing import Any

from django.middleware.locale import LocaleMiddleware as DjangoLocaleMiddleware
from django.utils import timezone, translation
from django.utils.translation import trans_real

API_PREFIX = "/api/"
API_DEFAULT_LANGUAGE = "en"


def api_language(header: str) -> str:
    """The first supported language of an ``Accept-Language`` header, else English."""
    for wanted, _quality in trans_real.parse_accept_lang_header(header):
        if wanted == "*":
            break
        try:
            return translation.get_supported_language_variant(wanted)
        except LookupError:
            continue
    return API_DEFAULT_LANGUAGE


class LocaleMiddleware(DjangoLocaleMiddleware):
    """Also the API's time zone: UTC, so every timestamp ends in ``Z`` (those
    from serializers came in the site's zone, ``+01:00``, the rest in UTC)."""

    def process_request(self, request: Any) -> None:
        if request.path.startswith(API_PREFIX):
            translation.activate(api_language(request.META.get("HTTP_ACCEPT_LANGUAGE", "")))
            request.LANGUAGE_CODE = translation.get_language()
            timezone.activate(UTC)
            return
        super().process_request(request)

    def process_response(self, request: Any, response: Any) -> Any:
        if request.path.startswith(API_PREFIX):
            timezone.deactivate()  # (the thread serves pages next, in the site's zone)
        return super().process_response(request, response)
