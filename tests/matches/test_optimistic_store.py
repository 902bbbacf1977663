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
from matches.models import Match, MatchAction
from tests.matches.conftest import client_for, create, new_match, next_move, step
from tests.matches.test_concurrency import call

# The unlocked read and the guarded write are PostgreSQL's path; SQLite takes its write
# lock first (store._submit_locked), which the racing test below covers there.
pg_only = pytest.mark.skipif(connection.vendor != "postgresql",
                             reason="PostgreSQL's write path (SQLite locks first)")


@pg_only
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_write_computed_from_a_row_that_moved_on_stores_nothing(django_user_model):
    match, _ = new_match(django_user_model, "smugglers")
    now, seat, action = next_move(match.pk, 0)
    version = now.version

    # Computed at ``version``...
    stale = store._select_match(match.pk, ("config",), True)
    _, _, entry = store._prepare(stale, seat, action, MatchAction.ACTION, None, None,
                                 "stale-write", None, stale.snapshot)
    # ...while another request applies its own action first.
    step(match.pk, 0)

    assert store._write_if_current(stale, entry, version) is False
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
    held = store._held(match.pk)
    stored = Match.objects.get(pk=match.pk).snapshot
    assert held is not None and held[0] == 3 and held[2] == stored
    read, text = store._read_for_write(match.pk, False)
    assert read.extra is None and text == stored
    # A text for another version is not trusted: the row's own snapshot comes back.
    store._STATES[match.pk] = (2, held[1], "a stale text")
    read, text = store._read_for_write(match.pk, False)
    assert read.extra == stored and text == stored


@pytest.mark.django_db(transaction=True)
def test_racing_writers_without_expected_version_apply_exactly_once(
        django_user_model, sqlite_readers_do_not_wait):
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
                legal = call(clients[i].get,
                             f"/api/v1/matches/{m['id']}/legal-actions/").json()
                if not legal["to_act"]:
                    return
                if not legal["actions"]:
                    continue
                r = call(clients[i].post, f"/api/v1/matches/{m['id']}/actions/",
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
