"""Heavy Pulsar sweeps are marked ``slow`` and left out of the default run (deselected, not
skipped). Run them with ``-m slow`` or ``PULSAR_SLOW=1``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

_HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("markexpr") or os.environ.get("PULSAR_SLOW") == "1":
        return
    keep, drop = [], []
    for item in items:
        ours = _HERE in Path(item.path).resolve().parents
        (drop if ours and item.get_closest_marker("slow") else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
