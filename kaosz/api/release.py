"""Let go of an API response's payload once its bytes are rendered.

DRF leaves the view, the request and the response pointing at one another (the view keeps
the response; the response's renderer context names the view), so each answer's data (a
match action's events and legal actions: hundreds of lists and dicts) outlived the request
as cyclic garbage, and only the garbage collector, which holds up every thread of the
process while it walks, could free it. Dropping the two references once the response is
rendered lets reference counting free the payload at the end of the request.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class ReleaseRenderedPayload:
    def __init__(self, get_response: Callable[[Any], Any]) -> None:
        self.get_response = get_response

    def __call__(self, request: Any) -> Any:
        response = self.get_response(request)
        if getattr(response, "is_rendered", False) and hasattr(response, "renderer_context"):
            response.data = None
            response.renderer_context = None
        return response
