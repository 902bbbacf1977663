"""The catalogue: cards as game objects, where they were printed, their history, and collections."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import F
from django.utils import timezone

from cards import vocabulary as vocab
from cards.text import fold

TYPE_CHOICES = [(k, v[1]) for k, v in vocab.TYPES.items()]
SUBTYPE_CHOICES = sorted({(k, en) for v in vocab.TYPES.values() for k, _, en in v[2]})
RACE_CHOICES = [(k, v[1]) for k, v in vocab.RACES.items()]
RARITY_CHOICES = [(k, v[1]) for k, v in vocab.RARITIES.items()]

# Record keys copied 1:1 between a fixture record and the model.
RECORD_FIELDS = (
    "slug", "name_hu", "name_en", "official", "type", "subtype", "race", "clan", "rarity",
    "cost", "cost_rule", "speed", "firepower", "armor", "bombard", "size", "modifiers",
    "dev_limit", "abilities", "text_hu", "text_en", "effect", "provenance", "sources", "notes",
)


class CardSet(models.Model):
    """A set (edition) cards are printed in. The practice set is one, marked unofficial."""

    slug = models.SlugField(unique=True)
    name_hu = models.CharField(max_length=200)
    name_en = models.CharField(max_length=200, blank=True)
    official = models.BooleanField(default=True)
    description = models.TextField(blank=True)
    # How many distinct cards the set has when known (for completion progress).
    size = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.name_hu


class Card(models.Model):
    """A card as a game object. Unknown values are NULL, never guessed."""

    slug = models.SlugField(max_length=120, unique=True)
    name_hu = models.CharField(max_length=200)
    name_en = models.CharField(max_length=200, null=True, blank=True)
    official = models.BooleanField(default=True, db_index=True)
    type = models.CharField(max_length=20, choices=TYPE_CHOICES, db_index=True)
    subtype = models.CharField(max_length=20, choices=SUBTYPE_CHOICES, null=True, blank=True,
                               db_index=True)
    race = models.CharField(max_length=20, choices=RACE_CHOICES, null=True, blank=True,
                            db_index=True)
    clan = models.CharField(max_length=100, null=True, blank=True)
    rarity = models.CharField(max_length=20, choices=RARITY_CHOICES, null=True, blank=True,
                              db_index=True)
    cost = models.SmallIntegerField(null=True, blank=True, db_index=True)
    cost_rule = models.CharField(max_length=40, null=True, blank=True)
    speed = models.SmallIntegerField(null=True, blank=True)
    firepower = models.SmallIntegerField(null=True, blank=True)
    armor = models.SmallIntegerField(null=True, blank=True)
    bombard = models.SmallIntegerField(null=True, blank=True)
    size = models.SmallIntegerField(null=True, blank=True,
                                    help_text="Hangar spaces when the card overrides its subtype")
    modifiers = models.JSONField(null=True, blank=True)
    dev_limit = models.CharField(max_length=4, null=True, blank=True,
                                 help_text='A number, "X" or "?" (KG-2.5)')
    abilities = models.JSONField(default=list, blank=True)
    text_hu = models.TextField(null=True, blank=True)
    text_en = models.TextField(null=True, blank=True)
    effect = models.JSONField(null=True, blank=True)
    provenance = models.JSONField(default=dict, blank=True)
    sources = models.JSONField(default=list, blank=True)
    notes = models.TextField(null=True, blank=True)

    # Derived, denormalised for search (kept in sync in save()).
    search_name = models.CharField(max_length=420, db_index=True, editable=False, default="")
    search_text = models.TextField(editable=False, default="")
    clan_search = models.CharField(max_length=100, editable=False, default="")
    ability_tags = models.CharField(max_length=200, editable=False, default=" ")
    set_slugs = models.CharField(max_length=400, editable=False, default=" ")
    complete = models.BooleanField(default=False, editable=False, db_index=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name_hu", "slug"]
        indexes = [models.Index(fields=["official", "name_hu", "slug"])]

    def __str__(self) -> str:
        return self.name_hu

    # -- derived values ------------------------------------------------------------------
    @property
    def effective_size(self) -> int | None:
        if self.size is not None:
            return self.size
        return vocab.SHIP_SIZE.get(self.subtype or "") if self.type == "ship" else None

    def missing_fields(self) -> list[str]:
        required = vocab.REQUIRED_BY_TYPE.get(self.type, ())
        missing = [f for f in required if getattr(self, f) is None]
        if "cost" in missing and self.cost_rule:
            missing.remove("cost")
        return missing

    def refresh_search_fields(self) -> None:
        self.search_name = fold(f"{self.name_hu} {self.name_en or ''}")
        self.search_text = fold(f"{self.text_hu or ''} {self.text_en or ''}")
        self.clan_search = fold(self.clan)
        self.ability_tags = " " + " ".join(self.abilities or []) + " "
        self.complete = not self.missing_fields()

    def refresh_set_slugs(self) -> None:
        slugs = sorted({p.card_set.slug for p in self.printings.select_related("card_set")})
        self.set_slugs = " " + " ".join(slugs) + " "

    def store_set_slugs(self) -> None:
        """Recompute ``set_slugs`` from the printings and write that column alone."""
        self.refresh_set_slugs()
        Card.objects.filter(pk=self.pk).update(set_slugs=self.set_slugs)

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.refresh_search_fields()
        super().save(*args, **kwargs)

    # -- the fixture record form (what the engine, export and import speak) -------------
    def to_record(self) -> dict[str, Any]:
        record = {f: getattr(self, f) for f in RECORD_FIELDS}
        record["abilities"] = list(self.abilities or [])
        return record

    def apply_record(self, record: dict[str, Any]) -> None:
        for f in RECORD_FIELDS:
            if f in record:
                setattr(self, f, record[f])
        if self.dev_limit is not None:
            self.dev_limit = str(self.dev_limit)


class Printing(models.Model):
    """Where a card was printed: a card can appear in several sets."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="printings")
    card_set = models.ForeignKey(CardSet, on_delete=models.CASCADE, related_name="printings")
    number = models.CharField(max_length=20, blank=True)
    rarity = models.CharField(max_length=20, choices=RARITY_CHOICES, null=True, blank=True)
    illustrator = models.CharField(max_length=200, blank=True)
    flavour_hu = models.TextField(blank=True)

    class Meta:
        unique_together = [("card", "card_set")]
        ordering = ["card_set__slug", "number"]


class DataVersion(models.Model):
    """One row: bumped on every catalogue change; clients and ETags key on it."""

    version = models.PositiveIntegerField(default=1)
    updated = models.DateTimeField(auto_now=True)

    @classmethod
    def current(cls) -> DataVersion:
        obj, _ = cls.objects.get_or_create(pk=1)
        return obj

    @classmethod
    def increment(cls) -> None:
        """Raise the version by one (the search cache is told by ``cards.cache.bump``)."""
        cls.current()
        # update() skips auto_now, so the time of the change is set here.
        cls.objects.filter(pk=1).update(version=F("version") + 1, updated=timezone.now())


class CardRevision(models.Model):
    """Every change to a card: who, when, what (before/after), from what source."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="revisions")
    created = models.DateTimeField(auto_now_add=True)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                               on_delete=models.SET_NULL, related_name="card_revisions")
    source = models.CharField(max_length=500, blank=True)
    kind = models.CharField(max_length=20, default="edit")  # import | contribution | revert | edit
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField()
    contribution = models.ForeignKey("Contribution", null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="revisions")
    reverted_by = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="reverts")

    class Meta:
        ordering = ["-created", "-id"]

    def changed_fields(self) -> list[str]:
        before = self.before or {}
        return sorted(k for k in set(before) | set(self.after)
                      if before.get(k) != self.after.get(k))


class Contribution(models.Model):
    """A collector's proposal: a new card or a correction, with a source note, for review."""

    NEW = "new"
    CORRECTION = "correction"
    KINDS = [(NEW, "New card"), (CORRECTION, "Correction")]
    PENDING, APPROVED, REJECTED = "pending", "approved", "rejected"
    STATUSES = [(PENDING, "Pending"), (APPROVED, "Approved"), (REJECTED, "Rejected")]

    kind = models.CharField(max_length=20, choices=KINDS)
    card = models.ForeignKey(Card, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="contributions")
    proposed = models.JSONField(help_text="Field values proposed (a record or a partial record)")
    source_note = models.CharField(max_length=500)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="contributions")
    created = models.DateTimeField(auto_now_add=True)
    status = models.CharField(max_length=20, choices=STATUSES, default=PENDING, db_index=True)
    reviewer = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                 on_delete=models.SET_NULL, related_name="reviews")
    reviewed = models.DateTimeField(null=True, blank=True)
    review_note = models.CharField(max_length=500, blank=True)
    # Rows of one bulk CSV upload share a batch label; each row is still reviewed on its own.
    batch = models.CharField(max_length=40, blank=True, db_index=True)

    class Meta:
        ordering = ["-created", "-id"]


class CollectionEntry(models.Model):
    """How many of a card a user owns, and how many more they want."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="collection")
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="collection_entries")
    owned = models.PositiveIntegerField(default=0)
    wanted = models.PositiveIntegerField(default=0)

    class Meta:
        unique_together = [("user", "card")]
        ordering = ["card__name_hu"]


def _image_name(prefix: str, instance: CardImage, filename: str) -> str:
    # A fresh random name per upload: the collector's file name (which may say anything)
    # never reaches a URL, and two uploads never overwrite each other.
    return f"cards/{prefix}/{instance.token}{filename[filename.rfind('.'):]}"


def original_path(instance: CardImage, filename: str) -> str:
    return _image_name("original", instance, filename)


def web_path(instance: CardImage, filename: str) -> str:
    return _image_name("web", instance, filename)


def thumb_path(instance: CardImage, filename: str) -> str:
    return _image_name("thumb", instance, filename)


class CardImage(models.Model):
    """A scan or photo of a printed card: the cleaned original, a web-size copy, a thumbnail.

    It arrives with a contribution and is shown once staff approve that contribution.
    """

    token = models.CharField(max_length=32, unique=True, editable=False)
    card = models.ForeignKey(Card, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="images")
    card_set = models.ForeignKey(CardSet, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="images")
    contribution = models.ForeignKey(Contribution, null=True, blank=True,
                                     on_delete=models.CASCADE, related_name="images")
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="card_images")
    original = models.FileField(upload_to=original_path, max_length=200)
    web = models.FileField(upload_to=web_path, max_length=200)
    thumb = models.FileField(upload_to=thumb_path, max_length=200)
    width = models.PositiveIntegerField()
    height = models.PositiveIntegerField()
    approved = models.BooleanField(default=False, db_index=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-approved", "-created", "-id"]

    def uris(self) -> dict[str, str]:
        """Like Scryfall's ``image_uris``: small (thumbnail), normal (web size), large."""
        return {"small": self.thumb.url, "normal": self.web.url, "large": self.original.url}


def photo_path(instance: PhotoReading, filename: str) -> str:
    return f"cards/photos/{instance.token}{filename[filename.rfind('.'):]}"


class PhotoReading(models.Model):
    """How a contribution was read from a photo: the photo as sent (cleaned, no
    EXIF), the text Tesseract read, the values it filled and which of them the person
    changed before sending. Editors see it beside the proposal. Created only when the person
    sends the proposal: a photo that was only read is never stored."""

    contribution = models.OneToOneField(Contribution, on_delete=models.CASCADE,
                                        related_name="photo_reading")
    token = models.CharField(max_length=32, editable=False)
    photo = models.FileField(upload_to=photo_path, max_length=200)
    read_text = models.TextField(blank=True)
    read_values = models.JSONField(default=dict, blank=True)
    changed = models.JSONField(default=list, blank=True)
    created = models.DateTimeField(auto_now_add=True)
