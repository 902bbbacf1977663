"""Name -> ruleset. Games register here; the host never names a game itself."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from rulesets.base import Playable, Ruleset

# Module paths, imported lazily so a broken game cannot stop the others loading.
_MODULES: dict[str, str] = {
    "kgk": "rulesets.kgk",
    "smugglers": "rulesets.smugglers",
    "pulsar": "rulesets.pulsar",
    "roll": "rulesets.roll",
}
_CACHE: dict[str, Ruleset] = {}


class UnknownRuleset(KeyError):
    pass


def names() -> list[str]:
    return sorted(_MODULES)


def get(name: str) -> Ruleset:
    if name not in _MODULES:
        raise UnknownRuleset(name)
    if name not in _CACHE:
        _CACHE[name] = importlib.import_module(_MODULES[name]).RULESET
    return _CACHE[name]


def available() -> dict[str, Ruleset]:
    out: dict[str, Ruleset] = {}
    for name in names():
        try:
            out[name] = get(name)
        except (ImportError, AttributeError):
            continue
    return out


def playability(name: str) -> Callable[[Mapping[str, Any], Mapping[str, Any]], list[str]] | None:
    """The game's ``playability(card, options)`` (the optional protocol method, see
    :class:`rulesets.base.Playable`), or ``None`` when the game has none, is unknown or
    does not load."""
    try:
        ruleset = get(name)
    except (UnknownRuleset, ImportError, AttributeError):
        return None
    return ruleset.playability if isinstance(ruleset, Playable) else None
