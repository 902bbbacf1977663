"""Helpers shared by the API tests: an authenticated client and the one error shape."""

from __future__ import annotations

from django.core.signals import request_finished
from django.db import close_old_connections
from rest_framework.test import APIClient


def client_for(user) -> APIClient:
    c = APIClient()
    c.force_authenticate(user)
    return c


def assert_error(response, status: int, code: str | None = None) -> dict:
    """The response is ``status`` with exactly ``{"error": {code, message, details}}``."""
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"error"}, body
    # (request_id: the X-Request-ID of the answer)
    assert set(body["error"]) - {"request_id"} == {"code", "message", "details"}, body
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    if code is not None:
        assert body["error"]["code"] == code, body
    return body["error"]


def close_answer(r) -> None:
    """Close a test client's answer as a server closes it when the client goes, so that a
    stream's waiting slot is given back (the test client closes a streamed answer only
    when its content is read to the end, which a stream's never is). The closing is kept
    from closing the test's database connection, as the test client keeps it during a
    request."""
    request_finished.disconnect(close_old_connections)
    try:
        r.close()
    finally:
        request_finished.connect(close_old_connections)
