"""Helpers shared by the API tests: an authenticated client and the one error shape."""

from __future__ import annotations

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
    # (request_id: the X-Request-ID of the answer, issue 29)
    assert set(body["error"]) - {"request_id"} == {"code", "message", "details"}, body
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    if code is not None:
        assert body["error"]["code"] == code, body
    return body["error"]
