"""Celery: pairing a round of a large event off the request (eager in-process without
REDIS_URL, a real worker with it). Idempotent and acked late: a redelivered task finds its
job done and does nothing; the pairing and the job's "done" commit in one transaction."""

from __future__ import annotations

import time

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from kaosz.api.errors import ApiError
from matches.tournaments import services
from matches.tournaments.models import PairingJob


@shared_task(acks_late=True, reject_on_worker_lost=True)
def pair_round_task(job_id: int) -> dict:
    job = PairingJob.objects.select_related("tournament").filter(pk=job_id).first()
    if job is None or job.status in (PairingJob.DONE, PairingJob.FAILED):
        return {"id": job_id, "status": job.status if job else "missing"}
    PairingJob.objects.filter(pk=job_id).update(status=PairingJob.RUNNING)
    started = time.perf_counter()
    try:
        with transaction.atomic():
            rnd = services.pair_next_round(job.tournament, allow_rematch=job.allow_rematch,
                                           allow_second_bye=job.allow_second_bye, check=False)
            PairingJob.objects.filter(pk=job_id).update(
                status=PairingJob.DONE, round_number=rnd.number, finished=timezone.now(),
                seconds=time.perf_counter() - started)
    except ApiError as exc:  # no valid pairing, round not finished…: the organiser is told
        PairingJob.objects.filter(pk=job_id).update(
            status=PairingJob.FAILED, finished=timezone.now(),
            seconds=time.perf_counter() - started,
            error={"code": exc.error_code, "message": exc.message, "details": exc.details})
    except Exception as exc:
        PairingJob.objects.filter(pk=job_id).update(
            status=PairingJob.FAILED, finished=timezone.now(),
            error={"code": "server_error", "message": repr(exc)[:500], "details": {}})
        raise
    job.refresh_from_db()
    return {"id": job.pk, "status": job.status, "round": job.round_number}
