"""The card API: search, detail, lookups, bulk export, sets, collections, contributions."""

from __future__ import annotations

import base64
import difflib
import json
import secrets

from django.conf import settings
from django.db.models import Count, Q, Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema,
    extend_schema_view,
    inline_serializer,
)
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action, api_view, permission_classes
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from cards import cache as search_cache
from cards import photo_reading
from cards.api.card_schema import ref
from cards.api.filters import CardFilter
from cards.api.listing import card_items
from cards.api.pagination import QUERY_WARNINGS, SearchPagination
from cards.api.serializers import (
    CardListSerializer,
    CardRevisionSerializer,
    CardSerializer,
    CardSetSerializer,
    CollectionEntrySerializer,
    ContributionSerializer,
)
from cards.exchange import export_records, to_csv
from cards.images import ImageRefused, store
from cards.models import Card, CardRevision, CardSet, CollectionEntry, Contribution, DataVersion
from cards.photo import pipeline as photo_pipeline
from cards.photo.match import differences, matching_card
from cards.query import QuerySyntaxError, explain, parse
from cards.search import search_cards
from cards.services import CatalogueError, approve, pending_room, reject, revert
from cards.text import fold
from web.api.errors import ApiError
from web.api.params import flag
from web.api.throttling import WindowRateThrottle

Q_PARAM = OpenApiParameter("q", OpenApiTypes.STR, description="Card query language, e.g. "
                           "`t:ship race:ember cost<=5`")
# Answers that are not a model's serializer, as JSON Schema.
EXPLAIN_OUT = {"type": "object", "required": ["query", "order", "official_only", "canonical",
                                              "warnings", "text_en", "text_hu"],
               "properties": {
                   # (OpenAPI 3.0 has no nullable reference: null is its own choice)
                   "query": {"oneOf": [ref("QueryNode"), ref("NullEnum")],
                             "description": "The query as a tree (null: no condition)."},
                   "order": {"type": "array", "items": {"type": "object", "properties": {
                       "field": {"type": "string"}, "descending": {"type": "boolean"}}}},
                   "official_only": {"type": "boolean"},
                   "canonical": {"type": "string", "description": "The query written out."},
                   "warnings": QUERY_WARNINGS,
                   "text_en": {"type": "string"}, "text_hu": {"type": "string"}}}
NAMES_OUT = {"type": "object", "required": ["results"],
             "properties": {"results": {"type": "array", "items": {"type": "string"},
                                        "maxItems": 20}}}
EXPORT_OUT = {"type": "object", "required": ["data_version", "cards"],
              "properties": {"data_version": {"type": "integer"},
                             "cards": {"type": "array", "items": ref("CardExported")}}}
# A card named by its id or its slug (the batch lookup's identifiers).
BY_ID = {"type": "object", "required": ["id"],
         "properties": {"id": {"type": "integer", "minimum": 1, "maximum": 2**63 - 1}}}
BY_SLUG = {"type": "object", "required": ["slug"], "properties": {"slug": {"type": "string"}}}
BATCH_OUT = {"type": "object", "required": ["data", "not_found"], "properties": {
    "data": {"type": "array", "items": {"$ref": "#/components/schemas/Card"}},
    "not_found": {"type": "array", "items": {"anyOf": [BY_ID, BY_SLUG]},
                  "description": "The identifiers that matched no card, as sent."}}}
SUMMARY_OUT = {"type": "object", "required": ["distinct_owned", "copies_owned", "copies_wanted"],
               "properties": {"distinct_owned": {"type": "integer"},
                              "copies_owned": {"type": "integer"},
                              "copies_wanted": {"type": "integer"}}}
# The picture of a contribution: a multipart `image` file (it was declared with the
# contribution's JSON body), answered with the stored picture.
IMAGE_IN = {"type": "object", "required": ["image"], "properties": {
    "image": {"type": "string", "format": "binary",
              "description": "JPEG, PNG or WebP, within the size and pixel limits."}}}
IMAGE_OUT = {"type": "object", "required": ["id", "width", "height", "image_uris"],
             "properties": {"id": {"type": "integer"}, "width": {"type": "integer"},
                            "height": {"type": "integer"},
                            "image_uris": {"type": "object",
                                           "additionalProperties": {"type": "string"},
                                           "description": "small, normal and large."}}}
# Approve and reject take only an optional note (they were declared with the contribution).
REVIEW_IN = inline_serializer("Review", fields={"note": serializers.CharField(
    required=False, allow_blank=True, max_length=500, help_text="The reviewer's note.")})
READ_PHOTO_IN = {"type": "object", "required": ["photo"], "properties": {
    "photo": {"type": "string", "format": "binary",
              "description": "JPEG, PNG or WebP: one card or several (a binder page)."}}}
READ_PHOTO_OUT = {"type": "object", "required": ["cards"], "properties": {"cards": {
    "type": "array", "description": "One entry per card found, in reading order.",
    "items": {"type": "object", "required": ["proposed", "read_fields", "read_text", "match",
                                             "crop_jpeg_base64"],
              "properties": {
                  "proposed": {"allOf": [ref("CardReading")],
                               "description": "The values read (import-format fields)."},
                  "read_fields": {"type": "array", "items": {"type": "string"},
                                  "description": "Every field here was read from the photo: "
                                                 "show it as such until a person confirms."},
                  "read_text": {"type": "string"},
                  "match": {"type": "object", "nullable": True, "properties": {
                      "slug": {"type": "string"}, "name_hu": {"type": "string"},
                      "differs": {"allOf": [ref("CardReading")], "description": "The values read "
                                  "that differ from the card's (misreadings left out)."}}},
                  "crop_jpeg_base64": {"type": "string", "format": "byte"}}}}}}
ORDERING = {"name": ("name_hu", "slug"), "-name": ("-name_hu", "-slug"),
            "cost": ("cost", "slug"), "-cost": ("-cost", "slug"),
            "slug": ("slug",), "-slug": ("-slug",), "updated": ("updated", "slug"),
            "-updated": ("-updated", "slug")}


# Bulky columns a search result page never shows.
LIST_DEFERRED = ("provenance", "sources", "effect", "notes", "search_text", "search_name",
                 "clan_search")


def _is_id(value: object) -> bool:
    """A card id as the schema documents it (a whole number, 1 to 2**63 - 1)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value < 2**63


def syntax_error(exc) -> ApiError:
    return ApiError("query_syntax", exc.message, 400, exc.as_dict())


class SearchThrottle(WindowRateThrottle):
    """The search budget."""


class DecidedThrottle:
    """The search budget as already checked (and counted) for this request by the fast path."""

    def __init__(self, allowed: bool, throttle: SearchThrottle) -> None:
        self.allowed, self.throttle = allowed, throttle

    def allow_request(self, request, view) -> bool:
        return self.allowed

    def wait(self) -> float | None:
        return self.throttle.wait()


# Accept headers for which DRF's negotiation picks the JSON renderer as application/json.
JSON_ACCEPTS = frozenset({None, "", "*/*", "application/json"})


class CardViewSet(viewsets.ReadOnlyModelViewSet):
    lookup_field = "slug"
    filterset_class = CardFilter
    pagination_class = SearchPagination
    throttle_scope = "search"

    def get_throttles(self):
        # Searches count against their own, tighter budget only: checking the general
        # budgets too would cost more cache round trips on the hottest path.
        if self.action in ("list", "autocomplete", "named", "random"):
            decided = getattr(self.request, "search_throttle", None)
            return [DecidedThrottle(*decided) if decided else SearchThrottle()]
        return super().get_throttles()

    def dispatch(self, request, *args, **kwargs):
        # A repeated anonymous JSON search is answered from the cache before DRF builds its
        # request, negotiates and authenticates (half the cost of such an answer); anything
        # else, a cache miss included, goes the whole way.
        if self.action_map.get(request.method.lower()) == "list":
            response = self._cached_list(request)
            if response is not None:
                return response
        return super().dispatch(request, *args, **kwargs)

    def _cached_list(self, request: HttpRequest) -> HttpResponse | None:
        if (request.method != "GET" or "HTTP_AUTHORIZATION" in request.META
                or getattr(request, "_force_auth_user", None) is not None  # test clients
                or request.META.get("HTTP_ACCEPT") not in JSON_ACCEPTS
                or request.user.is_authenticated):
            return None
        throttle = SearchThrottle()
        allowed = throttle.allow_request(request, self)
        # DRF answers a refusal, not recounted (a note on the request, read with getattr)
        request.search_throttle = (allowed, throttle)  # type: ignore[attr-defined]
        if not allowed:
            return None
        key = self._cache_key(request, search_cache.catalogue_version(), "application/json")
        entry = search_cache.get(key)
        if entry is None:
            return None
        response = self._cached_response(entry)
        # What DRF's finalize_response adds to every answer of this view.
        patch_vary_headers(response, ["Accept"])
        response["Allow"] = ", ".join(self.allowed_methods)
        return response

    def get_queryset(self):
        return Card.objects.all()

    def get_serializer_class(self):
        return CardListSerializer if self.action == "list" else CardSerializer

    def _user(self):
        return self.request.user if self.request.user.is_authenticated else None

    @extend_schema(parameters=[Q_PARAM, OpenApiParameter("ordering", OpenApiTypes.STR,
                                                        enum=list(ORDERING))],
                   examples=[OpenApiExample(
                       "t:ship faj:ember ár<=5", response_only=True, status_codes=["200"],
                       # (one result: drf-spectacular wraps it in the page)
                       # (a real answer's card, the shipped catalogue's CRX)
                       value={"id": 59, "slug": "crx",
                              "url": "https://kaosz.example/api/v1/cards/crx/",
                              "name_hu": "CRX", "name_en": None, "official": True,
                              "type": "ship", "type_hu": "űrhajó",
                              "subtype": "destroyer", "subtype_hu": "romboló",
                              "race": None, "race_hu": None, "clan": None, "rarity": None,
                              "cost": 15, "cost_rule": None, "speed": 0, "firepower": 5,
                              "armor": 5, "bombard": 5, "size": 4, "modifiers": None,
                              "dev_limit": None, "abilities": ["salvo"],
                              "text_hu": "sorozatlövés",
                              "text_en": "Ability: Sorozatlövés (volley): may split its "
                                         "damage among the opponent's ships in the combat, "
                                         "also when firing back.",
                              "complete": False, "missing": ["race"],
                              "sets": ["first-edition"], "image_uris": None,
                              "updated": "2026-01-01T00:00:00Z"})])
    def list(self, request, *args, **kwargs):
        # JSON answers that do not depend on the user depend only on the request's URL, host,
        # language and media type, and on the catalogue version: a repeated anonymous search
        # is a lookup, the query is not even parsed again.
        key = None
        version = search_cache.catalogue_version()
        if request.accepted_renderer.format == "json":
            key = self._cache_key(request, version, request.accepted_media_type or "")
            if not request.user.is_authenticated:
                entry = search_cache.get(key)
                if entry is not None:
                    return self._cached_response(entry)
        text = request.query_params.get("q", "")
        # An explicit official= or set= filter overrides the default of official cards only.
        explicit = "official" in request.query_params or "set" in request.query_params
        try:
            result = search_cards(text, user=self._user(), include_unofficial=explicit)
        except QuerySyntaxError as exc:
            raise syntax_error(exc) from exc
        ordering = request.query_params.get("ordering")
        if ordering and ordering not in ORDERING:
            raise ApiError("invalid_ordering", f"ordering must be one of {', '.join(ORDERING)}",
                           400, {"allowed": list(ORDERING)})
        qs = result.queryset
        for name in ("official", "complete"):
            flag(request, name)  # (django-filter reads anything else as "not given")
        if any(name in request.query_params for name in CardFilter.base_filters):
            qs = self.filter_queryset(qs)  # builds and validates a form: only when asked
        qs = qs.defer(*LIST_DEFERRED)
        if ordering:
            qs = qs.order_by(*ORDERING[ordering])
        if not result.personal:
            self.paginator.count_version = version
        page = self.paginate_queryset(qs)
        response = self.get_paginated_response(card_items(page, request))
        response.data["warnings"] = result.warnings
        if key is not None and not result.personal:
            body = JSONRenderer().render(response.data, request.accepted_media_type,
                                         {"request": request, "view": self})
            return self._cached_response(search_cache.put(key, body))
        return response

    @staticmethod
    def _cached_response(entry: search_cache.Entry) -> HttpResponse:
        response = HttpResponse(entry.body, content_type="application/json")
        response["ETag"] = entry.etag
        return response

    @staticmethod
    def _cache_key(request, version: int, media_type: str) -> str:
        """``request`` is Django's or DRF's (which hands GET, hosts and scheme through)."""
        parts: list[tuple[str, object]] = [(f"q.{k}", v) for k, v in request.GET.lists()]
        parts += [("host", request.get_host()), ("scheme", request.scheme),
                  ("lang", get_language() or ""), ("media", media_type)]
        return search_cache.response_key("list", version, parts)

    @extend_schema(parameters=[Q_PARAM], responses={200: EXPLAIN_OUT}, examples=[
        OpenApiExample("ár<=5 order:cost", response_only=True, status_codes=["200"], value={
            "query": {"kind": "term", "field": "cost", "op": "<=", "value": 5,
                      "label_en": "cost", "label_hu": "ár", "value_en": "5", "value_hu": "5"},
            "order": [{"field": "cost", "descending": False}], "official_only": True,
            "canonical": "cost<=5 order:cost", "warnings": [],
            "text_en": "Cards where cost is at most 5, official cards only, sorted by cost "
                       "(ascending).",
            "text_hu": "Lapok, ahol ár ≤ 5, csak hivatalos lapok, rendezés: ár (növekvő)."})])
    @action(detail=False)
    def explain(self, request):
        text = request.query_params.get("q", "")
        try:
            parsed = parse(text)
        except QuerySyntaxError as exc:
            raise syntax_error(exc) from exc
        return Response(explain(parsed))

    @extend_schema(parameters=[
        OpenApiParameter("q", OpenApiTypes.STR, description="The start of a name (accents "
                         "and case do not matter); empty: no names."),
        OpenApiParameter("official", OpenApiTypes.BOOL, description="Given (true or "
                         "false): unofficial practice cards are included too.")],
        responses={200: NAMES_OUT})
    @action(detail=False)
    def autocomplete(self, request):
        """Up to 20 card names starting with (then containing) the folded text."""
        official = flag(request, "official")
        text = fold(request.query_params.get("q", ""))
        if not text:
            return Response({"results": []})
        qs = Card.objects.all()
        if official is None:
            qs = qs.filter(official=True)
        starts = list(qs.filter(search_name__startswith=text).order_by("name_hu", "slug")
                      .values_list("name_hu", flat=True)[:20])
        if len(starts) < 20:
            more = qs.filter(search_name__contains=text).exclude(search_name__startswith=text)
            starts += list(more.order_by("name_hu", "slug").values_list("name_hu", flat=True)
                           [:20 - len(starts)])
        return Response({"results": starts})

    @extend_schema(parameters=[OpenApiParameter("exact", OpenApiTypes.STR),
                               OpenApiParameter("fuzzy", OpenApiTypes.STR)],
                   responses={200: CardSerializer})
    @action(detail=False)
    def named(self, request):
        """One card by name: ``exact`` (accent-insensitive) or ``fuzzy`` (closest match)."""
        exact = request.query_params.get("exact")
        fuzzy = request.query_params.get("fuzzy")
        if not exact and not fuzzy:
            raise ApiError("missing_parameter", "give exact= or fuzzy=", 400)
        names = {fold(n): slug for slug, n in Card.objects.values_list("slug", "name_hu")}
        names.update({fold(n): slug for slug, n in Card.objects.exclude(name_en=None)
                      .values_list("slug", "name_en")})
        wanted = fold(exact or fuzzy)
        slug = names.get(wanted)
        if slug is None and fuzzy:
            prefix = [n for n in names if n.startswith(wanted)]
            if len(prefix) == 1:
                slug = names[prefix[0]]
            elif len(prefix) > 1:
                raise ApiError("ambiguous", "several cards match", 404,
                               {"candidates": sorted(names[n] for n in prefix)[:10]})
            else:
                close = difflib.get_close_matches(wanted, list(names), n=1, cutoff=0.6)
                slug = names[close[0]] if close else None
        if slug is None:
            close = difflib.get_close_matches(wanted, list(names), n=3, cutoff=0.4)
            raise ApiError("not_found", "no card with that name", 404,
                           {"closest": [names[c] for c in close]})
        card = Card.objects.get(slug=slug)
        return Response(CardSerializer(card, context={"request": request}).data)

    @extend_schema(parameters=[Q_PARAM], responses={200: CardSerializer})
    @action(detail=False)
    def random(self, request):
        try:
            qs = search_cards(request.query_params.get("q", ""), user=self._user()).queryset
        except QuerySyntaxError as exc:
            raise syntax_error(exc) from exc
        card = qs.order_by("?").first()
        if card is None:
            raise ApiError("not_found", "no card matches", 404)
        return Response(CardSerializer(card, context={"request": request}).data)

    @extend_schema(request={"application/json": {
        "type": "object", "required": ["identifiers"], "properties": {
            "identifiers": {"type": "array", "minItems": 1, "maxItems": 100, "items": {
                "oneOf": [BY_ID, BY_SLUG]}}}}},
        responses={200: BATCH_OUT})
    @action(detail=False, methods=["post"], permission_classes=[permissions.AllowAny])
    def batch(self, request):
        """Look up to 100 cards at once by ``{"id": n}`` or ``{"slug": s}``."""
        ids = request.data.get("identifiers") if isinstance(request.data, dict) else None
        if not isinstance(ids, list) or not ids or len(ids) > 100:
            raise ApiError("invalid", "identifiers: a list of 1 to 100 {id} or {slug} objects", 400)
        by_id, by_slug, bad = [], [], []
        for i, ident in enumerate(ids):
            if isinstance(ident, dict) and _is_id(ident.get("id")):
                by_id.append(ident["id"])
            elif isinstance(ident, dict) and isinstance(ident.get("slug"), str):
                by_slug.append(ident["slug"])
            else:
                bad.append(i)
        if bad:
            raise ApiError("invalid", "each identifier is {\"id\": n} or {\"slug\": s}", 400,
                           {"positions": bad})
        cards = Card.objects.filter(Q(pk__in=by_id) | Q(slug__in=by_slug))
        found = {c.pk: c for c in cards} | {c.slug: c for c in cards}
        data, not_found = [], []
        for ident in ids:
            # (the identifier that was read: an object may carry both, or junk beside one)
            key = ident["id"] if _is_id(ident.get("id")) else ident["slug"]
            card = found.get(key)
            if card is None:
                not_found.append(ident)
            else:
                data.append(CardSerializer(card, context={"request": request}).data)
        return Response({"data": data, "not_found": not_found})

    @extend_schema(parameters=[OpenApiParameter("format", OpenApiTypes.STR, enum=["json", "csv"])],
                   responses={(200, "application/json"): EXPORT_OUT,
                              (200, "text/csv"): OpenApiTypes.STR})
    @action(detail=False)
    def export(self, request):
        """The whole catalogue in the import format (official and unofficial)."""
        fmt = request.query_params.get("format", "json")
        if fmt not in ("json", "csv"):
            raise ApiError("invalid_format", "format is json or csv", 400)
        records = export_records()
        version = DataVersion.current().version
        if fmt == "csv":
            response = HttpResponse(to_csv(records), content_type="text/csv; charset=utf-8")
            response["Content-Disposition"] = 'attachment; filename="kaosz-cards.csv"'
        else:
            body = json.dumps({"data_version": version, "cards": records}, ensure_ascii=False)
            response = HttpResponse(body, content_type="application/json")
        response["ETag"] = f'"cards-{version}-{fmt}"'
        return response

    @extend_schema(responses={200: CardRevisionSerializer(many=True)})
    @action(detail=True, pagination_class=None, filter_backends=[])
    def revisions(self, request, slug=None):
        card = self.get_object()
        return Response(CardRevisionSerializer(card.revisions.all(), many=True).data)


@extend_schema(responses={200: inline_serializer("DataVersion", fields={
    "version": serializers.IntegerField(min_value=0),
    "updated": serializers.DateTimeField(),
    "cards": inline_serializer("CatalogueCounts", fields={
        "official": serializers.IntegerField(min_value=0),
        "unofficial": serializers.IntegerField(min_value=0),
        "official_complete": serializers.IntegerField(min_value=0)})})})
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def data_version(request):
    dv = DataVersion.current()
    official = Card.objects.filter(official=True).count()
    return Response({"version": dv.version, "updated": dv.updated,
                     "cards": {"official": official,
                               "unofficial": Card.objects.filter(official=False).count(),
                               "official_complete": Card.objects.filter(
                                   official=True, complete=True).count()}})


class CardSetViewSet(viewsets.ReadOnlyModelViewSet):
    lookup_field = "slug"
    serializer_class = CardSetSerializer

    def get_queryset(self):
        qs = CardSet.objects.annotate(cards=Count("printings", distinct=True)).order_by("slug")
        user = self.request.user
        if user.is_authenticated:
            qs = qs.annotate(owned_distinct=Count(
                "printings", distinct=True,
                filter=Q(printings__card__collection_entries__user=user,
                         printings__card__collection_entries__owned__gt=0)))
        return qs


@extend_schema_view(list=extend_schema(parameters=[OpenApiParameter(
    "wishlist", OpenApiTypes.BOOL,
    description="Only the cards you want (a wished count above zero).")]))
class CollectionViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """The signed-in user's owned counts and wishlist. ``PUT`` sets one card's counts."""

    serializer_class = CollectionEntrySerializer
    permission_classes = [permissions.IsAuthenticated]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # the schema generator has no user
            return CollectionEntry.objects.none()
        qs = CollectionEntry.objects.filter(user=self.request.user).select_related("card")
        if flag(self.request, "wishlist"):
            qs = qs.filter(wanted__gt=0)
        return qs.order_by("card__name_hu", "card__slug")

    @action(detail=False, methods=["post", "put"])
    def set(self, request):
        ser = CollectionEntrySerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        card = ser.validated_data["card"]
        entry, _ = CollectionEntry.objects.update_or_create(
            user=request.user, card=card,
            defaults={"owned": ser.validated_data.get("owned", 0),
                      "wanted": ser.validated_data.get("wanted", 0)})
        if entry.owned == 0 and entry.wanted == 0:
            entry.delete()
        return Response(CollectionEntrySerializer(entry).data)

    @extend_schema(responses={200: SUMMARY_OUT})
    @action(detail=False)
    def summary(self, request):
        qs = CollectionEntry.objects.filter(user=request.user)
        agg = qs.aggregate(owned=Sum("owned"), wanted=Sum("wanted"))
        return Response({"distinct_owned": qs.filter(owned__gt=0).count(),
                         "copies_owned": agg["owned"] or 0, "copies_wanted": agg["wanted"] or 0})


class IsStaff(permissions.BasePermission):
    def has_permission(self, request, view):
        return bool(request.user and request.user.is_staff)


@extend_schema_view(list=extend_schema(parameters=[OpenApiParameter(
    "status", OpenApiTypes.STR, enum=[Contribution.PENDING, Contribution.APPROVED,
                                      Contribution.REJECTED],
    description="Only contributions in this state (yours; staff see everyone's).")]))
class ContributionViewSet(mixins.CreateModelMixin, mixins.ListModelMixin,
                          mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Collectors propose new cards or corrections; staff approve or reject them."""

    serializer_class = ContributionSerializer
    permission_classes = [permissions.IsAuthenticated]
    # Ids are numbers: anything else is a 404 at the router, never an ORM error (a 500).
    lookup_value_regex = r"\d{1,18}"

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # the schema generator has no user
            return Contribution.objects.none()
        qs = Contribution.objects.select_related("author", "reviewer", "card")
        if not self.request.user.is_staff:
            qs = qs.filter(author=self.request.user)
        status_filter = self.request.query_params.get("status")
        if status_filter is None:
            return qs
        if status_filter not in (Contribution.PENDING, Contribution.APPROVED,
                                 Contribution.REJECTED):
            raise ApiError("invalid_parameter", "status: pending, approved or rejected", 400,
                           {"parameter": "status"})
        return qs.filter(status=status_filter)

    def perform_create(self, serializer):
        if pending_room(self.request.user) == 0:
            raise ApiError("too_many_pending", "too many of your contributions are waiting for "
                           "review", 429, {"max_pending": settings.KAOSZ_CONTRIB_MAX_PENDING})
        serializer.save(author=self.request.user)

    def _review(self, request, pk, fn):
        contribution = get_object_or_404(Contribution, pk=pk)
        if contribution.status != Contribution.PENDING:
            raise ApiError("not_pending", "this contribution was already reviewed", 409)
        try:
            fn(contribution, request.user, str(request.data.get("note", ""))[:500])
        except CatalogueError as exc:
            raise ApiError("invalid_contribution", "the proposal does not validate", 400,
                           {"errors": exc.errors}) from exc
        contribution.refresh_from_db()
        return Response(ContributionSerializer(contribution).data)

    @extend_schema(request={"multipart/form-data": IMAGE_IN}, responses={201: IMAGE_OUT})
    @action(detail=True, methods=["post"], parser_classes=[MultiPartParser, FormParser])
    def image(self, request, pk=None):
        """Attach a picture (multipart field ``image``) to one's own pending contribution."""
        contribution = get_object_or_404(self.get_queryset(), pk=pk)
        if contribution.author_id != request.user.pk:
            raise ApiError("forbidden", "only the contributor can add pictures", 403)
        if contribution.status != Contribution.PENDING:
            raise ApiError("not_pending", "this contribution was already reviewed", 409)
        upload = request.FILES.get("image")
        if upload is None:
            raise ApiError("image_missing", "send the picture as the multipart field 'image'",
                           400, {"field": "image"})
        lang = "hu" if (get_language() or "hu").startswith("hu") else "en"
        try:
            image = store(upload, user=request.user, contribution=contribution)
        except ImageRefused as exc:
            status_code = 413 if exc.code == "image_too_large" else 400
            # one message shape: `message` in the answer's language
            raise ApiError(exc.code, exc.message(lang), status_code, {"field": "image"}
                           ) from exc
        return Response({"id": image.pk, "width": image.width, "height": image.height,
                         "image_uris": {k: request.build_absolute_uri(v)
                                        for k, v in image.uris().items()}},
                        status=status.HTTP_201_CREATED)

    @extend_schema(
        request={"multipart/form-data": READ_PHOTO_IN},
        responses={200: READ_PHOTO_OUT},
        description="Read a photo of one card or of a binder page (multipart field `photo`; "
                    "the picture limits apply). Answers one pre-filled proposal per card "
                    "found, with the straightened crop; nothing is stored. Send each as a "
                    "contribution (`POST /contributions/`) and its crop as its picture "
                    "(`POST /contributions/{id}/image/`). 503 `photo_reading_unavailable` "
                    "where Tesseract is not installed.")
    @action(detail=False, methods=["post"], url_path="read-photo",
            parser_classes=[MultiPartParser])
    def read_photo(self, request):
        upload = request.FILES.get("photo")
        if upload is None:
            raise ApiError("photo_missing", "send the photo as the multipart field 'photo'",
                           400, {"field": "photo"})
        lang = "hu" if (get_language() or "hu").startswith("hu") else "en"
        # The same turn and hourly budget as the page's queued readings: one account holds
        # at most one web thread reading.
        turn = secrets.token_urlsafe(12)
        try:
            photo_reading.take_turn(request.user.pk, turn, queued=False)
        except photo_reading.Refusal as refusal:
            raise ApiError(refusal.code, refusal.message, refusal.status,
                           {**refusal.details,
                            "retry_after_seconds": refusal.retry_after}) from refusal
        try:
            reads = photo_pipeline.read_photo(upload)
        except ImageRefused as exc:
            status_code = {"image_too_large": 413, "photo_reading_unavailable": 503,
                           "photo_no_card": 422}.get(exc.code, 400)
            raise ApiError(exc.code, exc.message(lang), status_code,
                           {"field": "photo"}) from exc
        finally:
            photo_reading.release(turn, request.user.pk)
        cards = []
        for read in reads:
            values = read.reading.record()
            card = matching_card(str(values.get("name_hu") or values.get("name_en") or ""))
            cards.append({
                "proposed": values, "read_fields": sorted(values),
                "read_text": read.reading.raw_text,
                "match": {"slug": card.slug, "name_hu": card.name_hu,
                          "differs": differences(card, values)} if card else None,
                "crop_jpeg_base64": base64.b64encode(read.crop_jpeg()).decode("ascii")})
        return Response({"cards": cards})

    @extend_schema(request=REVIEW_IN, responses={200: ContributionSerializer})
    @action(detail=True, methods=["post"], permission_classes=[IsStaff])
    def approve(self, request, pk=None):
        return self._review(request, pk, approve)

    @extend_schema(request=REVIEW_IN, responses={200: ContributionSerializer})
    @action(detail=True, methods=["post"], permission_classes=[IsStaff])
    def reject(self, request, pk=None):
        return self._review(request, pk, reject)


class RevisionViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = CardRevisionSerializer
    queryset = CardRevision.objects.select_related("card", "author")
    permission_classes = [permissions.AllowAny]
    lookup_value_regex = r"\d{1,18}"

    @extend_schema(request=None, responses={201: CardRevisionSerializer})
    @action(detail=True, methods=["post"], permission_classes=[IsStaff])
    def revert(self, request, pk=None):
        revision = self.get_object()
        try:
            new = revert(revision, request.user)
        except CatalogueError as exc:
            raise ApiError("cannot_revert", exc.errors[0]["message"], 409) from exc
        return Response(CardRevisionSerializer(new).data, status=status.HTTP_201_CREATED)
