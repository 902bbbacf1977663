"""Pairing a round of a large event as a Celery task: eager in-process without REDIS_URL,
on a real worker (the ``celery_worker_process`` fixture) when REDIS_URL is set."""

from __future__ import annotations

from matches.tournaments import services
from matches.tournaments.models import Entry, Pairing, PairingJob, Round, Tournament
from tests.support.api import assert_error
from tests.support.tournaments import create, ok, url
from tests.support.waiting import until

PLAYERS = 256


def wait_job(client, t, job, timeout: float = 60.0) -> dict:
    def finished() -> dict | None:
        body = ok(client.get(job["url"]))
        return body if body["status"] in ("done", "failed") else None

    return until(finished, timeout=timeout, every=0.1, what=f"pairing job {job['id']}")


def test_large_event_is_paired_by_a_task(org, celery_worker_process, transactional_db,
                                         settings):
    _o, oc = org
    t = create(oc, decks_required=False, rounds_planned=8, top_cut=False)
    Entry.objects.bulk_create([Entry(tournament_id=t["id"], name=f"Játékos {i:03d}")
                               for i in range(PLAYERS)])
    ok(oc.post(url(t, "start/")))

    # Asked explicitly: 202 and a job to poll.
    job = ok(oc.post(url(t, "rounds/"), {"run_as_task": True}, format="json"), 202)
    assert job["status"] in ("pending", "running", "done")
    done = wait_job(oc, t, job)
    assert done["status"] == "done" and done["round"] == 1, done
    rnd = Round.objects.get(tournament_id=t["id"], number=1)
    assert rnd.pairings.count() == PLAYERS // 2
    paired = [x for p in rnd.pairings.all() for x in (p.a_id, p.b_id)]
    assert len(set(paired)) == PLAYERS

    # A job that cannot pair says why (the round is not finished), in the error shape.
    failed = wait_job(oc, t, ok(oc.post(url(t, "rounds/"), {"run_as_task": True},
                                        format="json"), 202))
    assert failed["status"] == "failed"
    assert failed["error"]["code"] == "round_not_finished" and failed["error"]["message"]

    # Every table's result (the higher seed wins 2-1), then round 2 by default as a task:
    # the field is over the large-event threshold.
    tour = Tournament.objects.get(pk=t["id"])
    services.start_round(tour, 1, by=tour.organiser)
    Pairing.objects.filter(round=rnd).update(games_a=2, games_b=1, status=Pairing.CONFIRMED)
    services.finish_round(tour, 1, by=tour.organiser)
    settings.KAOSZ_TOURNAMENT_ASYNC_PAIRING_FROM = 100
    job2 = ok(oc.post(url(t, "rounds/"), {}, format="json"), 202)
    done2 = wait_job(oc, t, job2)
    assert done2["status"] == "done" and done2["round"] == 2
    assert done2["seconds"] is not None and done2["seconds"] < 30
    r2 = Round.objects.get(tournament_id=t["id"], number=2)
    # Swiss: winners meet winners, and nobody meets a round-1 opponent again.
    winners = set(Pairing.objects.filter(round=rnd).values_list("a_id", flat=True))
    met = {frozenset((p.a_id, p.b_id)) for p in rnd.pairings.all()}
    for p in r2.pairings.all():
        assert (p.a_id in winners) == (p.b_id in winners)
        assert frozenset((p.a_id, p.b_id)) not in met
    # Both successful jobs are kept with their rounds (the failed one too).
    assert PairingJob.objects.filter(tournament_id=t["id"], status="done").count() == 2


def test_only_one_pairing_job_at_a_time(org, db):
    _o, oc = org
    t = create(oc, decks_required=False)
    for n in ("A", "B"):
        ok(oc.post(url(t, "entries/"), {"name": n}, format="json"), 201)
    ok(oc.post(url(t, "start/")))
    # Inside the test's transaction the task is queued on commit, so the job stays pending.
    job = ok(oc.post(url(t, "rounds/"), {"run_as_task": True}, format="json"), 202)
    assert job["status"] == "pending"
    err = assert_error(oc.post(url(t, "rounds/"), {"run_as_task": True}, format="json"), 409,
                       "pairing_in_progress")
    assert err["details"]["job"] == job["id"]
    # Running the task body directly pairs the round and marks the job done, once.
    from matches.tournaments.tasks import pair_round_task

    assert pair_round_task(job["id"])["status"] == "done"
    assert pair_round_task(job["id"])["status"] == "done"  # redelivered: nothing more
    assert Round.objects.filter(tournament_id=t["id"]).count() == 1
