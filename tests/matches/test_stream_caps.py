"""The waiting cap where streams live: the event streams of the ASGI server (uvicorn on
PostgreSQL). A made-up ``Authorization`` header opened 400 of 400 streams, each rendering
for itself; the cap is decided by the authenticated user, and a signed-in user has one
too."""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from django.db import connection

from tests.support import servers
from tests.support.servers import players_with_tokens as _players
from tests.support.servers import started_match as _match

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="streams are served by the "
                       "ASGI server on PostgreSQL"),
]


@pytest.fixture(scope="module")
def capped_server(django_db_setup, django_db_blocker) -> Iterator[str]:
    with django_db_blocker.unblock():
        proc, base = servers.uvicorn({"DATABASE_URL": servers.test_db_url(),
                                      "KAOSZ_ANON_WAITERS_PER_CLIENT": "2",
                                      "KAOSZ_WAITERS_PER_USER": "3"})
        try:
            yield base
        finally:
            proc.stop()


def _open_streams(base: str, match_id: int, authorization: str, n: int) -> tuple[int, int]:
    """Open ``n`` streams one after another, keeping each open; (opened, refused 429)."""
    opened, refused = [], 0
    try:
        for _ in range(n):
            req = urllib.request.Request(f"{base}/api/v1/matches/{match_id}/stream/?after=0",
                                         headers={"Authorization": authorization})
            try:
                opened.append(urllib.request.urlopen(req, timeout=30))
            except urllib.error.HTTPError as exc:
                assert exc.code == 429, exc.read()
                refused += 1
        return len(opened), refused
    finally:
        for r in opened:
            r.close()


@pytest.mark.django_db(transaction=True)
def test_streams_are_capped_by_who_is_signed_in(capped_server, django_user_model):
    tokens = _players(django_user_model, 2)
    m = _match(capped_server, tokens)
    assert _open_streams(capped_server, m["id"], "Basic Zm9vOmJhcg==", 5) == (2, 3)
    assert _open_streams(capped_server, m["id"], f"Token {tokens[0]}", 5) == (3, 2)
