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
# so while it is here no other object can have its id: a hot caller may look its facts
# up with ``KNOWN.get(id(state["cards"])) or facts(state)`` (two C calls, no Python
# frame: this runs at most decisions); everybody else calls ``facts``.
KNOWN: dict[int, Facts] = {}


def clear() -> None:
    KNOWN.clear()


def facts(state: dict[str, Any]) -> Facts:
    """The facts of ``state``'s match, computed on its first question."""
    cards = state["cards"]
    f = KNOWN.get(id(cards))
    if f is not None:
        return f
    if len(KNOWN) >= _MAX:
        KNOWN.clear()
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
    KNOWN[id(cards)] = f
    return f


def activated_cards(state: dict[str, Any], seat: int) -> tuple[int, ...]:
    """Ids of ``seat``'s cards whose definition has activated abilities."""
    return facts(state).activated[seat]
