"""The bot guide's example bot: a client generated from the schema (openapi-python-client,
package ``kaosz_client``) plays your turn-based matches as the account stream says it is
your turn. Every answer arrives as the game's own classes: the bot posts one of its legal
actions back as it came, with the version it read.

    openapi-python-client generate --url http://127.0.0.1:8000/api/v1/schema/?format=json \\
        --meta none --output-path kaosz_client
    python typed_bot.py http://127.0.0.1:8000 kz_...

``tests/api/test_generated_client.py`` plays a match with it against a live server."""

from __future__ import annotations

import http.client
import json
import random
import sys
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from urllib.parse import urlsplit

from kaosz_client import AuthenticatedClient
from kaosz_client.api.matches import matches_actions_create, matches_legal_actions_retrieve
from kaosz_client.models import ActionConflict, ActionRequestRequest, Error

Choose = Callable[[Sequence[Any]], Any]
MAX_MOVES = 10_000  # (a guard for a bug in a strategy, not a rule)
RACES = 5  # lost races in a row before waiting for the stream's next turn


def account_events(base_url: str, token: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """The account stream's events (``hello``, ``your_turn``, ``invitation``,
    ``match_finished``...), each as its name and data, until the server closes it; a
    ``keepalive`` (no data) each time the server says it is still there."""
    where = urlsplit(base_url)
    conn = http.client.HTTPConnection(where.hostname or "127.0.0.1", where.port or 80,
                                      timeout=60)
    conn.request("GET", "/api/v1/me/stream/", headers={
        "Accept": "text/event-stream", "Authorization": f"Token {token}"})
    answer = conn.getresponse()
    try:
        name = None
        while line := answer.readline().decode():
            line = line.rstrip("\n")
            if line.startswith(":"):  # the keep-alive comment: a moment to look round
                yield "keepalive", {}
            elif line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: ") and name is not None:
                yield name, json.loads(line[6:])
                name = None
    finally:
        answer.close()
        conn.close()


def take_turn(client: AuthenticatedClient, match_id: int, choose: Choose) -> bool:
    """Play one move in ``match_id`` if it is ours (False: nothing to do now). A 409
    ``version_conflict`` means another seat's decision, taken at the same time, took what
    we chose (or ended the phase): its answer brings our legal actions now, to choose
    again from without reading again."""
    legal = matches_legal_actions_retrieve.sync(match_id, client=client)
    for _ in range(RACES):
        if legal is None or isinstance(legal, Error) or not legal.actions:
            return False
        played = matches_actions_create.sync(match_id, client=client, body=(
            ActionRequestRequest(action=choose(legal.actions), expected_version=legal.version,
                                 client_action_id=str(uuid.uuid4()))))
        if isinstance(played, ActionConflict) and played.error.code == "version_conflict":
            legal = played.error.details.legal_actions or None
            continue
        return played is not None and not isinstance(played, (Error, ActionConflict))
    return False


def run(base_url: str, token: str, choose: Choose,
        until: Callable[[str, dict[str, Any]], bool] = lambda name, data: False) -> int:
    """Follow the account stream and move whenever it says it is our turn; returns the
    number of moves made when ``until(event name, data)`` says so or the stream ends."""
    client = AuthenticatedClient(base_url=base_url, token=token, prefix="Token")
    moves = 0
    for name, data in account_events(base_url, token):
        # (``hello`` lists the turns waiting when the stream opens; ``your_turn`` each new one)
        turns = data.get("your_turn", []) if name == "hello" else \
            [data] if name == "your_turn" else []
        for turn in turns:
            # (our move may leave the decision ours: play on while it is)
            while moves < MAX_MOVES and take_turn(client, turn["match"], choose):
                moves += 1
        if until(name, data):
            break
    return moves


if __name__ == "__main__":
    run(sys.argv[1], sys.argv[2], random.Random().choice)
