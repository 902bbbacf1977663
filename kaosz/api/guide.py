"""``/api/v1/guide/bot-client.md``: the "build a bot client" guide (``docs/api/bot-client.md``
in this repository), served as Markdown so the schema's description can link to it."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from django.http import HttpRequest, HttpResponse

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "api" / "bot-client.md"


@lru_cache(maxsize=1)
def _text() -> bytes:
    return GUIDE.read_bytes()


def bot_client(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(_text(), content_type="text/markdown; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="bot-client.md"'
    return response
