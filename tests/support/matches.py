"""Matches made and played through the API and the store, for the tests of every app."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rest_framework.test import APIClient

from matches import store
from matches.models import Match
from rulesets import registry
from tests.support.api import client_for
from tests.support.waiting import until

ROOT = Path(__file__).resolve().parents[2]

SISTERS = ["smugglers", "roll", "pulsar"]


def create(client: APIClient, ruleset: str, seats: list[Any], options: dict | None = None,
           status: int = 201) -> dict:
    body: dict[str, Any] = {"ruleset": ruleset,
                            "seats": [s if isinstance(s, dict) else {"player": s}
                                      for s in seats]}
    if options is not None:
        body["options"] = options
    r = client.post("/api/v1/matches/", body, format="json")
    assert r.status_code == status, r.content
    if status != 201:
        return r.json()
    # A named player is invited, not seated: each accepts (joins), taking the proposed deck.
    from django.contrib.auth import get_user_model

    invited = [i["username"] for i in r.json().get("invitations", [])]
    for name in invited:
        other = client_for(get_user_model().objects.get(username=name))
        joined = other.post(f"/api/v1/matches/{r.json()['id']}/join/", {}, format="json")
        assert joined.status_code == 200, joined.content
    return client.get(f"/api/v1/matches/{r.json()['id']}/").json() if invited else r.json()


def new_match(django_user_model, ruleset: str) -> tuple[Match, list]:
    """A started match of ``ruleset`` between two new users, made through the store."""
    users = [django_user_model.objects.create_user(f"p{i}-{ruleset}") for i in range(2)]
    match = store.create_match(ruleset, {}, [store.SeatSpec(user=u) for u in users])
    return match, users


def next_move(match_id: int, k: int) -> tuple[Match, int, dict]:
    """The match as it is now, the seat to act and a seeded random legal action for it."""
    match = Match.objects.get(pk=match_id)
    rs = registry.get(match.ruleset)
    seat = match.to_act[0]
    data = match.state_json()
    assert data is not None, "the match has not started"
    action = rs.bot_action(rs.from_json(data), seat, "random", f"t{k}")
    return match, seat, action


def step(match_id: int, k: int) -> store.Result:
    """Apply ``next_move`` through the store (client_action_id ``c{k}``)."""
    match, seat, action = next_move(match_id, k)
    return store.submit(match_id, seat, action, expected_version=match.version,
                        client_action_id=f"c{k}")


def play_step(client: APIClient, match_id: int, rng: random.Random,
              seat: int | None = None) -> dict | None:
    """One random legal action for the client's seat; None when it has nothing to do."""
    q = f"?seat={seat}" if seat is not None else ""
    legal = client.get(f"/api/v1/matches/{match_id}/legal-actions/{q}").json()
    if not legal["actions"]:
        return None
    action = rng.choice(legal["actions"])
    body = {"action": action, "expected_version": legal["version"],
            "client_action_id": f"t-{match_id}-{legal['version']}-{legal['seat']}"}
    if seat is not None:
        body["seat"] = seat
    r = client.post(f"/api/v1/matches/{match_id}/actions/", body, format="json")
    if r.status_code == 409:  # someone else (a simultaneous seat, a bot) moved first
        return None
    assert r.status_code == 200, r.content
    return r.json()


def wait_for(check: Callable[[], Any], timeout: float = 60.0, every: float = 0.1) -> Any:
    return until(check, timeout=timeout, every=every)


def act(client, match_id, seat, action):
    r = client.post(f"/api/v1/matches/{match_id}/actions/",
                    {"action": action, "seat": seat}, format="json")
    assert r.status_code == 200, r.content
    return r.json()
