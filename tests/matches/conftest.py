"""The match tests' fixtures: two players with their own API clients. The helpers that make
and play matches are in ``tests/support/matches.py``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support import servers
from tests.support.api import client_for

# (Importable from here for work written before tests/support/ existed; import them from
# tests.support.matches and tests.support.board.)
from tests.support.board import let_the_board_answer  # noqa: F401
from tests.support.matches import (  # noqa: F401
    ROOT,
    SISTERS,
    create,
    new_match,
    next_move,
    play_step,
    step,
    wait_for,
)


@pytest.fixture
def players(db, django_user_model):
    """Two players with their own API clients."""
    a = django_user_model.objects.create_user("anna", password="titkos-jelszo-123")
    b = django_user_model.objects.create_user("bela", password="titkos-jelszo-123")
    return (a, client_for(a)), (b, client_for(b))


@pytest.fixture(scope="module")
def asgi_server(django_db_setup, django_db_blocker) -> Iterator[str]:
    """The ASGI server production runs (uvicorn) on the test database, one per module
    that asks (a module may define its own, with other settings)."""
    with django_db_blocker.unblock():
        proc, base = servers.uvicorn({"DATABASE_URL": servers.test_db_url()})
        try:
            yield base
        finally:
            proc.stop()
