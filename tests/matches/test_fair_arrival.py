"""Bots that may act at once take turns being first, in simulations and in hosted matches.

Űrcsempészek's bidding is a race: the die that reaches a sector first is the one that
counts. The host and the simulations always moved the first listed seat, so between bots
seat 0 won every race: two heuristic bots, seat 0 won 86 of 100 games. Simulations also
kept the bots in their seats when they differed (only decks changed seats), so comparing
two bots in a game without decks measured the seat as much as the bot."""

from __future__ import annotations

import pytest

from matches import simulation as sims
from matches.models import Match
from rulesets import registry
from tests.support.api import client_for


def test_simulated_bots_take_turns_being_first_to_a_sector():
    rs = registry.get("smugglers")
    config = rs.example_config(2)
    bots = ["heuristic", "heuristic"]
    results = [sims.play_game(rs, config, 2, bots, "arrival", g, 20_000) for g in range(60)]
    seat0 = sum(1 for r in results if r["winners"] == [0])
    # With the first listed seat always first, seat 0 won 54 of these 60 games.
    assert 18 <= seat0 <= 42, seat0


def test_different_bots_change_seats_and_identical_ones_keep_them():
    rs = registry.get("smugglers")
    assert sims.seating(rs, 2, 0, ["search", "heuristic"]) == [0, 1]
    assert sims.seating(rs, 2, 1, ["search", "heuristic"]) == [1, 0]
    assert sims.seating(rs, 2, 1, ["random", "random"]) == [0, 1]
    assert sims.entrant_labels(rs, 2, ["search", "heuristic"]) == ["player 0", "player 1"]
    assert sims.entrant_labels(rs, 2, ["random", "random"]) == ["seat 0", "seat 1"]
    assert sims.entrant_labels(registry.get("kgk"), 2, ["random", "random"]) == \
        ["example 0", "example 1"]
    # Each bot won as the entrant it is, wherever it sat: the heuristic beats random
    # from both seats, so it wins most games as entrant 0.
    results = [sims.play_game(rs, rs.example_config(2), 2, ["heuristic", "random"], "seats",
                              g, 20_000) for g in range(20)]
    assert sum(1 for r in results if 0 in r["winners"]) >= 15


@pytest.mark.django_db(transaction=True)
def test_the_host_lets_bots_take_turns_being_first(django_user_model):
    staff = django_user_model.objects.create_user("szervezo", is_staff=True)
    body = {"ruleset": "smugglers",
            "seats": [{"player": "bot:heuristic"}, {"player": "bot:heuristic"}]}
    r = client_for(staff).post("/api/v1/matches/", body, format="json")
    assert r.status_code == 201, r.content
    match = Match.objects.get(pk=r.json()["id"])
    assert match.status == Match.FINISHED, match.status
    # Replay the log: at each move where both seats could act, who moved?
    rs = registry.get("smugglers")
    state = rs.new_game(match.config, match.seed)
    first = set()
    for entry in match.log.order_by("seq"):
        if len(rs.to_act(state)) > 1:
            first.add(entry.seat)
        state, _ = rs.apply(state, entry.seat, entry.action)
    assert first == {0, 1}, first
