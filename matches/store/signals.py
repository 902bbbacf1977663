"""The store's one outward signal: "a match changed" (sent after the change commits).

The store does not know who listens. Bots (``matches.bots``) subscribe in the app config,
so the store never imports upward into the code that plays on top of it.

Arguments: ``match`` (the row as written: its ``status``, ``version`` and ``to_act``),
``bot_seats`` (the indices of its bot seats when the writer read them, else ``None``:
a receiver that needs them reads them) and ``reason`` ("created", "joined", "action", "resign").
"""

from __future__ import annotations

import logging
from typing import Any

from django.dispatch import Signal

match_changed = Signal()
log = logging.getLogger(__name__)


def send_changed(match: Any, bot_seats: set[int] | None, reason: str) -> None:
    """Tell the receivers. A failing receiver must not turn the committed change into an
    error for the person who made it: it is logged (and the bot sweeper catches up)."""
    for receiver, response in match_changed.send_robust(
            sender=type(match), match=match, bot_seats=bot_seats, reason=reason):
        if isinstance(response, Exception):
            log.error("match_changed receiver %r failed for match %s", receiver, match.pk,
                      exc_info=response)
