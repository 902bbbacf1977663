"""A sandbox match (a position set up from a scenario) never counts in a tournament, even
if one were tied to a table."""

from __future__ import annotations

import pytest

from matches import store
from matches.models import Match
from matches.tournaments import services
from matches.tournaments.models import Pairing
from tests.support.tournaments import start_online_round

pytestmark = pytest.mark.django_db


def test_a_finished_sandbox_match_gives_no_table_result(org, make_players, cards_loaded):
    o, oc = org
    players = make_players(2)
    rnd = start_online_round(oc, players)
    table = rnd["pairings"][0]
    real = Match.objects.get(pk=table["match"])

    (u0, c0), _ = players
    r = c0.post("/api/v1/matches/", {"ruleset": "kgk", "scenario": "kg-14-4", "seats": [
        {"player": "me"}, {"player": "bot:random"}]}, format="json")
    assert r.status_code == 201, r.content
    sandbox = Match.objects.get(pk=r.json()["id"])
    store.submit(sandbox.pk, 0, None, kind="resign", user=u0)
    sandbox.refresh_from_db()
    assert sandbox.status == "finished" and sandbox.options["sandbox"] is True

    # Tie the table to the sandbox match (no API does this; a bug or a hand edit might).
    Pairing.objects.filter(pk=table["id"]).update(match=sandbox)
    assert services.record_match_outcome(sandbox) is None
    p = Pairing.objects.get(pk=table["id"])
    assert (p.games_a, p.games_b, p.status) != (1, 0, "confirmed")
    assert p.changes.filter(kind="online").count() == 0
    assert real.status == "active"
