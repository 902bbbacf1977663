"""The speed layer's legal-list cache: the last legal list computed, for the very state
and decision it was computed for.

A bot asks for the legal actions and then applies one, so ``apply`` need not compute
them again; after a develop, a draw, a cash or a face-down placement the next main list
is derived from the one before (``main_list.after_develop`` and friends) and left here
for the bot's next question; a combat step that sets a decision leaves its list here.

The entry holds strong references to the state and decision objects it was computed for
(so their ids cannot be recycled) and is valid only while the state's ``seq`` (actions
applied), its pending decision object, its task count and the deciding seat's credits and
hand size are unchanged.

Only the bot path reads it: ``bot_action`` answers from a valid entry and notes its pick
(``random_pick`` does the random bot's whole step);
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

from collections.abc import Callable, Mapping
from hashlib import sha256
from typing import Any

from rulesets.kgk.jsontypes import Action, Decision, GameState

# The one entry: [state, seq, decision, todo length, credits, hand size, legal, hint],
# the first six its key (the objects held so their ids cannot be recycled), ``hint`` the
# index of the action a bot picked from ``legal`` (``apply`` compares that one first).
# A plain list read by literal index, e[0] to e[7] in this order, rather than a class or
# named indices: this runs twice at every step of every bot match (named indices cost
# 0.3 % of a match under callgrind).
_LAST: list[list[Any] | None] = [None]


def _fits(e: list[Any], state: GameState, dec: Decision) -> bool:
    """Whether entry ``e`` was computed for this very state and decision, unchanged."""
    if e[0] is not state or e[2] is not dec or e[1] != state["seq"]:
        return False
    p = state["p"][dec["seat"]]
    same: bool = e[3] == len(state["todo"]) and e[4] == p["cr"] \
        and e[5] == len(p["hand"])
    return same


def kept(state: GameState, dec: Decision) -> list[Action] | None:
    """The list kept for this very state and decision, or None."""
    e = _LAST[0]
    if e is not None and _fits(e, state, dec):
        return e[6]        # type: ignore[no-any-return]
    return None


def keep(state: GameState, dec: Decision, legal: list[Action], pick: int | None = None) -> None:
    """Keep ``legal`` as the legal list of ``dec`` in ``state`` (replacing the last),
    with the index a bot picked from it, if any."""
    p = state["p"][dec["seat"]]
    _LAST[0] = [state, state["seq"], dec, len(state["todo"]), p["cr"], len(p["hand"]), legal,
                pick]


def note_pick(legal: list[Action], i: int) -> None:
    """A bot picked ``legal[i]`` from the kept list: ``apply`` checks it first."""
    e = _LAST[0]
    if e is not None and e[6] is legal:
        e[7] = i


def take_picked(state: GameState, dec: Decision) -> tuple[list[Action], int] | None:
    """For ``apply``: the kept list and the bot's pick from it, if a bot just picked from
    the list kept for this very state and decision; the cache is emptied either way
    (``apply`` is about to change the state)."""
    e = _LAST[0]
    _LAST[0] = None
    if e is None or e[7] is None or e[0] is not state or e[2] is not dec \
            or e[1] != state["seq"]:
        return None
    p = state["p"][dec["seat"]]           # (_fits, written out: once per bot step)
    if e[3] == len(state["todo"]) and e[4] == p["cr"] \
            and e[5] == len(p["hand"]):
        return e[6], e[7]
    return None


_from_bytes = int.from_bytes
# An empty SHA-256 hasher, copied for each pick: ``copy()`` skips OpenSSL's look-up of
# the digest implementation that ``sha256(data)`` does on every call (about a tenth of
# the random bot's step); the digest is the same.
_EMPTY_SHA256 = sha256()


def random_pick(state: GameState, dec: Decision,
                build: Mapping[str, Callable[[GameState, Decision], list[Action]]],
                seed: str) -> Action | None:
    """The random bot's whole step in one call (it runs at every step of a bot match):
    the list kept for this very state and decision, or one built now by
    ``build[dec["kind"]](state, dec)`` (the decision table's) and kept,
    then a copy of the action ``bots.random_index`` picks from it by ``seed`` (its hash,
    written out here), noted for ``apply``. None when the list is empty.
    ``tests/kgk/test_derived_lists.py`` checks the pick against ``bots.random_index``."""
    e = _LAST[0]
    p = state["p"][dec["seat"]]
    if e is None or e[0] is not state or e[2] is not dec \
            or e[1] != state["seq"] or e[3] != len(state["todo"]) \
            or e[4] != p["cr"] or e[5] != len(p["hand"]):   # (_fits)
        e = [state, state["seq"], dec, len(state["todo"]), p["cr"], len(p["hand"]),
             build[dec["kind"]](state, dec), None]
        _LAST[0] = e
    legal: list[Action] = e[6]
    if not legal:
        return None
    n = len(legal)
    if n == 1:
        i = 0                  # (any hash mod 1: an eighth of a match's steps, unhashed)
    else:
        h = _EMPTY_SHA256.copy()
        h.update(seed.encode())
        i = _from_bytes(h.digest(), "big") % n
    e[7] = i
    return legal[i].copy()


def forget() -> None:
    _LAST[0] = None
