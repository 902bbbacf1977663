"""Card pages: the browser (table and picture grid), advanced search, syntax help, the card page."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import F, Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import escape
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.views.decorators.http import require_POST

from cards import vocabulary as vocab
from cards.advanced import build_query
from cards.api.serializers import provenance_of
from cards.empty_search import why_empty
from cards.images import approved_images
from cards.models import Card, CardImage, CardRevision, CollectionEntry
from cards.query import QuerySyntaxError
from cards.search import search_cards
from cards.services import CatalogueError, revert
from cards.wording import tr_words
from web.signed_in import SignedInRequest

SORTS = {"name": ("name_hu", "slug"), "-name": ("-name_hu", "-slug"),
         "cost": (F("cost").asc(nulls_last=True), "name_hu", "slug"),
         "-cost": (F("cost").desc(nulls_last=True), "name_hu", "slug"),
         "type": ("type", "name_hu", "slug"), "-type": ("-type", "name_hu", "slug"),
         "race": (F("race").asc(nulls_last=True), "name_hu", "slug"),
         "-race": (F("race").desc(nulls_last=True), "name_hu", "slug")}


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


def _header_sorts(sort: str | None) -> dict[str, dict[str, str]]:
    """For each sortable column: the sort its header link asks for, and its arrow now."""
    out = {}
    for column in ("name", "type", "race", "cost"):
        if sort == column:
            out[column] = {"next": f"-{column}", "arrow": "▲", "aria": "ascending"}
        elif sort == f"-{column}":
            out[column] = {"next": column, "arrow": "▼", "aria": "descending"}
        else:
            out[column] = {"next": column, "arrow": "", "aria": "none"}
    if not sort:
        out["name"] |= {"arrow": "▲", "aria": "ascending", "next": "-name"}
    return out


def browse(request: HttpRequest) -> HttpResponse:
    query = _filters_to_query(request)
    user = request.user if request.user.is_authenticated else None
    error = None
    warnings: list[dict[str, Any]] = []
    parsed = None
    try:
        result = search_cards(query, user=user)
        qs = result.queryset
        warnings = result.warnings
        parsed = result.ast
    except QuerySyntaxError as exc:
        error = exc
        qs = Card.objects.none()
    sort = request.GET.get("sort")
    if sort in SORTS:
        qs = qs.order_by(*SORTS[sort])
    else:
        sort = None
    view = "grid" if request.GET.get("view") == "grid" else "table"
    qs = qs.prefetch_related(Prefetch("images", queryset=CardImage.objects.filter(approved=True)))
    page = Paginator(qs, 60 if view == "grid" else 50).get_page(request.GET.get("page"))
    hints = (why_empty(query, parsed, user)
             if error is None and query and page.paginator.count == 0 else [])
    context = {"page": page, "query": query, "error": error, "warnings": warnings,
               "hints": hints,
               "types": vocab.TYPES, "races": vocab.RACES, "rarities": vocab.RARITIES,
               "sort": sort, "sorts": _header_sorts(sort), "view": view,
               "official_count": Card.objects.filter(official=True).count()}
    template = "cards/_results.html" if request.headers.get("HX-Request") else "cards/browse.html"
    return render(request, template, context)


def advanced_search(request: HttpRequest) -> HttpResponse:
    """The form builds query text; submitting goes to the browser with that text as `q`."""
    built = build_query(request.GET)
    if request.headers.get("HX-Request"):  # the live preview under the form
        return HttpResponse(escape(built))
    if request.GET.get("go") == "1":
        return redirect(reverse("card-browser") + "?" + urlencode({"q": built}))
    return render(request, "cards/advanced.html", {
        "built": built, "types": vocab.TYPES, "races": vocab.RACES, "rarities": vocab.RARITIES,
        "abilities": vocab.ABILITIES, "groups": [
            {"type": t, "name_hu": v[0], "name_en": v[1],
             "subtypes": [{"key": k, "hu": hu, "en": en} for k, hu, en in v[2]]}
            for t, v in vocab.TYPES.items()],
        "numbers": [("cost", "Ár", "Cost"), ("speed", "Sebesség", "Speed"),
                    ("firepower", "Tűzerő", "Firepower"), ("armor", "Páncél", "Armour"),
                    ("bombard", "Bombázás", "Bombard")],
    })


SYNTAX_EXAMPLES = [
    ("halalszarny", "a név szavai, ékezet nélkül is", "name words, accents optional"),
    ('"mamut i."', "pontos névrész", "an exact phrase of the name"),
    ("t:űrhajó ár<=5", "legfeljebb 5 creditbe kerülő űrhajók", "ships costing at most 5 credits"),
    ("típus:megszakítás", "minden megszakítás", "every interrupt"),
    ("faj:ember or faj:xeno", "ember vagy xeno lapok (a hivatalos lapok faja még ismeretlen)",
     "Human or Xeno cards (the official cards' races are not known yet)"),
    ("faj:ember is:unofficial", "ember gyakorló lapok", "Human practice cards"),
    ("ár:?", "lapok, amelyeknek nem tudjuk az árát", "cards whose cost is not known"),
    ("faj:?", "lapok ismeretlen fajjal", "cards of unknown race"),
    ("ár:x", "változó árú lapok (X)", "variable-cost cards (X)"),
    ("képesség:sorozatlövés", "sorozatlövő űrhajók", "ships with Salvo"),
    ("seb>=3 -képesség:álcázás", "legalább 3-as sebesség, álcázás nélkül",
     "speed 3 or more, without Cloaking"),
    ("o:semlegesít", "a szövegben szerepel", "the rules text contains it"),
    ("is:incomplete", "hiányos adatú lapok (segíts kiegészíteni!)",
     "cards with missing values (help complete them!)"),
    ("is:unofficial", "a nem hivatalos gyakorló készlet", "the unofficial practice set"),
    ("owned>0", "ami megvan a gyűjteményemben (belépve)", "what I own (signed in)"),
    ("t:ship order:-cost", "űrhajók ár szerint csökkenő sorrendben",
     "ships by cost, highest first"),
]
SYNTAX_KEYWORDS = [
    ("típus", "type", "t: típus:", "t: type:"), ("altípus", "subtype", "altípus:", "st:"),
    ("faj", "race", "faj:", "race:"), ("ritkaság", "rarity", "ritkaság:", "r:"),
    ("ár", "cost", "ár", "cost"), ("sebesség", "speed", "seb", "spd"),
    ("tűzerő", "firepower", "tűz", "fp"), ("páncél", "armour", "pán", "arm"),
    ("bombázás", "bombard", "bomb", "bb"), ("képesség", "ability", "képesség:", "ability:"),
    ("klán", "clan", "klán:", "clan:"), ("szöveg", "rules text", "szöveg:", "o:"),
    ("kiadás", "set", "set:", "set:"), ("rendezés", "order", "rendezés:", "order:"),
]


def syntax_help(request: HttpRequest) -> HttpResponse:
    return render(request, "cards/syntax.html", {"examples": SYNTAX_EXAMPLES,
                                                 "keywords": SYNTAX_KEYWORDS})


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
        if field == "cost" and value is None and card.cost_rule:
            value = "X"  # a variable cost: the rule is on the next line
        # Shown when the type needs it, when it is known, or when its provenance says
        # something (e.g. why the printed text is unknown).
        relevant = (field in vocab.REQUIRED_BY_TYPE.get(card.type, ())
                    or value not in (None, [], {}) or field in (card.provenance or {}))
        if relevant:
            entry = prov.get(field)
            if value == "X" and field == "cost":
                entry = None  # the variable-cost row below says where X comes from
            rows.append({"field": field, "value": value, "prov": entry})
    return render(request, "cards/detail.html", {
        "card": card, "rows": rows, "owned": owned, "missing": card.missing_fields(),
        "revisions": card.revisions.select_related("author")[:20],
        "printings": card.printings.select_related("card_set"),
        "images": _card_images(card),
    })


def _card_images(card: Card) -> list:
    return approved_images(card)


@staff_member_required
@require_POST
def revert_revision(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Staff undo one change from the card's history; the undo is itself a revision."""
    revision = get_object_or_404(CardRevision, pk=pk, card__slug=slug)
    try:
        revert(revision, request.user)
        messages.success(request, tr_words("A változtatást visszaállítottuk.",
                                           "The change was reverted."))
    except CatalogueError:
        messages.error(request, tr_words(
            "A lap első változata nem állítható vissza.",
            "The card's first revision cannot be reverted."))
    return redirect("card-detail", slug=slug)


@login_required
@require_POST
def set_owned(request: SignedInRequest, slug: str) -> HttpResponse:
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
