"""Tournaments made and run through the API, for the tests of every app."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rest_framework.test import APIClient

ROOT = Path(__file__).resolve().parents[2]
DECK_A = (ROOT / "fixtures" / "decks" / "practice-a.txt").read_text(encoding="utf-8")
DECK_B = (ROOT / "fixtures" / "decks" / "practice-b.txt").read_text(encoding="utf-8")
BASE = "/api/v1/tournaments/"


def ok(response, status: int = 200) -> Any:
    assert response.status_code == status, response.content
    return response.json() if response.get("Content-Type", "").startswith("application/json") \
        else response


def create(client: APIClient, **fields: Any) -> dict:
    body = {"name": "Teszt Kupa", "format": "practice", **fields}
    return ok(client.post(BASE, body, format="json"), 201)


def url(t: dict | int, rest: str = "") -> str:
    tid = t["id"] if isinstance(t, dict) else t
    return f"{BASE}{tid}/{rest}"


def report_all(org_client: APIClient, t: dict, rnd: dict, results: dict | None = None) -> None:
    """The organiser enters every table: the higher seed (a) wins 2-1 unless told."""
    for p in rnd["pairings"]:
        ga, gb = (results or {}).get(p["table"], (2, 1))
        ok(org_client.post(url(t, f"pairings/{p['id']}/result/"),
                           {"games_a": ga, "games_b": gb}, format="json"))


def play_round(org_client: APIClient, t: dict, results: dict | None = None) -> dict:
    rnd = ok(org_client.post(url(t, "rounds/"), {}, format="json"), 201)
    n = rnd["number"]
    ok(org_client.post(url(t, f"rounds/{n}/start/"), format="json"))
    report_all(org_client, t, rnd, results)
    return ok(org_client.post(url(t, f"rounds/{n}/finish/"), format="json"))


def start_online_round(org_client: APIClient, players: list) -> dict:
    """A one-round online event with ``players`` (user, client) entered with the two
    practice decks, started: its first round's answer, its pairings naming their matches."""
    t = create(org_client, mode="online", rounds_planned=1)
    for i, (_u, c) in enumerate(players):
        ok(c.post(url(t, "entries/"), {"deck": {"text": DECK_A if i % 2 else DECK_B}},
                  format="json"), 201)
    ok(org_client.post(url(t, "start/")))
    ok(org_client.post(url(t, "rounds/"), {}, format="json"), 201)
    return ok(org_client.post(url(t, "rounds/1/start/")))
