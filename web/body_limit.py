"""How large a request body may be, decided before it is read.

Django's ASGI handler reads a request's whole body into a spooled temporary file before any
middleware runs, so the guard's 413 came after the server had written all of it to disk
(400 MB, anonymous, in the audit). ``web.server.threads`` refuses a body whose
``Content-Length`` is far over the limit without reading a byte of it, and stops keeping a
body without one (chunked) at the limit; a body a little over the limit is read to its end
and thrown away, never kept, so that the client hears the 413 (``LINGER_FACTOR``).
``web.api.guard`` refuses the declared length under WSGI too, where a multipart upload
would otherwise be streamed to disk in full.

The limit: ``DATA_UPLOAD_MAX_MEMORY_SIZE`` for a body that Django holds in memory anyway
(JSON, a form), ``KAOSZ_MAX_UPLOAD_BYTES`` for ``multipart/form-data`` (the largest picture
upload, ``CARD_IMAGE_MAX_BYTES``, and a megabyte for the form around it, by default).
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from collections.abc import Awaitable, Callable
from typing import IO, Any

from django.conf import settings
from django.core.exceptions import RequestAborted
from django.http import HttpResponse, JsonResponse

from web.numbers import whole

API_PREFIX = "/api/"

# Most clients send the whole body before they read the answer (Python's http.client,
# requests, a page's fetch): when the server closes on a body it has not read, they get a
# broken pipe or a reset, never the 413. So a body up to LINGER_FACTOR times the limit is read
# and thrown away before the answer, for at most LINGER_SECONDS (nginx's lingering close); a
# longer one, or one whose client waits for "100 Continue", is answered without reading it.
LINGER_FACTOR = 4
LINGER_SECONDS = 5.0


class BodyTooLarge(Exception):
    """The body went past ``limit`` while it was being read."""

    def __init__(self, limit: int) -> None:
        super().__init__(limit)
        self.limit = limit


def upload_limit() -> int:
    return int(getattr(settings, "KAOSZ_MAX_UPLOAD_BYTES", 0)
               or settings.CARD_IMAGE_MAX_BYTES + 1024 * 1024)


def limit_for(content_type: str) -> int:
    if content_type.lower().startswith("multipart/form-data"):
        return upload_limit()
    return int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE or upload_limit())


def _header(scope: dict[str, Any], name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return value.decode("latin-1")
    return ""


def scope_limit(scope: dict[str, Any]) -> int:
    return limit_for(_header(scope, b"content-type"))


def declared_length(raw: str) -> int | None:
    """The declared body length, or None (absent or unreadable: the reader counts)."""
    return whole(raw.strip())


def declared_too_large(scope: dict[str, Any]) -> int | None:
    """The limit, when the request declares a longer body; else None."""
    limit = scope_limit(scope)
    length = declared_length(_header(scope, b"content-length"))
    return limit if length is not None and length > limit else None


def worth_lingering(scope: dict[str, Any], limit: int) -> bool:
    """Whether to read a declared over-limit body before refusing it (see LINGER_FACTOR)."""
    if _header(scope, b"expect").strip().lower() == "100-continue":
        return False  # (the client waits for our answer before it sends the body)
    length = declared_length(_header(scope, b"content-length"))
    return length is not None and length <= LINGER_FACTOR * limit


async def discard_rest(receive: Callable[[], Awaitable[dict[str, Any]]], budget: int,
                       seconds: float = LINGER_SECONDS) -> None:
    """Read the rest of a refused body and keep none of it: until its end, ``budget`` bytes,
    ``seconds`` or the client's leaving, whichever comes first."""
    deadline = time.monotonic() + seconds
    size = 0
    while size <= budget:
        left = deadline - time.monotonic()
        if left <= 0:
            return
        try:
            message = await asyncio.wait_for(receive(), left)
        except TimeoutError:
            return
        if message["type"] == "http.disconnect":
            return
        size += len(message.get("body", b""))
        if not message.get("more_body", False):
            return


def refusal(path: str, limit: int) -> HttpResponse:
    """413 in the API's error shape, or a short page; the connection is not kept (what is
    left of a longer body is not read)."""
    if path.startswith(API_PREFIX):
        response: HttpResponse = JsonResponse({"error": {
            "code": "request_too_large",
            "message": f"the request body is larger than {limit} bytes",
            "details": {"max_bytes": limit}}}, status=413)
    else:
        response = HttpResponse(
            f"A kérés túl nagy (legfeljebb {limit} bájt). / The request is too large "
            f"(at most {limit} bytes).", status=413, content_type="text/plain; charset=utf-8")
    response["Connection"] = "close"
    return response


async def read_limited(receive: Callable[[], Awaitable[dict[str, Any]]],
                       limit: int) -> IO[bytes]:
    """Django's ``ASGIHandler.read_body``, stopping with :class:`BodyTooLarge` as soon as
    the body passes ``limit`` bytes (a chunked body declares no length)."""
    body_file = tempfile.SpooledTemporaryFile(  # noqa: SIM115 - handed to the request
        max_size=settings.FILE_UPLOAD_MAX_MEMORY_SIZE,
        mode="w+b")
    size = 0
    try:
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                raise RequestAborted()
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                raise BodyTooLarge(limit)
            if chunk:
                body_file.write(chunk)
            if not message.get("more_body", False):
                break
    except BaseException:
        body_file.close()
        raise
    body_file.seek(0)
    return body_file  # type: ignore[return-value]  # (a spooled file is a binary file)
