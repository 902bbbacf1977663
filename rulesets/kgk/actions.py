"""Shared action values for the hot legal-action builders.

A main-phase legal list is rebuilt at every main decision and is mostly the same
small dicts ("develop base 17", "attack base at position 3"...). Legal lists are
read-only to everyone who sees them (``engine.legal_actions`` and the bots hand
out copies), so one dict per distinct action is built once per process and shared
by every list that offers it.
"""

from __future__ import annotations

import threading
from typing import Final

from rulesets.kgk.jsontypes import Action

DRAW: Final[Action] = {"type": "draw"}
SEARCH: Final[Action] = {"type": "search"}
RUIN_DRAW: Final[Action] = {"type": "ruin_draw"}
END_TURN: Final[Action] = {"type": "end_turn"}
ATTACK_COLONY: Final[Action] = {"type": "attack", "target": "colony"}
ATTACK_CENTRAL: Final[Action] = {"type": "attack", "target": "central"}

# Indexed by card id (or, for attacks, by position); grown by ``ensure``.
DEVELOP: Final[list[Action]] = []
CASH: Final[list[Action]] = []
PLAY: Final[list[Action]] = []
PLACE_BASE: Final[list[Action]] = []
PLACE_CREW: Final[list[Action]] = []
PAY: Final[list[Action]] = []
ATTACK_CREW: Final[list[Action]] = []
ATTACK_BASE: Final[list[Action]] = []


_GROW: Final = threading.Lock()


def ensure(n: int) -> None:
    """Make the tables cover card ids and positions below ``n`` (a game's card count).

    Readers check ``len(DEVELOP)`` only, so it grows last; the lock keeps two threads
    from growing the tables at once (which would misalign them)."""
    with _GROW:
        for k in range(len(DEVELOP), n):
            CASH.append({"type": "cash", "base": k})
            PLAY.append({"type": "play", "card": k})
            PLACE_BASE.append({"type": "place", "card": k, "as": "base"})
            PLACE_CREW.append({"type": "place", "card": k, "as": "crew"})
            PAY.append({"type": "pay", "card": k})
            ATTACK_CREW.append({"type": "attack", "target": "crew", "pos": k})
            ATTACK_BASE.append({"type": "attack", "target": "base", "pos": k})
            DEVELOP.append({"type": "develop", "base": k})
