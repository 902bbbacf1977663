"""Which tests a run collects, and in which order (the hooks are in tests/conftest.py)."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping

import pytest


def slow_tests_run(markexpr: str, env: Mapping[str, str]) -> bool:
    """Whether the long property sweeps (``@pytest.mark.slow``) are collected.

    ``KAOSZ_SLOW=1`` runs them; so does a ``-m`` expression that names ``slow`` itself
    (``-m slow``, ``-m "slow and not kgk"``: whoever names the marker decides, and
    ``-m "not slow"`` deselects them by its own means). Any other ``-m`` (``-m "not browser"``)
    leaves the default alone: they stay deselected.
    """
    return env.get("KAOSZ_SLOW") == "1" or re.search(r"\bslow\b", markexpr or "") is not None


def shuffled(items: list[pytest.Item], seed: str) -> list[pytest.Item]:
    """The modules in a random order, each module's tests together (its module-scoped
    fixtures, a browser, stay shared) in a random order of their own."""
    rng = random.Random(seed)
    modules: dict[str, list[pytest.Item]] = {}
    for item in items:
        modules.setdefault(item.nodeid.split("::")[0], []).append(item)
    order = list(modules)
    rng.shuffle(order)
    out: list[pytest.Item] = []
    for name in order:
        group = modules[name]
        rng.shuffle(group)
        out.extend(group)
    return out
