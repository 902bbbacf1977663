"""Saved decks with every save kept as a revision, and bulk validation jobs."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Deck(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="decks")
    name = models.CharField(max_length=120)
    format = models.CharField(max_length=40, default="tournament")
    description = models.TextField(blank=True)
    public = models.BooleanField(default=False, db_index=True)
    copied_from = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="copies")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated", "-id"]

    def __str__(self) -> str:
        return self.name

    @property
    def latest(self) -> DeckRevision | None:
        return self.revisions.order_by("-number").first()

    @property
    def cards(self) -> dict[str, int]:
        latest = self.latest
        return dict(latest.cards) if latest else {}


class DeckRevision(models.Model):
    """One save of a deck's list: ``cards`` is ``{slug: count}``."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    cards = models.JSONField(default=dict)
    note = models.CharField(max_length=200, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["deck", "number"],
                                               name="deck_revision_number_unique")]


class BulkValidation(models.Model):
    """Many decks checked at once (a tournament's registrations), with visible progress."""

    PENDING, RUNNING, DONE, FAILED = "pending", "running", "done", "failed"
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                              on_delete=models.SET_NULL, related_name="bulk_validations")
    format = models.CharField(max_length=40)
    status = models.CharField(max_length=10, default=PENDING)
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    decks = models.JSONField(default=list, help_text="[{key, cards}] to check")
    results = models.JSONField(default=list)
    error = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    @property
    def progress(self) -> float:
        return round(self.done / self.total, 3) if self.total else 1.0
