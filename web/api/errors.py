"""The one error shape: ``{"error": {"code", "message", "details"}}`` everywhere.

Every DRF exception, every ``ApiError`` raised by our code, and Django's own 404/500 on
``/api/`` paths come out in this shape with the right HTTP status.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404, JsonResponse
from django.utils import translation
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from web.api.domain_status import status_of
from web.domain import DomainError
from web.error_catalogue import CODES


class ApiError(exceptions.APIException):
    """An error with a stable code, raised anywhere in a view."""

    def __init__(self, code: str, message: str, status_code: int = 400,
                 details: dict[str, Any] | None = None) -> None:
        super().__init__(detail=message, code=code)
        self.status_code = status_code
        self.error_code = code
        self.message = message
        self.details = details or {}


# The one retry hint (`retry_after_seconds` on 429 but `retry_after` on 503):
# every 429 and 503 carries `details.retry_after_seconds` and the same `Retry-After`
# header. A refusal that knows no better time (a limit on running things) gives these.
DEFAULT_RETRY_SECONDS = {429: 30, 503: 5}


def retry_details(status_code: int, details: dict[str, Any] | None) -> dict[str, Any]:
    """``details`` with the retry hint added for a 429 or 503 that has none."""
    details = dict(details or {})
    if status_code in DEFAULT_RETRY_SECONDS:
        details.setdefault("retry_after_seconds", DEFAULT_RETRY_SECONDS[status_code])
    return details


def with_retry_after(response: Any, details: dict[str, Any]) -> Any:
    seconds = details.get("retry_after_seconds")
    if seconds is not None:
        response["Retry-After"] = str(int(seconds))
    return response


def bad_input_details(message: str, details: dict[str, Any]) -> dict[str, Any]:
    """One details shape for bad input (`fields`, `field` and `parameter` were
    three): whatever names the input also gives ``fields: {name: [message]}``, as a body
    field's refusal does. (`parameter` and `field` stay, for the clients that read them.)"""
    name = details.get("parameter") or details.get("field")
    if isinstance(name, str) and "fields" not in details:
        text = message.split(": ", 1)[1] if message.startswith(f"{name}: ") else message
        return {**details, "fields": {name: [text]}}
    return details


def error_body(code: str, message: str, details: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"error": {"code": code, "message": spoken(code, message),
                      "details": details or {}}}


def spoken(code: str, message: str) -> str:
    """The message in the answer's language: with ``Accept-Language: hu`` the code's
    Hungarian sentence from the catalogue (the facts stay in ``details``). A validation
    message is Django's or DRF's own, already translated, and more precise than the code's
    general sentence, so it is kept."""
    if code == "invalid" or not (translation.get_language() or "").startswith("hu"):
        return message
    entry = CODES.get(code)
    return entry.hu if entry is not None and entry.hu else message


def error_response(code: str, message: str, status_code: int,
                   details: dict[str, Any] | None = None) -> Response:
    details = bad_input_details(message, retry_details(status_code, details))
    return with_retry_after(Response(error_body(code, message, details), status=status_code),
                            details)


_CODES: dict[type, str] = {
    exceptions.ParseError: "malformed_request",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.PermissionDenied: "permission_denied",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
    exceptions.ValidationError: "invalid",
}


def _flatten(detail: Any) -> Any:
    """ErrorDetail trees -> plain JSON (strings keep their text)."""
    if isinstance(detail, dict):
        return {str(k): _flatten(v) for k, v in detail.items()}
    if isinstance(detail, list):
        return [_flatten(v) for v in detail]
    return str(detail)


def _first_message(detail: Any) -> str:
    if isinstance(detail, dict):
        for key, value in detail.items():
            inner = _first_message(value)
            return inner if key == "non_field_errors" else f"{key}: {inner}"
        return "Invalid input."
    if isinstance(detail, list):
        return _first_message(detail[0]) if detail else "Invalid input."
    return str(detail)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if isinstance(exc, DomainError):  # a service's refusal: its code's status (one table)
        return error_response(exc.code, exc.message, status_of(exc), exc.details)
    if isinstance(exc, ApiError):
        return error_response(exc.error_code, exc.message, exc.status_code, exc.details)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    assert isinstance(exc, exceptions.APIException)
    code = getattr(exc, "error_code", None) or \
        next((c for t, c in _CODES.items() if isinstance(exc, t)), "error")
    details: dict[str, Any] = {}
    if isinstance(exc, exceptions.ValidationError):
        flat = _flatten(exc.detail)
        details = {"fields": flat} if isinstance(flat, dict) else {"errors": flat}
        message = _first_message(exc.detail)
    else:
        message = str(exc.detail)
    # (Throttled.wait is set by DRF's __init__; the DRF stubs leave the attribute out)
    wait: float | None = getattr(exc, "wait", None) \
        if isinstance(exc, exceptions.Throttled) else None
    if wait is not None:
        details["retry_after_seconds"] = max(1, int(wait + 0.999))
    details = retry_details(response.status_code, details)
    response.data = error_body(code, message, details)
    return with_retry_after(response, details)


def json_404(request, exception=None) -> JsonResponse:
    return JsonResponse(error_body("not_found", "Not found."), status=status.HTTP_404_NOT_FOUND)


def json_500(request) -> JsonResponse:
    return JsonResponse(error_body("server_error", "Internal server error."), status=500)
