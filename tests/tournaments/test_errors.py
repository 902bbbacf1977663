"""Refusals in the one error shape (never a 500), permissions, and the organiser's decision
when the pure core finds no valid pairing."""

from __future__ import annotations

import pytest

from matches.tournaments.models import Pairing, Round
from tests.support.api import assert_error
from tests.support.tournaments import BASE, DECK_A, create, ok, play_round, url

pytestmark = pytest.mark.django_db


def named(oc, t, names):
    return [ok(oc.post(url(t, "entries/"), {"name": n}, format="json"), 201) for n in names]


def test_bad_input_and_unknown_things(api, org, make_players):
    _o, oc = org
    assert_error(oc.post(BASE, {"name": "X", "format": "nincs-ilyen"}, format="json"), 400,
                 "unknown_format")
    assert_error(oc.post(BASE, {"format": "practice"}, format="json"), 400, "invalid")
    assert_error(oc.post(BASE, ["not", "an", "object"], format="json"), 400, "malformed_request")
    assert_error(oc.post(BASE, {"name": "X", "games_per_match": 2}, format="json"), 400,
                 "invalid")
    assert_error(oc.post(BASE, "{broken", content_type="application/json"), 400,
                 "malformed_request")
    assert_error(api.get(url(999_999)), 404, "not_found")
    assert_error(api.get(f"{BASE}abc/"), 404, "not_found")
    t = create(oc, decks_required=False)
    assert_error(api.get(url(t, "rounds/7/")), 404, "not_found")
    assert_error(api.get(url(t, "pairings/?round=x")), 400, "invalid_parameter")
    assert_error(oc.post(url(t, "pairings/12345/result/"), {"games_a": 2, "games_b": 0},
                         format="json"), 404, "not_found")
    assert_error(oc.post(url(t, "entries/4242/drop/")), 404, "not_found")
    # A deck that cannot be read at all is refused with the validator's own code.
    assert_error(oc.post(url(t, "entries/"), {"name": "A", "deck": {"code": "%%%"}},
                         format="json"), 400, "deck_code_invalid")
    assert_error(oc.post(url(t, "entries/"), {"name": "A", "deck": "text"}, format="json"),
                 400, "deck_input")
    assert_error(oc.post(url(t, "entries/"), {"username": "senki"}, format="json"), 400,
                 "unknown_player")
    assert_error(oc.post(url(t, "start/")), 409, "too_few_players")
    assert_error(oc.put(url(t), {"name": "Y"}, format="json"), 405)


def test_permissions(api, org, make_players):
    _o, oc = org
    (pu, pc), (_qu, qc) = make_players(2)
    t = create(oc, decks_required=False)
    # Anonymous users read, never write.
    assert ok(api.get(url(t)))["name"] == "Teszt Kupa"
    assert_error(api.post(BASE, {"name": "X"}, format="json"), 401, "not_authenticated")
    assert_error(api.post(url(t, "start/")), 401, "not_authenticated")
    # A player enters only themself, and cannot run the tournament.
    assert_error(pc.post(url(t, "entries/"), {"name": "Valaki"}, format="json"), 403,
                 "not_organiser")
    assert_error(pc.post(url(t, "entries/"), {"username": "jatekos1"}, format="json"), 403,
                 "not_organiser")
    mine = ok(pc.post(url(t, "entries/"), {}, format="json"), 201)
    assert mine["username"] == "jatekos0" and mine["name"] == "jatekos0"
    assert_error(pc.post(url(t, "entries/"), {}, format="json"), 409, "already_registered")
    ok(qc.post(url(t, "entries/"), {}, format="json"), 201)
    assert_error(pc.post(url(t, "start/")), 403, "not_organiser")
    assert_error(pc.get(url(t, "deck-check/")), 403, "not_organiser")
    assert_error(pc.patch(url(t), {"name": "Enyém"}, format="json"), 403, "not_organiser")
    assert_error(qc.post(url(t, f"entries/{mine['id']}/drop/")), 403, "not_your_entry")
    # Staff may run anyone's tournament.
    from django.contrib.auth import get_user_model

    from tests.support.api import client_for

    boss = get_user_model().objects.create_user("fonok", is_staff=True)
    ok(client_for(boss).post(url(t, "start/")))
    # After the start, entries are the organiser's (late entries).
    (_ru, rc), = make_players(1, prefix="keso")
    assert_error(rc.post(url(t, "entries/"), {}, format="json"), 409, "registration_closed")
    rnd = ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    pid = rnd["pairings"][0]["id"]
    ok(oc.post(url(t, "rounds/1/start/")))
    assert_error(pc.post(url(t, f"pairings/{pid}/result/"), {"games_a": 2, "games_b": 0},
                         format="json"), 403, "not_organiser")
    assert_error(rc.post(url(t, f"pairings/{pid}/report/"), {"games_a": 2, "games_b": 0},
                         format="json"), 403, "not_your_table")
    assert_error(api.post(url(t, f"pairings/{pid}/report/"), {"games_a": 2, "games_b": 0},
                          format="json"), 401)
    # A player may drop themself.
    assert ok(pc.post(url(t, f"entries/{mine['id']}/drop/")))["dropped"] is True
    assert_error(pc.post(url(t, f"entries/{mine['id']}/drop/")), 409, "already_dropped")


def test_order_of_the_rounds_is_enforced(org):
    _o, oc = org
    t = create(oc, decks_required=False, rounds_planned=2)
    named(oc, t, ["A", "B", "C", "D"])
    assert_error(oc.post(url(t, "rounds/"), {}, format="json"), 409, "not_in_swiss")
    assert_error(oc.post(url(t, "final/")), 409, "not_in_swiss")
    ok(oc.post(url(t, "start/")))
    assert_error(oc.post(url(t, "start/")), 409, "already_started")
    assert_error(oc.post(url(t, "final/")), 409, "round_not_finished")
    rnd = ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    assert_error(oc.post(url(t, "rounds/"), {}, format="json"), 409, "round_not_finished")
    assert_error(oc.post(url(t, "rounds/1/finish/")), 409, "round_not_started")
    ok(oc.post(url(t, "rounds/1/start/")))
    assert_error(oc.post(url(t, "rounds/1/start/")), 409, "round_started")
    err = assert_error(oc.post(url(t, "rounds/1/finish/")), 409, "round_incomplete")
    assert len(err["details"]["tables"]) == 2
    pid = rnd["pairings"][0]["id"]
    for bad in [{"games_a": 1, "games_b": 1}, {"games_a": 3, "games_b": 0},
                {"games_a": 2, "games_b": 2}, {"games_a": 0, "games_b": 0},
                {"games_a": "két", "games_b": 0}, {"games_a": 2}]:
        assert_error(oc.post(url(t, f"pairings/{pid}/result/"), bad, format="json"), 400)
    assert Pairing.objects.get(pk=pid).status == "pending"  # nothing half-written
    assert_error(oc.post(url(t, "final/games/"), {"series": "semi1", "winner": 1},
                         format="json"), 409, "not_in_final")


def test_no_valid_pairing_is_never_silent(org):
    """Two players after round 1: round 2 would be a rematch. The API says so and names the
    options; the organiser allows the rematch explicitly, and the round lists it."""
    _o, oc = org
    t = create(oc, decks_required=False, rounds_planned=3, top_cut=False)
    a, b = named(oc, t, ["A", "B"])
    ok(oc.post(url(t, "start/")))
    play_round(oc, t)
    err = assert_error(oc.post(url(t, "rounds/"), {}, format="json"), 409, "no_valid_pairing")
    assert err["details"]["reason"] == "rematch_unavoidable"
    assert "allow_rematch" in err["details"]["options"]
    assert not Round.objects.filter(tournament_id=t["id"], number=2).exists()
    rnd = ok(oc.post(url(t, "rounds/"), {"allow_rematch": True}, format="json"), 201)
    assert rnd["allow_rematch"] is True
    assert [sorted(r) for r in rnd["rematches"]] == [sorted([a["id"], b["id"]])]
    assert any("rematch" in w for w in rnd["warnings"])


def test_second_bye_needs_the_organiser(org):
    """Three players, one drops: with every player already byed the core refuses, and the
    organiser may allow a second bye."""
    _o, oc = org
    t = create(oc, decks_required=False, rounds_planned=5, top_cut=False, games_per_match=1)
    entries = named(oc, t, ["A", "B", "C"])
    ok(oc.post(url(t, "start/")))
    for _ in range(3):
        play_round(oc, t, {1: (1, 0)})
    err = assert_error(oc.post(url(t, "rounds/"), {}, format="json"), 409, "no_valid_pairing")
    assert err["details"]["reason"] in ("no_bye_candidate", "rematch_unavoidable")
    assert err["details"]["options"]
    rnd = ok(oc.post(url(t, "rounds/"), {"allow_second_bye": True, "allow_rematch": True},
                     format="json"), 201)
    assert len(rnd["byes"]) == 1 and rnd["byes"][0]["entry"] in {e["id"] for e in entries}


def test_invalid_deck_blocks_the_start_until_fixed(org, make_players, cards_loaded):
    _o, oc = org
    (_pu, pc), (_qu, qc) = make_players(2)
    t = create(oc)
    ok(pc.post(url(t, "entries/"), {"deck": {"text": DECK_A}}, format="json"), 201)
    short = "\n".join(DECK_A.splitlines()[:-3])
    bad = ok(qc.post(url(t, "entries/"), {"deck": {"text": short}}, format="json"), 201)
    assert bad["deck_valid"] is False
    ok(oc.post(url(t, "entries/"), {"name": "Pakli Nélkül"}, format="json"), 201)
    err = assert_error(oc.post(url(t, "start/")), 409, "decks_not_ready")
    problems = {p["name"]: p["problem"] for p in err["details"]["entries"]}
    assert problems == {"jatekos1": "deck_invalid", "Pakli Nélkül": "deck_missing"}
    report = {r["name"]: r for r in ok(oc.get(url(t, "deck-check/")))}
    assert report["jatekos1"]["errors"] and report["jatekos1"]["valid"] is False
    assert any(e["code"] == "deck_size" for e in report["jatekos1"]["errors"])
    ok(qc.patch(url(t, f"entries/{bad['id']}/"), {"deck": {"text": DECK_A}}, format="json"))
    nodeck = report["Pakli Nélkül"]["entry"]
    assert ok(oc.post(url(t, f"entries/{nodeck}/drop/")), 204) is not None
    assert ok(oc.post(url(t, "start/")))["status"] == "swiss"
    # A late entry's deck must be legal at once (it is locked on entry).
    assert_error(oc.post(url(t, "entries/"), {"name": "Késő", "deck": {"text": short}},
                         format="json"), 400, "deck_invalid")
    assert_error(oc.post(url(t, "entries/"), {"name": "Késő"}, format="json"), 400,
                 "deck_required")


def test_openapi_schema_lists_the_tournament_api(api):
    r = api.get("/api/v1/schema/", HTTP_ACCEPT="application/json")
    assert r.status_code == 200
    import json

    paths = json.loads(r.content)["paths"]
    for p in ["/api/v1/tournaments/", "/api/v1/tournaments/{id}/rounds/",
              "/api/v1/tournaments/{id}/standings/", "/api/v1/tournaments/{id}/trf/",
              "/api/v1/tournaments/{id}/pairings/{pairing_id}/report/",
              "/api/v1/tournaments/{id}/final/games/",
              "/api/v1/tournaments/{id}/deck-check/"]:
        assert p in paths, p
    post = paths["/api/v1/tournaments/{id}/pairings/{pairing_id}/report/"]["post"]
    assert "requestBody" in post


def test_huge_ids_are_unknown_not_a_crash(api, org):
    """Ids past the database's integer range are 404s on SQLite and PostgreSQL alike."""
    _o, oc = org
    t = create(oc, decks_required=False)
    huge = "9" * 30
    assert_error(api.get(f"{BASE}{huge}/"), 404, "not_found")
    assert_error(api.get(f"{BASE}{huge}/standings/"), 404, "not_found")
    assert_error(api.get(url(t, f"rounds/{huge}/")), 404, "not_found")
    assert_error(api.get(url(t, f"rounds/{40000}/")), 404, "not_found")
    assert_error(api.get(url(t, f"pairings/?round={huge}")), 400, "invalid_parameter")
    assert_error(oc.post(url(t, f"pairings/{huge}/result/"), {"games_a": 2, "games_b": 0},
                         format="json"), 404, "not_found")
    assert_error(oc.post(url(t, f"entries/{huge}/drop/")), 404, "not_found")
    assert_error(oc.get(url(t, f"pairing-jobs/{huge}/")), 404, "not_found")
    assert_error(oc.post(url(t, "entries/"), {"name": "A", "deck": 10**30}, format="json"),
                 400, "deck_not_found")
