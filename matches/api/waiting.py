"""The events view's answer for the live endpoints: a DRF answer that also carries what
the caller needs to go on without calling the view again.

- ``read(after)``: the events answer after ``after`` as the match then is (the seat and the
  right to watch were settled when the view ran), for a stream's next event;
- ``wait``: set when the client asked to wait and nothing concerns it yet, and the server
  settles deferred answers (``web.server.deferred``). The answer then passes the
  middleware chain as the answer for "nothing new" (when the view could tell it without
  the database) and is settled on the event loop (:meth:`LiveAnswer.settle`), holding
  neither a thread nor a database connection. When the match did not change it is sent as
  it is; otherwise its body is replaced by ``read``'s answer then (one trip to a thread;
  neither the view nor the chain runs again).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rest_framework.response import Response

from matches.live.caps import Slot
from matches.live.events import Wait, unchanged
from matches.live.wait import wait_for_change
from web import db_outage
from web.api.errors import error_body
from web.server.deferred import DeferredAnswer, in_thread

Read = Callable[[int], "dict[str, Any] | None"]


class LiveAnswer(Response, DeferredAnswer):
    def __init__(self, data: dict[str, Any] | None, read: Read, wait: Wait | None = None,
                 **kwargs: Any) -> None:
        super().__init__(data, **kwargs)
        self.read, self.wait = read, wait
        self.quiet = data is not None
        self.slot: Slot | None = None  # (the client's waiting slot, given back after it)

    async def settle(self) -> LiveAnswer:
        """Wait (see the module), then be the answer (at once when there is no wait)."""
        if self.wait is None:
            return self
        try:
            now = await wait_for_change(self.wait, listen=True)
        finally:
            if self.slot is not None:
                self.slot.release()
        if self.quiet and unchanged(self.wait.seen, now):
            return self
        after = self.wait.after
        try:
            body = await in_thread(lambda: db_outage.read_retrying(lambda: self.read(after)))
        except Exception as exc:
            if not db_outage.outage_in(exc):
                raise
            # PostgreSQL still away after the wait: 503 as any request then, not a 500.
            return self._unavailable()
        if body is None:  # (deleted meanwhile)
            self.status_code = 404
            body = error_body("not_found", "no such match")
        self.content = self.accepted_renderer.render(body, self.accepted_media_type)
        self["Content-Length"] = str(len(self.content))
        return self

    def _unavailable(self) -> LiveAnswer:
        seconds = db_outage.RETRY_AFTER_SECONDS
        self.status_code = 503
        self.content = self.accepted_renderer.render(
            error_body("database_unavailable", "the database is not reachable just now",
                       {"retry_after_seconds": seconds}), self.accepted_media_type)
        self["Content-Length"] = str(len(self.content))
        self["Retry-After"] = str(seconds)
        return self
