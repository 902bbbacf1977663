"""A KGK tournament as stored rows: entries with locked decks, Swiss rounds with their
tables and byes, results with an audit trail, and the top-4 final (KG-13.4).

The rules about order and figures live in the pure core ``matches.swiss``; these rows
are its history, and ``services.py`` is the only code that changes them.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Tournament(models.Model):
    PAPER, ONLINE = "paper", "online"
    MODES = [(PAPER, "paper"), (ONLINE, "online")]
    REGISTRATION, SWISS, FINAL, FINISHED = "registration", "swiss", "final", "finished"
    STATUSES = [(REGISTRATION, "registration"), (SWISS, "swiss"), (FINAL, "final"),
                (FINISHED, "finished")]

    name = models.CharField(max_length=120)
    organiser = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                  related_name="organised_tournaments")
    format = models.CharField(max_length=40, default="tournament")  # deck format key
    decks_required = models.BooleanField(default=True)
    mode = models.CharField(max_length=10, choices=MODES, default=PAPER)
    status = models.CharField(max_length=16, choices=STATUSES, default=REGISTRATION,
                              db_index=True)
    # Announced Swiss rounds; ``None`` until the start, then ``suggested_rounds`` unless set.
    rounds_planned = models.PositiveSmallIntegerField(null=True, blank=True)
    top_cut = models.BooleanField(default=True)  # the top-4 final of KG-13.4.2
    # The final's size as the organiser chose it (4, 2 or 0), changeable up to the cut; at
    # the cut it shrinks to what the players left allow (services.final_size_at_cut).
    FINAL_SIZES = [(4, "top 4"), (2, "top 2"), (0, "no final")]
    final_size = models.PositiveSmallIntegerField(default=4, choices=FINAL_SIZES)
    # The tie-break profile (matches.swiss.PROFILES): "kaosz" (default) or "mtr".
    TIEBREAK_PROFILES = [("kaosz", "kaosz"), ("mtr", "mtr")]
    tiebreaks = models.CharField(max_length=10, default="kaosz", choices=TIEBREAK_PROFILES)
    round_minutes = models.PositiveSmallIntegerField(default=50)  # the round timer
    publish_decklists = models.BooleanField(default=False)  # shown once the event is over
    end_reason = models.CharField(max_length=300, blank=True)  # ended early by the organiser
    third_place_match = models.BooleanField(default=True)  # "the losers may play" (KG-13.4.2)
    games_per_match = models.PositiveSmallIntegerField(default=3)  # Swiss: 1 or best of 3
    seed = models.CharField(max_length=64)  # fixes the final tie-break lot
    public = models.BooleanField(default=True)
    final_seeds = models.JSONField(default=list, blank=True)  # entry ids, seeds 1..4
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return self.name


class Entry(models.Model):
    """A registered player: an account, or just a name on paper. ``id`` is the core's id."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="tournament_entries")
    name = models.CharField(max_length=80)
    deck_name = models.CharField(max_length=120, blank=True)
    deck = models.JSONField(null=True, blank=True)  # {slug: count}; None: no deck given
    deck_validation = models.JSONField(null=True, blank=True)  # the validator's answer
    deck_locked = models.BooleanField(default=False)
    first_round = models.PositiveSmallIntegerField(default=1)
    # Last round the player took part in; never paired again after it.
    dropped_after = models.PositiveSmallIntegerField(null=True, blank=True)
    checked_in = models.BooleanField(default=False)  # present at the start (check-in)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "id"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"],
                                    condition=models.Q(user__isnull=False),
                                    name="entry_user_once"),
            models.UniqueConstraint(fields=["tournament", "name"], name="entry_name_once"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def dropped(self) -> bool:
        return self.dropped_after is not None

    @property
    def deck_valid(self) -> bool | None:
        return None if self.deck_validation is None else bool(self.deck_validation.get("valid"))


class Round(models.Model):
    PAIRED, STARTED, FINISHED = "paired", "started", "finished"
    STATUSES = [(PAIRED, "paired"), (STARTED, "started"), (FINISHED, "finished")]

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=STATUSES, default=PAIRED)
    allow_rematch = models.BooleanField(default=False)
    allow_second_bye = models.BooleanField(default=False)
    warnings = models.JSONField(default=list, blank=True)
    rematches = models.JSONField(default=list, blank=True)
    # Hand changes accepted by the organiser: [{"kind": "swap", "a": id, "b": id,
    # "broken": ["rematch", ...]}]; each is shown with the round.
    manual_changes = models.JSONField(default=list, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)  # the round timer's start
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"],
                                               name="round_number_once")]


class Pairing(models.Model):
    """One table of a Swiss round. ``a`` is the higher-ranked player at pairing time."""

    PENDING, REPORTED, DISPUTED, CONFIRMED = "pending", "reported", "disputed", "confirmed"
    STATUSES = [(PENDING, "pending"), (REPORTED, "reported"), (DISPUTED, "disputed"),
                (CONFIRMED, "confirmed")]

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    table = models.PositiveSmallIntegerField()
    a = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")
    b = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")
    status = models.CharField(max_length=10, choices=STATUSES, default=PENDING, db_index=True)
    games_a = models.PositiveSmallIntegerField(null=True, blank=True)
    games_b = models.PositiveSmallIntegerField(null=True, blank=True)
    # Each player's own report, [games_a, games_b]; the result stands when both agree.
    report_a = models.JSONField(null=True, blank=True)
    report_b = models.JSONField(null=True, blank=True)
    # Online mode: the KGK match created for this table (``match.tournament_pairing``).
    match = models.OneToOneField("matches.Match", null=True, blank=True,
                                 on_delete=models.SET_NULL, related_name="tournament_pairing")
    # How the result came about: played, or a match loss without play (MTR 3.x: the
    # opponent wins 2-0, or 1-0 in one-game matches) for a no-show or a forfeit.
    PLAYED, NO_SHOW, FORFEIT = "played", "no_show", "forfeit"
    OUTCOMES = [(PLAYED, "played"), (NO_SHOW, "no-show"), (FORFEIT, "forfeit")]
    outcome = models.CharField(max_length=10, choices=OUTCOMES, default=PLAYED)

    class Meta:
        ordering = ["round", "table"]
        constraints = [models.UniqueConstraint(fields=["round", "table"], name="table_once")]

    @property
    def has_result(self) -> bool:
        return self.status == self.CONFIRMED


class Bye(models.Model):
    PAIRING, AWARDED, ZERO = "pairing", "awarded", "zero"  # the values of swiss.ByeKind
    # ZERO: a round missed and counted as a loss (a dropped player back, organiser's choice)
    KINDS = [(PAIRING, "pairing"), (AWARDED, "awarded"), (ZERO, "missed, counted as a loss")]

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="byes")
    round_number = models.PositiveSmallIntegerField()
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="byes")
    kind = models.CharField(max_length=10, choices=KINDS, default=PAIRING)

    class Meta:
        ordering = ["tournament", "round_number", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "round_number", "entry"],
                                               name="bye_once_per_round")]


class ResultChange(models.Model):
    """The audit trail: every report, agreement, dispute, organiser decision and correction."""

    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="changes")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                           on_delete=models.SET_NULL, related_name="+")
    kind = models.CharField(max_length=20)  # report, agreed, disputed, set, corrected, online
    before = models.JSONField(null=True, blank=True)  # [games_a, games_b] or None
    after = models.JSONField(null=True, blank=True)
    note = models.CharField(max_length=300, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pairing", "id"]


class FinalGame(models.Model):
    """One game of a best-of-three series of the top-4 final (KG-13.4.2)."""

    SERIES = ["semi1", "semi2", "final", "third"]

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="final_games")
    series = models.CharField(max_length=10)
    winner = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                           on_delete=models.SET_NULL, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "id"]


class FinalMatch(models.Model):
    """Online mode: the KGK match for one game of a final series (seat 0 = ``a``).
    ``done`` once its game is in the bracket (or the organiser recorded that game)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="final_matches")
    series = models.CharField(max_length=10)
    a = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")
    b = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")
    match = models.OneToOneField("matches.Match", on_delete=models.CASCADE,
                                 related_name="tournament_final_game")
    done = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "id"]


class PairingJob(models.Model):
    """Pairing a round of a large event as a Celery task; the API polls this row."""

    PENDING, RUNNING, DONE, FAILED = "pending", "running", "done", "failed"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="pairing_jobs")
    allow_rematch = models.BooleanField(default=False)
    allow_second_bye = models.BooleanField(default=False)
    status = models.CharField(max_length=10, default=PENDING)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.JSONField(null=True, blank=True)  # the one error shape's "error" object
    seconds = models.FloatField(null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
