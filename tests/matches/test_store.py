"""The store: versions, the log, idempotency, illegal actions, replay, seed commitment."""

from __future__ import annotations

import hashlib
import json

import pytest

from matches import store
from matches.models import Match, MatchAction
from rulesets import registry
from tests.support.matches import new_match, next_move, step
from web.api.domain_status import status_of

ALL = ["smugglers", "roll", "pulsar", "kgk"]


@pytest.mark.parametrize("ruleset", ALL)
def test_play_replay_and_verify(db, django_user_model, ruleset):
    match, _ = new_match(django_user_model, ruleset)
    assert match.status == Match.ACTIVE and match.version == 0
    assert match.seed_hash == hashlib.sha256(match.seed.encode()).hexdigest()
    version = 0
    for k in range(40):
        result = step(match.pk, k)
        # (KGK: the store may add its automatic passes at windows after the entry)
        assert result.body["seq"] == version and result.body["version"] > version
        assert result.body["version"] == version + 1 or ruleset == "kgk"
        version = result.body["version"]
    match.refresh_from_db()
    assert list(match.log.values_list("seq", flat=True)) == list(range(version))
    assert match.event_count == sum(len(e.events) for e in match.log.all())
    report = store.verify(match)
    assert report["ok"], report
    # Tampering with the snapshot is caught.
    match.snapshot = json.dumps({**match.state_json(), "tampered": True})
    assert store.verify(match)["state_matches"] is False


def test_stale_version_is_409_and_changes_nothing(db, django_user_model):
    match, _ = new_match(django_user_model, "smugglers")
    step(match.pk, 0)
    match.refresh_from_db()
    rs = registry.get(match.ruleset)
    seat = match.to_act[0]
    action = rs.legal_actions(rs.from_json(match.state_json()), seat)[0]
    with pytest.raises(store.StoreError) as err:
        store.submit(match.pk, seat, action, expected_version=0)
    assert status_of(err.value) == 409 and err.value.error_code == "version_conflict"
    assert err.value.details["version"] == 1
    assert Match.objects.get(pk=match.pk).version == 1 and match.log.count() == 1


def test_repeated_client_action_id_returns_first_answer(db, django_user_model):
    match, _ = new_match(django_user_model, "smugglers")
    _, seat, action = next_move(match.pk, 0)
    first = step(match.pk, 0)
    match.refresh_from_db()
    snapshot = match.snapshot
    # The same request again, even with another (now stale) version: the first answer
    # comes back and nothing changes.
    again = store.submit(match.pk, seat, dict(reversed(list(action.items()))),
                         expected_version=0, client_action_id="c0")
    assert again.repeated and again.body == first.body
    match.refresh_from_db()
    assert match.version == 1 and match.snapshot == snapshot and match.log.count() == 1


def test_client_action_id_reused_with_another_body_is_409(db, django_user_model):
    """A reused id with a different request is refused, not silently answered
    with the first request's answer."""
    match, _ = new_match(django_user_model, "smugglers")
    first = step(match.pk, 0)
    with pytest.raises(store.StoreError) as err:
        store.submit(match.pk, first.body["seat"], {"type": "anything"},
                     expected_version=0, client_action_id="c0")
    assert status_of(err.value) == 409
    assert err.value.error_code == "idempotency_key_reused"
    match.refresh_from_db()
    assert match.version == 1 and match.log.count() == 1


def test_client_action_id_of_another_seat_is_not_this_seats(db, django_user_model):
    """Keys are per seat: another seat sending the same string gets neither the
    first seat's answer nor a refusal for its use; its request is judged as its own."""
    match, _ = new_match(django_user_model, "smugglers")
    first = step(match.pk, 0)
    other = 1 - first.body["seat"]
    with pytest.raises(store.StoreError) as err:
        store.submit(match.pk, other, {"type": "done"}, client_action_id="c0")
    assert err.value.error_code == "illegal_action"  # (its own, not seat 0's answer)
    match.refresh_from_db()
    assert match.version == 1 and match.log.count() == 1


@pytest.mark.parametrize("ruleset", ALL)
def test_illegal_action_is_422_with_rule_and_leaves_state(db, django_user_model, ruleset):
    match, _ = new_match(django_user_model, ruleset)
    before = Match.objects.get(pk=match.pk).snapshot
    seat = match.to_act[0]
    with pytest.raises(store.StoreError) as err:
        store.submit(match.pk, seat, {"type": "no_such_action_type"}, expected_version=0)
    assert status_of(err.value) == 422 and err.value.error_code == "illegal_action"
    assert "code" in err.value.details
    after = Match.objects.get(pk=match.pk)
    assert after.snapshot == before and after.version == 0 and after.log.count() == 0


def test_resign_finishes_and_reveals_seed(db, django_user_model):
    match, _ = new_match(django_user_model, "kgk")
    result = store.submit(match.pk, 0, None, kind=MatchAction.RESIGN)
    match.refresh_from_db()
    assert match.status == Match.FINISHED and result.body["outcome"]["winners"] == [1]
    assert store.verify(match)["ok"]
    with pytest.raises(store.StoreError) as err:
        store.submit(match.pk, 1, {"type": "end_turn"})
    assert err.value.error_code == "match_finished"


def test_adjudication_is_logged_and_verifies(db, django_user_model):
    match, _ = new_match(django_user_model, "roll")
    step(match.pk, 0)
    store.submit(match.pk, None, {"winners": [1], "note": "time"}, kind=MatchAction.ADJUDICATE)
    match.refresh_from_db()
    assert match.outcome["winners"] == [1] and match.outcome["reason"] == "adjudicated"
    assert match.log.last().kind == MatchAction.ADJUDICATE
    assert store.verify(match)["ok"]


def test_clocks_charge_the_seat_that_was_to_act():
    c = store.tick_clocks({}, [], [0], 2, 1000)
    assert c == {"used_ms": [0, 0], "since": [1000, None]}
    c = store.tick_clocks(c, [0], [0], 2, 1500)          # still seat 0's decision
    assert c["since"] == [1000, None]
    c = store.tick_clocks(c, [0], [1], 2, 2500)
    assert c == {"used_ms": [1500, 0], "since": [None, 2500]}
    c = store.tick_clocks(c, [1], [0, 1], 2, 3000)       # a simultaneous decision
    assert c == {"used_ms": [1500, 0], "since": [3000, 2500]}


def test_verify_match_command(db, django_user_model):
    import io

    from django.core.management import CommandError, call_command

    match, _ = new_match(django_user_model, "pulsar")
    for k in range(5):
        step(match.pk, k)
    out = io.StringIO()
    call_command("verify_match", str(match.pk), stdout=out)
    assert json.loads(out.getvalue())["ok"] is True
    Match.objects.filter(pk=match.pk).update(
        snapshot=json.dumps({**Match.objects.get(pk=match.pk).state_json(), "x": 1}))
    with pytest.raises(CommandError):
        call_command("verify_match", "--all", stdout=io.StringIO())


def test_client_action_id_reused_later_with_another_legal_action_is_409(
        db, django_user_model):
    """The id is taken even when the new request would apply cleanly at the current
    version (the unique constraint, not a lookup before every action, catches it): another
    request under it is refused with 409 and nothing changes; the first request again
    gets its first answer."""
    match, _ = new_match(django_user_model, "smugglers")
    _, _, first_action = next_move(match.pk, 0)
    first = step(match.pk, 0)
    k = 1
    while Match.objects.get(pk=match.pk).to_act[0] != first.body["seat"]:
        step(match.pk, k)
        k += 1
    match.refresh_from_db()
    before = (match.version, match.snapshot, match.log.count())
    rs = registry.get(match.ruleset)
    legal = rs.legal_actions(rs.from_json(match.state_json()), first.body["seat"])
    action = next(a for a in legal if a != first_action)
    for expected in (match.version, None):
        with pytest.raises(store.StoreError) as err:
            store.submit(match.pk, first.body["seat"], action, expected_version=expected,
                         client_action_id="c0")
        assert err.value.error_code == "idempotency_key_reused"
        match.refresh_from_db()
        assert (match.version, match.snapshot, match.log.count()) == before
    again = store.submit(match.pk, first.body["seat"], first_action, client_action_id="c0")
    assert again.repeated and again.body == first.body


def test_a_refused_request_with_a_fresh_id_leaves_no_trace(db, django_user_model):
    match, _ = new_match(django_user_model, "smugglers")
    seat = match.to_act[0]
    with pytest.raises(store.StoreError):
        store.submit(match.pk, seat, {"type": "no_such_action_type"}, client_action_id="x")
    assert not MatchAction.objects.filter(client_action_id="x").exists()
    # The id is still free: a legal action with it applies.
    rs = registry.get(match.ruleset)
    match.refresh_from_db()
    action = rs.legal_actions(rs.from_json(match.state_json()), seat)[0]
    result = store.submit(match.pk, seat, action, client_action_id="x")
    assert not result.repeated and result.body["version"] == 1


def test_state_cache_holds_the_latest_state_of_each_match(db, django_user_model,
                                                          django_assert_num_queries):
    """One snapshot text per match, at its current version: a reader holding an older
    version of the row never evicts it, nor gets another version's state; each reader
    gets its own parsed copy, read without a query."""
    match, _ = new_match(django_user_model, "smugglers")
    rs = registry.get("smugglers")
    stale = Match.objects.defer("snapshot").get(pk=match.pk)  # version 0
    for k in range(3):
        step(match.pk, k)
    current = Match.objects.defer("snapshot").get(pk=match.pk)
    state = store.state_for_reading(current, rs)
    stored = Match.objects.get(pk=match.pk).snapshot
    assert rs.to_json(state) == json.loads(stored)
    assert store.held(match.pk).version == current.version == 3
    assert store.held(match.pk).text == stored
    # The stale reader parses the row as it now is, but caches nothing under version 0.
    store.state_for_reading(stale, rs)
    assert store.held(match.pk).version == 3
    with django_assert_num_queries(0):
        again = store.state_for_reading(current, rs)
    assert rs.to_json(again) == rs.to_json(state) and again is not state  # a copy of its own


@pytest.mark.django_db
def test_verify_reads_the_log_in_a_fixed_number_of_queries(django_user_model):
    """However long the log, verify reads it a fixed number of times (it once loaded
    each entry's deferred match id with a query of its own)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    match, _ = new_match(django_user_model, "smugglers")
    counts = []
    for moves in (2, 10):
        while Match.objects.get(pk=match.pk).version < moves:
            step(match.pk, Match.objects.get(pk=match.pk).version)
        current = Match.objects.get(pk=match.pk)
        with CaptureQueriesContext(connection) as ctx:
            assert store.verify(current)["ok"] is True
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1], counts


def test_a_process_keeps_every_match_of_a_thousand_players():
    """1,000 players play 500 matches at once: each web process keeps all their states
    (with 256 kept, about half the actions read and parsed their match again)."""
    from matches.store import cache

    assert cache.STATE_CACHE_SIZE >= 500


def test_a_match_read_compiles_no_query_for_its_seats_yet_chains_correctly(
        db, django_user_model):
    """Reading a match (the hot read of every match endpoint) hands over its seats without
    compiling the seats' filter: that was ~90 microseconds per read. A query chained on
    them later still asks for this match's seats only."""
    from unittest import mock

    from django.db.models.sql.query import Query

    m, (a, b) = new_match(django_user_model, "smugglers")
    store.create_match("smugglers", {}, [store.SeatSpec(user=u) for u in (b, a)])
    with mock.patch.object(Query, "build_filter", autospec=True,
                           side_effect=Query.build_filter) as built:
        match = store.load_match(m.pk, users=False)  # (as the match endpoints read it)
        seats = list(match.seats.all())
    assert built.call_count == 0
    assert [s.user_id for s in seats] == [a.pk, b.pk]
    assert [s.user_id for s in match.seats.filter(index=1)] == [b.pk]
