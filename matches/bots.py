"""Bots at the table: when a bot seat is to act, a Celery task plays its move.

A move is applied through the store with ``expected_version`` and the deterministic
``client_action_id`` ``bot:<match>:<version>:<seat>``, so a redelivered task (worker
crashed after committing, before acking) or two tasks racing for the same version can
neither lose nor double a move. Keys are per seat (``MatchAction``'s constraint), so a
person who sends that string takes nothing from the bot, and a refusal that a retry
cannot change ends the task instead of looping. The bot's choice is seeded from (match, version, seat),
so a retried task picks the same action.

Bots serve people: a match whose every person has resigned ends at once (adjudicated to the
seats still in it), instead of its bots playing on for nobody on the queue everyone's bots
share. And the bots queue is shared fairly between the people who made the matches
(``matches.bot_turns``): one task per person at a time, each playing a short slice.
"""

from __future__ import annotations

import hashlib
import logging
import time
from typing import Any

from celery import shared_task
from django.conf import settings
from django.core.cache import cache

from kaosz import task_runner
from matches import bot_turns, store, thinking
from matches.models import BIG_COLUMNS, Match, MatchAction, Seat

# Moves one task plays before handing over to a fresh task (keeps eager mode shallow and
# lets other matches' tasks interleave on a busy worker).
MOVES_PER_TASK = 60
BOTS_QUEUE, SIMS_QUEUE = thinking.BOTS_QUEUE, "sims"  # (CELERY_TASK_ROUTES names them too)
ABANDONED_NOTE = "no person left at the table"
log = logging.getLogger(__name__)


def bot_seed(match_id: int, version: int, seat: int) -> str:
    # Not the game seed: bots must sample the unknown, never derive it.
    raw = f"{settings.SECRET_KEY}|bot|{match_id}|{version}|{seat}"
    return hashlib.sha256(raw.encode()).hexdigest()[:32]


def first_of(seats: list[int], version: int) -> int:
    """Which of the bot seats that may act at once moves now: the next in turn by the
    match's version. Real-time decisions (Űrcsempészek's race to a sector) go to whoever
    is first, so always taking the first listed seat made seat 0 win every race between
    bots; rotating gives each bot its share, as a fair arrival order would."""
    return seats[version % len(seats)]


def on_match_changed(sender: Any, match: Match, bot_seats: set[int] | None = None,
                     **kwargs: Any) -> None:
    """The store's ``match_changed`` receiver (connected in ``MatchesConfig.ready``): wake
    the bots when one of them is to act."""
    if match.status != Match.ACTIVE or not match.to_act:
        return
    if kwargs.get("reason") == "resign" and end_if_abandoned(match.pk):
        return
    if bot_seats is not None:
        wake = any(s in bot_seats for s in match.to_act)
    else:
        wake = Seat.objects.filter(match_id=match.pk, index__in=match.to_act) \
            .exclude(bot="").exists()
    if wake:
        schedule(match.pk, match.version)


def schedule(match_id: int, version: int, stalled: bool = False) -> None:
    """Enqueue the bot task. Runs after the human's commit: a broker outage or (in eager
    mode) a failing bot must not turn the already-applied action into an error.
    ``stalled`` (the sweeper's call): queue the owner's task even if their turn seems
    taken, since the task holding it may have been lost with its worker."""
    try:
        row = Match.objects.filter(pk=match_id).values_list("created_by_id", flat=True)
        people = Seat.objects.filter(match_id=match_id, bot="").exists()
        if not people:
            # Bots playing only each other are programs' play, on the simulations queue.
            play_bots.apply_async((match_id, version), queue=SIMS_QUEUE)
        elif play_bots.app.conf.task_always_eager and task_runner.current() is None:
            # (run at once, in this process: no queue to share)
            play_bots.apply_async((match_id, version), queue=BOTS_QUEUE)
        else:
            owner = _owner(match_id, row.first())
            if bot_turns.want(owner, match_id, force=stalled):
                play_owner_bots.apply_async((owner,), queue=BOTS_QUEUE)
    except Exception:
        log.exception("bot task for match %s v%s failed to run", match_id, version)


def _owner(match_id: int, created_by: int | None) -> str:
    """Whose turn the match's bot moves take: its maker's (a match made by no one, its own)."""
    return f"user:{created_by}" if created_by is not None else f"match:{match_id}"


def people_left(match_id: int) -> bool:
    """Whether a person still plays in the match (a match of bots only: always)."""
    people = set(Seat.objects.filter(match_id=match_id, bot="").values_list("index", flat=True))
    if not people:
        return True
    resigned = set(MatchAction.objects.filter(match_id=match_id, kind=MatchAction.RESIGN)
                   .values_list("seat", flat=True))
    return bool(people - resigned)


def end_if_abandoned(match_id: int) -> bool:
    """End a running match whose every person has resigned, adjudicated to the seats still
    in it; True when it is over (by this call or another's)."""
    if people_left(match_id):
        return False
    match = Match.objects.defer(*BIG_COLUMNS).filter(pk=match_id).first()
    if match is None or match.status != Match.ACTIVE:
        return True
    resigned = set(MatchAction.objects.filter(match_id=match_id, kind=MatchAction.RESIGN)
                   .values_list("seat", flat=True))
    seats = Seat.objects.filter(match_id=match_id).values_list("index", flat=True)
    try:
        store.submit(match_id, None, {"winners": sorted(set(seats) - resigned),
                                      "note": ABANDONED_NOTE},
                     kind=MatchAction.ADJUDICATE, expected_version=match.version,
                     client_action_id=f"abandoned:{match_id}")
    except store.StoreError as exc:
        # Someone moved first (a bot): the next look ends it.
        log.info("abandoned match %s not ended yet (%s)", match_id, exc.error_code)
        return False
    log.info("match %s ended: %s", match_id, ABANDONED_NOTE)
    return True


def sweep(stall_seconds: float | None = None) -> int:
    """Schedule the move of every bot that is to act and has waited ``stall_seconds``
    (``KAOSZ_BOT_STALL_SECONDS``) or more since its turn began: whatever lost the task (a
    worker killed mid-move, a broker outage when the turn was handed over, a Redis
    restart without persistence), the match goes on. A repeat is harmless (the move goes
    in with ``expected_version`` and its deterministic ``client_action_id``); the same
    match and version are scheduled at most once per stall period all the same, so a
    slow queue is not flooded with copies."""
    stall = settings.KAOSZ_BOT_STALL_SECONDS if stall_seconds is None else stall_seconds
    now = store.now_ms()
    candidates = list(Match.objects.filter(status=Match.ACTIVE, seats__bot__gt="")
                      .exclude(to_act=[]).values_list("id", "version", "to_act", "clocks")
                      .distinct())
    if not candidates:
        return 0
    bot_seats: dict[int, set[int]] = {}
    for match_id, index in Seat.objects.filter(match_id__in=[c[0] for c in candidates]) \
            .exclude(bot="").values_list("match_id", "index"):
        bot_seats.setdefault(match_id, set()).add(index)
    scheduled = 0
    for match_id, version, to_act, clocks in candidates:
        since = (clocks or {}).get("since") or []
        waited = [now - since[s] for s in to_act
                  if s in bot_seats.get(match_id, ()) and s < len(since) and since[s]]
        if not waited or max(waited) < stall * 1000:
            continue
        if cache.add(f"bot-sweep:{match_id}:{version}", 1, timeout=max(1, int(stall * 2))):
            schedule(match_id, version, stalled=True)
            scheduled += 1
    return scheduled


def _moved(match_id: int, version: int) -> bool:
    """Whether the match has left ``version`` (or ended) since a move was computed."""
    return not Match.objects.filter(pk=match_id, version=version,
                                    status=Match.ACTIVE).exists()


def _submit(match_id: int, version: int, seat: int, action: Any) -> int | None:
    """Submit the bot's move computed at ``version``: 1 when it was applied, 0 when the
    match moved on meanwhile (look again), None when the refusal would be the same on
    every retry (stop)."""
    try:
        result = store.submit(match_id, seat, action, expected_version=version,
                              client_action_id=f"bot:{match_id}:{version}:{seat}",
                              schedule_bots=False)
    except store.StoreError as exc:
        if exc.error_code not in ("version_conflict", "match_finished", "time_up",
                                  "idempotency_key_reused"):
            raise
        # Someone moved first: look again. (``idempotency_key_reused``: this version's
        # move was stored already, and the state read had moved past it, so the action
        # computed differs from the stored one.) When nothing moved, the refusal is the
        # answer at this version and would be the same on every retry: stop (a loop
        # here held a worker, or in eager mode the person's request, for ever).
        if not _moved(match_id, version):
            log.warning("bot move for match %s v%s refused (%s); not retried",
                        match_id, version, exc.error_code)
            return None
        return 0
    if not result.repeated:
        return 1
    return 0 if _moved(match_id, version) else None  # (only a tampered log says so)


def play_pending(match_id: int, max_moves: int = MOVES_PER_TASK, reschedule: bool = True,
                 seconds: float | None = None) -> int:
    """Play bot moves while a bot is to act, at most ``max_moves`` or, given ``seconds``,
    until that slice is used (the move under way is finished); returns how many moves this
    call applied."""
    played = 0
    bots = dict(Seat.objects.filter(match_id=match_id).exclude(bot="")
                .values_list("index", "bot"))
    if not bots or end_if_abandoned(match_id):
        return 0
    deadline = None if seconds is None else time.monotonic() + seconds
    while played < max_moves and (deadline is None or time.monotonic() < deadline):
        match = Match.objects.defer(*BIG_COLUMNS).filter(pk=match_id).first()
        if match is None or match.status != Match.ACTIVE:
            return played
        seats = [s for s in match.to_act if s in bots]
        if not seats:
            return played
        if store.clock_view(match)["time_up"]:
            return played
        seat = first_of(seats, match.version)
        if settings.KAOSZ_BOT_MOVE_DELAY_MS:
            time.sleep(settings.KAOSZ_BOT_MOVE_DELAY_MS / 1000)
        rs = store.ruleset_of(match)
        read_at = match.version
        state = store.state_for_reading(match, rs)
        if match.version != read_at:  # the row moved on meanwhile: whose turn, again?
            continue
        try:
            action = thinking.bot_action(match.ruleset, rs, state, seat, bots[seat],
                                         bot_seed(match_id, match.version, seat))
        except ValueError:
            # The state read may be newer than ``match`` when another worker moved in
            # between: look again, unless nothing moved (then it is a real error).
            if Match.objects.filter(pk=match_id, version=match.version).exists():
                raise
            continue
        outcome = _submit(match_id, match.version, seat, action)
        if outcome is None:
            return played
        played += outcome
    if reschedule:  # more to play: a fresh task continues
        schedule(match_id, Match.objects.values_list("version", flat=True).get(pk=match_id))
    return played


def bots_to_act(match_id: int) -> bool:
    to_act = Match.objects.filter(pk=match_id, status=Match.ACTIVE) \
        .values_list("to_act", flat=True).first()
    return bool(to_act) and Seat.objects.filter(match_id=match_id, index__in=to_act) \
        .exclude(bot="").exists()


def play_owner_slice(owner: str) -> int:
    """One slice of the owner's bot work: one of their matches wanting moves, played for
    ``KAOSZ_BOT_SLICE_SECONDS``; then the owner's turn goes to the back of the queue if any
    of their matches still wants moves. Returns the moves played."""
    match_id = bot_turns.next_match(owner)
    played = 0
    try:
        if match_id is not None:
            played = play_pending(match_id, reschedule=False,
                                  seconds=settings.KAOSZ_BOT_SLICE_SECONDS)
            if bots_to_act(match_id):
                bot_turns.put_back(owner, match_id)
    finally:
        if bot_turns.turn_over(owner):
            play_owner_bots.apply_async((owner,), queue=BOTS_QUEUE)
    return played


# The Celery tasks of this module (their names stay ``matches.tasks.*``: queued tasks and
# CELERY_TASK_ROUTES know them by name). All are idempotent and acked late.
@shared_task(name="matches.tasks.play_bots", acks_late=True, reject_on_worker_lost=True,
             ignore_result=True)
def play_bots(match_id: int, version: int) -> int:
    """Play the pending bot moves of a match (``version`` is informational: the store's
    expected_version check makes a stale task harmless)."""
    return play_pending(match_id)


@shared_task(name="matches.tasks.play_owner_bots", acks_late=True, reject_on_worker_lost=True,
             ignore_result=True)
def play_owner_bots(owner: str) -> int:
    """One slice of one person's bot work (``play_owner_slice``)."""
    return play_owner_slice(owner)


@shared_task(name="matches.tasks.sweep_bots", ignore_result=True)
def sweep_bots() -> int:
    """Beat's periodic task: schedule the move of every bot that should have moved by now
    (a killed worker, a broker outage at the hand-over). Returns how many it scheduled."""
    return sweep()
