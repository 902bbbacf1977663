"""Tournament games are rated, though nobody created them "rated": an online
round's match, finished, moves both players' live KGK ratings; its rebuild agrees."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from players.models import Rating, RatingEvent
from tests.support.tournaments import start_online_round

# transaction=True: ratings are recorded after the result commits, as in production.
pytestmark = pytest.mark.django_db(transaction=True)


def test_an_online_tournament_game_is_rated(org, make_players, cards_loaded):
    _o, oc = org
    players = make_players(2)
    rnd = start_online_round(oc, players)
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
