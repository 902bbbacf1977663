"""Bulk validation as a Celery task; progress is written to the job row as it goes."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from decks.catalog import card_index
from decks.core import validate_many
from decks.models import BulkValidation

PROGRESS_EVERY = 25


@shared_task(acks_late=True)
def bulk_validate(job_id: int) -> dict:
    job = BulkValidation.objects.get(pk=job_id)
    if job.status == BulkValidation.DONE:  # a redelivered task must not redo finished work
        return {"id": job.pk, "status": job.status}
    job.status, job.done, job.results = BulkValidation.RUNNING, 0, []
    job.save(update_fields=["status", "done", "results"])
    try:
        pairs = [(entry["key"], entry["cards"]) for entry in job.decks]
        for step in validate_many(pairs, job.format, card_index(), total=len(pairs)):
            result = step["result"]
            job.results.append({"key": step["key"], "valid": result["valid"],
                                "errors": result["errors"], "warnings": result["warnings"]})
            job.done = step["done"]
            if job.done % PROGRESS_EVERY == 0:
                job.save(update_fields=["done", "results"])
        job.status = BulkValidation.DONE
    except Exception as exc:  # recorded on the job so the page and API can say what failed
        job.status, job.error = BulkValidation.FAILED, repr(exc)[:2000]
        raise
    finally:
        job.finished = timezone.now()
        job.save()
    return {"id": job.pk, "status": job.status}
