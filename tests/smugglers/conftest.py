"""Long property sweeps are marked ``slow`` and left out of the default run
(deselected, not skipped). Run them with ``-m slow`` or ``SMUGGLERS_SLOW=1``."""

from __future__ import annotations

import os

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("markexpr") or os.environ.get("SMUGGLERS_SLOW") == "1":
        return
    keep, drop = [], []
    for item in items:
        in_smugglers = "smugglers" in str(item.path)
        (drop if in_smugglers and item.get_closest_marker("slow") else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
