"""Changing the catalogue: every change is a revision (who, when, what, source) and revertible."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from cards import cache as catalogue_cache
from cards.models import (
    RECORD_FIELDS,
    Card,
    CardRevision,
    CardSet,
    Contribution,
    Printing,
)
from cards.records import validate_record


class CatalogueError(Exception):
    def __init__(self, errors: list[dict[str, Any]]) -> None:
        super().__init__(f"{len(errors)} error(s)")
        self.errors = errors


def pending_room(user: Any) -> int | None:
    """How many more pending contributions ``user`` may send (None: no limit, staff).

    A 134 KB CSV made 5,000 pending contributions; the review queue is people's
    time, so each account has at most ``KAOSZ_CONTRIB_MAX_PENDING`` waiting at once."""
    if user.is_staff:
        return None
    waiting = Contribution.objects.filter(author=user, status=Contribution.PENDING).count()
    return max(0, settings.KAOSZ_CONTRIB_MAX_PENDING - waiting)


def ensure_set(data: dict[str, Any]) -> CardSet:
    card_set, _ = CardSet.objects.update_or_create(
        slug=data["slug"],
        defaults={"name_hu": data.get("name_hu", data["slug"]),
                  "name_en": data.get("name_en") or "",
                  "official": bool(data.get("official", True)),
                  "description": data.get("description") or "",
                  "size": data.get("size")},
    )
    return card_set


def save_card(record: dict[str, Any], *, author=None, source: str = "", kind: str = "edit",
              contribution: Contribution | None = None, card_set: CardSet | None = None
              ) -> tuple[Card, bool]:
    """Create or update one card from a (possibly partial) record; returns (card, changed)."""
    card = Card.objects.filter(slug=record["slug"]).first() if record.get("slug") else None
    before = card.to_record() if card else None
    if card is None:
        card = Card(slug=record["slug"])
    card.apply_record(record)
    after = card.to_record()
    changed = before != after
    if changed:
        card.save()
        CardRevision.objects.create(card=card, author=author, source=source, kind=kind,
                                    before=before, after=after, contribution=contribution)
        catalogue_cache.bump()
    if card_set is not None:
        _, created = Printing.objects.get_or_create(card=card, card_set=card_set)
        if created or card.set_slugs.strip() == "":
            card.store_set_slugs()
            if not changed:  # a new printing alone changes what `set:` searches find
                catalogue_cache.bump()
    return card, changed


def import_records(records: Iterable[Any], *, set_data: dict[str, Any] | None = None,
                   author=None, source: str = "import") -> dict[str, int]:
    """All-or-nothing import. Validates every row first; raises CatalogueError with all errors."""
    rows = list(records)
    errors: list[dict[str, Any]] = []
    seen: dict[str, int] = {}
    for i, record in enumerate(rows, start=1):
        errors.extend(validate_record(record, row=i))
        slug = record.get("slug") if isinstance(record, dict) else None
        if slug in seen:
            errors.append({"row": i, "field": "slug",
                           "message": f"duplicate of row {seen[slug]}"})
        elif slug:
            seen[slug] = i
    if errors:
        raise CatalogueError(errors)
    created = updated = unchanged = 0
    with transaction.atomic():
        card_set = ensure_set(set_data) if set_data else None
        for record in rows:
            exists = Card.objects.filter(slug=record["slug"]).exists()
            _, changed = save_card(record, author=author, source=source, kind="import",
                                   card_set=card_set)
            if not exists:
                created += 1
            elif changed:
                updated += 1
            else:
                unchanged += 1
    return {"created": created, "updated": updated, "unchanged": unchanged}


def approve(contribution: Contribution, reviewer, note: str = "") -> Card:
    """Apply a pending contribution as a revision credited to its author and source."""
    if contribution.status != Contribution.PENDING:
        raise CatalogueError([{"row": None, "field": "status",
                               "message": "only pending contributions can be approved"}])
    proposed = dict(contribution.proposed)
    partial = contribution.kind == Contribution.CORRECTION
    # The card a correction corrects (always there: deleting a card deletes its
    # contributions).
    base = contribution.card if partial else None
    if not partial and Card.objects.filter(slug=proposed.get("slug")).exists():
        # A new card must never overwrite one approved meanwhile under the same identifier.
        raise CatalogueError([{"row": None, "field": "slug",
                               "message": "a card with this identifier exists now; "
                                          "propose a correction instead"}])
    if base is not None:
        proposed["slug"] = base.slug
    merged = base.to_record() | proposed if base is not None else proposed
    errors = validate_record(merged)
    if errors:
        raise CatalogueError(errors)
    provenance = dict(base.provenance if base is not None
                      else proposed.get("provenance") or {})
    for field in proposed:
        if field in RECORD_FIELDS and field not in ("slug", "provenance", "sources", "effect"):
            provenance[field] = {"source": "contributed", "by": contribution.author.username,
                                 "note": contribution.source_note}
    proposed["provenance"] = provenance
    if not partial:
        proposed.setdefault("official", True)
    with transaction.atomic():
        card, _ = save_card(proposed, author=contribution.author,
                            source=contribution.source_note, kind="contribution",
                            contribution=contribution)
        contribution.status = Contribution.APPROVED
        contribution.reviewer = reviewer
        contribution.reviewed = timezone.now()
        contribution.review_note = note
        contribution.card = card
        contribution.save()
        # The pictures sent with it are shown from now on (the newest first).
        contribution.images.update(card=card, approved=True)
        if contribution.images.exists():
            catalogue_cache.bump()
    return card


def reject(contribution: Contribution, reviewer, note: str = "") -> None:
    contribution.status = Contribution.REJECTED
    contribution.reviewer = reviewer
    contribution.reviewed = timezone.now()
    contribution.review_note = note
    contribution.save()


def revert(revision: CardRevision, author) -> CardRevision:
    """Restore the card to its state before ``revision``; itself a new revision."""
    card = revision.card
    if revision.before is None:
        raise CatalogueError([{"row": None, "field": "revision",
                               "message": "the card's first revision cannot be reverted; "
                                          "remove the card instead"}])
    with transaction.atomic():
        before = card.to_record()
        card.apply_record(revision.before)
        card.save()
        new = CardRevision.objects.create(card=card, author=author, kind="revert",
                                          source=f"revert of revision {revision.pk}",
                                          before=before, after=card.to_record())
        revision.reverted_by = new
        revision.save(update_fields=["reverted_by"])
        catalogue_cache.bump()
    return new
