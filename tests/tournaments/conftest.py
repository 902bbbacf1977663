"""The tournament tests' fixtures: an organiser and players with their own API clients.
The helpers that make and run tournaments are in ``tests/support/tournaments.py``."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

# (Importable from here for work written before tests/support/ existed.)
from tests.support.api import (
    assert_error,  # noqa: F401
    client_for,
)
from tests.support.tournaments import (  # noqa: F401
    BASE,
    DECK_A,
    DECK_B,
    create,
    ok,
    play_round,
    report_all,
    url,
)


@pytest.fixture
def org(db, django_user_model):
    u = django_user_model.objects.create_user("szervezo")  # no password: no slow hashing
    return u, client_for(u)


@pytest.fixture
def make_players(db, django_user_model):
    def make(n: int, prefix: str = "jatekos") -> list[tuple[Any, APIClient]]:
        out = []
        for i in range(n):
            u = django_user_model.objects.create_user(f"{prefix}{i}")
            out.append((u, client_for(u)))
        return out

    return make
