"""Deck pages: builder with live validation, deck page, import, my and public decks, bulk checks."""

from __future__ import annotations

import json
import re

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import urlencode
from django.utils.text import slugify
from django.utils.translation import get_language
from django.views.decorators.http import require_POST

from cards.images import uris_for_cards
from cards.query import QuerySyntaxError
from cards.search import search_cards
from decks.catalog import card_index
from decks.core import all_formats, cost_curve_svg, deck_stats, encode_deck_code, export_text
from decks.core.formats import TYPE_ORDER, TYPES
from decks.core.stats import diff_decks
from decks.models import BulkValidation, Deck
from decks.services import (
    DeckError,
    check_format,
    missing_cards,
    parse_input,
    save_revision,
    validate_cards,
    waiting_cards,
)
from decks.tasks import bulk_validate
from web.messages import error_of, error_text
from web.signed_in import SignedInRequest


def _lang() -> str:
    return "en" if (get_language() or "hu").startswith("en") else "hu"


# A line of the list as the builder's script reads it (decks/static/decks/builder.js).
LIST_LINE = re.compile(r"^\s*(\d+)\s*[xX×]?\s+(.+?)\s*$")


def _kinds(text: str) -> str:
    """The type and cost of each card the list names, keyed by the name as typed (JSON):
    the builder groups its clickable list by type and sorts it by them."""
    index = card_index()
    kinds: dict[str, dict[str, object]] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        m = LIST_LINE.match(line)
        name = m.group(2) if m else line
        card = index.find(name)
        if card is not None and name not in kinds:
            kinds[name] = {"type": card.get("type") if card.get("type") in TYPES else "other",
                           "cost": card.get("cost")}
    return json.dumps(kinds, ensure_ascii=False)


def _groups() -> str:
    """The builder's groups in the rulebook's order of types, named in the page's language
    (JSON): each type, then other types, then names not (yet) recognised."""
    lang = _lang()
    groups = [[t, TYPES[t][f"{lang}_plural"]] for t in TYPE_ORDER]
    groups.append(["other", "Egyéb" if lang == "hu" else "Other"])
    groups.append(["?", "Ismeretlen nevek" if lang == "hu" else "Names not recognised"])
    return json.dumps(groups, ensure_ascii=False)


def _check(text: str, fmt: str) -> dict:
    """Everything the live validation panel shows for a deck list."""
    try:
        check_format(fmt)
        parsed = parse_input({"text": text}) if text.strip() else None
    except DeckError as exc:
        return {"error": error_of(exc), "error_code": exc.code, "kinds": "{}"}
    cards = parsed.cards if parsed else {}
    result = validate_cards(cards, fmt, parsed.import_errors if parsed else [])
    stats = result.get("stats") or deck_stats(cards, card_index())
    return {"result": result, "stats": stats, "cards": cards,
            "svg": cost_curve_svg(stats, lang=_lang()),
            "code": encode_deck_code(cards) if cards else "", "kinds": _kinds(text)}


def _visible(request: HttpRequest, pk: int) -> Deck:
    deck = get_object_or_404(Deck.objects.select_related("owner"), pk=pk)
    if not deck.public and deck.owner_id != request.user.pk:
        raise Http404
    return deck


def builder(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    deck = None
    if pk is not None:
        deck = get_object_or_404(Deck, pk=pk, owner_id=request.user.pk)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"/accounts/login/?next={request.path}")
        fmt = request.POST.get("format", "practice")
        text = request.POST.get("text", "")
        panel = _check(text, fmt)
        name = request.POST.get("name", "").strip()[:120] or "Névtelen pakli"
        # An illegal deck may be saved (it is work in progress); an unreadable one may not.
        readable = "error" not in panel and all(
            e["code"] != "import_unknown_card" for e in panel["result"]["errors"])
        if readable:
            with transaction.atomic():
                if deck is None:
                    deck = Deck.objects.create(owner=request.user, name=name, format=fmt)
                deck.name, deck.format = name, fmt
                deck.description = request.POST.get("description", "")
                deck.public = request.POST.get("public") == "on"
                deck.save()
                save_revision(deck, panel["cards"], request.POST.get("note", "")[:200])
            return redirect("deck-detail", pk=deck.pk)
        # Not saved: show the list back exactly as typed, with what is wrong with it.
        return render(request, "decks/builder.html", {
            "deck": deck, "formats": all_formats(), "format": fmt, "initial_text": text,
            "panel": panel, "name": name, "groups": _groups()}, status=400)
    initial = export_text(deck.cards, card_index(), headers=False) if deck else ""
    fmt = deck.format if deck else request.GET.get("format", "practice")
    return render(request, "decks/builder.html", {
        "deck": deck, "formats": all_formats(), "format": fmt, "initial_text": initial,
        "panel": _check(initial, fmt), "name": deck.name if deck else "",
        "groups": _groups()})


def builder_check(request: HttpRequest) -> HttpResponse:
    """The live validation panel (htmx)."""
    data = request.POST if request.method == "POST" else request.GET
    panel = _check(data.get("text", ""), data.get("format", "practice"))
    return render(request, "decks/_panel.html", {"panel": panel})


def _attach_thumbnails(cards: list) -> None:
    """Each result's thumbnail (a collector's picture, or a practice card's generated
    face) for the builder's preview, read for the whole page in one query."""
    uris = uris_for_cards(cards)
    for card in cards:
        card.thumb = (uris.get(card.pk) or {}).get("small", "")


def builder_search(request: HttpRequest) -> HttpResponse:
    text = request.GET.get("q", "")
    fmt = request.GET.get("format", "practice")
    try:
        allow = bool(check_format(fmt)) and _format_allows_unofficial(fmt)
        result = search_cards(text, include_unofficial=allow)
        cards, error = list(result.queryset[:60]), None
        _attach_thumbnails(cards)
    except (QuerySyntaxError, DeckError) as exc:
        cards, error = [], (error_of(exc) if isinstance(exc, DeckError)
                            else getattr(exc, "message", str(exc)))
    return render(request, "decks/_search.html", {"cards": cards, "error": error})


def _format_allows_unofficial(fmt: str) -> bool:
    return next((f["allow_unofficial"] for f in all_formats() if f["key"] == fmt), False)


def detail(request: HttpRequest, pk: int) -> HttpResponse:
    deck = _visible(request, pk)
    panel = _check(export_text(deck.cards, card_index(), headers=False), deck.format)
    revisions = list(deck.revisions.order_by("-number"))
    diffs = []
    for newer, older in zip(revisions, revisions[1:], strict=False):
        diffs.append({"number": newer.number, "created": newer.created, "note": newer.note,
                      "diff": _named(diff_decks(older.cards, newer.cards))})
    missing = missing_cards(deck.cards, request.user) if request.user.is_authenticated else None
    text = export_text(deck.cards, card_index(), lang=_lang())
    is_owner = deck.owner_id == request.user.pk
    # "Play this deck": the lobby's form filled in (the owner's saved deck, else its list).
    play = {"ruleset": "kgk", "format": deck.format}
    play.update({"saved_deck": str(deck.pk)} if is_owner else {"deck": text})
    return render(request, "decks/detail.html", {
        "deck": deck, "panel": panel, "diffs": diffs, "missing": missing, "text": text,
        "entries": _entries(deck.cards), "play_query": urlencode(play),
        "waiting": waiting_cards(validate_cards(deck.cards, deck.format)),
        "code": encode_deck_code(deck.cards), "is_owner": is_owner})


def _entries(cards: dict[str, int]) -> list[dict]:
    """The deck's cards in the list's order (type, then name), each with its page's slug."""
    index, key = card_index(), "name_en" if _lang() == "en" else "name_hu"
    rows = []
    for slug, count in cards.items():
        card = index.get(slug) or {}
        name = card.get(key) or card.get("name_hu") or slug
        kind = card.get("type") or ""
        rows.append({"slug": slug, "count": count, "name": name, "type": kind,
                     "order": (TYPE_ORDER.index(kind) if kind in TYPE_ORDER else 99,
                               name.casefold())})
    return sorted(rows, key=lambda r: r["order"])


def download(request: HttpRequest, pk: int) -> HttpResponse:
    """The deck list as a text file (the format the import page and the lobby read)."""
    deck = _visible(request, pk)
    response = HttpResponse(export_text(deck.cards, card_index(), lang=_lang()),
                            content_type="text/plain; charset=utf-8")
    name = slugify(deck.name) or f"deck-{deck.pk}"
    response["Content-Disposition"] = f'attachment; filename="{name}.txt"'
    return response


def _named(diff: dict) -> dict:
    """A revision diff with each card's name in the page's language beside its slug."""
    index, key = card_index(), "name_en" if _lang() == "en" else "name_hu"
    for part in ("added", "removed", "changed"):
        for item in diff.get(part, []):
            card = index.get(item["slug"])
            item["name"] = (card.get(key) or card.get("name_hu")) if card else item["slug"]
    return diff


@login_required
@require_POST
def copy(request: SignedInRequest, pk: int) -> HttpResponse:
    source = _visible(request, pk)
    with transaction.atomic():
        # The copy's name is written in the language of the person who copies it.
        suffix = "(másolat)" if _lang() == "hu" else "(copy)"
        deck = Deck.objects.create(owner=request.user, name=f"{source.name} {suffix}"[:120],
                                   format=source.format, description=source.description,
                                   copied_from=source)
        save_revision(deck, source.cards, f"copied from deck {source.pk}")
    return redirect("deck-detail", pk=deck.pk)


def import_page(request: HttpRequest) -> HttpResponse:
    text = request.POST.get("text", "") if request.method == "POST" else ""
    fmt = request.POST.get("format", "practice") if request.method == "POST" else "practice"
    code = request.POST.get("code", "").strip() if request.method == "POST" else ""
    panel = None
    if code:
        try:
            cards = parse_input({"code": code}).cards
            text = export_text(cards, card_index(), headers=False)
        except DeckError as exc:
            panel = {"error": error_of(exc), "error_code": exc.code}
    if text and panel is None:
        panel = _check(text, fmt)
    return render(request, "decks/import.html", {"text": text, "format": fmt, "panel": panel,
                                                 "formats": all_formats()})


def deck_list(request: HttpRequest, mine: bool = False) -> HttpResponse:
    qs = Deck.objects.select_related("owner")
    if mine:
        if not request.user.is_authenticated:
            return redirect(f"/accounts/login/?next={request.path}")
        qs = qs.filter(owner=request.user)
    else:
        qs = qs.filter(public=True)
    q = request.GET.get("q", "").strip()
    if q:
        qs = qs.filter(Q(name__icontains=q) | Q(description__icontains=q))
    # A signed-in person with private decks is told where they are: the public
    # list alone read "No decks" to them.
    private = (Deck.objects.filter(owner=request.user, public=False).count()
               if not mine and request.user.is_authenticated else 0)
    return render(request, "decks/list.html", {"decks": qs.order_by("-updated")[:200],
                                               "mine": mine, "q": q, "private": private})


@login_required
def bulk(request: SignedInRequest) -> HttpResponse:
    """Paste many decks separated by lines starting with '=== name'."""
    error = None
    if request.method == "POST":
        fmt = request.POST.get("format", "tournament")
        entries: list[tuple[str, str]] = []
        current: list[str] = []
        key: str | None = None
        for line in request.POST.get("decks", "").splitlines() + ["=== "]:
            if line.startswith("==="):
                if key is not None or any(x.strip() for x in current):
                    entries.append((key or f"#{len(entries) + 1}", "\n".join(current)))
                key, current = line[3:].strip() or None, []
            else:
                current.append(line)
        try:
            check_format(fmt)
            decks = [{"key": k, "cards": parse_input({"text": t}).cards if t.strip() else {}}
                     for k, t in entries]
        except DeckError as exc:
            error, decks = error_of(exc), []
        if decks and not error:
            job = BulkValidation.objects.create(owner=request.user, format=fmt, decks=decks,
                                                total=len(decks))
            transaction.on_commit(lambda: bulk_validate.delay(job.pk))
            return redirect("deck-bulk-status", pk=job.pk)
        error = error or error_text("deck_input", "no decks")
    return render(request, "decks/bulk.html", {"formats": all_formats(), "error": error})


@login_required
def bulk_status(request: HttpRequest, pk: int) -> HttpResponse:
    job = get_object_or_404(BulkValidation, pk=pk, owner=request.user)
    template = "decks/_bulk_status.html" if request.headers.get("HX-Request") else \
        "decks/bulk_status.html"
    return render(request, template, {"job": job})
