"""Facts about a match that never change once it has started, computed once.

A card's owner and definition are fixed from ``new_game`` on, so which of a seat's
cards have activated abilities or continuous effects can be worked out once per
match instead of by scanning zones at every decision. Entries are keyed by the
identity of the state's card list and hold it (so the id cannot be reused by
another list); ``engine.clear_cache`` drops them all, which scenario code that
edits card definitions in place calls. ``tests/kgk/test_main_list.py`` checks them
against a fresh computation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

_MAX = 16


@dataclass(frozen=True, slots=True)     # (slots: read by name at most decisions)
class Facts:
    cards: list[Any]                                        # the list they were computed for
    activated: tuple[tuple[int, ...], ...]                  # per seat: card ids
    auras: tuple[tuple[tuple[int, dict[str, int]], ...], ...]  # per seat: (card id, aura)


# The facts of each match seen, by the id of its card list. An entry holds that list,
# so while it is here no other object can have its id.
_KNOWN: dict[int, Facts] = {}
# The facts asked for last: consecutive questions are nearly always about the same
# match, and comparing one list's identity is cheaper than hashing its id.
_LAST: list[Facts | None] = [None]


def clear() -> None:
    _KNOWN.clear()
    _LAST[0] = None


def facts(state: dict[str, Any]) -> Facts:
    """The facts of ``state``'s match, computed on its first question (this runs at
    most decisions)."""
    cards = state["cards"]
    f = _LAST[0]
    if f is not None and f.cards is cards:
        return f
    f = _KNOWN.get(id(cards))
    if f is not None:
        _LAST[0] = f
        return f
    if len(_KNOWN) >= _MAX:
        _KNOWN.clear()
    defs = state["defs"]
    actv: list[list[int]] = [[] for _ in range(state["n"])]
    auras: list[list[tuple[int, dict[str, int]]]] = [[] for _ in range(state["n"])]
    for c in cards:
        d = defs[c["d"]]
        if d["actv"]:
            actv[c["o"]].append(c["id"])
        a = d["eff"].get("aura")
        if a:
            auras[c["o"]].append((c["id"], a))
    f = Facts(cards, tuple(tuple(x) for x in actv), tuple(tuple(x) for x in auras))
    _KNOWN[id(cards)] = f
    _LAST[0] = f
    return f


def activated_cards(state: dict[str, Any], seat: int) -> tuple[int, ...]:
    """Ids of ``seat``'s cards whose definition has activated abilities."""
    return facts(state).activated[seat]
