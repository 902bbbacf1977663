"""Card pages: browser, card page, collection, contributions and the review queue."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from cards import vocabulary as vocab
from cards.api.serializers import provenance_of
from cards.models import Card, CardSet, CollectionEntry, Contribution
from cards.records import validate_record
from cards.search import search_cards
from cards.services import CatalogueError, approve, reject

SORTS = {"name": ("name_hu", "slug"), "-name": ("-name_hu", "-slug"), "cost": ("cost", "slug"),
         "-cost": ("-cost", "slug"), "type": ("type", "name_hu", "slug")}


def _filters_to_query(request: HttpRequest) -> str:
    """The browser's dropdowns are sugar for query terms, so one engine does all searching."""
    parts = [request.GET.get("q", "").strip()]
    for key in ("t", "race", "r"):
        value = request.GET.get(key)
        if value:
            parts.append(f"{key}:{value}")
    if request.GET.get("unofficial") == "1":
        parts.append("(is:official or is:unofficial)")
    return " ".join(p for p in parts if p)


def browse(request: HttpRequest) -> HttpResponse:
    from cards.query import QuerySyntaxError

    query = _filters_to_query(request)
    user = request.user if request.user.is_authenticated else None
    error = None
    warnings: list[str] = []
    try:
        result = search_cards(query, user=user)
        qs = result.queryset
        warnings = result.warnings
    except QuerySyntaxError as exc:
        error = exc
        qs = Card.objects.none()
    sort = request.GET.get("sort")
    if sort in SORTS:
        qs = qs.order_by(*SORTS[sort])
    page = Paginator(qs, 50).get_page(request.GET.get("page"))
    context = {"page": page, "query": query, "error": error, "warnings": warnings,
               "types": vocab.TYPES, "races": vocab.RACES, "rarities": vocab.RARITIES,
               "sort": sort, "official_count": Card.objects.filter(official=True).count()}
    template = "cards/_results.html" if request.headers.get("HX-Request") else "cards/browse.html"
    return render(request, template, context)


def card_detail(request: HttpRequest, slug: str) -> HttpResponse:
    card = get_object_or_404(Card, slug=slug)
    prov = provenance_of(card)
    owned = None
    if request.user.is_authenticated:
        owned = CollectionEntry.objects.filter(user=request.user, card=card).first()
    rows = []
    for field in vocab.TRACKED_FIELDS:
        value = getattr(card, field)
        if field == "size":
            value = card.effective_size
        relevant = field in vocab.REQUIRED_BY_TYPE.get(card.type, ()) or value not in (None, [], {})
        if relevant:
            rows.append({"field": field, "value": value, "prov": prov.get(field)})
    return render(request, "cards/detail.html", {
        "card": card, "rows": rows, "owned": owned, "missing": card.missing_fields(),
        "revisions": card.revisions.select_related("author")[:20],
        "printings": card.printings.select_related("card_set"),
    })


@login_required
def collection(request: HttpRequest) -> HttpResponse:
    entries = CollectionEntry.objects.filter(user=request.user).select_related("card")
    if request.GET.get("wishlist"):
        entries = entries.filter(wanted__gt=0)
    sets = []
    for card_set in CardSet.objects.all():
        total = card_set.printings.count()
        have = card_set.printings.filter(card__collection_entries__user=request.user,
                                         card__collection_entries__owned__gt=0).count()
        sets.append({"set": card_set, "total": total, "have": have,
                     "pct": round(100 * have / total) if total else 0})
    totals = entries.aggregate(owned=Sum("owned"), wanted=Sum("wanted"))
    return render(request, "cards/collection.html", {"entries": entries, "sets": sets,
                                                     "totals": totals,
                                                     "wishlist": bool(request.GET.get("wishlist"))})


@login_required
@require_POST
def set_owned(request: HttpRequest, slug: str) -> HttpResponse:
    card = get_object_or_404(Card, slug=slug)
    try:
        owned = max(0, min(999, int(request.POST.get("owned", 0))))
        wanted = max(0, min(999, int(request.POST.get("wanted", 0))))
    except ValueError:
        messages.error(request, "owned / wanted: whole numbers")
        return redirect("card-detail", slug=slug)
    if owned or wanted:
        CollectionEntry.objects.update_or_create(user=request.user, card=card,
                                                 defaults={"owned": owned, "wanted": wanted})
    else:
        CollectionEntry.objects.filter(user=request.user, card=card).delete()
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        target = reverse("card-detail", args=[slug])
    return redirect(target)


FORM_FIELDS = ("slug", "name_hu", "name_en", "type", "subtype", "race", "clan", "rarity", "cost",
               "speed", "firepower", "armor", "bombard", "size", "dev_limit", "text_hu", "text_en")
INT_FORM = ("cost", "speed", "firepower", "armor", "bombard", "size")


def _proposal_from_post(post, partial: bool) -> tuple[dict, list[dict]]:
    proposed: dict = {}
    errors: list[dict] = []
    for field in FORM_FIELDS:
        raw = (post.get(field) or "").strip()
        if raw == "":
            continue
        if field in INT_FORM:
            if not raw.isdigit():
                errors.append({"field": field, "message": "a whole number"})
                continue
            proposed[field] = int(raw)
        else:
            proposed[field] = raw
    abilities = post.getlist("abilities")
    if abilities:
        proposed["abilities"] = abilities
    errors += validate_record(proposed, partial=partial)
    return proposed, errors


@login_required
def contribute(request: HttpRequest) -> HttpResponse:
    correcting = Card.objects.filter(slug=request.GET.get("card") or request.POST.get("card")).first()
    errors: list[dict] = []
    values = request.POST if request.method == "POST" else {}
    if request.method == "POST":
        proposed, errors = _proposal_from_post(request.POST, partial=correcting is not None)
        source = request.POST.get("source_note", "").strip()
        if not source:
            errors.append({"field": "source_note", "message": "say where the values come from"})
        if correcting is None and Card.objects.filter(slug=proposed.get("slug")).exists():
            errors.append({"field": "slug", "message": "exists already: propose a correction"})
        if not errors:
            Contribution.objects.create(
                kind=Contribution.CORRECTION if correcting else Contribution.NEW,
                card=correcting, proposed=proposed, source_note=source[:500],
                author=request.user)
            messages.success(request, "OK")
            return redirect("my-contributions")
    return render(request, "cards/contribute.html", {
        "card": correcting, "errors": errors, "values": values, "types": vocab.TYPES,
        "races": vocab.RACES, "rarities": vocab.RARITIES, "abilities": vocab.ABILITIES,
        "subtypes": sorted({k for v in vocab.TYPES.values() for k, _, _ in v[2]}),
    })


@login_required
def my_contributions(request: HttpRequest) -> HttpResponse:
    items = Contribution.objects.filter(author=request.user).select_related("card")
    return render(request, "cards/contributions.html", {"items": items, "review": False})


@staff_member_required
def review_queue(request: HttpRequest) -> HttpResponse:
    items = Contribution.objects.filter(status=Contribution.PENDING).select_related("card", "author")
    for item in items:
        item.pretty = json.dumps(item.proposed, ensure_ascii=False, indent=1)
    return render(request, "cards/contributions.html", {"items": items, "review": True})


@staff_member_required
@require_POST
def review_decide(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_object_or_404(Contribution, pk=pk, status=Contribution.PENDING)
    note = request.POST.get("note", "")[:500]
    try:
        if request.POST.get("decision") == "approve":
            approve(item, request.user, note)
        else:
            reject(item, request.user, note)
    except CatalogueError as exc:
        messages.error(request, "; ".join(f"{e['field']}: {e['message']}" for e in exc.errors))
    return redirect("review-queue")
