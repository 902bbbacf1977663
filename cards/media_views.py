"""Pictures: media files served from the storage, and the generated practice-card face."""

from __future__ import annotations

import mimetypes

from django.core.exceptions import SuspiciousFileOperation
from django.core.files.storage import default_storage
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
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
    """The generated face of any card, in the language the URL names (``?lang=en``: the
    pages ask for their own, so a cached picture never shows the other language)."""
    card = get_object_or_404(Card, slug=slug)
    asked = request.GET.get("lang")
    lang = asked or get_language() or "hu"
    response = HttpResponse(card_face_svg(card, "en" if lang.startswith("en") else "hu"),
                            content_type="image/svg+xml; charset=utf-8")
    if not asked:  # the language came from the person's cookie or browser
        patch_vary_headers(response, ["Cookie", "Accept-Language"])
    return response
