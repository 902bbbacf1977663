"""Ratings wired to matches: a finished rated match moves both players'
ratings once, through the API; sandbox, bot and unrated matches never do; the whole table
rebuilds from the log to the same figures; leaderboards and player pages show them."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from matches import store
from players.models import Rating, RatingEvent
from tests.support.api import assert_error, client_for
from tests.support.moves import until_each_moved

# transaction=True: ratings are recorded after the move commits (on_commit), as in production.
pytestmark = pytest.mark.django_db(transaction=True)


def _finished(users, options, loser=0, ruleset="smugglers"):
    """A match between ``users`` (or a user and a bot), finished by a resignation."""
    seats = [store.SeatSpec(user=u) if not isinstance(u, str) else store.SeatSpec(bot=u)
             for u in users]
    match = store.create_match(ruleset, options, seats)
    until_each_moved(match)                  # resigning before that would be an abort
    resigner = users[loser]
    r = client_for(resigner).post(f"/api/v1/matches/{match.pk}/resign/", {}, format="json")
    assert r.status_code == 200, r.content
    return match


def test_a_rated_match_moves_both_ratings_once(django_user_model):
    anna, bela = (django_user_model.objects.create_user(n) for n in ("anna", "bela"))
    match = _finished([anna, bela], {"rated": True}, loser=0)
    a = Rating.objects.get(user=anna, game="smugglers", family="live")
    b = Rating.objects.get(user=bela, game="smugglers", family="live")
    assert a.rating < 1500 < b.rating and a.games == b.games == 1
    # Glicko-2 for two new players, one game: 1500/350 -> 1662.31 / 1337.69.
    assert round(b.rating, 2) == 1662.31 and round(a.rating, 2) == 1337.69
    from players.ratings.recording import record_match
    assert record_match(match.pk) == []          # a second attempt changes nothing
    assert RatingEvent.objects.filter(match=match).count() == 2


def test_unrated_sandbox_and_bot_matches_are_never_rated(django_user_model):
    anna, bela = (django_user_model.objects.create_user(n) for n in ("anna", "bela"))
    _finished([anna, bela], {}, loser=0)                        # created unrated
    _finished([anna, "random"], {"rated": True}, loser=0)       # a bot at the table
    assert not Rating.objects.exists() and not RatingEvent.objects.exists()


def test_turn_based_matches_have_a_family_of_their_own(django_user_model):
    anna, bela = (django_user_model.objects.create_user(n) for n in ("anna", "bela"))
    _finished([anna, bela], {"rated": True, "time_control": {"kind": "turn", "preset": "1d"}})
    _finished([anna, bela], {"rated": True})
    assert set(Rating.objects.values_list("family", flat=True)) == {"turn", "live"}


def test_rebuild_gives_the_same_table(django_user_model):
    users = [django_user_model.objects.create_user(f"p{i}") for i in range(3)]
    for i in range(6):
        _finished([users[i % 3], users[(i + 1) % 3]], {"rated": True}, loser=i % 2)
    before = sorted(Rating.objects.values_list("user_id", "rating", "deviation", "games"))
    events = RatingEvent.objects.count()
    Rating.objects.update(rating=1000)                          # damage it
    call_command("rebuild_ratings", stdout=io.StringIO())
    after = sorted(Rating.objects.values_list("user_id", "rating", "deviation", "games"))
    assert [(u, round(r, 6), round(d, 6), g) for u, r, d, g in after] == \
        [(u, round(r, 6), round(d, 6), g) for u, r, d, g in before]
    assert RatingEvent.objects.count() == events == 12


def test_provisional_until_ten_games_and_the_leaderboard_api(django_user_model, client):
    anna, bela = (django_user_model.objects.create_user(n) for n in ("anna", "bela"))
    for i in range(10):
        _finished([anna, bela], {"rated": True}, loser=0 if i < 9 else 1)
    api = client.get("/api/v1/leaderboards/smugglers/").json()
    assert [p["username"] for p in api["players"]] == ["bela", "anna"]
    assert [p["provisional"] for p in api["players"]] == [False, False]
    assert client.get("/api/v1/leaderboards/smugglers/?family=turn").json()["players"] == []
    assert_error(client.get("/api/v1/leaderboards/chess/"), 400, "unknown_ruleset")
    assert_error(client.get("/api/v1/leaderboards/kgk/?family=blitz"), 400, "invalid_parameter")
    profile = client.get("/api/v1/players/anna/").json()
    assert profile["ratings"][0]["games"] == 10 and len(profile["ratings"][0]["history"]) == 10
    assert profile["recent_matches"][0]["result"] == "won"
    assert_error(client.get("/api/v1/players/nobody/"), 404, "not_found")


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_player_page_and_leaderboard_page(django_user_model, client, lang):
    anna, bela = (django_user_model.objects.create_user(n) for n in ("anna", "bela"))
    match = _finished([anna, bela], {"rated": True}, loser=1)
    client.cookies["django_language"] = lang
    page = client.get("/players/anna/").content.decode()
    assert "<svg" in page and "polyline" in page and f"/play/{match.pk}/" in page
    assert ("Visszajátszás" if lang == "hu" else "Replay") in page
    assert ("ideiglenes" if lang == "hu" else "provisional") in page
    board = client.get("/leaderboards/smugglers/").content.decode()
    assert "/players/anna/" in board and "/players/bela/" in board
    assert board.index("/players/anna/") < board.index("/players/bela/")
    assert client.get("/players/nobody/").status_code == 404
    assert client.get("/leaderboards/chess/").status_code == 404


def test_the_leaderboards_open_where_players_are(django_user_model, client):
    assert client.get("/leaderboards/")["Location"] == "/leaderboards/kgk/"   # nobody yet
    anna, bela = (django_user_model.objects.create_user(n) for n in ("anna", "bela"))
    _finished([anna, bela], {"rated": True, "time_control": {"kind": "turn", "preset": "1d"}})
    assert client.get("/leaderboards/")["Location"] == "/leaderboards/smugglers/?family=turn"
