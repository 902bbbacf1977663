"""A request id on every API answer (and the throttle's IETF ``RateLimit`` headers where
one counted the request): the client's ``X-Request-ID`` when it is a
sensible token, else a new one; echoed in the ``X-Request-ID`` header and, in an error
answer, as ``error.request_id``, so a client's log line and the server's can be matched."""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

from web.server.middleware import BothModes

HEADER = "X-Request-ID"
_META = "HTTP_X_REQUEST_ID"
_SENSIBLE = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")


def request_id(request: Any) -> str:
    given = request.META.get(_META, "")
    return given if _SENSIBLE.match(given) else uuid.uuid4().hex


def tag(request: Any, response: Any) -> Any:
    if not request.path.startswith("/api/"):
        return response
    rid = getattr(request, "request_id", None) or request_id(request)
    response[HEADER] = rid
    limit = getattr(request, "kaosz_rate_limit", None)
    if limit is not None:  # (set by web.api.throttling: the tightest limit it counted)
        scope, quota, remaining, window, reset = limit
        response["RateLimit-Policy"] = f'"{scope}";q={quota};w={window}'
        response["RateLimit"] = f'"{scope}";r={remaining};t={reset}'
    if response.status_code >= 400 and not getattr(response, "streaming", False) and \
            response.get("Content-Type", "").startswith("application/json"):
        try:
            body = json.loads(response.content)
        except ValueError:
            return response
        if isinstance(body, dict) and isinstance(body.get("error"), dict):
            body["error"]["request_id"] = rid
            response.content = json.dumps(body, ensure_ascii=False,
                                          separators=(",", ":")).encode()
            if response.has_header("Content-Length"):
                response["Content-Length"] = str(len(response.content))
    return response


class RequestIdMiddleware(BothModes):
    def before(self, request: Any) -> None:
        request.request_id = request_id(request)
        return None

    def after(self, request: Any, response: Any) -> Any:
        return tag(request, response)
