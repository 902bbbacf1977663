"""A body over the limit is refused before it is read.

Through the ASGI application (``kaosz.asgi.application``, what uvicorn runs), with the
messages a server sends: a declared ``Content-Length`` over the limit is answered 413
without a single body message being read; a chunked body (no length) is answered 413 as
soon as it passes the limit, the rest left unread. And through a real uvicorn over a
socket: the server stops taking a chunked body long before the client's 200 MB.
Under WSGI the guard refuses the declared length on pages too (a multipart upload was
streamed to disk in full before a view could look at it)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from collections.abc import Callable

import pytest
from django.conf import settings
from django.test import Client

from tests.support import asgi_client, servers
from web import body_limit

MB = 1024 * 1024
pytestmark = pytest.mark.django_db


def _headers(length: int | None, content_type: bytes = b"application/json"):
    extra = [(b"content-type", content_type)]
    if length is not None:
        extra.append((b"content-length", str(length).encode()))
    return extra


async def _answer(talk, timeout: float = 10) -> tuple[int, bytes]:
    start = await talk.receive_output(timeout)
    body = b""
    while True:
        part = await talk.receive_output(timeout)
        body += part.get("body", b"")
        if not part.get("more_body"):
            return start["status"], body


@pytest.mark.parametrize("path", ["/api/v1/decks/validate/", "/contribute/csv/"])
def test_a_declared_length_over_the_limit_is_refused_unread(path):
    async def scenario() -> tuple[int, bytes, int]:
        talk = asgi_client.connect(path, method="POST",
                                   headers=_headers(400 * MB, b"multipart/form-data; b=x"
                                                    if path.startswith("/contribute") else
                                                    b"application/json"))
        status, body = await _answer(talk)  # (no body message sent at all)
        await talk.wait(5)
        return status, body, talk.input_queue.qsize()
    status, body, _ = asyncio.run(scenario())
    assert status == 413
    if path.startswith("/api/"):
        error = json.loads(body)["error"]
        assert error["code"] == "request_too_large"
        assert error["details"]["max_bytes"] == settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def test_a_chunked_body_is_cut_off_at_the_limit():
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    chunks = 40  # 40 MB offered, one megabyte a message, never finished

    async def scenario() -> tuple[int, bytes, int]:
        talk = asgi_client.connect("/api/v1/decks/validate/", method="POST",
                                   headers=_headers(None))
        for _ in range(chunks):
            await talk.send_input({"type": "http.request", "body": b"x" * MB,
                                   "more_body": True})
        status, body = await _answer(talk)
        await talk.wait(5)
        return status, body, talk.input_queue.qsize()
    status, body, unread = asyncio.run(scenario())
    assert status == 413 and json.loads(body)["error"]["code"] == "request_too_large"
    read = chunks - unread
    # (kept up to the limit, thrown away up to the lingering budget, the rest never read)
    assert read <= (1 + body_limit.LINGER_FACTOR) * limit // MB + 2, read
    assert unread > 0


def test_a_body_a_little_over_the_limit_is_read_before_the_answer():
    """A client that sends all of a 3 MB body before it reads hears the 413, rather than a
    broken pipe: the server reads the body to its end, keeping none of it, then answers."""
    parts = 3

    async def scenario() -> tuple[int, bytes, int]:
        talk = asgi_client.connect("/api/v1/matches/", method="POST",
                                   headers=_headers(parts * MB))
        for i in range(parts):
            await talk.send_input({"type": "http.request", "body": b"x" * MB,
                                   "more_body": i < parts - 1})
        status, body = await _answer(talk)
        await talk.wait(5)
        return status, body, talk.input_queue.qsize()
    status, body, unread = asyncio.run(scenario())
    assert status == 413 and json.loads(body)["error"]["code"] == "request_too_large"
    assert unread == 0


def test_a_body_under_the_limit_still_arrives():
    async def scenario() -> int:
        talk = asgi_client.connect("/healthz", method="POST", headers=_headers(None))
        for _ in range(2):
            await talk.send_input({"type": "http.request", "body": b"x" * MB,
                                   "more_body": True})
        await talk.send_input({"type": "http.request", "body": b"", "more_body": False})
        status, _ = await _answer(talk)
        return status
    # (read whole, and the chain answered: CSRF refuses a cookieless POST, not the size)
    assert asyncio.run(scenario()) == 403


def test_wsgi_refuses_a_declared_multipart_body_over_the_upload_limit(user):
    client = Client()
    client.force_login(user)
    answer = client.generic("POST", "/contribute/csv/", b"--x--",
                            content_type="multipart/form-data; boundary=x",
                            CONTENT_LENGTH=str(400 * MB))
    assert answer.status_code == 413


def _chunked_post(path: str, content_type: bytes,
                  send_body: Callable[[socket.socket], None]) -> bytes:
    """A real uvicorn over a socket: a chunked POST to ``path`` whose body ``send_body``
    sends (a send that fails is the server no longer reading), then the answer's head as
    far as it came."""
    proc, base = servers.uvicorn({})
    port = int(base.rsplit(":", 1)[1])
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
            conn.sendall(b"POST " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         b"Content-Type: " + content_type + b"\r\n"
                         b"Transfer-Encoding: chunked\r\n\r\n")
            # (a send fails once the server closed, or blocks once it no longer reads)
            with contextlib.suppress(OSError):
                send_body(conn)
            conn.settimeout(10)
            answer = b""
            while b"\r\n\r\n" not in answer:
                part = conn.recv(65536)
                if not part:
                    break
                answer += part
    finally:
        proc.stop()
    return answer


def test_uvicorn_stops_taking_a_chunked_body():
    """A real server over a socket: 200 MB offered in chunks; the answer is a 413 and the
    connection is closed long before that much is sent (the send blocks or fails once the
    server stops reading)."""
    sent = 0

    def offer_200_mb(conn: socket.socket) -> None:
        nonlocal sent
        chunk = b"%x\r\n" % MB + b"x" * MB + b"\r\n"
        conn.settimeout(2)
        while sent < 200 * MB:
            conn.sendall(chunk)
            sent += MB

    answer = _chunked_post("/api/v1/decks/validate/", b"application/json", offer_200_mb)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert sent < 50 * MB, sent


@pytest.mark.parametrize("path,content_type", [
    ("/accounts/login/", b"application/x-www-form-urlencoded"),
    ("/api/v1/decks/validate/", b"application/json")])
def test_uvicorn_answers_an_oversized_chunked_form(path, content_type):
    """A chunked body a little over the limit, sent whole, and then read for the answer:
    a 413, not a connection closed without one (the audit's login form)."""
    body = b"username=a&password=" + b"x" * (3 * settings.DATA_UPLOAD_MAX_MEMORY_SIZE)

    def send_all(conn: socket.socket) -> None:
        for i in range(0, len(body), 64 * 1024):
            part = body[i:i + 64 * 1024]
            conn.sendall(b"%x\r\n" % len(part) + part + b"\r\n")
        conn.sendall(b"0\r\n\r\n")

    answer = _chunked_post(path, content_type, send_all)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
