from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cards import vocabulary as vocab
from cards.api import card_schema
from cards.images import image_uris
from cards.models import Card, CardRevision, CardSet, CollectionEntry, Contribution
from cards.records import validate_record
from web.api.bounds import ModelSerializer
from web.api.strict import StrictJSONMixin


def provenance_of(card: Card) -> dict[str, dict[str, str]]:
    """Per tracked field: its source, with unknown filled in for every null value."""
    out: dict[str, dict[str, str]] = {}
    for field in vocab.TRACKED_FIELDS:
        value = getattr(card, field)
        entry = dict((card.provenance or {}).get(field) or {})
        if value in (None, [], {}) and field in card.missing_fields():
            entry = {"source": "unknown", "note": entry.get("note", "")}
        if entry:
            out[field] = {"source": entry.get("source", "unknown"), "note": entry.get("note", "")}
            if entry.get("by"):  # who contributed it
                out[field]["by"] = entry["by"]
    return out


def _json(schema: dict[str, Any], **kwargs: Any) -> serializers.JSONField:
    """A JSON field of the card data, published with its real structure (a class of its
    own: DRF copies a serializer's fields by building them again from their arguments)."""
    typed = extend_schema_field(schema)(type("TypedJSONField", (serializers.JSONField,), {}))
    field: serializers.JSONField = typed(**kwargs)
    return field


class CardSerializer(ModelSerializer):
    url = serializers.HyperlinkedIdentityField(view_name="api-card-detail", lookup_field="slug")
    size = serializers.SerializerMethodField()
    sets = serializers.SerializerMethodField()
    missing = serializers.SerializerMethodField()
    provenance = serializers.SerializerMethodField()
    modifiers = _json(card_schema.nullable("CardModifiers"), allow_null=True, read_only=True)
    abilities = _json(card_schema.ABILITIES, read_only=True)
    effect = _json(card_schema.nullable("CardEffect"), allow_null=True, read_only=True)
    sources = _json({"type": "array", "items": card_schema.ref("CardSource")}, read_only=True)
    type_hu = serializers.SerializerMethodField()
    subtype_hu = serializers.SerializerMethodField()
    race_hu = serializers.SerializerMethodField()
    image_uris = serializers.SerializerMethodField()

    class Meta:
        model = Card
        fields = [
            "id", "slug", "url", "name_hu", "name_en", "official", "type", "type_hu", "subtype",
            "subtype_hu", "race", "race_hu", "clan", "rarity", "cost", "cost_rule", "speed",
            "firepower", "armor", "bombard", "size", "modifiers", "dev_limit", "abilities",
            "text_hu", "text_en", "effect", "complete", "missing", "provenance", "sources",
            "notes", "sets", "image_uris", "updated",
        ]

    def get_size(self, card: Card) -> int | None:
        return card.effective_size

    def get_sets(self, card: Card) -> list[str]:
        return card.set_slugs.split()

    def get_missing(self, card: Card) -> list[str]:
        return card.missing_fields()

    @extend_schema_field(card_schema.ref("CardProvenance"))
    def get_provenance(self, card: Card) -> dict[str, Any]:
        return provenance_of(card)

    def get_type_hu(self, card: Card) -> str | None:
        return vocab.TYPES[card.type][0] if card.type in vocab.TYPES else None

    def get_subtype_hu(self, card: Card) -> str | None:
        return vocab.subtype_name(card.type, card.subtype, "hu")

    def get_image_uris(self, card: Card) -> dict[str, str] | None:
        """Like Scryfall's: ``small`` (thumbnail), ``normal`` (web size), ``large``."""
        request = self.context.get("request")
        return image_uris(card, request.build_absolute_uri if request else None)

    def get_race_hu(self, card: Card) -> str | None:
        return vocab.RACES[card.race][0] if card.race else None


class CardListSerializer(CardSerializer):
    """Search results: everything but the bulky provenance and sources."""

    class Meta(CardSerializer.Meta):
        fields = [f for f in CardSerializer.Meta.fields
                  if f not in ("provenance", "sources", "effect", "notes")]


class CardSetSerializer(ModelSerializer):
    cards = serializers.IntegerField(read_only=True)
    owned_distinct = serializers.IntegerField(read_only=True, required=False)

    class Meta:
        model = CardSet
        fields = ["slug", "name_hu", "name_en", "official", "description", "size", "cards",
                  "owned_distinct"]


class CollectionEntrySerializer(StrictJSONMixin, ModelSerializer):
    card = serializers.SlugRelatedField(slug_field="slug", queryset=Card.objects.all())
    name_hu = serializers.CharField(source="card.name_hu", read_only=True)

    class Meta:
        model = CollectionEntry
        fields = ["card", "name_hu", "owned", "wanted"]
        validators: list = []


class ContributionSerializer(StrictJSONMixin, ModelSerializer):
    card = serializers.SlugRelatedField(slug_field="slug", queryset=Card.objects.all(),
                                        required=False, allow_null=True)
    author = serializers.CharField(source="author.username", read_only=True)
    reviewer = serializers.CharField(source="reviewer.username", read_only=True, default=None,
                                     allow_null=True)
    proposed = _json(card_schema.ref("CardRecord"),
                     help_text="Field values proposed (a record or a partial record)")

    class Meta:
        model = Contribution
        fields = ["id", "kind", "card", "proposed", "source_note", "author", "created", "status",
                  "reviewer", "reviewed", "review_note"]
        read_only_fields = ["status", "reviewer", "reviewed", "review_note", "created"]

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        kind = attrs.get("kind")
        card = attrs.get("card")
        proposed = attrs.get("proposed")
        if kind == Contribution.CORRECTION and card is None:
            raise serializers.ValidationError({"card": "a correction names the card it corrects"})
        if kind == Contribution.NEW and card is not None:
            raise serializers.ValidationError({"card": "a new card proposal names no existing card"})
        if not isinstance(proposed, dict) or not proposed:
            raise serializers.ValidationError({"proposed": "an object of field values"})
        if kind == Contribution.NEW and Card.objects.filter(slug=proposed.get("slug")).exists():
            raise serializers.ValidationError({"proposed": "a card with this slug exists; "
                                                           "propose a correction instead"})
        # A correction is checked as the card would be after it, so a subtype is
        # validated against the card's type even when only the subtype is proposed.
        merged = card.to_record() | proposed if card is not None else proposed
        errors = validate_record(merged)
        if errors:
            raise serializers.ValidationError(
                {"proposed": [f"{e['field']}: {e['message']}" for e in errors]})
        if not attrs.get("source_note", "").strip():
            raise serializers.ValidationError({"source_note": "say where the values come from"})
        return attrs


class CardRevisionSerializer(ModelSerializer):
    author = serializers.CharField(source="author.username", read_only=True, default=None,
                                   allow_null=True)
    card = serializers.CharField(source="card.slug", read_only=True)
    changed = serializers.SerializerMethodField()
    before = _json(card_schema.nullable("CardRecord"), read_only=True,
                   help_text="The card before (null: the revision created it).")
    after = _json(card_schema.ref("CardRecord"), read_only=True,
                  help_text="The card after.")

    class Meta:
        model = CardRevision
        fields = ["id", "card", "created", "author", "source", "kind", "changed", "before",
                  "after", "contribution", "reverted_by"]

    def get_changed(self, rev: CardRevision) -> list[str]:
        return rev.changed_fields()
