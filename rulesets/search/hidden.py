"""Helpers the games' determinizations share: find a state's hidden zones, deal their
contents again.

A determinization must depend only on what its seat may know, so that a state whose
hidden zones were rearranged (the conformance suite's shuffle) gives the same samples:
``redeal`` therefore pools the items of the zones, puts them in a canonical order (their
JSON text) and only then shuffles them with the search's own generator.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from rulesets.base import State
from rulesets.rng import Rng

_SLICE = re.compile(r"^(?P<path>[^\[]+)(?:\[(?P<start>-?\d*):(?P<stop>-?\d*)\])?$")


def zones(state: State, pattern: str, viewer: int | None) -> list[tuple[list[Any], slice]]:
    """The lists a ``hidden_zones`` pattern (see ``rulesets/base.py``) names that
    ``viewer`` may not see, each with the slice of it that is hidden. The one walk of
    the patterns: the determinizations deal these zones again, and the conformance
    suite (``tests/rulesets/test_conformance.py``) rearranges them to check the views."""
    m = _SLICE.match(pattern)
    if not m:
        raise ValueError(f"bad hidden zone pattern {pattern!r}")
    cut = slice(int(m["start"]) if m["start"] else None, int(m["stop"]) if m["stop"] else None)
    nodes: list[Any] = [state]
    for part in m["path"].split("."):
        nxt: list[Any] = []
        for node in nodes:
            if part in ("*", "{seat}"):
                items = list(enumerate(node)) if isinstance(node, list) else list(node.items())
                nxt += [v for k, v in items if part == "*" or viewer is None or k != viewer]
            else:
                nxt.append(node[int(part)] if isinstance(node, list) else node[part])
        nodes = nxt
    return [(node, cut) for node in nodes if isinstance(node, list)]


# The sort key of a tile or card id already met (its JSON text): a determinization sorts
# the same few dozen ids at every search iteration. Bounded: a game has a few hundred.
_TEXT: dict[tuple[type, Any], str] = {}
_TEXT_MAX = 4096


def _text(x: Any) -> str:
    if type(x) not in (int, str):
        return json.dumps(x, sort_keys=True)
    key = (type(x), x)
    text = _TEXT.get(key)
    if text is None:
        if len(_TEXT) >= _TEXT_MAX:
            _TEXT.clear()
        text = _TEXT[key] = json.dumps(x, sort_keys=True)
    return text


def canonical(items: Iterable[Any]) -> list[Any]:
    """``items`` in an order that depends on what they are only, not where they were:
    sorted by their JSON text."""
    return sorted(items, key=_text)


def deal(places: list[tuple[list[Any], slice]], pool: list[Any]) -> None:
    """Put ``pool`` back into ``places`` in order, each place keeping its size."""
    at = 0
    for zone, cut in places:
        size = len(zone[cut])
        zone[cut] = pool[at:at + size]
        at += size
    if at != len(pool):
        raise ValueError("the pool does not fit the zones")


def redeal(state: State, patterns: Iterable[str], viewer: int | None, rng: Rng) -> None:
    """Deal the contents of every zone the patterns name (hidden from ``viewer``) again,
    as one pool: a uniformly random arrangement of what those zones hold together."""
    places = [z for p in patterns for z in zones(state, p, viewer)]
    pool = canonical(x for zone, cut in places for x in zone[cut])
    rng.shuffle(pool)
    deal(places, pool)
