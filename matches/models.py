"""Matches of any ruleset: a row with version + snapshot, an append-only action log, seats,
and batch simulations split into chunks.

The store (``matches.store``) is the only code that writes ``Match.snapshot`` or appends
to ``MatchAction``; everything here is plain data.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.db import models

from matches.bot_kinds import BOT_KINDS as KINDS

# The columns only the store needs (big text): list reads of matches defer them.
BIG_COLUMNS = ("config", "snapshot", "statics")


class Match(models.Model):
    OPEN, ACTIVE, FINISHED = "open", "active", "finished"
    STATUSES = [(OPEN, "open"), (ACTIVE, "active"), (FINISHED, "finished")]

    ruleset = models.CharField(max_length=40, db_index=True)
    options = models.JSONField(default=dict, blank=True)
    # The full config given to ``new_game`` (decks included); set when the match starts.
    config = models.JSONField(null=True, blank=True)
    # Secret while the match runs; ``seed_hash`` (sha256 hex) is public from the start.
    seed = models.CharField(max_length=64)
    seed_hash = models.CharField(max_length=64)
    status = models.CharField(max_length=10, choices=STATUSES, default=OPEN, db_index=True)
    # Number of log entries applied; the next entry gets ``seq == version``.
    version = models.PositiveIntegerField(default=0)
    # The ruleset's ``to_json`` state as JSON text, kept verbatim: PostgreSQL's jsonb would
    # reorder keys, and an engine may (legitimately or not) depend on dict order.
    snapshot = models.TextField(blank=True, default="")
    # The state's parts that never change once the match has started (the ruleset's
    # ``static_keys``, e.g. KGK's compiled card definitions) as JSON text of {key: value},
    # written once instead of with every action; those keys are then left out of
    # ``snapshot``. Empty for matches stored before the split (their snapshots are whole).
    statics = models.TextField(blank=True, default="")
    to_act = models.JSONField(default=list, blank=True)
    outcome = models.JSONField(null=True, blank=True)
    # How many events the log holds (events are numbered 1..event_count).
    event_count = models.PositiveIntegerField(default=0)
    # Per-seat clocks: {"used_ms": [..], "since": [epoch_ms | None, ..]} (see store.clocks).
    clocks = models.JSONField(default=dict, blank=True)
    # Whole-match time limit (a tournament game has 3600 s); when it runs out, actions stop
    # and the organiser (or staff) adjudicates.
    time_limit_seconds = models.PositiveIntegerField(null=True, blank=True)
    # Hook for tournaments: the organiser who may adjudicate this match (besides staff).
    organiser = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                  on_delete=models.SET_NULL, related_name="organised_matches")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="created_matches")
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    # Not a column: the one more value a raw read of the store selected with the row
    # (``matches.store.rows.select_match``), when it did.
    extra: Any

    class Meta:
        ordering = ["-id"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"{self.ruleset} #{self.pk} ({self.status})"

    @property
    def has_state(self) -> bool:
        return bool(self.snapshot)

    def state_json(self) -> dict | None:
        """The whole state as JSON data: the snapshot with the static parts put back."""
        if not self.snapshot:
            return None
        data = json.loads(self.snapshot)
        for key, value in (json.loads(self.statics) if self.statics else {}).items():
            data.setdefault(key, value)
        return data


class Seat(models.Model):
    """A place at the table: a user, a bot kind, or open for anyone to join."""

    BOT_KINDS = tuple(KINDS)   # matches/bot_kinds.py: names and strength lines

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="match_seats")
    bot = models.CharField(max_length=20, blank=True)
    # Full card records for rulesets with decks (kept until the match starts).
    deck = models.JSONField(null=True, blank=True)
    deck_name = models.CharField(max_length=120, blank=True)
    # This match's stops (rulesets/kgk/stops.py, stored form), or None: the person's own
    # (StopSetting). A person changes them from the table.
    stops = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["match", "index"]
        constraints = [models.UniqueConstraint(fields=["match", "index"],
                                               name="seat_index_unique")]

    @property
    def is_open(self) -> bool:
        return self.user_id is None and not self.bot

    def label(self) -> str:
        if self.bot:
            return f"bot:{self.bot}"
        user = self.user if self.user_id else None
        return user.username if user is not None else ""


class StopSetting(models.Model):
    """A person's stops: the kinds of KGK window they want to be asked at (the server
    passes for them at the others; rulesets/kgk/stops.py). No row: the default."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="stop_setting")
    ask = models.JSONField(default=list, blank=True)


class MatchAction(models.Model):
    """One entry of the append-only log. ``seq`` runs 0, 1, 2... with no gaps.
    ``auto_pass``: a pass the server made for a person whose stops did not ask them."""

    ACTION, RESIGN, ADJUDICATE, AUTO_PASS = "action", "resign", "adjudicate", "auto_pass"
    KINDS = [(ACTION, "action"), (RESIGN, "resign"), (ADJUDICATE, "adjudicate"),
             (AUTO_PASS, "auto_pass")]

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="log")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=12, choices=KINDS, default=ACTION)
    seat = models.SmallIntegerField(null=True, blank=True)
    action = models.JSONField(null=True, blank=True)
    client_action_id = models.CharField(max_length=100, null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="+")
    # Full-information events; seats receive them through ``event_view`` only.
    events = models.JSONField(default=list, blank=True)
    first_event = models.PositiveIntegerField(default=1)
    # The answer given to the submitter, returned verbatim for a repeated client_action_id.
    response = models.JSONField(default=dict, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="match_action_seq_unique"),
            # A client_action_id is its seat's own: no seat (a person sending any string)
            # can occupy the key another seat, such as a bot, will send.
            models.UniqueConstraint(fields=["match", "seat", "client_action_id"],
                                    condition=models.Q(client_action_id__isnull=False),
                                    name="match_action_seat_client_id_unique"),
        ]

    @property
    def last_event(self) -> int:
        return self.first_event + len(self.events) - 1


class Simulation(models.Model):
    """N bot-vs-bot games played in memory, in chunks, each chunk a Celery task."""

    PENDING, RUNNING, DONE, FAILED = "pending", "running", "done", "failed"
    CANCELLED = "cancelled"  # by its creator or staff: chunks not yet played are skipped

    ruleset = models.CharField(max_length=40)
    config = models.JSONField(default=dict)
    players = models.PositiveSmallIntegerField(default=2)
    bots = models.JSONField(default=list)          # one bot kind per seat
    games = models.PositiveIntegerField()
    seed = models.CharField(max_length=100)
    chunk_size = models.PositiveIntegerField(default=10)
    max_steps = models.PositiveIntegerField(default=20000)
    # A chunk not finished this long after dispatch is dispatched again (its worker died).
    lease_seconds = models.PositiveIntegerField(default=300)
    labels = models.JSONField(default=list)        # a name per seat (deck names)
    status = models.CharField(max_length=10, default=PENDING)
    games_done = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]


class SimulationChunk(models.Model):
    """Games [start, start+count) of a simulation. ``result`` is written exactly once."""

    simulation = models.ForeignKey(Simulation, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    start = models.PositiveIntegerField()
    count = models.PositiveIntegerField()
    done = models.BooleanField(default=False)
    result = models.JSONField(null=True, blank=True)
    # Lease for re-dispatching a chunk whose worker died (see simulation.redispatch_stale).
    dispatched = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    worker = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["simulation", "index"]
        constraints = [models.UniqueConstraint(fields=["simulation", "index"],
                                               name="sim_chunk_index_unique")]
