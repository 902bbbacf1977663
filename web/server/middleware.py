"""One base for the project's middlewares that run in both modes.

Under ASGI a sync-only middleware makes every request hop from the event loop to a thread
and back to pass it (two thread switches per request; see ``web.server.threads``), so our
own middlewares take the mode of the handler around them. The mode plumbing is the same for
each (``sync_capable``/``async_capable``, marking the instance a coroutine function in async
mode, a ``__call__`` and an ``__acall__``), so it lives here once; a middleware says only
what it does before the view (:meth:`BothModes.before`: a response to answer at once, or
None to go on) and after it (:meth:`BothModes.after`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction


class BothModes:
    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[Any], Any]) -> None:
        self.get_response = get_response
        self.async_mode = iscoroutinefunction(get_response)
        if self.async_mode:
            markcoroutinefunction(self)

    def before(self, request: Any) -> Any | None:
        """A response to answer ``request`` with instead of the view's, or None."""
        return None

    def after(self, request: Any, response: Any) -> Any:
        """The response to send, given the view's (or a later middleware's)."""
        return response

    def __call__(self, request: Any) -> Any:
        if self.async_mode:
            return self.__acall__(request)
        early = self.before(request)
        if early is not None:
            return early
        return self.after(request, self.get_response(request))

    async def __acall__(self, request: Any) -> Any:
        early = self.before(request)
        if early is not None:
            return early
        return self.after(request, await self.get_response(request))
