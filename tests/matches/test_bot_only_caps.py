"""Matches between bots only are capped per user
(``KAOSZ_BOT_MATCHES_PER_USER``, staff exempt) and on the whole server
(``KAOSZ_BOT_MATCHES_RUNNING``): a thousand of them made in 13 s starved every person's
bot. A match with a person in it is never refused by these caps."""

from __future__ import annotations

import pytest

from matches import store
from matches.models import Match, Seat
from tests.support.api import assert_error, client_for

BOTS = {"ruleset": "smugglers", "seats": [{"player": "bot:random"}, {"player": "bot:random"}]}


def _running_bot_match(creator, other) -> Match:
    """A running match of bots only, made through the store with two people whose seats
    are then handed to bots behind its back (so no bot task plays it to the end here)."""
    match = store.create_match("smugglers", {}, [store.SeatSpec(user=creator),
                                                 store.SeatSpec(user=other)],
                               created_by=creator)
    Seat.objects.filter(match=match).update(bot="random", user=None)
    return match


@pytest.mark.django_db(transaction=True)
def test_a_user_runs_at_most_a_few_bot_only_matches(settings, django_user_model):
    settings.KAOSZ_BOT_MATCHES_PER_USER = 2
    settings.KAOSZ_BOT_MATCHES_RUNNING = 100
    anna, bela = (django_user_model.objects.create_user(n) for n in ("anna", "bela"))
    for _ in range(2):
        _running_bot_match(anna, bela)
    before = Match.objects.count()
    err = assert_error(client_for(anna).post("/api/v1/matches/", BOTS, format="json"), 429,
                       "too_many_bot_matches")
    assert err["details"]["yours"] == 2 and err["details"]["max_yours"] == 2
    assert Match.objects.count() == before
    # Another user is not held up by anna's, and a match with a person in it never is.
    assert client_for(bela).post("/api/v1/matches/", BOTS, format="json").status_code == 201
    mixed = {"ruleset": "smugglers", "seats": [{"player": "me"}, {"player": "bot:random"}]}
    assert client_for(anna).post("/api/v1/matches/", mixed, format="json").status_code == 201


@pytest.mark.django_db(transaction=True)
def test_the_whole_server_runs_at_most_so_many(settings, django_user_model):
    settings.KAOSZ_BOT_MATCHES_PER_USER = 100
    settings.KAOSZ_BOT_MATCHES_RUNNING = 3
    users = [django_user_model.objects.create_user(f"u{i}") for i in range(4)]
    for i in range(3):
        _running_bot_match(users[i], users[3])
    staff = django_user_model.objects.create_user("staff", is_staff=True)
    err = assert_error(client_for(staff).post("/api/v1/matches/", BOTS, format="json"), 429,
                       "too_many_bot_matches")
    assert err["details"]["running"] == 3 and err["details"]["max_running"] == 3
    # One ends: there is room again.
    Match.objects.filter(pk=Match.objects.order_by("id").first().pk).update(
        status=Match.FINISHED)
    assert client_for(users[3]).post("/api/v1/matches/", BOTS, format="json").status_code \
        == 201
