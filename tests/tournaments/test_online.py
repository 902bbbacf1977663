"""Online mode: starting a round creates a KGK match per table through the matches app;
the organiser may adjudicate those matches, and a finished match's result flows back."""

from __future__ import annotations

import pytest

from matches.models import Match
from matches.tournaments import services
from matches.tournaments.models import FinalMatch, Pairing
from tests.support.api import assert_error
from tests.support.tournaments import DECK_A, DECK_B, create, ok, url

pytestmark = pytest.mark.django_db


def test_online_round_creates_matches_and_results_flow_back(org, make_players, cards_loaded):
    o, oc = org
    players = make_players(4)
    t = create(oc, mode="online", rounds_planned=2)
    assert t["games_per_match"] == 1 and t["decks_required"] is True  # one server game
    assert_error(oc.post(url(t, "entries/"), {"name": "Papír", "deck": {"text": DECK_A}},
                         format="json"), 400, "account_required")
    for i, (_u, c) in enumerate(players):
        ok(c.post(url(t, "entries/"), {"deck": {"text": DECK_A if i % 2 else DECK_B}},
                  format="json"), 201)
    ok(oc.post(url(t, "start/")))
    rnd = ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    assert all(p["match"] is None for p in rnd["pairings"])
    rnd = ok(oc.post(url(t, "rounds/1/start/")))
    ids = [p["match"] for p in rnd["pairings"]]
    assert all(ids) and len(set(ids)) == 2

    entries = {e["id"]: e for e in ok(oc.get(url(t, "entries/")))}
    for p in rnd["pairings"]:
        m = Match.objects.get(pk=p["match"])
        # The match points back at its table and lets the organiser adjudicate.
        assert m.tournament_pairing.pk == p["id"] and m.organiser_id == o.pk
        assert m.ruleset == "kgk" and m.time_limit_seconds == 3600
        assert m.status == "active"
        assert [s.user.username for s in m.seats.order_by("index")] == \
            [entries[p["a"]]["username"], entries[p["b"]]["username"]]

    # Players do not type results of an online table.
    first, second = rnd["pairings"]
    a_client = dict((u.username, c) for u, c in players)[entries[first["a"]]["username"]]
    assert_error(a_client.post(url(t, f"pairings/{first['id']}/report/"),
                               {"games_a": 1, "games_b": 0}, format="json"), 409, "online_table")

    # Table 1: the organiser adjudicates the match (time up, KG-13.4.3) through the matches
    # API; the matches app (or anyone) calls the hook and the table has its result.
    r = oc.post(f"/api/v1/matches/{first['match']}/adjudicate/", {"winners": [1], "note": "idő"},
                format="json")
    assert r.status_code == 200, r.content
    m1 = Match.objects.get(pk=first["match"])
    assert m1.status == "finished"
    table = services.record_match_outcome(m1)
    assert table is not None and table.pk == first["id"]
    p1 = Pairing.objects.get(pk=first["id"])
    assert (p1.status, p1.games_a, p1.games_b) == ("confirmed", 0, 1)
    assert services.record_match_outcome(m1).pk == first["id"]  # idempotent
    assert p1.changes.filter(kind="online").count() == 1

    # The round cannot end while table 2's match is still running.
    assert_error(oc.post(url(t, "rounds/1/finish/")), 409, "round_incomplete")
    # Table 2: a player resigns; nobody calls the hook, the round's finish pulls it in.
    b_client = dict((u.username, c) for u, c in players)[entries[second["b"]]["username"]]
    r = b_client.post(f"/api/v1/matches/{second['match']}/resign/", {}, format="json")
    assert r.status_code == 200, r.content
    done = ok(oc.post(url(t, "rounds/1/finish/")))
    p2 = next(p for p in done["pairings"] if p["id"] == second["id"])
    assert (p2["games_a"], p2["games_b"]) == (1, 0)

    # A match that is not a tournament's is none of our business.
    from matches.store import SeatSpec, create_match

    other = create_match("kgk", {"format": "practice"}, [SeatSpec(user=o), SeatSpec()])
    assert services.record_match_outcome(other) is None


def test_online_round_start_is_all_or_nothing(org, make_players, cards_loaded):
    """A table that cannot get its match (an account removed) leaves no match behind."""
    _o, oc = org
    players = make_players(2)
    t = create(oc, mode="online")
    for _u, c in players:
        ok(c.post(url(t, "entries/"), {"deck": {"text": DECK_A}}, format="json"), 201)
    ok(oc.post(url(t, "start/")))
    ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    players[1][0].delete()  # the entry keeps its name; its account is gone
    assert_error(oc.post(url(t, "rounds/1/start/")), 409, "online_entry_incomplete")
    assert Match.objects.count() == 0
    assert ok(oc.get(url(t, "rounds/1/")))["status"] == "paired"


def test_online_final_is_played_as_matches_game_by_game(org, make_players, cards_loaded):
    o, oc = org
    players = make_players(4)
    t = create(oc, mode="online", rounds_planned=1)
    for i, (_u, c) in enumerate(players):
        ok(c.post(url(t, "entries/"), {"deck": {"text": DECK_A if i % 2 else DECK_B}},
                  format="json"), 201)
    ok(oc.post(url(t, "start/")))
    ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    for p in ok(oc.post(url(t, "rounds/1/start/")))["pairings"]:
        ok(oc.post(f"/api/v1/matches/{p['match']}/adjudicate/", {"winners": [0]},
                   format="json"))
    ok(oc.post(url(t, "rounds/1/finish/")))  # pulls both outcomes in

    final = ok(oc.post(url(t, "final/")))
    seeds = [s["entry"] for s in final["bracket"]["seeds"]]
    open_matches = {s["series"]: s["match"] for s in final["bracket"]["series"]}
    assert set(open_matches) == {"semi1", "semi2"} and all(open_matches.values())
    m = Match.objects.get(pk=open_matches["semi1"])
    assert m.tournament_final_game.series == "semi1" and m.organiser_id == o.pk

    # The organiser records one game by hand (a judge's call): it supersedes that match,
    # and the series' next game gets a new match.
    body = ok(oc.post(url(t, "final/games/"), {"series": "semi2", "winner": seeds[1]},
                      format="json"))
    semi2 = next(s for s in body["bracket"]["series"] if s["series"] == "semi2")
    assert semi2["wins_a"] == 1 and semi2["match"] not in (None, open_matches["semi2"])

    # Every other game: seat 0 (the series' "a") wins by adjudication; GET syncs.
    matches_played = 0
    for _ in range(12):
        state = ok(oc.get(url(t, "final/")))
        if state["status"] == "finished":
            break
        for s in state["bracket"]["series"]:
            if s["match"] and Match.objects.get(pk=s["match"]).status == "active":
                ok(oc.post(f"/api/v1/matches/{s['match']}/adjudicate/", {"winners": [0]},
                           format="json"))
                matches_played += 1
    assert state["status"] == "finished", state
    places = [(p["place"], p["entry"]) for p in state["placements"]]
    assert places == [(1, seeds[0]), (2, seeds[1]), (3, seeds[3]), (4, seeds[2])]
    # semi1 2 games, semi2 1 more game, final 2, third 2
    assert matches_played == 7
    assert not FinalMatch.objects.filter(tournament_id=t["id"], done=False).exists()


def test_online_matches_run_on_the_round_timer(org, make_players, cards_loaded):
    """The organiser's round timer and the server's match clock are one: a 45-minute round
    gives each table's match a 45-minute limit, ending together."""
    _o, oc = org
    t = create(oc, mode="online", rounds_planned=1, round_minutes=45)
    assert t["round_minutes"] == 45
    for i, (_u, c) in enumerate(make_players(2)):
        ok(c.post(url(t, "entries/"), {"deck": {"text": DECK_A if i else DECK_B}},
                  format="json"), 201)
    ok(oc.post(url(t, "start/")))
    ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    rnd = ok(oc.post(url(t, "rounds/1/start/")))
    match = Match.objects.get(pk=rnd["pairings"][0]["match"])
    assert match.time_limit_seconds == 45 * 60
    assert rnd["ends_at"] is not None
