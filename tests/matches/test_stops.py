"""The store passes at the windows a person's stops do not ask them (matches/store/stops.py),
in its own log entries, and never leaves a match waiting at one."""

from __future__ import annotations

import pytest

from matches import store
from matches.models import Match, MatchAction, Seat, StopSetting
from rulesets.kgk.game_state import Game
from rulesets.kgk.stops import FULL_CONTROL, Stops, stops_to_json, window_context, window_kind
from tests.support.matches import new_match


@pytest.fixture(params=["inside a transaction", "computed first"])
def either_way(request) -> None:
    """The store's two ways of writing an entry and its passes: inside a caller's
    transaction (the row locked), or with none open (PostgreSQL's optimistic write,
    SQLite's computed-first one: the passes are computed before the write, and written
    with the entry in one short transaction)."""
    request.getfixturevalue("db" if request.param == "inside a transaction"
                            else "transactional_db")


def _play(match_id: int, moves: int) -> list[str]:
    """``moves`` heuristic moves through the store; the kinds of window people were asked."""
    asked: list[str] = []
    for k in range(moves):
        match = Match.objects.get(pk=match_id)
        if match.status != Match.ACTIVE:
            break
        rs = store.ruleset_of(match)
        state = store.state_for_reading(match, rs)
        assert isinstance(state, Game)    # the store holds KGK's state as the engine does
        seat = match.to_act[0]
        ctx = window_context(state)
        if ctx is not None:
            asked.append(window_kind(ctx, seat))
        action = rs.bot_action(state, seat, "heuristic", f"stops-{k}")
        store.submit(match_id, seat, action, expected_version=match.version,
                     client_action_id=f"m{k}")
    return asked


def test_default_stops_pass_for_people_and_the_log_says_so(either_way, django_user_model):
    match, _ = new_match(django_user_model, "kgk")
    asked = _play(match.pk, 160)
    assert asked and set(asked) <= {"aimed", "combat"}
    auto = list(MatchAction.objects.filter(match=match, kind=MatchAction.AUTO_PASS))
    assert len(auto) > len(asked)
    passes = [e for a in auto for e in a.events if e["type"] == "pass"]
    assert passes and all(e["auto"] is True for e in passes)
    assert all(a.user is None and a.client_action_id.startswith("stops:") for a in auto)
    match.refresh_from_db()
    assert store.verify(match)["ok"]           # replay applies the passes alike


@pytest.mark.django_db
def test_full_control_asks_at_every_window(django_user_model):
    match, users = new_match(django_user_model, "kgk")
    StopSetting.objects.create(user=users[0], ask=list(FULL_CONTROL))
    Seat.objects.filter(match=match, index=1).update(stops=stops_to_json(Stops(FULL_CONTROL)))
    asked = _play(match.pk, 120)
    assert "own" in asked and "step" in asked
    assert not MatchAction.objects.filter(match=match, kind=MatchAction.AUTO_PASS).exists()


def test_the_answer_reports_the_match_after_the_passes(either_way, django_user_model):
    """The submitter's answer carries the version after the automatic passes, so its next
    action's expected_version is right."""
    match, _ = new_match(django_user_model, "kgk")
    for k in range(200):
        match = Match.objects.get(pk=match.pk)
        rs = store.ruleset_of(match)
        state = store.state_for_reading(match, rs)
        seat = match.to_act[0]
        before = MatchAction.objects.filter(match=match).count()
        result = store.submit(match.pk, seat,
                              rs.bot_action(state, seat, "heuristic", f"a-{k}"),
                              expected_version=match.version)
        written = MatchAction.objects.filter(match=match).count() - before
        match.refresh_from_db()
        assert result.body["version"] == match.version
        assert result.body["to_act"] == match.to_act
        if written > 1:
            assert result.body["seq"] == match.version - written
            return
    raise AssertionError("no automatic pass in 200 moves")


def test_stops_through_the_api(players, django_user_model):
    (a, ca), (b, cb) = players
    assert ca.get("/api/v1/me/stops/").json() == {"ask": ["aimed", "combat"]}
    r = ca.put("/api/v1/me/stops/", {"ask": ["own", "aimed", "combat"]}, format="json")
    assert r.status_code == 200 and r.json() == {"ask": ["own", "aimed", "combat"]}
    bad = ca.put("/api/v1/me/stops/", {"ask": ["sometimes"]}, format="json")
    assert bad.status_code == 400 and {"code", "message", "details"} <= set(bad.json()["error"])

    match = store.create_match("kgk", {}, [store.SeatSpec(user=a), store.SeatSpec(user=b)])
    url = f"/api/v1/matches/{match.pk}/stops/"
    mine = ca.get(url).json()
    assert mine == {"seat": 0, "ask": ["own", "aimed", "combat"], "match_own": False,
                    "pass_until_next_turn": False}
    full = cb.put(url, {"ask": list(FULL_CONTROL)}, format="json").json()
    assert full["match_own"] and set(full["ask"]) == set(FULL_CONTROL)
    assert Seat.objects.get(match=match, index=1).stops["ask"]
    later = cb.put(url, {"pass_until_next_turn": True}, format="json").json()
    assert later["pass_until_next_turn"] and later["match_own"]
    back = cb.put(url, {"ask": None, "pass_until_next_turn": False}, format="json").json()
    assert back == {"seat": 1, "ask": ["aimed", "combat"], "match_own": False,
                    "pass_until_next_turn": False}
    eve = django_user_model.objects.create_user("eve")
    from tests.support.api import client_for

    r = client_for(eve).put(url, {"ask": []}, format="json")
    assert r.status_code == 403 and r.json()["error"]["code"] == "not_a_player"


@pytest.mark.django_db
def test_passing_until_my_next_turn_passes_the_pending_window_now(django_user_model):
    """Chosen during a window, "pass until my next turn" passes it at once."""
    match, users = new_match(django_user_model, "kgk")
    for seat in (0, 1):
        Seat.objects.filter(match=match, index=seat).update(
            stops=stops_to_json(Stops(FULL_CONTROL)))
    for k in range(300):
        match = Match.objects.get(pk=match.pk)
        rs = store.ruleset_of(match)
        state = store.state_for_reading(match, rs)
        seat = match.to_act[0]
        if window_context(state) is not None:
            break
        store.submit(match.pk, seat, rs.bot_action(state, seat, "heuristic", f"w{k}"),
                     expected_version=match.version)
    from matches.store.stop_changes import set_match_stops

    row = Seat.objects.get(match=match, index=seat)
    set_match_stops(match, row, {"pass_until_next_turn": True})
    after = Match.objects.get(pk=match.pk)
    assert after.version > match.version
    last = MatchAction.objects.filter(match=match).order_by("-seq").first()
    assert last is not None and last.kind == MatchAction.AUTO_PASS


@pytest.mark.django_db
def test_the_account_page_keeps_a_persons_own_stops(client, django_user_model):
    user = django_user_model.objects.create_user("zita", password="titkos-jelszo-123")
    client.force_login(user)
    page = client.get("/play/stops/").content.decode()
    assert 'id="stop-aimed" checked' in page and 'id="stop-own">' in page
    client.post("/play/stops/", {"own": "on", "combat": "on"})
    assert StopSetting.objects.get(user=user).ask == ["own", "combat"]
    client.cookies["django_language"] = "en"
    page = client.get("/play/stops/").content.decode()
    assert "after my own card, payment or ability" in page and 'id="stop-own" checked' in page
