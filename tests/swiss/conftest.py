"""The heavy sweep (``@pytest.mark.slow``) runs only when asked for.

Selecting it explicitly (``-m slow``) or setting ``SWISS_SLOW=1`` runs it; otherwise it is
deselected (not skipped), which keeps the default run of this directory short.
"""

from __future__ import annotations

import os

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("-m") or os.environ.get("SWISS_SLOW"):
        return
    keep = [i for i in items if "slow" not in i.keywords]
    dropped = [i for i in items if "slow" in i.keywords]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep
