"""Swiss rounds: pairing (in the request, or as a Celery task for a large event),
re-pairing, hand changes, the start and the end of a round."""

from __future__ import annotations

import time
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from matches import swiss
from matches.tournaments.models import (
    Bye,
    Entry,
    Pairing,
    PairingJob,
    Round,
    Tournament,
)
from matches.tournaments.services.common import (
    TournamentError,
    entry_of,
    get_round,
    last_round,
    lock,
    locked,
    require_organiser,
    with_retry,
)
from matches.tournaments.services.online import sync_round
from matches.tournaments.services.online_matches import create_round_matches
from matches.tournaments.services.reading import active_for, history
from web.domain import DomainError


def no_valid_pairing_error(exc: swiss.NoValidPairing) -> TournamentError:
    """Never silent: say why, and which organiser decision would allow a pairing."""
    option = ("allow_second_bye" if exc.reason == swiss.NoValidPairingReason.NO_BYE_CANDIDATE
              else "allow_rematch")
    options = [] if exc.reason == swiss.NoValidPairingReason.TOO_FEW_PLAYERS else [option]
    if exc.reason == swiss.NoValidPairingReason.REMATCH_UNAVOIDABLE:
        options = ["allow_rematch", "allow_second_bye"]
    return TournamentError("no_valid_pairing", f"round {exc.round}: no valid pairing "
                           f"({exc.reason.value}). {exc.detail}. The organiser decides: pair "
                           "again allowing it, or end the Swiss stage.",
                           {"reason": exc.reason.value, "round": exc.round,
                            "players": list(exc.players), "options": options})


def _pair(t: Tournament, number: int, allow_rematch: bool, allow_second_bye: bool) -> Round:
    hist = history(t, upto=number - 1)
    try:
        pairing = swiss.pair_round(hist, active_for(t, number), number,
                                   allow_rematch=allow_rematch,
                                   allow_second_bye=allow_second_bye,
                                   rows=swiss.standings(hist, profile=t.tiebreaks))
    except swiss.NoValidPairing as exc:
        raise no_valid_pairing_error(exc) from exc
    rnd, _ = Round.objects.update_or_create(
        tournament=t, number=number,
        defaults={"status": Round.PAIRED, "allow_rematch": allow_rematch,
                  "allow_second_bye": allow_second_bye,
                  "warnings": list(pairing.warnings), "manual_changes": [],
                  "rematches": [list(p) for p in pairing.rematches]})
    Pairing.objects.bulk_create([Pairing(round=rnd, table=i + 1, a_id=a, b_id=b)
                                 for i, (a, b) in enumerate(pairing.pairs)])
    if pairing.bye is not None:
        Bye.objects.create(tournament=t, round_number=number, entry_id=pairing.bye,
                           kind=Bye.PAIRING)
    return rnd


@locked
def pair_next_round(t: Tournament, *, by: Any = None, allow_rematch: bool = False,
                    allow_second_bye: bool = False, check: bool = True) -> Round:
    """Pair the next Swiss round; the previous one must be finished (every result in)."""
    if check:
        require_organiser(by, t)
    if t.status != Tournament.SWISS:
        raise TournamentError("not_in_swiss", f"the tournament is in {t.status}, not in the "
                              "Swiss rounds", {"status": t.status})
    last = last_round(t)
    if last is not None and last.status != Round.FINISHED:
        raise TournamentError("round_not_finished", f"round {last.number} is not finished",
                              {"round": last.number})
    number = (last.number if last else 0) + 1
    if t.rounds_planned and number > t.rounds_planned:
        raise TournamentError("all_rounds_played", f"all {t.rounds_planned} Swiss rounds are "
                              "paired; start the final or raise rounds_planned",
                              {"rounds_planned": t.rounds_planned})
    return _pair(t, number, allow_rematch, allow_second_bye)


@locked
def repair_round(t: Tournament, number: int, *, by: Any, allow_rematch: bool = False,
                 allow_second_bye: bool = False) -> Round:
    """Pair a round again (drops, late entries, a mistake) while it has not started."""
    require_organiser(by, t)
    rnd = get_round(t, number)
    if rnd.status != Round.PAIRED:
        raise TournamentError("round_started", f"round {rnd.number} has already started",
                              {"round": rnd.number, "status": rnd.status})
    rnd.pairings.all().delete()
    Bye.objects.filter(tournament=t, round_number=rnd.number, kind=Bye.PAIRING).delete()
    return _pair(t, rnd.number, allow_rematch, allow_second_bye)


def _met_before(t: Tournament, number: int) -> set[frozenset[int]]:
    pairs = Pairing.objects.filter(round__tournament=t, round__number__lt=number) \
        .values_list("a_id", "b_id")
    return {frozenset(p) for p in pairs}


@locked
def swap_players(t: Tournament, number: int, a: Any, b: Any, *, by: Any,
                 accept: bool = False) -> Round:
    """Hand pairing before a round starts: two players change places (tables, or a table
    and the bye). Every rule the change breaks (a rematch, a second bye) is named, and the
    change is made only when the organiser accepts them (``accept``)."""
    require_organiser(by, t)
    rnd = get_round(t, number)
    if rnd.status != Round.PAIRED:
        raise TournamentError("round_started", f"round {rnd.number} has already started")
    ea, eb = entry_of(t, a), entry_of(t, b)
    if ea.pk == eb.pk:
        raise TournamentError("invalid", "choose two different players")
    tables = list(rnd.pairings.all())
    bye = Bye.objects.filter(tournament=t, round_number=rnd.number, kind=Bye.PAIRING).first()

    def place(e: Entry) -> tuple[Pairing | None, str]:
        for p in tables:
            if e.pk in (p.a_id, p.b_id):
                return p, "a" if p.a_id == e.pk else "b"
        if bye is not None and bye.entry_id == e.pk:
            return None, "bye"
        raise TournamentError("not_paired", f"{e.name} is not in round {rnd.number}'s "
                              "pairing", {"entry": e.pk})

    (pa, sa), (pb, sb) = place(ea), place(eb)
    if pa is not None and pa is pb:
        raise TournamentError("same_table", f"{ea.name} and {eb.name} already play each "
                              "other")
    if pa is not None:
        setattr(pa, f"{sa}_id", eb.pk)
    if pb is not None:
        setattr(pb, f"{sb}_id", ea.pk)
    names = dict(t.entries.values_list("pk", "name"))
    met = _met_before(t, rnd.number)
    broken = [f"rematch: {names[p.a_id]} v {names[p.b_id]}" for p in (pa, pb)
              if p is not None and frozenset((p.a_id, p.b_id)) in met]
    new_bye = eb if sa == "bye" else ea if sb == "bye" else None
    if new_bye is not None and Bye.objects.filter(tournament=t, entry=new_bye,
                                                  round_number__lt=rnd.number).exists():
        broken.append(f"second bye: {new_bye.name}")
    if broken and not accept:
        raise TournamentError("pairing_rule_broken", "this change breaks: " + "; ".join(broken)
                              + ". Accept it explicitly to make it.", {"broken": broken})
    for p in (pa, pb):
        if p is not None:
            p.save(update_fields=["a", "b"])
    if bye is not None and new_bye is not None:
        bye.entry = new_bye
        bye.save(update_fields=["entry"])
    rnd.manual_changes = [*rnd.manual_changes,
                          {"kind": "swap", "a": ea.pk, "b": eb.pk, "a_name": ea.name,
                           "b_name": eb.name, "broken": broken}]
    rnd.save(update_fields=["manual_changes"])
    return rnd


@locked
def start_round(t: Tournament, number: int, *, by: Any) -> Round:
    """Results may be entered from now on; online, each table gets its KGK match."""
    require_organiser(by, t)
    rnd = get_round(t, number)
    if rnd.status != Round.PAIRED:
        raise TournamentError("round_started", f"round {rnd.number} has already started")
    if t.mode == Tournament.ONLINE:
        create_round_matches(t, rnd)
    rnd.status, rnd.started_at = Round.STARTED, timezone.now()
    rnd.save(update_fields=["status", "started_at"])
    return rnd


@locked
def finish_round(t: Tournament, number: int, *, by: Any) -> Round:
    """A round ends only when every table has a result that stands."""
    require_organiser(by, t)
    rnd = get_round(t, number)
    if rnd.status == Round.FINISHED:
        raise TournamentError("round_finished", f"round {rnd.number} is already finished")
    if rnd.status == Round.PAIRED:
        raise TournamentError("round_not_started", f"round {rnd.number} has not started")
    if t.mode == Tournament.ONLINE:
        sync_round(rnd)
    open_tables = list(rnd.pairings.exclude(status=Pairing.CONFIRMED)
                       .values("table", "status"))
    if open_tables:
        raise TournamentError("round_incomplete", f"round {rnd.number} still has "
                              f"{len(open_tables)} table(s) without a result",
                              {"round": rnd.number, "tables": open_tables})
    rnd.status = Round.FINISHED
    rnd.save(update_fields=["status"])
    return rnd


def async_pairing_from() -> int:
    """Active players from which pairing runs as a Celery task (a large event)."""
    return int(getattr(settings, "KAOSZ_TOURNAMENT_ASYNC_PAIRING_FROM", 128))


def queue_pairing(t: Tournament, *, by: Any, allow_rematch: bool = False,
                  allow_second_bye: bool = False) -> Any:
    """Queue the next round's pairing as a task; the job row says how it went."""
    require_organiser(by, t)
    if t.status != Tournament.SWISS:
        raise TournamentError("not_in_swiss", f"the tournament is in {t.status}")

    def create() -> PairingJob:
        with transaction.atomic():
            lock(t.pk)
            busy = t.pairing_jobs.filter(status__in=[PairingJob.PENDING, PairingJob.RUNNING])
            running = busy.first()
            if running is not None:
                raise TournamentError("pairing_in_progress", "a pairing job is already running",
                                      {"job": running.pk})
            return PairingJob.objects.create(tournament=t, allow_rematch=allow_rematch,
                                             allow_second_bye=allow_second_bye,
                                             created_by=by)

    job = with_retry(create)
    # After commit: a real worker must find the job row (eager mode runs it right here).
    transaction.on_commit(lambda: pair_round_task.delay(job.pk))
    return job


# The pairing task (its name stays ``matches.tournaments.tasks.pair_round_task``, as queued
# tasks know it): eager in-process without REDIS_URL, a real worker with it. Idempotent and
# acked late: a redelivered task finds its job done and does nothing; the pairing and the
# job's "done" commit in one transaction.
@shared_task(name="matches.tournaments.tasks.pair_round_task", acks_late=True,
             reject_on_worker_lost=True)
def pair_round_task(job_id: int) -> dict:
    job = PairingJob.objects.select_related("tournament").filter(pk=job_id).first()
    if job is None or job.status in (PairingJob.DONE, PairingJob.FAILED):
        return {"id": job_id, "status": job.status if job else "missing"}
    PairingJob.objects.filter(pk=job_id).update(status=PairingJob.RUNNING)
    started = time.perf_counter()
    try:
        with transaction.atomic():
            rnd = pair_next_round(job.tournament, allow_rematch=job.allow_rematch,
                                  allow_second_bye=job.allow_second_bye, check=False)
            PairingJob.objects.filter(pk=job_id).update(
                status=PairingJob.DONE, round_number=rnd.number, finished=timezone.now(),
                seconds=time.perf_counter() - started)
    except DomainError as exc:  # no valid pairing, round not finished…: the organiser is told
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
