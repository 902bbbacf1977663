"""Tournament games are rated (issue 30), though nobody created them "rated": an online
round's match, finished, moves both players' live KGK ratings; its rebuild agrees."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from players.models import Rating, RatingEvent
from tests.support.tournaments import DECK_A, DECK_B, create, ok, url

# transaction=True: ratings are recorded after the result commits, as in production.
pytestmark = pytest.mark.django_db(transaction=True)


def test_an_online_tournament_game_is_rated(org, make_players, cards_loaded):
    _o, oc = org
    players = make_players(2)
    t = create(oc, mode="online", rounds_planned=1)
    for i, (_u, c) in enumerate(players):
        ok(c.post(url(t, "entries/"), {"deck": {"text": DECK_A if i % 2 else DECK_B}},
                  format="json"), 201)
    ok(oc.post(url(t, "start/")))
    ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    rnd = ok(oc.post(url(t, "rounds/1/start/")))
    match_id = rnd["pairings"][0]["match"]
    r = oc.post(f"/api/v1/matches/{match_id}/adjudicate/", {"winners": [1], "note": "idő"},
                format="json")
    assert r.status_code == 200, r.content
    assert RatingEvent.objects.filter(match_id=match_id).count() == 2
    assert sorted(Rating.objects.filter(game="kgk", family="live")
                  .values_list("games", flat=True)) == [1, 1]
    winner = Rating.objects.order_by("-rating").first()
    before = [(x.user_id, round(x.rating, 6)) for x in Rating.objects.order_by("user_id")]
    call_command("rebuild_ratings", stdout=io.StringIO())
    assert [(x.user_id, round(x.rating, 6)) for x in Rating.objects.order_by("user_id")] == before
    assert winner is not None and winner.rating > 1500
