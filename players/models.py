"""Ratings as stored: the current standing per player, game and time-control family, and
one event per player per rated match (the history the chart draws and the log a rebuild
replays). Both are derived data: ``rebuild_ratings`` recomputes them from finished matches."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Rating(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="ratings")
    game = models.CharField(max_length=40)       # the ruleset's name ("kgk", "roll", ...)
    family = models.CharField(max_length=8)      # "live" or "turn" (turns.timecontrol)
    rating = models.FloatField(default=1500.0)
    deviation = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    games = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-rating", "deviation", "id"]
        constraints = [models.UniqueConstraint(fields=["user", "game", "family"],
                                               name="rating_per_user_game_family")]
        indexes = [models.Index(fields=["game", "family", "-rating"])]


class RatingEvent(models.Model):
    """What one rated match did to one player's rating."""

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE,
                              related_name="rating_events")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="rating_events")
    game = models.CharField(max_length=40)
    family = models.CharField(max_length=8)
    before = models.FloatField()
    after = models.FloatField()
    deviation = models.FloatField()
    volatility = models.FloatField()
    games = models.PositiveIntegerField()        # rated games counting this one
    at = models.DateTimeField()                  # when the match finished

    class Meta:
        ordering = ["at", "match_id", "id"]
        constraints = [models.UniqueConstraint(fields=["match", "user"],
                                               name="rating_event_once_per_match")]


class TurnClock(models.Model):
    """A turn-based match's deadline: who must move by when, each seat's
    reserve, and what happened on a timeout. Kept beside the match (the store's clocks
    measure live play); the players app sets it in the transaction of every move and the
    beat enforces it (``players.turns.clocks``)."""

    LOSE, BOT = "lose", "bot"
    ON_TIMEOUT = [(LOSE, LOSE), (BOT, BOT)]

    match = models.OneToOneField("matches.Match", on_delete=models.CASCADE,
                                 related_name="turn_clock")
    version = models.PositiveIntegerField(default=0)      # the match version it was set at
    to_act = models.JSONField(default=list)               # the seats that must move
    deadline = models.DateTimeField()                     # the move's own time runs out
    # When the sweep acts: the deadline plus the smallest reserve among the seats to act.
    expires = models.DateTimeField(db_index=True)
    reserve_ms = models.JSONField(default=list)           # per seat: reserve left (ms)
    on_timeout = models.CharField(max_length=4, choices=ON_TIMEOUT, default=LOSE)
    timed_out_seat = models.SmallIntegerField(null=True, blank=True)   # lost on time
    bot_moves = models.JSONField(default=list)            # [[version, seat], ...] moved for
    # Seats already told it is their turn (a KGK turn is many actions: one mail per turn).
    notified_seats = models.JSONField(default=list)
    # In a game with game turns (KGK): the game turn ``notified_seats`` were told in; a
    # person is told at most once per game turn (players/notifications/told.py).
    notified_turn = models.IntegerField(null=True, blank=True)
    done = models.BooleanField(default=False, db_index=True)


class NotificationSetting(models.Model):
    """A person's choice about "your turn" e-mails (on unless they turned it off)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="notification_setting")
    email_turns = models.BooleanField(default=True)
    email_invitations = models.BooleanField(default=True)
    # Dates and times on the pages in this zone (an IANA name).
    time_zone = models.CharField(max_length=64, default="Europe/Budapest")
    updated = models.DateTimeField(auto_now=True)


class Mail(models.Model):
    """A mail to send, written in the same transaction as what makes it due and sent by
    the worker (``players.notifications.outbox``). One row per (match, person, kind,
    turn): whatever runs twice (a task redelivered, the sweep beside the task, a send whose
    "sent" mark failed) finds the row and sends it once."""

    TURN = "turn"
    INVITATION = "invitation"     # ``turn`` holds the invitation's id: one mail each

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="mails")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="mails")
    kind = models.CharField(max_length=16, default=TURN)
    turn = models.IntegerField()                 # which turn of the match (notify.due_turns)
    created = models.DateTimeField(auto_now_add=True)
    # A sender took it at this time; another may take it once the lease has passed (a
    # sender that died mid-send).
    claimed = models.DateTimeField(null=True, blank=True)
    # Held until then (its person is on the site, or was mailed a moment ago, or is not
    # needed right now but may be again this game turn): the sweep looks again then.
    not_before = models.DateTimeField(null=True, blank=True)
    sent = models.DateTimeField(null=True, blank=True, db_index=True)   # sent or dropped
    dropped = models.CharField(max_length=40, blank=True)   # why it was not sent, if so
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.CharField(max_length=300, blank=True)    # the last failure

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "user", "kind", "turn"],
                                               name="mail_once_per_turn")]
class Notification(models.Model):
    """Something that needs a person, kept until they have seen it: an invitation, their
    challenge accepted, declined or withdrawn, a tournament round paired (the account
    stream's events that are not "your turn": that one is counted from the matches)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="notifications")
    kind = models.CharField(max_length=24)          # matches.live.account's event kinds
    match_id = models.IntegerField(null=True, blank=True)   # (a withdrawn one is gone)
    data = models.JSONField(default=dict)           # the account event's payload
    created = models.DateTimeField(auto_now_add=True)
    seen = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created", "-id"]
        indexes = [models.Index(fields=["user", "seen", "-created"])]
