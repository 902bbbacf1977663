"""Hidden information through the API: over many random matches of every ruleset, every
byte a seat (or a spectator) receives equals what the ruleset's view/event_view/
legal_actions give that seat — and crafted requests for another seat's eyes are refused."""

from __future__ import annotations

import json
import random

import pytest

from matches.models import Match
from rulesets import registry
from tests.support.api import assert_error, client_for
from tests.support.matches import create

CASES = [("smugglers", s) for s in range(4)] + [("kgk", 0), ("kgk", 1), ("roll", 0),
                                                ("pulsar", 0)]
STEPS = 18


def norm(data):
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("ruleset,seed", CASES)
def test_every_response_is_the_seats_own_view(players, api, django_user_model, ruleset,
                                              seed):
    (a, ca), (b, cb) = players
    eve = client_for(django_user_model.objects.create_user(f"eve{seed}"))
    m = create(ca, ruleset, ["me", "bela"])
    url = f"/api/v1/matches/{m['id']}"
    rs = registry.get(ruleset)
    rng = random.Random(seed)
    clients = {0: ca, 1: cb, None: api}
    for _ in range(STEPS):
        match = Match.objects.get(pk=m["id"])
        if match.status != Match.ACTIVE:
            break
        truth = rs.from_json(match.state_json())
        stored = [e for entry in match.log.order_by("seq") for e in entry.events]
        for seat, c in clients.items():
            d = c.get(f"{url}/").json()
            assert d["seat"] == seat
            assert d["view"] == norm(rs.view(truth, seat))
            legal = c.get(f"{url}/legal-actions/").json()["actions"]
            own = rs.legal_actions(truth, seat) if seat in match.to_act else []
            assert legal == norm(own)
            events = [e["event"] for e in c.get(f"{url}/events/").json()["events"]]
            assert events == norm([v for v in (rs.event_view(e, seat) for e in stored)
                                   if v is not None])
        # A crafted look through the other seat's eyes is refused, and says nothing.
        for seat, c in ((0, cb), (1, ca), (0, eve), (1, api)):
            for path in ("/", "/legal-actions/", "/events/"):
                r = c.get(f"{url}{path}?seat={seat}")
                err = assert_error(r, 403, "not_your_seat")
                assert "view" not in json.dumps(err)
        assert_error(api.get(f"{url}/replay/"), 409, "match_not_finished")
        # Someone to act takes a random legal step; its answer carries only its own view.
        seat = rng.choice(match.to_act)
        c = clients[seat]
        choice = rng.choice(rs.legal_actions(truth, seat))
        r = c.post(f"{url}/actions/", {"action": choice, "expected_version": match.version},
                   format="json")
        assert r.status_code == 200, r.content
        # (the entry answered; the store's automatic passes at windows may follow it)
        after = Match.objects.get(pk=m["id"]).log.get(seq=r.json()["seq"])
        assert [e["event"] for e in r.json()["events"]] == norm(
            [v for v in (rs.event_view(e, seat) for e in after.events) if v is not None])
