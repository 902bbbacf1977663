"""The Content-Security-Policy of every answer, and the nonce of each page.

Pages: scripts only from this origin or carrying the page's nonce (``nonce="{{ csp_nonce
}}"`` on an inline ``<script>``; no inline event handler attributes, no ``eval``), and
nothing of the site may be framed, nor a form sent elsewhere. Styles may be inline (the
pages and Swagger UI set ``style``); that lets nothing run.

SVG (the generated card faces, the favicon, anything served as ``image/svg+xml``): no
script, no requests at all, sandboxed: opened on its own, a picture with a script in it
(card face) does nothing on our origin.

An answer that set its own policy keeps it. The nonce is made when a template first asks
for it (the ``csp_nonce`` context variable), so a JSON answer costs nothing.
"""

from __future__ import annotations

import os
import secrets
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from web.server.middleware import BothModes

HEADER = "Content-Security-Policy"
SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
# (worker-src blob: for ReDoc's search worker; img-src adds where card pictures live when
# that is not this origin: an S3-compatible store or a CDN)
PAGE_POLICY = ("default-src 'self'; script-src 'self'{nonce}; style-src 'self' "
               "'unsafe-inline'; img-src 'self' data: blob:{media}; font-src 'self' data:; "
               "connect-src 'self'; worker-src 'self' blob:; object-src 'none'; "
               "base-uri 'self'; form-action 'self'; frame-ancestors 'none'")


def _media_origin() -> str:
    """Where card pictures come from when not from this origin (settings' MEDIA_*)."""
    if os.environ.get("MEDIA_S3_BUCKET") and os.environ.get("MEDIA_S3_CUSTOM_DOMAIN"):
        return " https://" + os.environ["MEDIA_S3_CUSTOM_DOMAIN"].strip("/")
    if os.environ.get("MEDIA_S3_BUCKET"):
        endpoint = urlsplit(os.environ.get("MEDIA_S3_ENDPOINT_URL") or "")
        # (boto3's own URLs name the bucket in the host name: any https host, as before)
        return f" {endpoint.scheme}://{endpoint.netloc}" if endpoint.netloc else " https:"
    media = urlsplit(str(settings.MEDIA_URL))
    return f" {media.scheme}://{media.netloc}" if media.netloc else ""
_NONCE_ATTR = "_kaosz_csp_nonce"


def _nonce_of(request: HttpRequest) -> str:
    # (a DRF view's template sees DRF's Request: the nonce belongs on Django's own)
    request = getattr(request, "_request", request)
    nonce = getattr(request, _NONCE_ATTR, None)
    if nonce is None:
        nonce = secrets.token_urlsafe(18)
        setattr(request, _NONCE_ATTR, nonce)
    return nonce


def context(request: HttpRequest) -> dict[str, Any]:
    """Template context processor: ``csp_nonce``, made on first use."""
    return {"csp_nonce": SimpleLazyObject(lambda: _nonce_of(request))}


def policy_for(request: HttpRequest, response: Any) -> str:
    content_type = str(response.get("Content-Type", "")).split(";")[0].strip().lower()
    if content_type == "image/svg+xml":
        return SVG_POLICY
    nonce = getattr(request, _NONCE_ATTR, None)
    return PAGE_POLICY.format(nonce=f" 'nonce-{nonce}'" if nonce else "", media=_MEDIA)


_MEDIA = _media_origin()


def _apply(request: HttpRequest, response: Any) -> Any:
    if HEADER not in response:
        response[HEADER] = policy_for(request, response)
    return response


class ContentSecurityPolicyMiddleware(BothModes):
    def after(self, request: HttpRequest, response: Any) -> Any:
        return _apply(request, response)
