"""Facts about a match that never change once it has started, computed once.

A card's owner and definition are fixed from ``new_game`` on, so which of a seat's
cards have activated abilities or continuous effects can be worked out once per
match instead of by scanning zones at every decision. Entries are keyed by the
identity of the state's card list and hold it (so the id cannot be reused by
another list); ``engine.clear_cache`` drops them all, which scenario code that
edits card definitions in place calls.
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


_FACTS: dict[int, Facts] = {}
_LAST: list[Facts | None] = [None]     # the facts asked about last


def clear() -> None:
    _FACTS.clear()
    _LAST[0] = None


def facts(state: dict[str, Any]) -> Facts:
    cards = state["cards"]
    f = _LAST[0]
    if f is not None and f.cards is cards:
        return f
    f = _FACTS.get(id(cards))
    if f is not None and f.cards is cards:
        _LAST[0] = f
        return f
    if len(_FACTS) >= _MAX:
        _FACTS.clear()
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
    _FACTS[id(cards)] = f
    _LAST[0] = f
    return f


def activated_cards(state: dict[str, Any], seat: int) -> tuple[int, ...]:
    """Ids of ``seat``'s cards whose definition has activated abilities."""
    return facts(state).activated[seat]
