"""Pictures: media files served from the storage, and the generated practice-card face."""

from __future__ import annotations

import mimetypes

from django.core.exceptions import SuspiciousFileOperation
from django.core.files.storage import default_storage
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.cache import cache_control

from cards.face import card_face_svg
from cards.models import Card


@cache_control(max_age=86400, public=True)
def media(request: HttpRequest, path: str) -> FileResponse:
    """Uploaded pictures from the default storage (local files; S3 serves its own URLs)."""
    if not path.startswith("cards/") or ".." in path.split("/"):
        raise Http404
    try:
        handle = default_storage.open(path, "rb")
    except (FileNotFoundError, SuspiciousFileOperation, OSError) as exc:
        raise Http404 from exc
    content_type = mimetypes.guess_type(path)[0] or "application/octet-stream"
    response = FileResponse(handle, content_type=content_type)
    response["X-Content-Type-Options"] = "nosniff"
    return response


@cache_control(max_age=3600, public=True)
def face(request: HttpRequest, slug: str) -> HttpResponse:
    card = get_object_or_404(Card, slug=slug, official=False)
    return HttpResponse(card_face_svg(card), content_type="image/svg+xml; charset=utf-8")
