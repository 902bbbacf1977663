"""The deck API: validate without an account, saved decks with revisions, codes, bulk checks."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    extend_schema_view,
    inline_serializer,
)
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.decorators import action, api_view, permission_classes
from rest_framework.response import Response

from decks.api.schemas import (
    BulkDeck,
    BulkResult,
    DeckCardEntry,
    DeckStats,
    DeckValidation,
    Format,
)
from decks.catalog import card_index
from decks.core import (
    all_formats,
    cost_curve_svg,
    deck_stats,
    diff_decks,
    encode_deck_code,
    export_text,
)
from decks.models import BulkValidation, Deck
from decks.services import (
    DeckError,
    check_format,
    missing_cards,
    parse_input,
    save_revision,
    validate_cards,
)
from decks.tasks import bulk_validate
from web.api.bounds import ModelSerializer
from web.api.errors import ApiError
from web.api.strict import StrictJSONMixin

MAX_BULK = 2000


def deck_error(exc: DeckError) -> ApiError:
    return ApiError(exc.code, exc.message, 400, exc.details)


def body(request) -> dict[str, Any]:
    if not isinstance(request.data, dict):
        raise ApiError("malformed_request", "the body must be a JSON object", 400)
    return request.data


DeckInput = inline_serializer("DeckInput", fields={
    "format": serializers.CharField(),
    "text": serializers.CharField(required=False, allow_blank=True, allow_null=True),
    "cards": serializers.ListField(child=DeckCardEntry(), required=False, allow_null=True),
    "code": serializers.CharField(required=False, allow_blank=True, allow_null=True),
})


@extend_schema(examples=[
    OpenApiExample("a deck as text", request_only=True,
                   value={"format": "tournament", "text": "3 CRX\n2 Halálszárny\n..."}),
    OpenApiExample("a deck as cards", request_only=True,
                   value={"format": "casual", "cards": [{"card": "crx", "count": 3}]}),
    OpenApiExample("too few cards", response_only=True, status_codes=["200"], value={
        "valid": False, "format": "tournament", "errors": [{
            "code": "deck_size", "rule": "KG-1.6.1", "cards": [],
            "details": {"expected": 45, "actual": 5, "diff": 40},
            "message": {"hu": "A paklinak pontosan 45 lapból kell állnia, de csak 5 lap van "
                              "benne (40 lap hiányzik).",
                        "en": "The deck must contain exactly 45 cards but has 5 (40 too "
                              "few)."}}],
        "warnings": [], "code": "KGK1-AAECAwQ"})],
    request=DeckInput, responses={200: DeckValidation})
@api_view(["POST"])
@permission_classes([permissions.AllowAny])
def validate_deck(request):
    """Check a deck for a format; every violation at once. No account needed."""
    data = body(request)
    try:
        fmt = check_format(data.get("format"))
        parsed = parse_input(data)
    except DeckError as exc:
        raise deck_error(exc) from exc
    result = validate_cards(parsed.cards, fmt, parsed.import_errors)
    return Response({"valid": result["valid"], "errors": result["errors"],
                     "warnings": result["warnings"], "stats": result.get("stats"),
                     "code": encode_deck_code(parsed.cards) if parsed.cards else None})


FormatsOut = Format(many=True)
ValidationOut = DeckValidation
BulkJobOut = inline_serializer("BulkValidationJob", fields={
    "id": serializers.IntegerField(), "status": serializers.CharField(),
    "format": serializers.CharField(), "total": serializers.IntegerField(),
    "done": serializers.IntegerField(), "progress": serializers.FloatField(),
    "error": serializers.CharField(allow_null=True),
    "created": serializers.DateTimeField(), "finished": serializers.DateTimeField(
        allow_null=True),
    "results": serializers.ListField(child=BulkResult, required=False),
    "valid": serializers.IntegerField(required=False)})


# Answers that are not a model's serializer, as JSON Schema.
_SLUG_COUNT = {"type": "object", "properties": {"slug": {"type": "string"},
                                                "count": {"type": "integer"}}}
DIFF_OUT = {"type": "object", "required": ["from", "to", "added", "removed", "changed",
                                           "cards_added", "cards_removed"],
            "properties": {
                "from": {"type": "integer"}, "to": {"type": "integer"},
                "added": {"type": "array", "items": _SLUG_COUNT},
                "removed": {"type": "array", "items": _SLUG_COUNT},
                "changed": {"type": "array", "items": {"type": "object", "properties": {
                    "slug": {"type": "string"}, "from": {"type": "integer"},
                    "to": {"type": "integer"}, "delta": {"type": "integer"}}}},
                "cards_added": {"type": "integer"}, "cards_removed": {"type": "integer"}}}
EXPORT_OUT = {"type": "object", "required": ["text", "code"],
              "properties": {"text": {"type": "string", "description": "One line per card: "
                                      "`3 Name`."},
                             "code": {"type": "string", "description": "The deck code."}}}
MISSING_OUT = {"type": "object", "required": ["missing", "total_missing"], "properties": {
    "missing": {"type": "array", "items": {"type": "object", "properties": {
        "slug": {"type": "string"}, "name_hu": {"type": "string"}, "need": {"type": "integer"},
        "owned": {"type": "integer"}, "missing": {"type": "integer"}}}},
    "total_missing": {"type": "integer"}}}
REVISIONS_OUT = {"type": "array", "items": {
    "type": "object", "required": ["number", "created", "note", "cards"],
    "properties": {"number": {"type": "integer"},
                   "created": {"type": "string", "format": "date-time"},
                   "note": {"type": "string"},
                   "cards": {"type": "object", "additionalProperties": {"type": "integer"},
                             "description": "slug: count"}}}}
LANG_PARAM = OpenApiParameter("lang", str, enum=["hu", "en"],
                              description="Card names in Hungarian (default) or English.")


def lang_param(request) -> str:
    lang = request.query_params.get("lang", "hu")
    if lang not in ("hu", "en"):  # (an empty value too: the schema's enum has none)
        raise ApiError("invalid_parameter", "lang: hu or en", 400, {"parameter": "lang"})
    return lang


@extend_schema(responses={200: FormatsOut})
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def formats(request):
    return Response(all_formats())


@extend_schema_field(DeckCardEntry(many=True))
class CardEntries(serializers.ListField):
    """A list of ``DeckCardEntry`` objects, as the schema says."""


class DeckSerializer(StrictJSONMixin, ModelSerializer):
    owner = serializers.CharField(source="owner.username", read_only=True)
    cards = serializers.SerializerMethodField()
    revision = serializers.SerializerMethodField()
    text = serializers.CharField(write_only=True, required=False)
    # (checked by decks.services.parse_input, which says which entry is wrong: the
    # schema names the entry's keys, the field itself keeps taking any objects)
    card_list = CardEntries(child=serializers.DictField(), write_only=True, required=False)
    code = serializers.CharField(write_only=True, required=False)

    class Meta:
        model = Deck
        fields = ["id", "name", "format", "description", "public", "owner", "copied_from",
                  "created", "updated", "cards", "revision", "text", "card_list", "code"]
        read_only_fields = ["copied_from", "created", "updated"]

    def get_cards(self, deck: Deck) -> dict[str, int]:
        return deck.cards

    def get_revision(self, deck: Deck) -> int | None:
        latest = deck.latest
        return latest.number if latest else None

    def validate_format(self, value: str) -> str:
        try:
            return check_format(value)
        except DeckError as exc:
            raise serializers.ValidationError(exc.message) from exc


class IsOwnerOrPublicReadOnly(permissions.BasePermission):
    def has_object_permission(self, request, view, obj: Deck) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return obj.public or obj.owner_id == request.user.pk
        return obj.owner_id == request.user.pk


@extend_schema_view(list=extend_schema(parameters=[OpenApiParameter(
    "scope", str, enum=["mine", "public"],
    description="`mine`: your decks only; `public`: public decks only; none: both.")]))
class DeckViewSet(viewsets.ModelViewSet):
    """Saved decks. Every change of the list is a new revision."""

    serializer_class = DeckSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly, IsOwnerOrPublicReadOnly]

    def perform_content_negotiation(self, request, force=False):
        # The cost curve is a picture whatever the Accept header says (its errors stay JSON).
        return super().perform_content_negotiation(
            request, force=force or getattr(self, "action", None) == "cost_curve")

    def get_queryset(self):
        user = self.request.user
        qs = Deck.objects.select_related("owner")
        visible = Q(public=True) | Q(owner=user) if user.is_authenticated else Q(public=True)
        qs = qs.filter(visible)
        scope = self.request.query_params.get("scope")
        if scope not in (None, "mine", "public"):
            raise ApiError("invalid_parameter", "scope: mine or public", 400,
                           {"parameter": "scope"})
        if scope == "mine":
            qs = qs.filter(owner=user) if user.is_authenticated else qs.none()
        elif scope == "public":
            qs = qs.filter(public=True)
        return qs.order_by("-updated", "-id")

    def _cards_from(self, data: dict[str, Any], required: bool) -> dict[str, int] | None:
        given = {k: data[k] for k in ("text", "code") if k in data}
        if "card_list" in data:
            given["cards"] = data["card_list"]
        if not given:
            if required:
                raise ApiError("deck_input", "give the list as text, card_list or code", 400)
            return None
        try:
            parsed = parse_input(given)
        except DeckError as exc:
            raise deck_error(exc) from exc
        if parsed.import_errors:
            raise ApiError("deck_unknown_cards", "some cards are not in the catalogue", 400,
                           {"errors": parsed.import_errors})
        return parsed.cards

    @staticmethod
    def _pop_list(serializer) -> dict[str, Any]:
        return {k: serializer.validated_data.pop(k) for k in ("text", "card_list", "code")
                if k in serializer.validated_data}

    def perform_create(self, serializer):
        cards = self._cards_from(self._pop_list(serializer), required=False) or {}
        with transaction.atomic():
            deck = serializer.save(owner=self.request.user)
            save_revision(deck, cards, "created")

    def perform_update(self, serializer):
        cards = self._cards_from(self._pop_list(serializer), required=False)
        with transaction.atomic():
            deck = serializer.save()
            if cards is not None:
                save_revision(deck, cards, str(self.request.data.get("note", ""))[:200])

    @extend_schema(responses={200: ValidationOut})
    @action(detail=True)
    def validation(self, request, pk=None):
        deck = self.get_object()
        fmt = request.query_params.get("format", deck.format)
        try:
            check_format(fmt)
        except DeckError as exc:
            raise deck_error(exc) from exc
        return Response(validate_cards(deck.cards, fmt))

    @extend_schema(responses={200: REVISIONS_OUT})
    @action(detail=True)
    def revisions(self, request, pk=None):
        deck = self.get_object()
        return Response([{"number": r.number, "created": r.created, "note": r.note,
                          "cards": r.cards} for r in deck.revisions.order_by("number")])

    @extend_schema(parameters=[OpenApiParameter("from", int), OpenApiParameter("to", int)],
                   responses={200: DIFF_OUT})
    @action(detail=True)
    def diff(self, request, pk=None):
        deck = self.get_object()
        revs = {r.number: r for r in deck.revisions.all()}
        try:
            a = int(request.query_params.get("from", 1))
            b = int(request.query_params.get("to", max(revs) if revs else 1))
        except ValueError as exc:
            raise ApiError("invalid", "from and to are revision numbers", 400) from exc
        if a not in revs or b not in revs:
            raise ApiError("not_found", "no such revision", 404,
                           {"revisions": sorted(revs)})
        return Response({"from": a, "to": b, **diff_decks(revs[a].cards, revs[b].cards)})

    @extend_schema(request=None, responses={201: DeckSerializer})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def copy(self, request, pk=None):
        source = self.get_object()
        with transaction.atomic():
            deck = Deck.objects.create(owner=request.user, name=f"{source.name} (másolat)"[:120],
                                       format=source.format, description=source.description,
                                       public=False, copied_from=source)
            save_revision(deck, source.cards, f"copied from deck {source.pk}")
        return Response(DeckSerializer(deck).data, status=status.HTTP_201_CREATED)

    @extend_schema(parameters=[LANG_PARAM], responses={200: EXPORT_OUT})
    @action(detail=True)
    def export(self, request, pk=None):
        deck = self.get_object()
        lang = lang_param(request)
        return Response({"text": export_text(deck.cards, card_index(), lang=lang),
                         "code": encode_deck_code(deck.cards)})

    @extend_schema(responses={200: DeckStats})
    @action(detail=True)
    def stats(self, request, pk=None):
        return Response(deck_stats(self.get_object().cards, card_index()))

    # Also as application/octet-stream (same bytes) when asked: generators that know no
    # image/svg+xml keep the operation as a binary download (it was dropped).
    @extend_schema(parameters=[LANG_PARAM], responses={(200, "image/svg+xml"): str,
                                                       (200, "application/octet-stream"):
                                                           OpenApiTypes.BINARY},
                   examples=[OpenApiExample(
                       "a cost curve", response_only=True, status_codes=["200"],
                       media_type="image/svg+xml",
                       value='<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 160" '
                             'role="img"><title>Költséggörbe</title>…</svg>')])
    @action(detail=True, url_path="cost-curve")
    def cost_curve(self, request, pk=None):
        deck = self.get_object()
        lang = lang_param(request)
        svg = cost_curve_svg(deck_stats(deck.cards, card_index()), lang=lang)
        accept = request.META.get("HTTP_ACCEPT", "")
        binary = "application/octet-stream" in accept and "image/svg+xml" not in accept
        return HttpResponse(svg, content_type="application/octet-stream" if binary
                            else "image/svg+xml")

    @extend_schema(responses={200: MISSING_OUT})
    @action(detail=True, permission_classes=[permissions.IsAuthenticated])
    def missing(self, request, pk=None):
        deck = self.get_object()
        items = missing_cards(deck.cards, request.user)
        return Response({"missing": items, "total_missing": sum(i["missing"] for i in items)})


BulkInput = inline_serializer("BulkInput", fields={
    "format": serializers.CharField(),
    "decks": BulkDeck(many=True),
})


class BulkValidationViewSet(viewsets.ViewSet):
    """Validate many decks (a tournament's registrations) as a background task."""

    permission_classes = [permissions.IsAuthenticated]
    # Ids are numbers: anything else is a 404 at the router, never an ORM error (a 500).
    lookup_value_regex = r"\d{1,18}"

    def _out(self, job: BulkValidation, results: bool = True) -> dict[str, Any]:
        out = {"id": job.pk, "status": job.status, "format": job.format, "total": job.total,
               "done": job.done, "progress": job.progress, "error": job.error or None,
               "created": job.created, "finished": job.finished}
        if results:
            out["results"] = job.results
            out["valid"] = sum(1 for r in job.results if r["valid"])
        return out

    @extend_schema(request=BulkInput, responses={202: BulkJobOut}, examples=[
        OpenApiExample("a tournament's lists", request_only=True, value={
            "format": "tournament", "decks": [{"key": "anna", "text": "3 CRX\n..."},
                                              {"key": "bela", "code": "KGK1-AAECAwQ"}]}),
        OpenApiExample("queued", response_only=True, status_codes=["202"], value={
            "id": 41, "status": "pending", "format": "tournament", "total": 2, "done": 0,
            "progress": 0.0, "error": None, "created": "2026-11-26T20:00:00Z",
            "finished": None})])
    def create(self, request):
        data = body(request)
        try:
            fmt = check_format(data.get("format"))
        except DeckError as exc:
            raise deck_error(exc) from exc
        decks = data.get("decks")
        if not isinstance(decks, list) or not 1 <= len(decks) <= MAX_BULK:
            raise ApiError("invalid", f"decks: a list of 1 to {MAX_BULK} decks", 400)
        entries = []
        for i, item in enumerate(decks):
            if not isinstance(item, dict):
                raise ApiError("invalid", "each deck is an object", 400, {"position": i})
            try:
                parsed = parse_input(item)
            except DeckError as exc:
                raise ApiError(exc.code, exc.message, 400, {"position": i, **exc.details}) \
                    from exc
            entries.append({"key": str(item.get("key", i)), "cards": parsed.cards})
        job = BulkValidation.objects.create(owner=request.user, format=fmt, decks=entries,
                                            total=len(entries))
        transaction.on_commit(lambda: bulk_validate.delay(job.pk))
        return Response(self._out(job, results=False), status=status.HTTP_202_ACCEPTED)

    @extend_schema(responses={200: BulkJobOut})
    def retrieve(self, request, pk=None):
        job = BulkValidation.objects.filter(pk=pk, owner=request.user).first()
        if job is None:
            raise ApiError("not_found", "no such bulk validation", 404)
        return Response(self._out(job))


