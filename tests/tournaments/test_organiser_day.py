"""What an organiser meets on the day, each finding of the tournament review as a test:
the final that adapts, ending early, undoing a drop, hand pairing, late entries on
re-pairing, check-in, the round timer, no-shows and forfeits, standings after any round,
deck lists after the event, tie-break profiles, the audit trail's privacy, warnings by
name, and the TRF export of drops and of events too large for it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from matches.tournaments import services
from matches.tournaments.models import Bye, Entry, Pairing, Round, Tournament
from tests.support.api import assert_error
from tests.support.tournaments import DECK_A, create, ok, play_round, url

pytestmark = pytest.mark.django_db


def enter(oc, t: dict, *names: str) -> list[dict]:
    return [ok(oc.post(url(t, "entries/"), {"name": n}, format="json"), 201) for n in names]


def club_night(oc, players: int, **fields: Any) -> dict:
    t = create(oc, decks_required=False, games_per_match=3, **fields)
    enter(oc, t, *[f"Játékos {i}" for i in range(1, players + 1)])
    return ok(oc.post(url(t, "start/")))


# ---------------------------------------------------------------- the final adapts


def test_three_player_club_night_ends_with_a_top_two_final(org):
    _o, oc = org
    t = club_night(oc, 3, rounds_planned=2)  # the default asks for a top-4 final
    assert t["final_size"] == 4
    for _ in range(2):
        play_round(oc, t)
    final = ok(oc.post(url(t, "final/")))
    assert final["status"] == "final"
    assert [s["series"] for s in final["bracket"]["series"]] == ["final"]
    seeds = [s["entry"] for s in final["bracket"]["seeds"]]
    standings = ok(oc.get(url(t, "standings/")))["rows"]
    assert seeds == [r["entry"] for r in standings[:2]]
    for _ in range(2):
        final = ok(oc.post(url(t, "final/games/"), {"series": "final", "winner": seeds[1]},
                           format="json"))
    assert final["status"] == "finished"
    places = final["placements"]
    assert [p["entry"] for p in places[:2]] == [seeds[1], seeds[0]]
    assert places[2]["place"] == 3  # the third player, placed by the standings


def test_everyone_but_one_dropped_ends_on_the_standings(org):
    _o, oc = org
    t = club_night(oc, 4, rounds_planned=1)
    play_round(oc, t)
    entries = ok(oc.get(url(t, "entries/")))
    for e in entries[1:]:
        ok(oc.post(url(t, f"entries/{e['id']}/drop/")))
    done = ok(oc.post(url(t, "final/")))
    assert done["status"] == "finished" and done["bracket"] is None
    assert done["placements"][0]["entry"] == entries[0]["id"]  # the one who stayed wins


def test_the_organiser_chooses_the_final_until_the_cut(org):
    _o, oc = org
    t = club_night(oc, 6, rounds_planned=1)
    assert ok(oc.patch(url(t), {"final_size": 2}, format="json"))["final_size"] == 2
    play_round(oc, t)
    final = ok(oc.post(url(t, "final/")))
    assert len(final["bracket"]["seeds"]) == 2
    assert_error(oc.patch(url(t), {"final_size": 4}, format="json"), 409, "final_started")


def test_no_final_chosen_finishes_on_the_standings(org):
    _o, oc = org
    t = club_night(oc, 4, rounds_planned=1, final_size=0)
    assert t["top_cut"] is False
    play_round(oc, t)
    assert ok(oc.post(url(t, "final/")))["status"] == "finished"


def test_an_organiser_ends_an_event_early_with_a_reason(org, make_players):
    _o, oc = org
    t = club_night(oc, 4, rounds_planned=3)
    play_round(oc, t)
    (_u, stranger), = make_players(1)
    assert_error(stranger.post(url(t, "end/"), {"reason": "x"}, format="json"), 403,
                 "not_organiser")
    assert_error(oc.post(url(t, "end/"), {"reason": " "}, format="json"), 400)
    ended = ok(oc.post(url(t, "end/"), {"reason": "Bezár a klub"}, format="json"))
    assert ended["status"] == "finished" and ended["end_reason"] == "Bezár a klub"
    places = ok(oc.get(url(t, "standings/")))["placements"]
    assert [p["place"] for p in places] == [1, 2, 3, 4]


# ---------------------------------------------------------------- drops


def test_a_drop_can_be_undone_and_the_player_is_paired_again(org):
    _o, oc = org
    t = club_night(oc, 4, rounds_planned=3)
    play_round(oc, t)
    e = ok(oc.get(url(t, "entries/")))[0]
    ok(oc.post(url(t, f"entries/{e['id']}/drop/")))
    assert_error(oc.post(url(t, f"entries/{e['id']}/drop/")), 409, "already_dropped")
    rnd2 = play_round(oc, t)
    assert e["id"] not in {p[k] for p in rnd2["pairings"] for k in ("a", "b")}
    back = ok(oc.post(url(t, f"entries/{e['id']}/undrop/")))
    assert back["dropped"] is False
    row = {r["entry"]: r for r in ok(oc.get(url(t, "standings/")))["rows"]}[e["id"]]
    assert row["played"] == 1  # the record stays; the missed round counts as not played
    rnd3 = ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    paired = {p[k] for p in rnd3["pairings"] for k in ("a", "b")} | \
        {b["entry"] for b in rnd3["byes"]}
    assert e["id"] in paired
    assert_error(oc.post(url(t, f"entries/{e['id']}/undrop/")), 409, "not_dropped")


def test_a_finalist_who_drops_concedes_the_series(org):
    _o, oc = org
    t = club_night(oc, 4, rounds_planned=1)
    play_round(oc, t)
    final = ok(oc.post(url(t, "final/")))
    seeds = [s["entry"] for s in final["bracket"]["seeds"]]
    ok(oc.post(url(t, f"entries/{seeds[3]}/drop/")))  # seed 4 leaves during semi-final 1
    bracket = ok(oc.get(url(t, "final/")))["bracket"]
    semi1 = next(s for s in bracket["series"] if s["series"] == "semi1")
    assert semi1["winner"] == seeds[0]


def test_a_correction_after_the_cut_says_the_seeds_stand(org):
    _o, oc = org
    t = club_night(oc, 4, rounds_planned=1)
    rnd = play_round(oc, t)
    ok(oc.post(url(t, "final/")))
    p = rnd["pairings"][0]
    out = ok(oc.post(url(t, f"pairings/{p['id']}/result/"), {"games_a": 0, "games_b": 2},
                     format="json"))
    assert "seeds" in out["notice"]


# ---------------------------------------------------------------- pairing by hand


def test_swapping_players_names_each_broken_rule_and_needs_acceptance(org):
    _o, oc = org
    t = club_night(oc, 4, rounds_planned=3)
    r1 = play_round(oc, t)
    r2 = ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    # Swap so that round 1's first table meets again: a rematch.
    (a1, b1) = r1["pairings"][0]["a"], r1["pairings"][0]["b"]
    t2 = {p["table"]: p for p in r2["pairings"]}
    partner_of_a1 = next(p["b"] if p["a"] == a1 else p["a"] for p in t2.values()
                         if a1 in (p["a"], p["b"]))
    out = oc.post(url(t, "rounds/2/swap/"), {"a": partner_of_a1, "b": b1}, format="json")
    assert_error(out, 409, "pairing_rule_broken")
    assert any("rematch" in b for b in out.json()["error"]["details"]["broken"])
    names = {e["id"]: e["name"] for e in ok(oc.get(url(t, "entries/")))}
    assert names[a1] in out.json()["error"]["message"]  # names, not ids
    done = ok(oc.post(url(t, "rounds/2/swap/"), {"a": partner_of_a1, "b": b1,
                                                  "accept": True}, format="json"))
    assert {frozenset((p["a"], p["b"])) for p in done["pairings"]} >= {frozenset((a1, b1))}
    assert done["manual_changes"][0]["broken"]
    ok(oc.post(url(t, "rounds/2/start/")))
    assert_error(oc.post(url(t, "rounds/2/swap/"), {"a": a1, "b": b1}, format="json"),
                 409, "round_started")


def test_moving_a_player_into_a_second_bye_is_named(org):
    _o, oc = org
    t = club_night(oc, 3, rounds_planned=3)
    r1 = play_round(oc, t)
    had_bye = r1["byes"][0]["entry"]
    r2 = ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    now_bye = r2["byes"][0]["entry"]
    out = oc.post(url(t, "rounds/2/swap/"), {"a": had_bye, "b": now_bye}, format="json")
    assert_error(out, 409, "pairing_rule_broken")
    assert any("second bye" in b for b in out.json()["error"]["details"]["broken"])


def test_a_late_entry_joins_the_paired_round_when_it_is_paired_again(org):
    _o, oc = org
    t = club_night(oc, 4, rounds_planned=3)
    play_round(oc, t)
    ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)  # round 2 paired, not started
    late = ok(oc.post(url(t, "entries/"), {"name": "Késő Kata"}, format="json"), 201)
    assert late["first_round"] == 2
    again = ok(oc.post(url(t, "rounds/2/repair/"), {}, format="json"))
    paired = {p[k] for p in again["pairings"] for k in ("a", "b")} | \
        {b["entry"] for b in again["byes"]}
    assert late["id"] in paired


def test_pairing_warnings_name_players(org):
    _o, oc = org
    t = club_night(oc, 3, rounds_planned=4)
    for _ in range(3):
        play_round(oc, t)  # three rounds of three players: everyone has had the bye
    rnd = ok(oc.post(url(t, "rounds/"), {"allow_second_bye": True, "allow_rematch": True},
                     format="json"), 201)
    names = {e["name"] for e in ok(oc.get(url(t, "entries/")))}
    assert rnd["warnings"]
    for w in rnd["warnings"]:
        assert "player " not in w
    assert any(any(n in w for n in names) for w in rnd["warnings"])


# ---------------------------------------------------------------- the day's tools


def test_check_in_and_no_shows_withdrawn_at_the_start(org, make_players):
    _o, oc = org
    (u, pc), = make_players(1)
    t = create(oc, decks_required=False)
    mine = ok(pc.post(url(t, "entries/"), {}, format="json"), 201)
    others = enter(oc, t, "Ott Ottó", "Nincs Itt")
    ok(pc.post(url(t, f"entries/{mine['id']}/check-in/"), {"present": True}, format="json"))
    ok(oc.post(url(t, f"entries/{others[0]['id']}/check-in/"), {}, format="json"))
    started = ok(oc.post(url(t, "start/"), {"drop_no_shows": True}, format="json"))
    assert started["players"] == 2
    assert not Entry.objects.filter(name="Nincs Itt").exists()
    assert_error(pc.post(url(t, f"entries/{mine['id']}/check-in/"), {}, format="json"), 409,
                 "already_started")


def test_the_round_timer_starts_with_the_round(org):
    _o, oc = org
    t = club_night(oc, 4, round_minutes=40)
    rnd = ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    assert rnd["started_at"] is None and rnd["ends_at"] is None
    started = ok(oc.post(url(t, "rounds/1/start/")))
    r = Round.objects.get(tournament_id=t["id"], number=1)
    assert started["ends_at"] is not None
    assert (services.round_ends_at(r) - r.started_at).total_seconds() == 40 * 60


def test_no_show_and_forfeit_are_results_of_their_own(org):
    _o, oc = org
    t = club_night(oc, 4, rounds_planned=2)
    rnd = ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    ok(oc.post(url(t, "rounds/1/start/")))
    p1, p2 = rnd["pairings"]
    out = ok(oc.post(url(t, f"pairings/{p1['id']}/result/"),
                     {"outcome": "no_show", "winner": "b"}, format="json"))
    assert out["outcome"] == "no_show" and (out["games_a"], out["games_b"]) == (0, 2)
    assert_error(oc.post(url(t, f"pairings/{p2['id']}/result/"), {"outcome": "forfeit"},
                         format="json"), 400)
    out = ok(oc.post(url(t, f"pairings/{p2['id']}/result/"),
                     {"outcome": "forfeit", "winner": "a"}, format="json"))
    assert out["outcome"] == "forfeit"
    rows = {r["entry"]: r for r in ok(oc.get(url(t, "standings/")))["rows"]}
    assert rows[p1["b"]]["points"] == 3 and rows[p1["b"]]["games_won"] == 2
    assert Pairing.objects.get(pk=p1["id"]).changes.last().kind == "no_show"


def test_standings_after_any_round(org):
    _o, oc = org
    t = club_night(oc, 4, rounds_planned=3)
    play_round(oc, t)
    play_round(oc, t)
    after1 = ok(oc.get(url(t, "standings/?round=1")))
    now = ok(oc.get(url(t, "standings/")))
    assert after1["round"] == 1 and now["round"] is None
    assert sum(r["points"] for r in after1["rows"]) == 6  # two tables of round 1
    assert sum(r["points"] for r in now["rows"]) == 12
    assert_error(oc.get(url(t, "standings/?round=9")), 400, "invalid_parameter")
    assert_error(oc.get(url(t, "standings/?round=x")), 400, "invalid_parameter")


def test_deck_lists_are_published_after_the_event_when_chosen(api, org, make_players,
                                                              cards_loaded):
    _o, oc = org
    t = create(oc, rounds_planned=1, final_size=0, publish_decklists=True)
    for _u, c in make_players(2):
        ok(c.post(url(t, "entries/"), {"deck": {"text": DECK_A}, "deck_name": "Ember"},
                  format="json"), 201)
    ok(oc.post(url(t, "start/")))
    assert_error(api.get(url(t, "decklists/")), 403, "decklists_not_published")
    assert len(ok(oc.get(url(t, "decklists/")))) == 2  # the organiser sees them any time
    play_round(oc, t)
    ok(oc.post(url(t, "final/")))
    public = ok(api.get(url(t, "decklists/")))
    assert len(public) == 2 and sum(public[0]["cards"].values()) == 45


# ---------------------------------------------------------------- tie-breaks


def test_the_mtr_profile_is_chosen_at_creation_and_counts_byes_as_won_rounds(org):
    _o, oc = org
    assert_error(oc.post("/api/v1/tournaments/", {"name": "X", "tiebreaks": "fide"},
                         format="json"), 400)
    results = {}
    for profile in ("kaosz", "mtr"):
        t = club_night(oc, 3, rounds_planned=2, tiebreaks=profile)
        assert t["tiebreaks"] == profile
        play_round(oc, t)
        play_round(oc, t)
        body = ok(oc.get(url(t, "standings/")))
        assert body["profile"] == profile
        results[profile] = body
    # Each row's own MW% as the profile defines it: MTR counts a bye as a won round.
    third = Fraction(1, 3)
    with_bye = 0
    for profile, body in results.items():
        for r in body["rows"]:
            won, rounds = r["wins"], r["played"]
            if profile == "mtr":
                won, rounds = won + r["byes"], rounds + r["byes"]
            expected = max(third, Fraction(won, rounds)) if rounds else third
            assert Fraction(r["exact"]["mw"]) == expected, (profile, r)
            with_bye += profile == "mtr" and r["byes"] > 0 and Fraction(won, rounds) > third
    assert with_bye  # a bye made a difference somewhere in the MTR event
    assert "MTR" in results["mtr"]["tiebreaks"][1]["en"]
    assert_error(oc.patch(url(t), {"tiebreaks": "kaosz"}, format="json"), 409,
                 "already_started")


# ---------------------------------------------------------------- privacy


def test_the_audit_trail_is_for_the_organiser_and_the_tables_players(api, org, make_players):
    _o, oc = org
    (u1, c1), (u2, c2), (u3, c3) = make_players(3)
    t = create(oc, decks_required=False, rounds_planned=1)
    for c in (c1, c2):
        ok(c.post(url(t, "entries/"), {}, format="json"), 201)
    ok(c3.post(url(t, "entries/"), {}, format="json"), 201)
    enter(oc, t, "Negyedik")
    ok(oc.post(url(t, "start/")))
    rnd = ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    ok(oc.post(url(t, "rounds/1/start/")))
    p = next(x for x in rnd["pairings"] if u1.pk in _users(x))
    ok(oc.post(url(t, f"pairings/{p['id']}/result/"),
               {"games_a": 2, "games_b": 0, "note": "titkos megjegyzés"}, format="json"))
    trail = ok(oc.get(url(t, f"pairings/{p['id']}/history/")))
    assert trail[-1]["note"] == "titkos megjegyzés"
    own = ok(c1.get(url(t, f"pairings/{p['id']}/history/")))
    assert [c["kind"] for c in own] == [c["kind"] for c in trail] and own[-1]["note"] == ""
    others = [c for u, c in ((u2, c2), (u3, c3)) if u.pk not in _users(p)]
    assert_error(others[0].get(url(t, f"pairings/{p['id']}/history/")), 403,
                 "not_your_table")
    assert_error(api.get(url(t, f"pairings/{p['id']}/history/")), 403, "not_your_table")
    # Public pages keep the result.
    public = {x["id"]: x for x in ok(api.get(url(t, "pairings/")))}
    assert public[p["id"]]["result"] == "2-0"


def _users(pairing: dict) -> set[int | None]:
    return set(Entry.objects.filter(pk__in=(pairing["a"], pairing["b"]))
               .values_list("user_id", flat=True))


# ---------------------------------------------------------------- TRF


def test_trf_marks_a_dropped_player_absent_from_the_next_round(api, org):
    _o, oc = org
    t = club_night(oc, 4, rounds_planned=3)
    play_round(oc, t)
    e = ok(oc.get(url(t, "entries/")))[2]
    ok(oc.post(url(t, f"entries/{e['id']}/drop/")))
    text = api.get(url(t, "trf/")).content.decode()
    lines = [x for x in text.splitlines() if x.startswith("001")]
    assert lines[2][101:109] == "0000 - Z"  # round 2 cell of the third start number
    assert all(len(x) <= 101 for i, x in enumerate(lines) if i != 2)


def test_an_event_too_large_for_trf_is_a_clear_error(api, org):
    o, _oc = org
    t = Tournament.objects.create(name="Óriás", organiser=o, seed="s", decks_required=False)
    Entry.objects.bulk_create([Entry(tournament=t, name=f"P{i}") for i in range(10_000)])
    response = api.get(url(t.pk, "trf/"))
    assert_error(response, 422, "trf_too_large")
    assert response.json()["error"]["details"]["limit"] == 9999


def test_byes_stay_byes_after_a_swap_into_the_bye(org):
    _o, oc = org
    t = club_night(oc, 3, rounds_planned=2)
    rnd = ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    bye = rnd["byes"][0]["entry"]
    other = rnd["pairings"][0]["a"]
    ok(oc.post(url(t, "rounds/1/swap/"), {"a": bye, "b": other}, format="json"))
    assert list(Bye.objects.filter(tournament_id=t["id"]).values_list("entry_id", flat=True)) \
        == [other]


def test_undrop_with_missed_rounds_as_losses(org):
    _o, oc = org
    t = club_night(oc, 4, rounds_planned=4)
    play_round(oc, t)
    e = ok(oc.get(url(t, "entries/")))[0]
    ok(oc.post(url(t, f"entries/{e['id']}/drop/")))
    play_round(oc, t)  # round 2 without them: three players, a bye
    assert_error(oc.post(url(t, f"entries/{e['id']}/undrop/"), {"missed": "maybe"},
                         format="json"), 400)
    before = {r["entry"]: r for r in ok(oc.get(url(t, "standings/")))["rows"]}[e["id"]]
    ok(oc.post(url(t, f"entries/{e['id']}/undrop/"), {"missed": "loss"}, format="json"))
    after = {r["entry"]: r for r in ok(oc.get(url(t, "standings/")))["rows"]}[e["id"]]
    assert after["points"] == before["points"] and after["byes"] == before["byes"]
    assert after["losses"] == before["losses"] + 1  # round 2 counts as lost
    assert Fraction(after["exact"]["mw"]) <= Fraction(before["exact"]["mw"])
    # The missed round is not a pairing bye: the pairing may still give them one.
    kinds = set(Bye.objects.filter(entry_id=e["id"]).values_list("kind", flat=True))
    assert kinds == {"zero"}
    rnd3 = ok(oc.post(url(t, "rounds/"), {}, format="json"), 201)
    paired = {p[k] for p in rnd3["pairings"] for k in ("a", "b")}
    assert e["id"] in paired  # four players again: no bye this round
