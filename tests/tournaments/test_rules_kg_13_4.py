"""KGK rule coverage, section 13.4: tournament games are never drawn (through the
tournament and match APIs, with the shipped cards loaded)."""

from __future__ import annotations

import pytest

from matches.models import Match
from tests.support.api import assert_error, client_for
from tests.support.tournaments import DECK_A, DECK_B, create, ok, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def org(db, django_user_model):
    """The organiser (the judge) with an API client."""
    return client_for(django_user_model.objects.create_user("biro"))


def player_clients(django_user_model, n: int) -> list:
    return [client_for(django_user_model.objects.create_user(f"versenyzo{i}"))
            for i in range(n)]


def test_kg_13_4_3_a_swiss_result_is_never_a_draw(org):
    """KG-13.4.3 ("döntetlen soha nem lehet egy játék"): the organiser, deciding a table,
    cannot enter a draw (1-1 or 0-0 of a best of three); a result with a winner stands."""
    oc = org
    t = create(oc, decks_required=False, games_per_match=3, top_cut=False, rounds_planned=1)
    for name in ("Anna", "Béla"):
        ok(oc.post(url(t, "entries/"), {"name": name}, format="json"), 201)
    ok(oc.post(url(t, "start/")))
    ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    rnd = ok(oc.post(url(t, "rounds/1/start/")))
    table = url(t, f"pairings/{rnd['pairings'][0]['id']}/result/")
    for a, b in ((1, 1), (0, 0)):
        assert_error(oc.post(table, {"games_a": a, "games_b": b}, format="json"), 400,
                     "invalid_result")
    assert ok(oc.post(table, {"games_a": 2, "games_b": 1}, format="json"))["status"] == \
        "confirmed"


def test_kg_13_4_3_a_tournament_game_decided_at_time_has_a_winner(org, django_user_model,
                                                                   cards_loaded):
    """KG-13.4.3 ("Ha kifutsz az időkorlátból a bíró feladata dönteni a nyertesről, de
    döntetlen soha nem lehet egy játék"): each online game has one hour, and when time
    runs out the judge decides who won; he cannot declare a draw."""
    oc = org
    t = create(oc, mode="online", rounds_planned=1, top_cut=False)
    for i, c in enumerate(player_clients(django_user_model, 2)):
        ok(c.post(url(t, "entries/"), {"deck": {"text": DECK_A if i % 2 else DECK_B}},
                  format="json"), 201)
    ok(oc.post(url(t, "start/")))
    ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    rnd = ok(oc.post(url(t, "rounds/1/start/")))
    match_id = rnd["pairings"][0]["match"]
    assert Match.objects.get(pk=match_id).time_limit_seconds == 3600
    r = oc.post(f"/api/v1/matches/{match_id}/adjudicate/", {"winners": [], "note": "idő"},
                format="json")
    assert r.status_code == 400, r.content
    assert Match.objects.get(pk=match_id).status == "active"
