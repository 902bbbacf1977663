"""Turn-based matches: a deadline per move, a reserve per player, and the beat
enforcing it.

With every move, in the move's own transaction (the store's ``match_writing`` signal), the
match's ``TurnClock`` gets the new deadline: now plus the preset's time. So whoever reads
the match's new version (the match stream woken by its commit) reads the new deadline
with it, and a move no signal follows (a bot playing on) has its deadline too. A player late past the deadline draws on their
reserve (two days, for a weekend away); past that, the beat's sweep (every
``KAOSZ_TURN_SWEEP_EVERY`` seconds) makes them lose by resigning for them, or, when the
match was created so, plays their move with a bot and says so on the board. The sweep
looks at every expired clock each time, so a deadline passed while the worker was down is
enforced when it returns.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from matches import store
from matches.bots import bot_seed
from matches.models import BIG_COLUMNS, Match, MatchAction
from matches.store.stop_changes import pass_pending
from matches.store.stops import passes_at_once
from players.models import TurnClock
from players.notifications import outbox
from players.notifications.told import still_told
from players.turns.timecontrol import (
    RESERVE_SECONDS,
    TURN,
    bot_on_timeout,
    family_of,
    seconds_per_move,
)

log = logging.getLogger(__name__)

# The bot that stands in for a late player: quick and sensible (matches/bot_kinds.py).
STAND_IN_BOT = "heuristic"


def _expires(clock: TurnClock) -> datetime:
    reserve = min((clock.reserve_ms[s] for s in clock.to_act if s < len(clock.reserve_ms)),
                  default=0)
    return clock.deadline + timedelta(milliseconds=reserve)


def update_clock(match_id: int, now: datetime | None = None) -> TurnClock | None:
    """Set the match's deadline for the move now due (once per match version). A player
    who moved after their deadline pays the overrun from their reserve."""
    now = now or timezone.now()
    # (no savepoint inside a move's transaction: a failure here fails the move)
    with transaction.atomic(savepoint=False):
        match = Match.objects.select_for_update().defer(*BIG_COLUMNS).filter(pk=match_id).first()
        if match is None or family_of(match.options) != TURN:
            return None
        clock = TurnClock.objects.select_for_update().filter(match=match).first()
        if match.status == Match.FINISHED:
            if clock is not None and not clock.done:
                clock.done = True
                clock.save(update_fields=["done"])
            return clock
        if match.status != Match.ACTIVE or (clock is not None and clock.version == match.version):
            return clock
        if passes_at_once(match):         # the store passes this window in a moment
            return clock
        per_move = seconds_per_move(match.options) or 0
        if clock is None:
            n = match.seats.count()
            clock = TurnClock(match=match, reserve_ms=[RESERVE_SECONDS * 1000] * n,
                              on_timeout=TurnClock.BOT if bot_on_timeout(match.options)
                              else TurnClock.LOSE)
        else:
            over = max(0, int((now - clock.deadline).total_seconds() * 1000))
            for seat in clock.to_act:
                if seat < len(clock.reserve_ms):
                    clock.reserve_ms[seat] = max(0, clock.reserve_ms[seat] - over)
        clock.version = match.version
        clock.notified_seats, clock.notified_turn = still_told(clock, match)
        clock.to_act = list(match.to_act)
        clock.deadline = now + timedelta(seconds=per_move)
        clock.expires = _expires(clock)
        if clock.pk is None:
            clock.save()            # (the outbox's rows point at the match, not the clock)
        outbox.queue_turn_mails(match, clock)
        clock.save()
        return clock


def on_match_writing(sender: Any, match: Match, **kwargs: Any) -> None:
    """The store's ``match_writing`` receiver: a turn-based match's next deadline, in the
    transaction of the move that made it due."""
    if family_of(match.options) == TURN:
        update_clock(match.pk)



def _late_seat(clock: TurnClock) -> int:
    """The seat to act whose time ran out first (the smallest reserve)."""
    return min(clock.to_act, key=lambda s: clock.reserve_ms[s] if s < len(clock.reserve_ms)
               else 0)


def enforce(clock_id: int, now: datetime) -> bool:
    """Act on one expired clock: the late player loses, or a bot moves for them. False
    when the clock was not expired any more (the player moved meanwhile)."""
    with transaction.atomic():
        clock = TurnClock.objects.select_for_update().filter(pk=clock_id, done=False).first()
        if clock is None or clock.expires > now or not clock.to_act:
            return False
        match = Match.objects.defer(*BIG_COLUMNS).get(pk=clock.match_id)
        if match.status != Match.ACTIVE or match.version != clock.version:
            return False
        seat = _late_seat(clock)
        if seat < len(clock.reserve_ms):
            clock.reserve_ms[seat] = 0                      # the reserve is spent
        if clock.on_timeout == TurnClock.BOT:
            rs = store.ruleset_of(match)
            state = store.state_for_reading(match, rs)
            action = rs.bot_action(state, seat, STAND_IN_BOT, bot_seed(match.pk, match.version,
                                                                      seat))
            clock.bot_moves = [*clock.bot_moves, [match.version, seat]]
            clock.save()
            store.submit(match.pk, seat, action, expected_version=match.version,
                         client_action_id=f"timeout:{match.pk}:{match.version}:{seat}")
        else:
            clock.timed_out_seat = seat
            clock.save()
            store.submit(match.pk, seat, None, kind=MatchAction.RESIGN,
                         expected_version=match.version,
                         client_action_id=f"timeout:{match.pk}:{match.version}:{seat}")
        log.info("turn-based match %s: seat %s out of time (%s)", match.pk, seat,
                 clock.on_timeout)
        return True


def catch_up() -> int:
    """Clocks for running turn-based matches left behind their match's version (a window
    the store passes at once leaves the clock to the pass, which may be lost), and the
    windows the store should have passed for an absent person (its pass was lost)."""
    running = dict(Match.objects.filter(status=Match.ACTIVE, options__time_control__kind=TURN)
                   .values_list("pk", "version"))
    known = dict(TurnClock.objects.filter(match_id__in=list(running))
                 .values_list("match_id", "version"))
    stale = [pk for pk, version in running.items() if known.get(pk) != version]
    for pk in stale:
        match = store.load_match(pk, users=False)
        if match is not None and passes_at_once(match):
            pass_pending(match)
        update_clock(pk)
    return len(stale)


def sweep(now: datetime | None = None) -> int:
    """Enforce every expired deadline (the beat calls this). Returns how many."""
    catch_up()
    now = now or timezone.now()
    done = 0
    for clock_id in TurnClock.objects.filter(done=False, expires__lte=now) \
            .order_by("expires").values_list("pk", flat=True):
        try:
            done += enforce(clock_id, now)
        except store.StoreError as exc:     # the match moved on under us: next sweep
            log.warning("turn clock %s not enforced: %s", clock_id, exc.error_code)
    return done
