"""PostgreSQL's write path: the row read without a lock, the action applied, then one
statement that updates the row only if it is still at the version read and appends the
log entry from that update. A write computed from a row that moved on stores nothing."""

from __future__ import annotations

import random
import threading
from collections import Counter

import pytest
from django.db import connection

from matches import store
from matches.models import Match
from tests.support.api import assert_error, client_for
from tests.support.matches import create, new_match, next_move, step

# The guarded statement is PostgreSQL's; SQLite's guarded write (a short transaction) is
# tests/matches/test_sqlite_store.py's, and the racing test below covers both.
pg_only = pytest.mark.skipif(connection.vendor != "postgresql",
                             reason="PostgreSQL's write path (SQLite's has its own tests)")


@pg_only
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_write_computed_from_a_row_that_moved_on_stores_nothing(django_user_model):
    match, _ = new_match(django_user_model, "smugglers")
    now, seat, action = next_move(match.pk, 0)
    version = now.version

    # Computed at ``version``...
    stale = store.select_match(match.pk, ("config",), True)
    _, _, entry = store.prepare(stale, seat, store.Submission(
        match.pk, action, seat, client_action_id="stale-write"), stale.snapshot)
    # ...while another request applies its own action first.
    step(match.pk, 0)

    assert store.write_if_current(stale, entry, version) is False
    fresh = Match.objects.get(pk=match.pk)
    assert fresh.version == version + 1
    assert list(fresh.log.values_list("client_action_id", flat=True)) == ["c0"]
    assert store.verify(fresh)["ok"]


@pg_only
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_write_path_uses_the_snapshot_it_already_holds(django_user_model):
    """After an action this process keeps the new version's text: the next action's read
    asks the database for the row without its snapshot."""
    match, _ = new_match(django_user_model, "smugglers")
    for k in range(3):
        step(match.pk, k)
    held = store.held(match.pk)
    stored = Match.objects.get(pk=match.pk).snapshot
    assert held is not None and held[0] == 3 and held[2] == stored
    read, text = store.read_for_write(match.pk, False)
    assert read.extra is None and text == stored
    # A text for another version is not trusted: the row's own snapshot comes back.
    store.hold(match.pk, store.Held(2, held.seed_hash, "a stale text", None))
    read, text = store.read_for_write(match.pk, False)
    assert read.extra == stored and text == stored


@pytest.mark.django_db(transaction=True)
def test_racing_writers_without_expected_version_apply_exactly_once(
        django_user_model):
    """No ``expected_version``: a writer whose read went stale recomputes (then falls back
    to the row lock), so every accepted request is exactly one log entry."""
    users = [django_user_model.objects.create_user(f"free{i}") for i in range(2)]
    owner = client_for(users[0])
    m = create(owner, "smugglers", ["me", users[1].username])
    clients = [client_for(users[i % 2]) for i in range(6)]
    accepted: list[dict] = []
    statuses: Counter = Counter()
    lock = threading.Lock()
    errors: list[BaseException] = []

    def racer(i: int) -> None:
        rng = random.Random(i)
        try:
            for k in range(25):
                legal = clients[i].get(f"/api/v1/matches/{m['id']}/legal-actions/").json()
                if not legal["to_act"]:
                    return
                if not legal["actions"]:
                    continue
                r = clients[i].post(f"/api/v1/matches/{m['id']}/actions/",
                         {"action": rng.choice(legal["actions"]),
                          "client_action_id": f"free-{i}-{k}"}, format="json")
                with lock:
                    statuses[r.status_code] += 1
                    if r.status_code == 200:
                        accepted.append(r.json())
                assert r.status_code in (200, 409, 422), r.content
        except BaseException as exc:  # surfaced below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=racer, args=(i,)) for i in range(len(clients))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors
    match = Match.objects.get(pk=m["id"])
    seqs = list(match.log.order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(match.version)), "the log has a gap or a duplicate"
    assert sorted(a["seq"] for a in accepted) == seqs
    assert statuses[200] == match.version > 0
    assert store.verify(match)["ok"]


@pg_only
@pytest.mark.postgres
@pytest.mark.django_db
def test_the_snapshot_column_is_compressed_with_lz4_where_the_server_has_it():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 'lz4' = ANY(enumvals) FROM pg_settings "
                       "WHERE name = 'default_toast_compression'")
        row = cursor.fetchone()
        cursor.execute("SELECT attcompression FROM pg_attribute WHERE attrelid = "
                       "'matches_match'::regclass AND attname = 'snapshot'")
        method = cursor.fetchone()[0]
    assert method == ("l" if row and row[0] else "")


def _two_players(django_user_model, prefix: str) -> tuple[dict, list]:
    users = [django_user_model.objects.create_user(f"{prefix}{i}") for i in range(2)]
    clients = [client_for(u) for u in users]
    return create(clients[0], "smugglers", ["me", users[1].username]), clients


def _legal_to_act(clients: list, match_id: int) -> dict:
    """The legal-actions answer of the player whose decision it is."""
    for c in clients:
        legal = c.get(f"/api/v1/matches/{match_id}/legal-actions/").json()
        if legal["actions"]:
            return legal
    raise AssertionError("nobody to act")


def _post_first_legal(clients: list, match_id: int, expected: bool = True):
    legal = _legal_to_act(clients, match_id)
    body = {"action": legal["actions"][0], "client_action_id": f"h{legal['version']}"}
    if expected:
        body["expected_version"] = legal["version"]
    return clients[legal["seat"]].post(f"/api/v1/matches/{match_id}/actions/", body,
                                       format="json")


@pg_only
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_move_on_the_version_this_process_holds_is_one_statement(django_user_model):
    """The row and state of the version the client expects are already here: the action
    is one guarded statement, with no read of the match before it."""
    from django.test.utils import CaptureQueriesContext

    m, clients = _two_players(django_user_model, "held")
    assert _post_first_legal(clients, m["id"]).status_code == 200
    legal = _legal_to_act(clients, m["id"])
    client = clients[legal["seat"]]
    with CaptureQueriesContext(connection) as ctx:
        r = client.post(f"/api/v1/matches/{m['id']}/actions/",
                        {"action": legal["actions"][0], "expected_version": legal["version"],
                         "client_action_id": "held-2"}, format="json")
    assert r.status_code == 200, r.content
    on_match = [q["sql"] for q in ctx.captured_queries if "matches_match" in q["sql"]]
    assert len(on_match) == 1 and on_match[0].startswith("WITH moved AS (UPDATE")
    match = Match.objects.get(pk=m["id"])
    assert match.version == legal["version"] + 1 and store.verify(match)["ok"]


@pg_only
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_held_row_that_another_process_moved_on_is_not_trusted(django_user_model):
    """Another process applied moves this one never saw: an action computed from the held
    row stores nothing, and the request is answered from the row as it is."""
    from rulesets import registry

    m, clients = _two_players(django_user_model, "moved")
    assert _post_first_legal(clients, m["id"]).status_code == 200
    stale = store.held(m["id"])
    assert stale is not None and stale[3] is not None
    for _ in range(3):  # "elsewhere": then this process forgets it saw them
        assert _post_first_legal(clients, m["id"]).status_code == 200
    before = Match.objects.get(pk=m["id"]).version

    # A move that was legal at the held version, computed from it: nothing is written.
    rs = registry.get("smugglers")
    state = store.loads_state(rs, stale[2])
    seat = rs.to_act(state)[0]
    store.hold(m["id"], stale)
    assert store.submit_held(store.Submission(
        m["id"], rs.legal_actions(state, seat)[0], expected_version=stale.version,
        client_action_id="stale", schedule_bots=False, authorize=lambda match: seat)) is None
    assert Match.objects.get(pk=m["id"]).version == before

    # Through the API, with and without an expected version, the request reads the row.
    for expected in (True, False):
        legal = _legal_to_act(clients, m["id"])
        store.hold(m["id"], stale)
        body = {"action": legal["actions"][0], "client_action_id": f"api-{expected}"}
        if expected:
            body["expected_version"] = legal["version"]
        r = clients[legal["seat"]].post(f"/api/v1/matches/{m['id']}/actions/", body,
                                        format="json")
        assert r.status_code == 200, r.content
        assert r.json()["seq"] == legal["version"]
    match = Match.objects.get(pk=m["id"])
    assert match.version == before + 2
    assert list(match.log.values_list("seq", flat=True).order_by("seq")) == list(
        range(match.version))
    assert store.verify(match)["ok"]


@pg_only
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_time_limit_changed_without_a_new_version_is_seen(django_user_model):
    """The organiser may set a time limit without a move: a held row from before it must
    not let an action through once the time is up."""
    from datetime import timedelta

    from django.utils import timezone

    m, clients = _two_players(django_user_model, "limit")
    assert _post_first_legal(clients, m["id"]).status_code == 200
    legal = _legal_to_act(clients, m["id"])
    assert store.held(m["id"])[3] is not None
    Match.objects.filter(pk=m["id"]).update(
        time_limit_seconds=60, started=timezone.now() - timedelta(hours=1))
    r = clients[legal["seat"]].post(
        f"/api/v1/matches/{m['id']}/actions/",
        {"action": legal["actions"][0], "expected_version": legal["version"]}, format="json")
    assert_error(r, 409, "time_up")
    assert Match.objects.get(pk=m["id"]).version == 1
