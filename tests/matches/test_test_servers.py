"""The servers the tests start answer as in production, whatever the test session did to
its own environment before (an order dependence of the PostgreSQL pass)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

from tests.support import servers


def test_a_test_server_answers_errors_in_the_error_shape_after_a_debug_leak(monkeypatch):
    """``tests/cards/test_photo_pipeline.py`` imports ``bench.card_photos``, which sets
    ``DEBUG=1`` in the environment when imported; every server started later in the
    session inherited it and answered a database outage with Django's technical 500 page
    (the two outage tests failed only after the rest of the pass)."""
    monkeypatch.setenv("DEBUG", "1")  # (what that import leaves behind)
    port = servers.free_port()  # (nothing PostgreSQL-like listens there)
    proc, base = servers.uvicorn({
        "DATABASE_URL": f"postgres://kaosz:kaosz@127.0.0.1:{port}/nothing",
        "DB_POOL_MAX": "0"})
    try:
        try:
            with urllib.request.urlopen(base + "/api/v1/cards/", timeout=30) as r:
                status, body = r.status, r.read()
        except urllib.error.HTTPError as exc:
            status, body = exc.code, exc.read()
    finally:
        proc.stop()
    assert status == 503, body[:200]
    assert json.loads(body)["error"]["code"] == "database_unavailable"
