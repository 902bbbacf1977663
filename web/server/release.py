"""Let go of a request's objects once its response is rendered.

Django and DRF leave a request's objects pointing at one another: the view keeps the
request and the response, the response's renderer context names the view, the request's
parser context names the view again, and ``AuthenticationMiddleware``'s lazy ``user`` and
the messages storage point back at the request. So every request (a match action's
events and legal actions: hundreds of lists and dicts) outlived itself as cyclic garbage,
and only the garbage collector, which holds up every thread of the process while it
walks, could free it; long-polls, alive across several collections, left theirs for the
slow full collection. Dropping those references once the response is rendered lets
reference counting free each request's objects as it ends.
"""

from __future__ import annotations

from typing import Any

from web.server.middleware import BothModes

# What Django's middleware hangs on a request that points back at it (closures over the
# request, storages holding it); nothing reads them once the response is rendered.
_REQUEST_BACK_REFERENCES = ("user", "auser", "_messages", "_cached_user")


class ReleaseRenderedPayload(BothModes):
    def after(self, request: Any, response: Any) -> Any:
        return release(request, response)


def release(request: Any, response: Any) -> Any:
    """Drop the references from ``request`` and ``response`` to each other (see above)."""
    # (a streamed or not yet rendered body may still need them)
    if not getattr(response, "streaming", False) and getattr(response, "is_rendered", True):
        context = getattr(response, "renderer_context", None)
        if context:
            view = context.get("view")
            drf_request = context.get("request")
            if drf_request is not None:
                drf_request.parser_context = None
            if view is not None:
                view.__dict__.clear()
        if hasattr(response, "renderer_context"):
            response.data = None
            response.renderer_context = None
        for name in _REQUEST_BACK_REFERENCES:
            request.__dict__.pop(name, None)
    return response
