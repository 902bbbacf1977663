"""The whole paper tournament through the API: registration with decks, the start, Swiss
rounds with player reports, a disagreement, an organiser correction after the next round
was paired, a drop, a late entry with byes, the top-4 final, and the exports."""

from __future__ import annotations

import csv
import io

import pytest

from matches import swiss
from matches.tournaments import services
from matches.tournaments.models import ResultChange, Tournament
from tests.support.api import assert_error
from tests.support.tournaments import DECK_A, DECK_B, create, ok, play_round, report_all, url

pytestmark = pytest.mark.django_db


def rows_by_name(client, t) -> dict[str, dict]:
    body = ok(client.get(url(t, "standings/")))
    return {r["name"]: r for r in body["rows"]}


def test_full_paper_tournament_with_decks(api, org, make_players, cards_loaded):
    """KG-13.4.4: once a table's result stands a player cannot protest it any more (a new
    report is refused with ``result_final``); the organiser, the judge, decides disputes.
    The cut: the top four who have not dropped play a final, 1v4 and 2v3 (KG-13.4.2)."""
    o, oc = org
    players = make_players(5)
    t = create(oc, rounds_planned=3, games_per_match=3)
    assert t["status"] == "registration" and t["is_organiser"] is True

    # Registration: four players enter themselves with the practice decks, the organiser
    # enters a fifth (an account) and a sixth player who has no account, by name.
    for i, (_u, c) in enumerate(players[:4]):
        entry = ok(c.post(url(t, "entries/"), {"deck": {"text": DECK_A if i % 2 else DECK_B},
                                                "deck_name": f"pakli {i}"}, format="json"), 201)
        assert entry["deck_valid"] is True and entry["deck_locked"] is False
        assert entry["username"] == f"jatekos{i}"
    ok(oc.post(url(t, "entries/"), {"username": "jatekos4", "deck": {"text": DECK_A}},
               format="json"), 201)
    paper = ok(oc.post(url(t, "entries/"), {"name": "Papír Pál", "deck": {"text": DECK_B}},
                       format="json"), 201)
    assert paper["username"] is None

    # A player may change the deck before the start.
    e0 = ok(players[0][1].get(url(t, "entries/")))[0]
    ok(players[0][1].patch(url(t, f"entries/{e0['id']}/"), {"deck": {"text": DECK_A}},
                           format="json"))

    report = ok(oc.get(url(t, "deck-check/")))
    assert len(report) == 6 and all(r["valid"] for r in report)
    assert all(r["card_count"] == 45 for r in report)

    t = ok(oc.post(url(t, "start/")))
    assert t["status"] == "swiss" and t["rounds_planned"] == 3
    # Decks are locked at the start.
    assert_error(players[0][1].patch(url(t, f"entries/{e0['id']}/"), {"deck": {"text": DECK_B}},
                                     format="json"), 409, "deck_locked")

    # Round 1: three tables.
    rnd = ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    assert rnd["number"] == 1 and len(rnd["pairings"]) == 3 and rnd["byes"] == []
    # No results before the round starts; the round may be paired again until then.
    assert_error(oc.post(url(t, f"pairings/{rnd['pairings'][0]['id']}/result/"),
                         {"games_a": 2, "games_b": 0}, format="json"), 409, "round_not_started")
    rnd = ok(oc.post(url(t, "rounds/1/repair/"), {}, format="json"))
    assert len(rnd["pairings"]) == 3
    ok(oc.post(url(t, "rounds/1/start/")))
    assert_error(oc.post(url(t, "rounds/1/repair/"), {}, format="json"), 409, "round_started")

    clients = {f"jatekos{i}": c for i, (_u, c) in enumerate(players)}
    names = {e["id"]: e for e in ok(oc.get(url(t, "entries/")))}

    def client_of(entry_id):
        return clients.get(names[entry_id]["username"] or "")

    # Pick tables where both players have accounts for the player-report cases.
    both = [p for p in rnd["pairings"] if client_of(p["a"]) and client_of(p["b"])]
    assert len(both) >= 2
    agreed, disputed = both[0], both[1]

    # Both report the same: the result stands.
    first = ok(client_of(agreed["a"]).post(url(t, f"pairings/{agreed['id']}/report/"),
                                            {"games_a": 2, "games_b": 1}, format="json"))
    assert first["status"] == "reported" and first["report_a"] == [2, 1]
    second = ok(client_of(agreed["b"]).post(url(t, f"pairings/{agreed['id']}/report/"),
                                             {"games_a": 2, "games_b": 1}, format="json"))
    assert second["status"] == "confirmed" and (second["games_a"], second["games_b"]) == (2, 1)
    # Once it stands, a player cannot change it.
    assert_error(client_of(agreed["a"]).post(url(t, f"pairings/{agreed['id']}/report/"),
                                              {"games_a": 0, "games_b": 2}, format="json"),
                 409, "result_final")
    # Someone else's table: refused.
    outsider = next(c for c in clients.values()
                    if c not in (client_of(agreed["a"]), client_of(agreed["b"])))
    assert_error(outsider.post(url(t, f"pairings/{agreed['id']}/report/"),
                               {"games_a": 2, "games_b": 0}, format="json"), 403, "not_your_table")

    # They disagree: flagged, and the round cannot end.
    ok(client_of(disputed["a"]).post(url(t, f"pairings/{disputed['id']}/report/"),
                                     {"games_a": 2, "games_b": 0}, format="json"))
    flagged = ok(client_of(disputed["b"]).post(url(t, f"pairings/{disputed['id']}/report/"),
                                               {"games_a": 0, "games_b": 2}, format="json"))
    assert flagged["status"] == "disputed" and flagged["disputed"] is True
    err = assert_error(oc.post(url(t, "rounds/1/finish/")), 409, "round_incomplete")
    assert {x["status"] for x in err["details"]["tables"]} >= {"disputed"}
    # The organiser decides the dispute and enters the third table.
    ok(oc.post(url(t, f"pairings/{disputed['id']}/result/"),
               {"games_a": 2, "games_b": 0, "note": "a bíró döntése"}, format="json"))
    third = next(p for p in rnd["pairings"] if p["id"] not in (agreed["id"], disputed["id"]))
    ok(oc.post(url(t, f"pairings/{third['id']}/result/"), {"games_a": 2, "games_b": 1},
               format="json"))
    ok(oc.post(url(t, "rounds/1/finish/")))

    standings = ok(api.get(url(t, "standings/")))
    assert [tb["key"] for tb in standings["tiebreaks"]] == ["points", "omw", "gw", "ogw", "lot"]
    rows = standings["rows"]
    assert sorted(r["points"] for r in rows) == [0, 0, 0, 3, 3, 3]
    for r in rows:
        assert set(r) >= {"rank", "points", "omw", "gw", "ogw", "mw", "lot", "exact"}
        assert r["omw"] >= 33.33  # each opponent floored at 1/3

    # Round 2 is paired; then the organiser corrects a round-1 result (upset).
    rnd2 = ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    before = rows_by_name(oc, t)
    winner = names[third["a"]]["name"]
    loser = names[third["b"]]["name"]
    assert before[winner]["points"] == 3 and before[loser]["points"] == 0
    fixed = ok(oc.post(url(t, f"pairings/{third['id']}/result/"),
                       {"games_a": 1, "games_b": 2, "note": "rossz lap"}, format="json"))
    assert (fixed["games_a"], fixed["games_b"]) == (1, 2)
    after = rows_by_name(oc, t)
    assert after[winner]["points"] == 0 and after[loser]["points"] == 3
    # The pairings of round 2 stand; the audit trail keeps both versions.
    assert ok(oc.get(url(t, "rounds/2/")))["pairings"] == rnd2["pairings"]
    # The audit trail (with the organiser's notes) is the organiser's, not the public's.
    assert api.get(url(t, f"pairings/{third['id']}/history/")).status_code == 403
    trail = ok(oc.get(url(t, f"pairings/{third['id']}/history/")))
    assert [c["kind"] for c in trail] == ["set", "corrected"]
    assert trail[-1]["before"] == [2, 1] and trail[-1]["after"] == [1, 2]
    assert trail[-1]["by"] == "szervezo" and trail[-1]["note"] == "rossz lap"
    assert ResultChange.objects.filter(kind="disputed").count() == 1

    # A player drops during round 2; a late entry joins with byes for rounds 1-2.
    ok(oc.post(url(t, "rounds/2/start/")))
    report_all(oc, t, rnd2)
    dropper = rnd2["pairings"][0]["b"]
    dropped = ok(oc.post(url(t, f"entries/{dropper}/drop/")))
    assert dropped["dropped"] is True and dropped["dropped_after"] == 2
    late = ok(oc.post(url(t, "entries/"), {"name": "Késő Kata", "deck": {"text": DECK_A},
                                           "byes": True}, format="json"), 201)
    assert late["first_round"] == 3 and late["deck_locked"] is True
    ok(oc.post(url(t, "rounds/2/finish/")))
    assert rows_by_name(oc, t)["Késő Kata"]["points"] == 6  # two awarded byes
    assert rows_by_name(oc, t)["Késő Kata"]["byes"] == 2

    # Round 3: the dropped player is not paired; the late entry is.
    rnd3 = ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    paired = {x for p in rnd3["pairings"] for x in (p["a"], p["b"])} | \
        {b["entry"] for b in rnd3["byes"]}
    assert dropper not in paired and late["id"] in paired
    assert len(paired) == 6
    ok(oc.post(url(t, "rounds/3/start/")))
    report_all(oc, t, rnd3)
    ok(oc.post(url(t, "rounds/3/finish/")))
    # All announced rounds are played: no fourth.
    assert_error(oc.post(url(t, "rounds/"), {}, format="json"), 409, "all_rounds_played")

    # The cut: the top four who have not dropped, 1v4 and 2v3 (KG-13.4.2).
    final = ok(oc.post(url(t, "final/")))
    assert final["status"] == "final"
    top = [r["entry"] for r in ok(api.get(url(t, "standings/")))["rows"]
           if not r["dropped"]][:4]
    b = final["bracket"]
    assert [s["seed"] for s in b["seeds"]] == [1, 2, 3, 4]
    assert [s["entry"] for s in b["seeds"]] == top
    semis = {s["series"]: (s["a"], s["b"]) for s in b["series"]}
    assert semis == {"semi1": (top[0], top[3]), "semi2": (top[1], top[2])}

    def game(series, winner):
        return ok(oc.post(url(t, "final/games/"), {"series": series, "winner": winner},
                          format="json"))

    game("semi1", top[3])
    game("semi1", top[0])
    game("semi1", top[0])  # 2-1: the first seed goes through
    game("semi2", top[2])
    body = game("semi2", top[2])  # 2-0: the third seed goes through
    assert set(body["bracket"]["open"]) == {"final", "third"}
    assert_error(oc.post(url(t, "final/games/"), {"series": "semi1", "winner": top[0]},
                         format="json"), 409, "series_decided")
    game("final", top[2])
    game("final", top[2])
    game("third", top[3])
    body = game("third", top[1])
    assert body["status"] == "final" and body["placements"][:2] == [
        {"place": 1, "entry": top[2], "name": body["placements"][0]["name"]},
        {"place": 2, "entry": top[0], "name": body["placements"][1]["name"]}]
    body = game("third", top[3])
    assert body["status"] == "finished"
    places = [(p["place"], p["entry"]) for p in body["placements"]]
    assert places[:4] == [(1, top[2]), (2, top[0]), (3, top[3]), (4, top[1])]
    assert [p for p, _ in places] == list(range(1, 8))
    assert Tournament.objects.get(pk=t["id"]).status == "finished"

    # Exports: CSV standings with every figure, pairings, TRF that checks out.
    text = api.get(url(t, "standings/?format=csv")).content.decode()
    table = list(csv.DictReader(io.StringIO(text)))
    assert len(table) == 7 and {"omw", "gw", "ogw", "mw", "lot"} <= set(table[0])
    json_rows = ok(api.get(url(t, "standings/")))["rows"]
    assert [r["name"] for r in table] == [r["name"] for r in json_rows]
    assert table[0]["omw"] == str(json_rows[0]["omw"])
    pairs = list(csv.DictReader(io.StringIO(api.get(url(t, "pairings/?format=csv"))
                                            .content.decode())))
    assert len(pairs) == 3 + 3 + 3 + 2  # tables of rounds 1-3 and Késő Kata's two byes
    response = api.get(url(t, "trf/"))
    assert response["Content-Type"].startswith("text/plain")
    trf = response.content.decode()
    assert swiss.check_trf(trf) == []
    assert trf.startswith("012 Teszt Kupa") and "XXR 3" in trf
    assert sum(1 for line in trf.splitlines() if line.startswith("001")) == 7
    round_csv = api.get(url(t, "rounds/1/?format=csv"))
    assert round_csv["Content-Type"].startswith("text/csv")
    # header, three tables, and the late entry's awarded bye
    assert len(round_csv.content.decode().strip().splitlines()) == 5


def test_paper_registrations_without_decks(org, api):
    _o, oc = org
    t = create(oc, format="tournament", decks_required=False, games_per_match=1,
               top_cut=False, rounds_planned=2)
    for name in ["Anna", "Béla", "Cili"]:
        ok(oc.post(url(t, "entries/"), {"name": name}, format="json"), 201)
    assert_error(oc.post(url(t, "entries/"), {"name": "Anna"}, format="json"), 409, "name_taken")
    ok(oc.post(url(t, "start/")))
    rnd = play_round(oc, t, {1: (1, 0)})
    assert len(rnd["pairings"]) == 1 and len(rnd["byes"]) == 1
    assert rnd["byes"][0]["kind"] == "pairing"
    # One-game matches: 2-1 is not a result here.
    rnd2 = ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    ok(oc.post(url(t, "rounds/2/start/")))
    err = assert_error(oc.post(url(t, f"pairings/{rnd2['pairings'][0]['id']}/result/"),
                               {"games_a": 2, "games_b": 1}, format="json"), 400,
                       "invalid_result")
    assert err["details"]["allowed"] == ["1-0", "0-1"]
    report_all(oc, t, rnd2, {1: (1, 0)})
    ok(oc.post(url(t, "rounds/2/finish/")))
    # The bye went to a different player each round (at most one bye each).
    assert rnd2["byes"][0]["entry"] != rnd["byes"][0]["entry"]
    done = ok(oc.post(url(t, "final/")))
    assert done["status"] == "finished" and done["bracket"] is None
    assert [p["place"] for p in done["placements"]] == [1, 2, 3]


def test_standings_match_the_pure_core(org):
    """The API's figures are the core's, in the core's order (nothing recomputed here)."""
    _o, oc = org
    t = create(oc, decks_required=False, rounds_planned=3, top_cut=False)
    for i in range(7):
        ok(oc.post(url(t, "entries/"), {"name": f"P{i}"}, format="json"), 201)
    ok(oc.post(url(t, "start/")))
    for n in range(3):
        play_round(oc, t, {1: (0, 2), 2: (2, 0), 3: (1, 2)} if n % 2 else None)
    tour = Tournament.objects.get(pk=t["id"])
    core = swiss.standings(services.history(tour))
    rows = ok(oc.get(url(t, "standings/")))["rows"]
    assert [r["entry"] for r in rows] == [r.player for r in core]
    for api_row, row in zip(rows, core, strict=True):
        assert api_row["exact"] == {"mw": str(row.mw), "omw": str(row.omw), "gw": str(row.gw),
                                    "ogw": str(row.ogw)}
        assert api_row["points"] == row.points and api_row["lot"] == str(row.lot)
    # Every bye is a win: 3 points.
    byes = [r for r in rows if r["byes"]]
    assert byes and all(r["points"] == 3 * (r["wins"] + r["byes"]) for r in rows)


def test_late_entry_without_byes_and_re_pairing_after_a_drop(org):
    """A late entry starts with 0 points from the next round; a round not yet started is
    paired again after a drop, and the dropped player is never paired again."""
    _o, oc = org
    t = create(oc, decks_required=False, rounds_planned=4, top_cut=False)
    for name in ["A", "B", "C", "D", "E", "F"]:
        ok(oc.post(url(t, "entries/"), {"name": name}, format="json"), 201)
    assert ok(oc.get(url(t)))["suggested_rounds"] == 3  # max(3, ceil(log2 6))
    started = ok(oc.post(url(t, "start/")))
    assert started["rounds_planned"] == 4  # the organiser's own number stands
    play_round(oc, t)
    late = ok(oc.post(url(t, "entries/"), {"name": "Késő"}, format="json"), 201)
    assert late["first_round"] == 2
    row = next(r for r in ok(oc.get(url(t, "standings/")))["rows"] if r["name"] == "Késő")
    assert (row["points"], row["byes"], row["played"]) == (0, 0, 0)
    # Seven active players: round 2 has three tables and a bye.
    rnd2 = ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    assert len(rnd2["pairings"]) == 3 and len(rnd2["byes"]) == 1
    gone = rnd2["pairings"][0]["a"]
    ok(oc.post(url(t, f"entries/{gone}/drop/")))
    again = ok(oc.post(url(t, "rounds/2/repair/"), {}, format="json"))
    seated = {x for p in again["pairings"] for x in (p["a"], p["b"])} | \
        {b["entry"] for b in again["byes"]}
    assert gone not in seated and late["id"] in seated and len(seated) == 6
    assert again["byes"] == []
    ok(oc.post(url(t, "rounds/2/start/")))
    report_all(oc, t, again)
    ok(oc.post(url(t, "rounds/2/finish/")))
    rnd3 = ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    assert gone not in {x for p in rnd3["pairings"] for x in (p["a"], p["b"])}
    dropped_row = next(r for r in ok(oc.get(url(t, "standings/")))["rows"]
                       if r["entry"] == gone)
    assert dropped_row["dropped"] is True and dropped_row["played"] == 1


def test_register_with_a_saved_deck(org, make_players, cards_loaded):
    """A saved deck (its latest revision) is copied into the entry; later edits of the saved
    deck do not change the registered list."""
    _o, oc = org
    (_pu, pc), (_qu, qc) = make_players(2)
    deck = ok(pc.post("/api/v1/decks/", {"name": "Mentett", "format": "practice",
                                         "text": DECK_A}, format="json"), 201)
    t = create(oc)
    entry = ok(pc.post(url(t, "entries/"), {"deck": deck["id"]}, format="json"), 201)
    assert entry["deck_valid"] is True and entry["deck_name"] == "Mentett"
    # Somebody else's private deck is not usable.
    assert_error(qc.post(url(t, "entries/"), {"deck": deck["id"]}, format="json"), 400,
                 "deck_not_found")
    ok(pc.patch(f"/api/v1/decks/{deck['id']}/", {"text": DECK_B}, format="json"))
    report = {r["entry"]: r for r in ok(oc.get(url(t, "deck-check/")))}
    saved_now = ok(pc.get(f"/api/v1/decks/{deck['id']}/"))["cards"]
    assert report[entry["id"]]["cards"] != saved_now  # still the list of registration time
    assert report[entry["id"]]["card_count"] == 45
