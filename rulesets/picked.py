"""The speed layer's smallest piece, for any game: the action a bot just picked, or the
legal list a caller was just handed.

A bot builds the legal list and picks one action from it; the protocol's ``apply`` then
builds the same list again to check that action. ``Picked`` remembers the pick (the very
state object, the seat and a copy of the action), so that the next ``apply`` of an equal
action by that seat on that very state may skip the list. A search does the same in two
calls: it asks ``legal_actions`` and applies one of the actions it was handed (building
the list again was a tenth of Pulsar's search). So ``Picked`` also remembers the list it
handed out, as copies beside the list as built: ``apply`` of one of those very objects,
still equal to its original, by that seat on that very state skips the list too.
Anything else (another state, another seat, another or an edited action, or any ``apply``
or ``resign`` in between, which forgets what was noted) is checked as always. The rules
never read it: it sits in the ruleset object, one per thread (``PerThread``), beside the
game's engine functions.

A caller that edits a state by hand between ``bot_action`` or ``legal_actions`` and
``apply`` (nothing in the project does) must call ``forget``.
``tests/rulesets/test_picked.py`` checks that the games give the same matches with it as
without.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from rulesets import search
from rulesets.ruleset_base import RulesetBase


class Picked:
    """One caller's last bot pick, or the last legal list handed to it."""

    __slots__ = ("state", "seat", "action", "handed", "listed")

    def __init__(self) -> None:
        self.state: Any = None
        self.seat = -1
        self.action: dict[str, Any] | None = None
        # the copies handed out and the list as the rules built it, index for index
        self.handed: list[dict[str, Any]] | None = None
        self.listed: list[dict[str, Any]] | None = None

    def note(self, state: Any, seat: int, action: dict[str, Any]) -> dict[str, Any]:
        """Remember that a bot of ``seat`` picked ``action`` from ``state``'s legal list;
        returns the action."""
        self.state = state
        self.seat = seat
        self.action = dict(action)        # (a copy: the caller may edit its own)
        self.handed = self.listed = None
        return action

    def hand_out(self, state: Any, seat: int, legal: list[dict[str, Any]]
                 ) -> list[dict[str, Any]]:
        """Remember that ``seat`` was handed ``state``'s legal list ``legal`` (as the rules
        built it); returns the copies to hand out, which the caller may edit."""
        self.state = state
        self.seat = seat
        self.action = None
        self.listed = legal
        handed = self.handed = [dict(a) for a in legal]
        return handed

    def take(self, state: Any, seat: int, action: Any) -> bool:
        """For ``apply``: whether ``action`` is the pick just noted, or one of the very
        actions just handed out and unedited, for this very state and seat (so it is
        legal); what was noted is forgotten either way."""
        ok = False
        if self.state is state and self.seat == seat:
            if self.action is not None:
                ok = self.action == action
            elif self.handed is not None and self.listed is not None:
                for i, a in enumerate(self.handed):
                    if a is action:
                        ok = a == self.listed[i]
                        break
        self.forget()
        return ok

    def forget(self) -> None:
        self.state = None
        self.action = None
        self.handed = self.listed = None


class PerThread(threading.local):
    """A ``Picked`` per thread (``__init__`` runs in each thread on first use)."""

    def __init__(self) -> None:
        self.picked = Picked()


class RememberingPicks(RulesetBase):
    """The ruleset base of a game whose ``apply`` takes ``checked`` (Pulsar, Roll): the
    game's own bot notes its pick, ``legal_actions`` the list it hands out, and ``apply``
    of that very action skips the legal list. A game's class binds
    ``game_legal_actions``, ``game_bot_action``, ``game_apply`` and ``game_resign`` (as
    staticmethods); the searching bot's kinds search on this object."""

    game_legal_actions: Callable[[Any, int], list[Any]]
    game_apply: Callable[[Any, int, Any, bool], Any]
    game_resign: Callable[[Any, int], Any]

    def __init__(self) -> None:
        self._local = PerThread()

    def legal_actions(self, state: Any, seat: int) -> list[Any]:
        return self._local.picked.hand_out(state, seat, self.game_legal_actions(state, seat))

    def bot_action(self, state: Any, seat: int, kind: str, seed: str) -> Any:
        if kind in search.LEVELS:
            return super().bot_action(state, seat, kind, seed)
        return self._local.picked.note(state, seat, self.game_bot_action(state, seat, kind, seed))

    def apply(self, state: Any, seat: int, action: Any, checked: bool = False) -> Any:
        picked = self._local.picked.take(state, seat, action)   # (forgotten either way)
        return self.game_apply(state, seat, action, checked or picked)

    def resign(self, state: Any, seat: int) -> Any:
        self._local.picked.forget()
        return self.game_resign(state, seat)
