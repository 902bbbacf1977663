"""The searching bot (``bot:search``), written once on the ruleset protocol.

A game plugs in with two optional protocol hooks (see ``rulesets/base.py``):
``determinize(state, seat, rng)``, a full state consistent with what ``seat`` may know,
and ``evaluate(state)``, each seat's prospects in [0, 1] where a playout stops before the
end. Its ``bot_action`` hands the search kinds (``LEVELS``) to :func:`bot_action`.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator

from rulesets.base import Action, State
from rulesets.search.ismcts import CPU_BUDGET, Game, Result, search, search_action
from rulesets.search.levels import LEVELS, Level, level_of

log = logging.getLogger(__name__)


@contextlib.contextmanager
def cpu_budget(seconds: float | None) -> Iterator[None]:
    """Searches started in this block stop after ``seconds`` of their thread's CPU time,
    or their level's iterations, whichever comes first (None: no cap). For a host sharing
    its CPU between bots that are all waited for; a capped choice is not reproducible."""
    token = CPU_BUDGET.set(seconds)
    try:
        yield
    finally:
        CPU_BUDGET.reset(token)


def is_search_kind(kind: str) -> bool:
    return kind in LEVELS


def bot_action(rs: Game, state: State, seat: int, kind: str, seed: str) -> Action:
    """The searching bot's move at the level ``kind`` names. Should the search itself
    fail (a bug in a game's hooks), the heuristic bot moves instead and the failure is
    logged: a match with a search bot in it must never stall on it."""
    level = level_of(kind, rs.name)
    if level is None:
        raise ValueError(f"unknown bot kind {kind!r}")
    if not rs.legal_actions(state, seat):
        raise ValueError("this seat has nothing to do now")
    try:
        return search_action(rs, state, seat, level, seed)
    except Exception:
        log.exception("%s search failed for seat %s; the heuristic bot moves", rs.name, seat)
        return rs.bot_action(state, seat, "heuristic", seed)


__all__ = ["LEVELS", "Game", "Level", "Result", "bot_action", "cpu_budget", "is_search_kind",
           "level_of", "search", "search_action"]
