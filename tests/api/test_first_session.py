"""The API manual's first session works: its `curl` commands, replayed as written against a
live server (over real HTTP), take a token made on the account page to a played move.

Each `curl` line of the first-session block in ``docs/api/README.md`` is parsed (method, headers, body, URL)
and sent with urllib, so the test needs no curl binary; the shell variables are filled in
the way the manual tells a reader to fill them (from the previous answers).
"""

from __future__ import annotations

import json
import re
import shlex
import urllib.request
from pathlib import Path

import pytest
from django.test import Client

MANUAL = Path(__file__).resolve().parents[2] / "docs" / "api" / "README.md"


def documented_commands() -> list[str]:
    text = MANUAL.read_text(encoding="utf-8")
    block = text.split("<!-- first-session -->", 1)[1].split("<!-- /first-session -->", 1)[0]
    joined = re.sub(r"\\\n\s*", " ", block)  # continuation lines
    return [line.strip() for line in joined.splitlines() if line.strip().startswith("curl ")]


def curl(command: str, env: dict[str, str]) -> tuple[int, dict]:
    """Run one documented curl command the way a POSIX shell would expand it."""
    def expand(word: str) -> str:
        return re.sub(r"\$(\w+)", lambda m: env[m.group(1)], word)

    def mark(m: re.Match[str]) -> str:
        return "\x01" + m.group(1) + "\x02"

    # Single-quoted parts are literal; double-quoted and bare parts expand variables.
    args = shlex.split(re.sub(r"\$(\w+)", mark, command))
    args = [re.sub("\x01(\\w+)\x02", lambda m: env[m.group(1)], a) for a in args]
    assert args[0] == "curl"
    method, headers, data, url = "GET", {}, None, None
    i = 1
    while i < len(args):
        a = args[i]
        if a == "-s":
            pass
        elif a == "-X":
            method = args[i + 1]
            i += 1
        elif a == "-H":
            name, value = args[i + 1].split(":", 1)
            headers[name.strip()] = value.strip()
            i += 1
        elif a == "-d":
            data = args[i + 1].encode()
            i += 1
        else:
            url = expand(a)
        i += 1
    assert url is not None, f"no URL in {command!r}"
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


@pytest.mark.django_db(transaction=True)
def test_readme_first_session_plays_a_move(live_server, django_user_model, bots_in_process):
    commands = documented_commands()
    assert len(commands) == 4, commands
    django_user_model.objects.create_user("olvaso", password="titkos-jelszo-123")
    page = Client()
    page.login(username="olvaso", password="titkos-jelszo-123")
    answer = page.post("/account/tokens/", {"name": "curl", "scope": "write"}, follow=True)
    found = re.search(r'id="token-key"[^>]*>(kz_[A-Za-z0-9_-]+)<', answer.content.decode())
    assert found, "the new key is shown once after the redirect"
    token = found.group(1)
    env = {"BASE": live_server.url, "TOKEN": token}

    status, tokens = curl(commands[0], env)
    assert status == 200 and tokens[0]["name"] == "curl"
    status, match = curl(commands[1], env)
    assert status == 201, match
    env["MATCH"] = str(match["id"])
    status, events = curl(commands[2], env)
    assert status == 200, events
    env["ACTION"] = json.dumps(events["legal_actions"]["actions"][0])
    env["VERSION"] = str(events["version"])
    status, played = curl(commands[3], env)
    assert status == 200, played
    assert played["version"] > events["version"]
    again_status, again = curl(commands[3], env)  # the same client_action_id: same answer
    assert again_status == 200 and again["version"] == played["version"]
