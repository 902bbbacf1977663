"""These tests count sign-ups, resets, tokens and files in the cache: each test starts
and ends with it empty, so no count passes from one test to the next (user ids repeat)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _fresh_counters():
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
