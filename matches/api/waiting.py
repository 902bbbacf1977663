"""The events view's answer for the live endpoints (``MatchViewSet.as_view(...,
hand_over_wait=True)``, used by ``matches.api.live_views``): a DRF answer that also
carries what the caller needs to go on without calling the view again.

- ``read(after)``: the events answer after ``after`` as the match then is (the seat and the
  right to watch were settled when the view ran), for a stream's next event;
- ``wait``: set when the client asked to wait and nothing concerns it yet. The answer then
  passes the middleware chain as the answer for "nothing new" (when the view could tell it
  without the database) and is awaited on the event loop (:meth:`kaosz_then`, called by
  ``kaosz.server.threads``), holding neither a thread nor a database connection. When the
  match did not change it is sent as it is; otherwise its body is replaced by ``read``'s
  answer then (one trip to a thread; neither the view nor the chain runs again).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from asgiref.sync import sync_to_async
from django.db import connection
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response

from kaosz.api.errors import error_body
from kaosz.server.threads import let_go_of_thread
from matches.live.caps import Slot
from matches.live.events import Wait, unchanged
from matches.live.wait import wait_for_change_async

Read = Callable[[int], "dict[str, Any] | None"]


class LiveAnswer(Response):
    def __init__(self, data: dict[str, Any] | None, read: Read, wait: Wait | None = None,
                 **kwargs: Any) -> None:
        super().__init__(data, **kwargs)
        self.read, self.wait = read, wait
        self.quiet = data is not None
        self.slot: Slot | None = None  # (the client's waiting slot, given back after it)

    async def kaosz_then(self) -> LiveAnswer:
        """Wait (see the module), then be the answer (at once when there is no wait)."""
        if self.wait is None:
            return self
        try:
            let_go_of_thread()  # (the chain has run: nothing of this request is on it)
            now = await wait_for_change_async(self.wait)
        finally:
            if self.slot is not None:
                self.slot.release()
        if self.quiet and unchanged(self.wait.seen, now):
            return self
        after = self.wait.after
        body = await sync_to_async(lambda: read_and_release(self.read, after))()
        if body is None:  # (deleted meanwhile)
            self.status_code = 404
            body = error_body("not_found", "no such match")
        self.content = self.accepted_renderer.render(body, self.accepted_media_type)
        self["Content-Length"] = str(len(self.content))
        return self


def read_and_release(read: Read, after: int) -> dict[str, Any] | None:
    """``read(after)``, then the thread's database connection back to the pool."""
    try:
        return read(after)
    finally:
        connection.close()


class JsonOnly(BaseContentNegotiation):
    """The event streams' negotiation: their events carry JSON, whatever the client
    accepts (an ``EventSource`` asks for ``text/event-stream``, which DRF's default
    negotiation refused with 406)."""

    def select_renderer(self, request: Any, renderers: Any,
                        format_suffix: Any = None) -> tuple[BaseRenderer, str]:
        return JSONRenderer(), JSONRenderer.media_type

    def select_parser(self, request: Any, parsers: Any) -> Any:
        return parsers[0] if parsers else None
