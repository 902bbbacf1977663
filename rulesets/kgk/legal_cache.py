"""The speed layer's legal-list cache: the last legal list computed, for the very state
and decision it was computed for.

A bot asks for the legal actions and then applies one, so ``apply`` need not compute
them again; after a develop, a cash or a face-down placement ``apply`` derives the next
main list from the one before (``turn.after_develop`` and friends) and leaves it here
for the bot's next question; a combat step that sets a decision leaves its list here.

The entry holds strong references to the state and decision objects it was computed for
(so their ids cannot be recycled) and is valid only while the state's ``seq`` (actions
applied), its pending decision object, its task count and the deciding seat's credits and
hand size are unchanged.

Only the bot path reads it: ``bot_action`` answers from a valid entry and notes its pick;
``apply`` reuses an entry only when a bot just picked from it (``hint`` set), and
``legal_actions`` (the protocol's list, what people and tests ask) always computes the
list from the state as it is. So a state edited by hand between calls (scenario tests
do) never meets a stale list through ``legal_actions`` and ``apply``, and nobody needs
to clear anything by hand; ``engine.clear_cache`` remains for code that edits a match's
card definitions in place (``static.facts``). The one entry is replaced as a whole and
read once, so threads sharing the module never mix one state's key with another's list.
``tests/kgk/test_derived_lists.py`` checks the kept lists against the plain computation.
"""

from __future__ import annotations

from typing import Any

from rulesets.kgk.jsontypes import Action, GameState


class Entry:
    """One remembered legal list; ``hint`` is the index of the action a bot last picked
    from it (``apply`` compares that one first)."""

    __slots__ = ("state", "seq", "dec", "todo", "credits", "hand", "legal", "hint")

    def __init__(self, state: GameState, dec: dict[str, Any], legal: list[Action]) -> None:
        p = state["p"][dec["seat"]]
        self.state = state
        self.seq: int = state["seq"]
        self.dec = dec
        self.todo = len(state["todo"])
        self.credits: int = p["cr"]
        self.hand = len(p["hand"])
        self.legal = legal
        self.hint: int | None = None

    def fits(self, state: GameState, dec: dict[str, Any]) -> bool:
        """Whether this entry was computed for this very state and decision, unchanged."""
        if self.state is not state or self.dec is not dec or self.seq != state["seq"]:
            return False
        p = state["p"][dec["seat"]]
        return (self.todo == len(state["todo"]) and self.credits == p["cr"]
                and self.hand == len(p["hand"]))


_LAST: list[Entry | None] = [None]


def lookup(state: GameState, dec: dict[str, Any]) -> Entry | None:
    """The entry for this very state and decision, or None."""
    e = _LAST[0]
    if e is not None and e.fits(state, dec):
        return e
    return None


def remember(state: GameState, dec: dict[str, Any], legal: list[Action]) -> Entry:
    """Keep ``legal`` as the legal list of ``dec`` in ``state`` (replacing the last)."""
    e = Entry(state, dec, legal)
    _LAST[0] = e
    return e


def take(state: GameState, dec: dict[str, Any]) -> Entry | None:
    """The entry for this state and decision, dropped from the cache (``apply`` is about
    to change the state)."""
    e = _LAST[0]
    _LAST[0] = None
    if e is not None and e.fits(state, dec):
        return e
    return None


def note_pick(legal: list[Action], i: int) -> None:
    """A bot picked ``legal[i]`` from the remembered list: ``apply`` checks it first."""
    e = _LAST[0]
    if e is not None and e.legal is legal:
        e.hint = i


def forget() -> None:
    _LAST[0] = None
