"""An open server-sent event stream (a match's or an account's), read event by event: what
the live-stream tests and the two-node test read as a client would."""

from __future__ import annotations

import http.client
import json
import time
from typing import Any


class Stream:
    """One open event stream, read event by event (``token``: None for a spectator)."""

    def __init__(self, base: str, path: str, token: str | None = None,
                 accept: str = "text/event-stream") -> None:
        host, port = base.split("//")[1].split(":")
        self.conn = http.client.HTTPConnection(host, int(port), timeout=30)
        headers = {"Accept": accept}
        if token:
            headers["Authorization"] = f"Token {token}"
        self.conn.request("GET", path, headers=headers)
        self.response = self.conn.getresponse()

    def next(self, within: float = 10) -> tuple[str, dict[str, Any]]:
        """The next event (its name and data), skipping keep-alive comments."""
        deadline = time.monotonic() + within
        name = None
        while time.monotonic() < deadline:
            line = self.response.readline().decode()
            if not line:
                break
            line = line.rstrip("\n")
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: ") and name is not None:
                return name, json.loads(line[6:])
        raise AssertionError("no event in time")

    def close(self) -> None:
        self.response.close()  # (it holds the socket open too)
        self.conn.close()
