"""Bots at the table: moves as Celery tasks (a real worker on Redis when REDIS_URL is set,
in-process after the commit otherwise); a redelivered or duplicated task never doubles or
loses a move."""

from __future__ import annotations

import random
import threading

import pytest
from django.db import connection

from matches import bots, store
from matches.models import Match, Seat
from tests.support.api import client_for
from tests.support.matches import create, play_step, wait_for


def finished(match_id: int) -> bool:
    return Match.objects.get(pk=match_id).status == Match.FINISHED


@pytest.mark.celery
@pytest.mark.django_db(transaction=True)
def test_human_plays_a_whole_match_against_the_random_bot(celery_worker_process,
                                                         django_user_model):
    me = client_for(django_user_model.objects.create_user("ember"))
    m = create(me, "smugglers", ["me", "bot:random"])
    rng = random.Random(5)
    for _ in range(400):
        if finished(m["id"]):
            break
        if play_step(me, m["id"], rng) is None:
            # Not my decision: the bot's move arrives by itself.
            wait_for(lambda: finished(m["id"]) or me.get(
                f"/api/v1/matches/{m['id']}/legal-actions/").json()["actions"], timeout=60)
    match = Match.objects.get(pk=m["id"])
    assert match.status == Match.FINISHED
    bot_ids = list(match.log.filter(seat=1).values_list("client_action_id", flat=True))
    assert bot_ids and all(c.startswith(f"bot:{match.pk}:") for c in bot_ids)
    assert store.verify(match)["ok"]


@pytest.mark.celery
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("ruleset,kinds", [("kgk", ("heuristic", "heuristic")),
                                           ("smugglers", ("heuristic", "random"))])
def test_bot_against_bot_runs_to_the_end(celery_worker_process, django_user_model, ruleset,
                                         kinds):
    host = client_for(django_user_model.objects.create_user("host"))
    m = create(host, ruleset, [f"bot:{k}" for k in kinds])
    wait_for(lambda: finished(m["id"]), timeout=240, every=0.5)
    match = Match.objects.get(pk=m["id"])
    seqs = list(match.log.order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(match.version)) and match.outcome["winners"]
    assert store.verify(match)["ok"]
    # A late, duplicated task for any old version finds nothing to do.
    assert bots.play_pending(match.pk) == 0
    assert Match.objects.get(pk=m["id"]).version == match.version


@pytest.mark.django_db(transaction=True)
def test_racing_bot_tasks_never_double_a_move(django_user_model):
    """Two workers running the same match's bot task at once (a redelivery racing the
    original): every version is played once, with the deterministic client_action_id."""
    users = [django_user_model.objects.create_user(f"u{i}") for i in range(2)]
    match = store.create_match("smugglers", {}, [store.SeatSpec(user=u) for u in users])
    # Hand both seats to bots behind the store's back, so no task was woken: only the
    # racing threads below play.
    Seat.objects.filter(match=match).update(bot="random", user=None)
    counts: list[int] = []

    def worker(_: int) -> None:
        try:
            for _ in range(40):
                counts.append(bots.play_pending(match.pk, max_moves=10,
                                                  reschedule=False))
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    match = Match.objects.get(pk=match.pk)
    ids = list(match.log.order_by("seq").values_list("client_action_id", flat=True))
    seqs = list(match.log.order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(match.version))
    assert len(ids) == len(set(ids))
    assert all(cid == f"bot:{match.pk}:{seq}:{cid.rsplit(':', 1)[1]}"
               for seq, cid in zip(seqs, ids, strict=True))
    assert store.verify(match)["ok"]
    assert match.status == Match.FINISHED and sum(counts) == match.version


@pytest.mark.django_db(transaction=True)
def test_the_store_says_match_changed_and_bots_listen_to_it(django_user_model):
    """The store announces each committed change on ``store.match_changed``; the bots'
    receiver is connected by the app config, and no part of the store imports the bots."""
    from pathlib import Path

    from tests.support.matches import next_move

    heard: list[tuple[int, str, int]] = []

    def listen(sender, match, reason, **kwargs):
        heard.append((match.pk, reason, match.version))

    store.match_changed.connect(listen)
    try:
        users = [django_user_model.objects.create_user(f"sig{i}") for i in range(2)]
        match = store.create_match("smugglers", {}, [store.SeatSpec(user=u) for u in users])
        _, seat, action = next_move(match.pk, 0)
        store.submit(match.pk, seat, action, client_action_id="sig")
    finally:
        store.match_changed.disconnect(listen)
    assert heard == [(match.pk, "created", 0), (match.pk, "action", 1)]
    assert bots.on_match_changed in [entry[1]() for entry in store.match_changed.receivers]
    for module in Path(store.__file__).parent.glob("*.py"):
        imports = [line for line in module.read_text().splitlines()
                   if line.lstrip().startswith(("import ", "from "))]
        assert not [line for line in imports if "bots" in line], module.name


@pytest.mark.django_db(transaction=True)
def test_the_sweeper_schedules_a_bot_whose_move_never_came(django_user_model,
                                                           bots_in_process):
    """A bot to act whose task was lost (here: seats handed to bots behind the store's
    back, so no task was ever sent) is scheduled by the sweeper once it has waited the
    stall period; a bot whose turn just began is left alone."""
    users = [django_user_model.objects.create_user(f"sw{i}") for i in range(2)]
    match = store.create_match("smugglers", {}, [store.SeatSpec(user=u) for u in users])
    Seat.objects.filter(match=match).update(bot="random", user=None)
    assert bots.sweep(stall_seconds=60) == 0          # its turn began just now
    assert Match.objects.get(pk=match.pk).version == 0
    row = Match.objects.get(pk=match.pk)
    since = [t - 10_000 if t else t for t in row.clocks["since"]]
    Match.objects.filter(pk=match.pk).update(clocks={**row.clocks, "since": since})
    assert bots.sweep(stall_seconds=5) == 1           # waited 10 s: scheduled, and played
    match = Match.objects.get(pk=match.pk)
    assert match.version > 0 and store.verify(match)["ok"]
