"""A real SMTP server for the tests that claim one (aiosmtpd on a port the system picks),
with Django's mail settings pointed at it for as long as the test runs."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes
from email.header import decode_header, make_header
from email.message import Message
from typing import Any

from aiosmtpd.smtp import SMTP

SITE = "https://kaosz.example"     # where the links in test mails point


class Inbox:
    """An aiosmtpd handler keeping every message it receives."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server, session, envelope):  # (aiosmtpd's name)
        self.messages.append(message_from_bytes(envelope.content))
        return "250 OK"

    def to(self, address: str) -> list[Message]:
        return [m for m in self.messages if m["To"] == address]


def subject(message: Message) -> str:
    """A received message's subject, decoded (a subject with accents comes encoded)."""
    return str(make_header(decode_header(message["Subject"])))


@contextmanager
def serve_smtp(inbox: Inbox | None = None) -> Iterator[tuple[Inbox, int]]:
    """Serve SMTP on 127.0.0.1, on a port the system picks, until the block ends (into
    ``inbox``, an :class:`Inbox` or one that does more on each message)."""
    inbox = inbox if inbox is not None else Inbox()
    loop = asyncio.new_event_loop()
    server = loop.run_until_complete(loop.create_server(
        lambda: SMTP(inbox, loop=loop), "127.0.0.1", 0))
    port = server.sockets[0].getsockname()[1]
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        yield inbox, port
    finally:
        loop.call_soon_threadsafe(server.close)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)


@contextmanager
def smtp_server(settings: Any, site: str = SITE, inbox: Inbox | None = None) -> Iterator[Inbox]:
    """A real SMTP server for this process: ``settings`` (pytest-django's fixture) sends
    Django's mail there, and links in mails start with ``site``."""
    with serve_smtp(inbox) as (inbox, port):
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
        settings.EMAIL_USE_TLS, settings.EMAIL_TIMEOUT = False, 5
        settings.KAOSZ_SITE_URL = site
        yield inbox


def worker_mail_env(port: int, site: str = SITE) -> dict[str, str]:
    """The environment that sends a Celery worker's mail to the SMTP server on ``port``."""
    return {"EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(port), "EMAIL_USE_TLS": "0",
            "KAOSZ_SITE_URL": site}
