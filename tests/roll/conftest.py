"""Heavier sweeps (``@pytest.mark.slow``) run only when asked for with ``-m``:
``pytest tests/roll -p no:django -m slow``. They are deselected (listed as such in
the summary), not skipped."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("markexpr"):
        return
    keep, drop = [], []
    for item in items:
        mine = HERE in Path(str(item.fspath)).resolve().parents
        (drop if mine and item.get_closest_marker("slow") else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
