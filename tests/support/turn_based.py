"""Turn-based matches made through the challenge API, for the tests of turn mails."""

from __future__ import annotations

from typing import Any

from matches.models import Match
from players.models import Mail, TurnClock
from players.notifications import outbox
from tests.support.api import client_for


def turn_based_match(people: dict[str, Any], ruleset: str = "kgk") -> Match:
    """anna challenges, bela accepts: a rated match at one day a move."""
    r = client_for(people["anna"]).post("/api/v1/challenges/", {
        "ruleset": ruleset, "time_control": "1d", "rated": True}, format="json")
    assert r.status_code == 201, r.content
    a = client_for(people["bela"]).post(f"/api/v1/challenges/{r.json()['id']}/accept/", {},
                                        format="json")
    assert a.status_code == 200, a.content
    return Match.objects.get(pk=r.json()["id"])


def acting_users(match: Match) -> set[str]:
    """The usernames of the seats to act now."""
    match.refresh_from_db()
    return {s.label() for s in match.seats.all() if s.index in match.to_act}


def mail_the_turn_again(match: Match) -> None:
    """As if the turn had just come: its mails forgotten and due again."""
    Mail.objects.filter(match=match).delete()
    clock = TurnClock.objects.get(match=match)
    clock.notified_seats = []
    outbox.queue_turn_mails(match, clock)
    clock.save()
