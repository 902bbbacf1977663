"""The match API: creation (decks included), seats and permissions, play, events,
resign, adjudication, clocks, replay and verify — all in the one error shape."""

from __future__ import annotations

import random
import threading
import time
from datetime import timedelta

from django.utils import timezone

from matches.models import Match
from tests.support.api import assert_error, client_for
from tests.support.matches import ROOT, create, play_step
from tests.support.waiting import asleep_at, until, wait_decisions

PRACTICE_A = (ROOT / "fixtures" / "decks" / "practice-a.txt").read_text(encoding="utf-8")
PRACTICE_B = (ROOT / "fixtures" / "decks" / "practice-b.txt").read_text(encoding="utf-8")


def test_rulesets_endpoint_lists_every_registered_game(api, db):
    names = {r["name"] for r in api.get("/api/v1/rulesets/").json()}
    assert {"kgk", "smugglers", "roll", "pulsar"} <= names


def test_create_and_view_as_seat_and_spectator(players, api):
    (a, ca), (b, cb) = players
    m = create(ca, "smugglers", ["me", "bela"])
    assert m["status"] == "active" and m["seat"] == 0 and m["your_seats"] == [0]
    assert m["seed"] is None and len(m["seed_hash"]) == 64
    assert [s["player"] for s in m["seats"]] == ["anna", "bela"]
    mine = ca.get(f"/api/v1/matches/{m['id']}/").json()
    theirs = cb.get(f"/api/v1/matches/{m['id']}/").json()
    public = api.get(f"/api/v1/matches/{m['id']}/").json()
    assert mine["seat"] == 0 and theirs["seat"] == 1 and public["seat"] is None
    assert mine["view"] != theirs["view"] and public["view"] not in (mine["view"], theirs["view"])
    listed = api.get("/api/v1/matches/?status=active").json()
    assert listed["count"] == 1 and listed["results"][0]["id"] == m["id"]


def test_create_errors(players, api):
    (a, ca), _ = players
    assert_error(api.post("/api/v1/matches/", {}, format="json"), 401, "not_authenticated")
    assert_error(ca.post("/api/v1/matches/", {"ruleset": "chess", "seats": [{"player": "me"},
                 {"player": "bela"}]}, format="json"), 400, "unknown_ruleset")
    assert_error(ca.post("/api/v1/matches/", {"ruleset": "kgk", "seats": [{"player": "me"}]},
                         format="json"), 400, "bad_players")
    assert_error(ca.post("/api/v1/matches/", {"ruleset": "kgk", "seats": [
        {"player": "me"}, {"player": "nobody-here"}]}, format="json"), 400, "unknown_player")
    assert_error(ca.post("/api/v1/matches/", {"ruleset": "kgk", "seats": [
        {"player": "me"}, {"player": "bot:genius"}]}, format="json"), 400, "invalid")
    assert_error(ca.post("/api/v1/matches/", {"ruleset": "roll", "seats": [
        {"player": "me", "deck": {"text": "3 X"}}, {"player": "bela"}]}, format="json"),
        400, "deck_not_used")
    assert_error(ca.post("/api/v1/matches/", {"ruleset": "smugglers", "options": {"bogus": 1},
                 "seats": [{"player": "me"}, {"player": "bela"}]}, format="json"),
                 400, "bad_config")
    assert_error(ca.post("/api/v1/matches/", "not json", content_type="application/json"),
                 400, "malformed_request")
    assert Match.objects.count() == 0


def test_kgk_match_with_text_decks_and_deck_validation(players, cards_loaded):
    (a, ca), _ = players
    m = create(ca, "kgk", [{"player": "me", "deck": {"text": PRACTICE_A}},
                           {"player": "bot:random", "deck": {"text": PRACTICE_B}}],
               options={"format": "practice"})
    match = Match.objects.get(pk=m["id"])
    assert len(match.config["decks"][0]) == sum(int(line.split()[0])
                                                for line in PRACTICE_A.splitlines() if line)
    # One card short of a legal deck: 400 deck_invalid with the validator's answer.
    short = "\n".join(PRACTICE_A.splitlines()[1:])
    err = assert_error(ca.post("/api/v1/matches/", {"ruleset": "kgk", "seats": [
        {"player": "me", "deck": {"text": short}}, {"player": "bot:random"}]}, format="json"),
        400, "deck_invalid")
    assert err["details"]["seat"] == 0 and err["details"]["validation"]["valid"] is False
    assert_error(ca.post("/api/v1/matches/", {"ruleset": "kgk", "seats": [
        {"player": "me", "deck": 999999}, {"player": "bot:random"}]}, format="json"),
        400, "deck_not_found")


def test_only_the_seat_owner_acts(players, api, django_user_model):
    (a, ca), (b, cb) = players
    m = create(ca, "kgk", ["me", "bela"])
    url = f"/api/v1/matches/{m['id']}"
    to_act = m["to_act"][0]
    actor, other = (ca, cb) if to_act == 0 else (cb, ca)
    legal = actor.get(f"{url}/legal-actions/").json()
    assert legal["seat"] == to_act and legal["actions"]
    assert other.get(f"{url}/legal-actions/").json()["actions"] == []
    assert api.get(f"{url}/legal-actions/").json() == {
        "ruleset": m["ruleset"], "version": 0, "seat": None, "to_act": m["to_act"], "actions": []}
    body = {"action": legal["actions"][0], "expected_version": 0}
    assert_error(api.post(f"{url}/actions/", body, format="json"), 401)
    eve = client_for(django_user_model.objects.create_user("eve"))
    assert_error(eve.post(f"{url}/actions/", body, format="json"), 403, "not_a_player")
    # Crafted: naming someone else's seat, to act or to look.
    assert_error(other.post(f"{url}/actions/", {**body, "seat": to_act}, format="json"),
                 403, "not_your_seat")
    assert_error(other.get(f"{url}/?seat={to_act}"), 403, "not_your_seat")
    assert_error(eve.get(f"{url}/legal-actions/?seat={to_act}"), 403, "not_your_seat")
    assert_error(api.get(f"{url}/events/?seat=0"), 403, "not_your_seat")
    # Out of turn, the owner of the other seat gets the engine's refusal naming the rule.
    err = assert_error(other.post(f"{url}/actions/", body, format="json"), 422,
                       "illegal_action")
    assert err["details"]["code"]
    r = actor.post(f"{url}/actions/", body, format="json")
    assert r.status_code == 200 and r.json()["version"] == 1
    assert_error(actor.post(f"{url}/actions/", body, format="json"), 409, "version_conflict")


def test_events_after_and_long_poll(players):
    (a, ca), (b, cb) = players
    m = create(ca, "smugglers", ["me", "bela"])
    url = f"/api/v1/matches/{m['id']}/events/"
    first = ca.get(url).json()
    assert first["events"] == [] and first["last"] == 0 and first["version"] == 0
    rng = random.Random(3)
    while Match.objects.get(pk=m["id"]).event_count == 0:
        play_step(ca, m["id"], rng) or play_step(cb, m["id"], rng)
    everything = ca.get(url).json()
    assert everything["events"] and everything["last"] >= everything["events"][-1]["n"]
    ns = [e["n"] for e in everything["events"]]
    assert ns == sorted(ns) and len(set(ns)) == len(ns)
    later = ca.get(f"{url}?after={ns[0]}").json()
    assert [e["n"] for e in later["events"]] == ns[1:]
    # Nothing new: the long poll waits about as long as asked, then answers empty.
    start = time.monotonic()
    idle = ca.get(f"{url}?after={everything['last']}&wait=1").json()
    assert idle["events"] == [] and time.monotonic() - start >= 0.9
    assert_error(ca.get(f"{url}?after=-1"), 400, "invalid_parameter")
    assert_error(ca.get(f"{url}?wait=abc"), 400, "invalid_parameter")


def test_events_queries_do_not_grow_with_the_entries_returned(players):
    """One page of events is a fixed number of queries, however many log entries it
    spans (no entry loads its deferred ``match_id`` with a query of its own)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    (a, ca), (b, cb) = players
    m = create(ca, "smugglers", ["me", "bela"])
    url = f"/api/v1/matches/{m['id']}/events/"
    rng = random.Random(5)
    while Match.objects.get(pk=m["id"]).log.exclude(events=[]).count() < 6:
        play_step(ca, m["id"], rng) or play_step(cb, m["id"], rng)
    last = Match.objects.get(pk=m["id"]).event_count
    counts = {}
    for after in (0, last - 1):
        with CaptureQueriesContext(connection) as ctx:
            body = ca.get(f"{url}?after={after}").json()
        counts[after] = len(ctx.captured_queries)
        assert body["events"] and body["events"][-1]["n"] == last
    assert len(ca.get(f"{url}?after=0").json()["events"]) >= 6
    assert counts[0] == counts[last - 1], counts


def test_long_poll_wakes_when_the_other_side_acts(players, transactional_db, monkeypatch):
    (a, ca), (b, cb) = players
    decisions = wait_decisions(monkeypatch)
    m = create(ca, "kgk", ["me", "bela"])
    actor = ca if m["to_act"] == [0] else cb
    watcher = cb if actor is ca else ca
    answer: dict = {}

    def watch() -> None:
        answer["body"] = watcher.get(f"/api/v1/matches/{m['id']}/events/?after=0&wait=20").json()
        answer["at"] = time.monotonic()

    t = threading.Thread(target=watch)
    t.start()
    until(lambda: asleep_at(decisions), what="the watcher's long-poll waiting")
    acted_at = time.monotonic()
    assert play_step(actor, m["id"], random.Random(1)) is not None
    t.join(25)
    # Woken by the change itself (PostgreSQL's notification, or SQLite's 0.2 s re-read),
    # not by the waiter's 5 s safety net; the answer says whose decision it is now.
    assert answer["body"]["version"] >= 1 and answer["at"] - acted_at < 2
    assert answer["body"]["to_act"] == Match.objects.get(pk=m["id"]).to_act


def test_resign_and_replay_and_verify(players, api):
    (a, ca), (b, cb) = players
    m = create(ca, "kgk", ["me", "bela"])
    url = f"/api/v1/matches/{m['id']}"
    assert_error(api.get(f"{url}/replay/"), 409, "match_not_finished")
    assert_error(api.post(f"{url}/resign/", {}, format="json"), 401)
    r = cb.post(f"{url}/resign/", {"client_action_id": "bye"}, format="json")
    assert r.status_code == 200 and r.json()["outcome"]["winners"] == [0]
    again = cb.post(f"{url}/resign/", {"client_action_id": "bye"}, format="json")
    assert again.json() == r.json()
    done = api.get(f"{url}/").json()
    assert done["status"] == "finished" and done["seed"] and done["to_act"] == []
    import hashlib
    assert hashlib.sha256(done["seed"].encode()).hexdigest() == done["seed_hash"]
    replay = api.get(f"{url}/replay/").json()
    assert replay["seed"] == done["seed"] and replay["log"][0]["kind"] == "resign"
    assert api.get(f"{url}/verify/").json()["ok"] is True
    assert_error(ca.post(f"{url}/actions/", {"action": {"type": "end_turn"}}, format="json"),
                 409, "match_finished")


def test_clock_time_up_and_adjudication(players, staff, django_user_model):
    (a, ca), (b, cb) = players
    m = create(ca, "smugglers", ["me", "bela"], options={"time_limit_seconds": 3600})
    url = f"/api/v1/matches/{m['id']}"
    assert m["clocks"]["time_limit_seconds"] == 3600 and not m["clocks"]["time_up"]
    assert_error(ca.post(f"{url}/adjudicate/", {"winners": [0]}, format="json"), 403,
                 "permission_denied")
    Match.objects.filter(pk=m["id"]).update(started=timezone.now() - timedelta(hours=2))
    seen = ca.get(f"{url}/").json()
    assert seen["clocks"]["time_up"] and seen["clocks"]["remaining_ms"] == 0
    assert ca.get(f"{url}/legal-actions/").json()["actions"] == []
    err = assert_error(ca.post(f"{url}/actions/", {"action": {"type": "done"}}, format="json"),
                       409, "time_up")
    assert err["details"]["version"] == 0
    # The tournament organiser hook: the match's organiser may adjudicate.
    org = django_user_model.objects.create_user("szervezo")
    Match.objects.filter(pk=m["id"]).update(organiser=org)
    assert_error(client_for(org).post(f"{url}/adjudicate/", {"winners": [5]}, format="json"),
                 400, "invalid")
    r = client_for(org).post(f"{url}/adjudicate/", {"winners": [1], "note": "idő"},
                             format="json")
    assert r.status_code == 200 and r.json()["outcome"]["reason"] == "adjudicated"
    assert_error(client_for(staff).post(f"{url}/adjudicate/", {"winners": [0]},
                                        format="json"), 409, "match_finished")


def test_open_seat_join(players):
    (a, ca), (b, cb) = players
    m = create(ca, "roll", ["me", "open"])
    assert m["status"] == "open" and m["seats"][1]["open"]
    assert_error(ca.get(f"/api/v1/matches/{m['id']}/verify/"), 409, "match_not_started")
    r = cb.post(f"/api/v1/matches/{m['id']}/join/", {}, format="json")
    assert r.status_code == 200 and r.json()["status"] == "active" and r.json()["seat"] == 1
    assert_error(cb.post(f"/api/v1/matches/{m['id']}/join/", {}, format="json"), 409,
                 "not_open")


def test_unknown_match_is_404_in_shape(api, db):
    assert_error(api.get("/api/v1/matches/424242/"), 404, "not_found")
    assert_error(api.get("/api/v1/matches/abc/events/"), 404)


def test_action_answer_can_carry_the_next_legal_actions(players):
    (a, ca), (b, cb) = players
    m = create(ca, "kgk", ["me", "bela"])
    actor = ca if m["to_act"] == [0] else cb
    url = f"/api/v1/matches/{m['id']}"
    rng = random.Random(5)
    for k in range(6):
        legal = actor.get(f"{url}/legal-actions/").json()
        if not legal["actions"]:
            break
        body = {"action": rng.choice(legal["actions"]), "expected_version": legal["version"],
                "client_action_id": f"inc-{k}", "include_legal_actions": True}
        answer = actor.post(f"{url}/actions/", body, format="json").json()
        # Exactly what a legal-actions request answers now.
        assert answer["legal_actions"] == actor.get(f"{url}/legal-actions/").json()
        assert answer["legal_actions"]["version"] == answer["version"]
        # A repeat answers the first answer, with legal actions of the match as it is now.
        repeat = actor.post(f"{url}/actions/", body, format="json").json()
        assert repeat["seq"] == answer["seq"]
        assert repeat["legal_actions"] == actor.get(f"{url}/legal-actions/").json()
    plain = actor.get(f"{url}/legal-actions/").json()
    if plain["actions"]:
        r = actor.post(f"{url}/actions/", {"action": plain["actions"][0]}, format="json")
        assert "legal_actions" not in r.json()


def test_long_poll_until_turn_sleeps_through_the_other_sides_moves(players, transactional_db,
                                                                   monkeypatch):
    (a, ca), (b, cb) = players
    decisions = wait_decisions(monkeypatch)
    m = create(ca, "kgk", ["me", "bela"])
    clients = {0: ca, 1: cb}
    url = f"/api/v1/matches/{m['id']}"

    def legal(seat: int) -> dict:
        return clients[seat].get(f"{url}/legal-actions/").json()

    def keeps_turn(actions: list[dict]) -> list[dict]:
        # Searching the colony (and picking from it) never hands the decision to the other
        # side. (A draw or a face-down play opens a window for a player who holds cards:
        # KG-12.3 does not let the engine skip it on what that hand holds.)
        return [x for x in actions if x["type"] in ("search", "choose")]

    def act(seat: int, action: dict) -> None:
        r = clients[seat].post(f"{url}/actions/", {"action": action}, format="json")
        assert r.status_code == 200, r.content

    # Mulligans and the opening windows, up to a main phase with a move that keeps the
    # turn.
    while True:
        actor = Match.objects.get(pk=m["id"]).to_act[0]
        actions = legal(actor)["actions"]
        if keeps_turn(actions):
            break
        act(actor, actions[0])
    watcher = 1 - actor
    answer: dict = {}

    def watch() -> None:
        answer["body"] = clients[watcher].get(
            f"{url}/events/?after=0&wait=25&until=turn&include_legal_actions=1").json()
        answer["at"] = time.monotonic()

    t = threading.Thread(target=watch)
    t.start()
    until(lambda: asleep_at(decisions), what="the watcher's long-poll waiting")
    for _ in range(3):  # decisions that keep the turn
        quiet = keeps_turn(legal(actor)["actions"])
        if not quiet:
            break
        act(actor, quiet[0])
        assert Match.objects.get(pk=m["id"]).to_act == [actor]
    # Still asleep through those moves: the waiter has seen the match as it now is and
    # gone back to sleep.
    version = Match.objects.get(pk=m["id"]).version
    until(lambda: asleep_at(decisions, version), what="the watcher looking at the moves")
    assert "body" not in answer
    while actor in Match.objects.get(pk=m["id"]).to_act:
        ended_at = time.monotonic()
        legal = clients[actor].get(f"{url}/legal-actions/").json()
        ends = [x for x in legal["actions"] if x["type"] == "end_turn"] or legal["actions"]
        clients[actor].post(f"{url}/actions/", {"action": ends[0]}, format="json")
    t.join(30)
    match = Match.objects.get(pk=m["id"])
    assert answer["at"] >= ended_at and answer["at"] - ended_at < 2
    assert watcher in answer["body"]["to_act"]
    assert answer["body"]["version"] == match.version
    assert answer["body"]["last"] == match.event_count
    # The answer carries the watcher's legal actions: no extra request to make its move.
    now = clients[watcher].get(f"{url}/legal-actions/").json()
    assert answer["body"]["legal_actions"] == now and now["actions"]


def test_until_is_checked(players, api):
    (a, ca), _ = players
    m = create(ca, "smugglers", ["me", "bela"])
    url = f"/api/v1/matches/{m['id']}/events/"
    assert_error(ca.get(f"{url}?until=never"), 400, "invalid_parameter")
    assert_error(api.get(f"{url}?until=turn&wait=1"), 400, "invalid_parameter")
    assert_error(api.get(f"{url}?include_legal_actions=1"), 400, "invalid_parameter")
    assert_error(ca.get(f"{url}?include_legal_actions=maybe"), 400, "invalid_parameter")
    body = ca.get(f"{url}?include_legal_actions=true").json()
    assert body["legal_actions"]["seat"] == 0 and body["legal_actions"]["version"] == 0
    assert "legal_actions" not in ca.get(url).json()
