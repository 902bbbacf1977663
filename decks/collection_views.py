"""The collection: many counts edited in place (htmx), import and export (CSV, deck text),
and completion per official set (the unofficial practice set has no printed copies)."""

from __future__ import annotations

import csv
import io
import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Count, Q, Sum
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from cards.models import Card, CardSet, CollectionEntry
from cards.text import fold
from cards.wording import tr_words
from decks.catalog import card_index
from decks.core.textformat import export_text, import_text
from web import csvsafe
from web.api.guard import bad_text
from web.signed_in import SignedInRequest

MAX_COUNT = 999
_DIGITS = re.compile(r"[0-9]{1,6}")
# Rows of one CSV import (more than every card there is, a few times over).
MAX_ROWS = 5000


def _set_completion(user) -> list[dict]:
    sets = []
    qs = (CardSet.objects.filter(official=True)
          .annotate(total=Count("printings", distinct=True),
                    have=Count("printings", distinct=True,
                               filter=Q(printings__card__collection_entries__user=user,
                                        printings__card__collection_entries__owned__gt=0))))
    for card_set in qs:
        total = card_set.total
        sets.append({"set": card_set, "total": total, "have": card_set.have,
                     "pct": round(100 * card_set.have / total) if total else 0})
    return sets


def _rows(user, cards) -> list[dict]:
    entries = {e.card_id: e for e in CollectionEntry.objects.filter(user=user, card__in=cards)}
    return [{"card": c, "owned": getattr(entries.get(c.pk), "owned", 0),
             "wanted": getattr(entries.get(c.pk), "wanted", 0)} for c in cards]


@login_required
def collection(request: SignedInRequest) -> HttpResponse:
    """All official cards with the user's counts, editable in place; filters by name."""
    show = request.GET.get("show", "all")
    qs = Card.objects.filter(official=True)
    if request.GET.get("unofficial") == "1":
        qs = Card.objects.all()
    name = (request.GET.get("name") or "").strip()
    if name:
        qs = qs.filter(search_name__contains=fold(name))
    if show == "owned":
        qs = qs.filter(collection_entries__user=request.user, collection_entries__owned__gt=0)
    elif show == "wanted":
        qs = qs.filter(collection_entries__user=request.user, collection_entries__wanted__gt=0)
    page = Paginator(qs.order_by("name_hu", "slug"), 100).get_page(request.GET.get("page"))
    return render(request, "cards/collection.html", {
        "page": page, "rows": _rows(request.user, list(page)), "show": show, "name": name,
        **_summary(request.user),
    })


def _summary(user) -> dict:
    """The totals and the set completion at the top of the collection page."""
    totals = CollectionEntry.objects.filter(user=user).aggregate(
        owned=Sum("owned"), wanted=Sum("wanted"))
    return {"totals": totals, "sets": _set_completion(user)}


@login_required
def summary(request: SignedInRequest) -> HttpResponse:
    """The totals again, fetched by the page after each saved row (they stayed
    stale until a reload)."""
    return render(request, "cards/_collection_summary.html", _summary(request.user))


def _count(raw: str | None) -> int | None:
    raw = (raw or "").strip()
    if raw == "":
        return 0
    # (ASCII digits, a few: `str.isdigit` takes '²', and int() of 5,000 digits raises)
    if not _DIGITS.fullmatch(raw) or int(raw) > MAX_COUNT:
        return None
    return int(raw)


def _save(user, card: Card, owned: int, wanted: int) -> None:
    if owned or wanted:
        CollectionEntry.objects.update_or_create(user=user, card=card,
                                                 defaults={"owned": owned, "wanted": wanted})
    else:
        CollectionEntry.objects.filter(user=user, card=card).delete()


@login_required
@require_POST
def bulk_edit(request: SignedInRequest) -> HttpResponse:
    """Counts for any number of cards: fields ``owned-<slug>`` and ``wanted-<slug>``.

    htmx posts one row as it changes and gets the row back with a confirmation; without
    JavaScript the whole page's form posts every row at once.
    """
    slugs = {k.split("-", 1)[1] for k in request.POST if k.startswith(("owned-", "wanted-"))}
    trigger = request.headers.get("HX-Trigger-Name") or ""
    if request.headers.get("HX-Request") and trigger.startswith(("owned-", "wanted-")):
        # Inside the page's form htmx sends every row; only the changed one is saved.
        slugs = {trigger.split("-", 1)[1]}
    cards = {c.slug: c for c in Card.objects.filter(slug__in=slugs)}
    bad: list[str] = []
    saved = 0
    with transaction.atomic():
        for slug, card in cards.items():
            owned = _count(request.POST.get(f"owned-{slug}"))
            wanted = _count(request.POST.get(f"wanted-{slug}"))
            if owned is None or wanted is None:
                bad.append(card.name_hu)
                continue
            _save(request.user, card, owned, wanted)
            saved += 1
    if request.headers.get("HX-Request") and len(cards) == 1:
        card = next(iter(cards.values()))
        row = _rows(request.user, [card])[0]
        status = "error" if bad else "saved"
        response = render(request, "cards/_collection_row.html", {"row": row, "status": status})
        if saved:
            response["HX-Trigger"] = "collection-changed"  # the totals fetch themselves again
        return response
    if bad:
        messages.error(request, tr_words(
            f"0 és {MAX_COUNT} közötti egész számot adj meg: {', '.join(bad)}.",
            f"Enter whole numbers from 0 to {MAX_COUNT}: {', '.join(bad)}."))
    else:
        messages.success(request, tr_words(f"{saved} lap mentve.", f"{saved} cards saved."))
    return redirect(request.POST.get("next") or "collection")


@login_required
def export(request: SignedInRequest) -> HttpResponse:
    """The collection as CSV (slug, name, owned, wanted) or as the deck text format."""
    entries = (CollectionEntry.objects.filter(user=request.user).select_related("card")
               .order_by("card__name_hu", "card__slug"))
    if request.GET.get("format") == "text":
        owned = {e.card.slug: e.owned for e in entries if e.owned}
        text = export_text(owned, card_index(), headers=False) if owned else ""
        response = HttpResponse(text, content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="gyujtemeny.txt"'
        return response
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["slug", "name_hu", "owned", "wanted"])
    for e in entries:
        # (names are people's text: no formula reaches a spreadsheet, as in the card export)
        writer.writerow(csvsafe.row([e.card.slug, e.card.name_hu, e.owned, e.wanted]))
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="gyujtemeny.csv"'
    return response


def _parse_csv(text: str) -> tuple[dict[str, tuple[int, int]], list[str]]:
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames or "slug" not in reader.fieldnames:
        return {}, [tr_words('Hiányzik a "slug" oszlop (az exportált fájl első sora a minta).',
                             'The "slug" column is missing (an exported file shows the format).')]
    counts: dict[str, tuple[int, int]] = {}
    errors: list[str] = []
    try:
        for i, row in enumerate(reader, start=2):
            if i > MAX_ROWS + 1:
                return {}, [tr_words(f"Legfeljebb {MAX_ROWS} sor tölthető be egyszerre.",
                                     f"At most {MAX_ROWS} rows at a time.")]
            slug = (row.get("slug") or "").strip()
            owned, wanted = _count(row.get("owned")), _count(row.get("wanted"))
            if not slug:
                continue
            if owned is None or wanted is None:
                errors.append(tr_words(
                    f"{i}. sor: a darabszám 0 és {MAX_COUNT} közötti egész szám.",
                    f"line {i}: counts are whole numbers from 0 to {MAX_COUNT}."))
                continue
            counts[slug] = (owned, wanted)
    except csv.Error:  # (a cell over the csv module's 128 KB field limit, …)
        return {}, [tr_words(f"{reader.line_num}. sor: nem olvasható CSV.",
                             f"line {reader.line_num}: not readable CSV.")]
    known = set(Card.objects.filter(slug__in=list(counts)).values_list("slug", flat=True))
    for slug in counts:
        if slug not in known:
            errors.append(tr_words(f"Ismeretlen lap: {slug}", f"Unknown card: {slug}"))
    return counts, errors


def _parse_text(text: str) -> tuple[dict[str, tuple[int, int]], list[str]]:
    result = import_text(text, card_index(), max_count=MAX_COUNT)
    errors = [tr_words(f"{e['details']['line']}. sor: nem ismerem fel: {e['details']['text']}",
                       f"line {e['details']['line']}: not recognised: {e['details']['text']}")
              for e in result["errors"]]
    return {slug: (count, -1) for slug, count in result["deck"].items()}, errors


@login_required
def import_view(request: SignedInRequest) -> HttpResponse:
    """Counts from a CSV (as exported) or a deck text list: every good line, and the bad
    lines named."""
    errors: list[str] = []
    if request.method == "POST":
        upload = request.FILES.get("file")
        text = request.POST.get("text") or ""
        if upload is not None:
            if (upload.size or 0) > 2 * 1024 * 1024:
                errors.append(tr_words("A fájl túl nagy (legfeljebb 2 MB).",
                                       "The file is too large (at most 2 MB)."))
            else:
                try:
                    text = upload.read().decode("utf-8-sig")
                except UnicodeDecodeError:
                    errors.append(tr_words("A fájl nem UTF-8 kódolású szöveg.",
                                           "The file is not UTF-8 text."))
        if not errors and bad_text(text):
            errors.append(tr_words("A szövegben tiltott vezérlőkarakter (NUL) van.",
                                   "The text contains a forbidden control character (NUL)."))
        if not errors and not text.strip():
            errors.append(tr_words("Válassz fájlt, vagy másold be a listát.",
                                   "Choose a file or paste the list."))
        if not errors:
            first = text.lstrip().splitlines()[0] if text.strip() else ""
            is_csv = first.lower().startswith("slug")
            counts, errors = _parse_csv(text) if is_csv else _parse_text(text)
            # The good lines are imported and the bad ones reported (one bad line must
            # not cost the rest); with no good line the page says what is wrong.
            cards = {c.slug: c for c in Card.objects.filter(slug__in=list(counts))}
            if not cards and not errors:
                errors = [tr_words("Nem találtunk lapot a listában.",
                                   "No card was found in the list.")]
            if cards:
                mode = request.POST.get("mode", "add")
                with transaction.atomic():
                    for slug in cards:
                        owned, wanted = counts[slug]
                        entry = CollectionEntry.objects.filter(user=request.user,
                                                               card=cards[slug]).first()
                        old_owned = entry.owned if entry else 0
                        old_wanted = entry.wanted if entry else 0
                        if wanted < 0:  # a deck list says how many are owned only
                            wanted = old_wanted
                        # A CSV is a snapshot (its counts replace); a deck list adds copies
                        # unless the collector chose to replace.
                        if not is_csv and mode == "add":
                            owned = min(MAX_COUNT, owned + old_owned)
                        _save(request.user, cards[slug], owned, wanted)
                messages.success(request, tr_words(f"{len(cards)} lap betöltve.",
                                                   f"{len(cards)} cards imported."))
                if errors:
                    messages.warning(request, tr_words(
                        f"{len(errors)} sort kihagytunk: " + "; ".join(errors[:20]),
                        f"{len(errors)} lines were skipped: " + "; ".join(errors[:20])))
                return redirect("collection")
    return render(request, "cards/collection_import.html", {"errors": errors})
