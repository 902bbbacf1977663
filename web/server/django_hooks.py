"""The places where the server (``web.server.threads``) leans on Django beyond its
documented API, in one module, each checked by ``tests/matches/test_django_hooks.py`` so
that a Django release that moves one fails that test instead of the live path.

Django documents no way to run a sync view's whole middleware chain in one trip to a
thread under ASGI, nor to refuse a body before it is read. The handler therefore
subclasses ``ASGIHandler`` and relies on:

- ``ASGIHandler.handle(scope, receive, send)`` (overridden), ``read_body(receive)``
  (overridden; Django's ``handle`` reads the body through it), ``create_request(scope,
  body_file)`` and ``send_response(response, send)``, ``chunk_size``;
- ``django.core.handlers.asgi.get_script_prefix(scope)``;
- ``BaseHandler().load_middleware(is_async=False)`` and ``get_response(request)`` for the
  sync chain;
- :func:`finished_by` below: a response's ``close()`` sends ``request_finished`` with the
  handler class Django's own handlers store on it.
"""

from __future__ import annotations

from typing import Any

from django.core.handlers.asgi import get_script_prefix
from django.http.response import HttpResponseBase

__all__ = ["finished_by", "get_script_prefix"]


def finished_by(response: HttpResponseBase, handler_class: type[Any]) -> None:
    """Let ``response.close()`` send ``request_finished`` as from ``handler_class`` (what
    Django's handlers do for the responses they serve)."""
    response._handler_class = handler_class  # type: ignore[attr-defined]
