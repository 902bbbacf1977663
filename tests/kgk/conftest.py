"""The long KGK property loop (``@pytest.mark.slow``) runs only when asked for.

Selecting it explicitly (``-m slow``) or setting ``KGK_SLOW=1`` runs it; otherwise it is
deselected (not skipped), so the default run stays within the CI budget while still
playing several hundred complete matches.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

_HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("-m") or os.environ.get("KGK_SLOW"):
        return

    def ours_and_slow(item: pytest.Item) -> bool:
        return "slow" in item.keywords and _HERE in Path(item.path).resolve().parents

    dropped = [i for i in items if ours_and_slow(i)]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [i for i in items if not ours_and_slow(i)]
