"""Requests through ``kaosz.asgi.application`` in this process, without a server, as
uvicorn would make them."""

from __future__ import annotations

from asgiref.testing import ApplicationCommunicator


def connect(path: str, query: bytes = b"", method: str = "GET",
            headers: list[tuple[bytes, bytes]] | None = None) -> ApplicationCommunicator:
    """A request to the application, not yet sent."""
    from kaosz.asgi import application

    return ApplicationCommunicator(application, {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
        "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
        "query_string": query, "root_path": "",
        "headers": [(b"host", b"testserver"), *(headers or [])],
        "client": ("127.0.0.1", 50000), "server": ("testserver", 80)})


async def start(talk: ApplicationCommunicator, timeout: float = 20) -> dict:
    """Send the (empty) body; the answer's start message."""
    await talk.send_input({"type": "http.request", "body": b"", "more_body": False})
    return await talk.receive_output(timeout)


async def ask(path: str, query: bytes = b"", method: str = "GET",
              headers: list[tuple[bytes, bytes]] | None = None,
              timeout: float = 20) -> tuple[int, dict[str, str], bytes]:
    """One whole request: (status, headers with lower-case names, body)."""
    talk = connect(path, query, method, headers)
    begun = await start(talk, timeout)
    body = b""
    while True:
        part = await talk.receive_output(timeout)
        body += part.get("body", b"")
        if not part.get("more_body"):
            break
    await talk.wait(timeout)
    return begun["status"], {k.decode().lower(): v.decode() for k, v in begun["headers"]}, body


def token(key: str) -> list[tuple[bytes, bytes]]:
    return [(b"authorization", f"Token {key}".encode())]
