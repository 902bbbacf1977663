"""The store's outward signals: "a match changed" (sent after the change commits) and "a
match is being written" (sent inside the transaction that writes a move).

The store does not know who listens. Bots (``matches.bots``) subscribe in the app config,
so the store never imports upward into the code that plays on top of it.

Arguments: ``match`` (the row as written: its ``status``, ``version`` and ``to_act``),
``bot_seats`` (the indices of its bot seats when the writer read them, else ``None``:
a receiver that needs them reads them) and ``reason`` ("created", "joined", "action", "resign").

``match_writing`` has one argument, ``match`` (the row as written, the passes that
followed the entry included). What its receivers write commits with the move or not at
all, so whoever reads the new version reads their rows as of it too (the turn-based
deadline: ``players.turns.clocks``).
"""

from __future__ import annotations

import logging
from typing import Any

from django.dispatch import Signal

match_changed = Signal()
match_writing = Signal()
log = logging.getLogger(__name__)


def send_changed(match: Any, bot_seats: set[int] | None, reason: str) -> None:
    """Tell the receivers. A failing receiver must not turn the committed change into an
    error for the person who made it: it is logged (and the bot sweeper catches up)."""
    for receiver, response in match_changed.send_robust(
            sender=type(match), match=match, bot_seats=bot_seats, reason=reason):
        if isinstance(response, Exception):
            log.error("match_changed receiver %r failed for match %s", receiver, match.pk,
                      exc_info=response)


def send_writing(match: Any) -> None:
    """Tell the receivers inside the move's transaction. Unlike ``send_changed``, a failing
    receiver fails the move: its rows and the move's are one change."""
    match_writing.send(sender=type(match), match=match)
