"""Contribution pages: propose a card or a correction (with a picture), bulk CSV, my
contributions, and the staff review queue with a field-by-field diff."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.views.decorators.http import require_POST

from cards import vocabulary as vocab
from cards import wording
from cards.contribution_form import FORM_FIELDS, FormError, form_values, parse, unique_slug
from cards.exchange import FormatError, from_csv
from cards.images import ImageRefused, store
from cards.models import Card, CardImage, CardSet, Contribution
from cards.photo import ocr
from cards.records import validate_record
from cards.services import CatalogueError, approve, pending_room, reject
from cards.wording import tr_words
from web import rate_limits
from web.signed_in import SignedInRequest

_FULL_HU = "Túl sok beküldésed vár ellenőrzésre; várd meg, amíg a szerkesztők átnézik őket."
_FULL_EN = "Too many of your contributions are waiting for review; wait until editors check them."


def _lang() -> str:
    return "hu" if (get_language() or "hu").startswith("hu") else "en"


def subtype_groups() -> list[dict[str, Any]]:
    return [{"type": t, "name_hu": v[0], "name_en": v[1],
             "subtypes": [{"key": k, "hu": hu, "en": en} for k, hu, en in v[2]]}
            for t, v in vocab.TYPES.items()]


def _pending_image(request: SignedInRequest) -> CardImage | None:
    token = (request.POST.get("image_token") or "").strip()
    if not token:
        return None
    return CardImage.objects.filter(token=token, uploaded_by=request.user,
                                    contribution__isnull=True).first()


@login_required
def contribute(request: SignedInRequest) -> HttpResponse:
    slug = request.GET.get("card") or request.POST.get("card")
    correcting = Card.objects.filter(slug=slug).first() if slug else None
    record = correcting.to_record() if correcting else None
    errors: list[FormError] = []
    image = None
    if request.method == "POST":
        parsed = parse(request.POST, record)
        errors = parsed.errors
        source = (request.POST.get("source_note") or "").strip()
        if not source:
            errors.append(FormError("source_note",
                                    "írd meg, honnan tudod (pl. saját nyomtatott lap).",
                                    "say where the values come from (e.g. your printed card)."))
        image = _pending_image(request)
        upload = request.FILES.get("image")
        if upload is not None:
            try:
                image = store(upload, user=request.user)
            except ImageRefused as exc:
                errors.append(FormError("image", exc.hu, exc.en))
        if pending_room(request.user) == 0:
            errors.append(FormError("card", _FULL_HU, _FULL_EN))
        if correcting is not None and not parsed.proposed and image is None and not errors:
            errors.append(FormError("card", "nem változtattál semmit a lap jelenlegi adatain.",
                                    "you changed none of the card's current values."))
        if not errors:
            proposed = parsed.proposed
            if correcting is None:
                proposed = {"slug": unique_slug(
                    proposed["name_hu"], lambda s: Card.objects.filter(slug=s).exists()
                    or Contribution.objects.filter(status=Contribution.PENDING,
                                                   proposed__slug=s).exists())} | proposed
            with transaction.atomic():
                item = Contribution.objects.create(
                    kind=Contribution.CORRECTION if correcting else Contribution.NEW,
                    card=correcting, proposed=proposed, source_note=source[:500],
                    author=request.user)
                if image is not None:
                    image.contribution = item
                    # The picture's printing (the set it is from), when the person knows it.
                    image.card_set = CardSet.objects.filter(
                        slug=request.POST.get("image_set") or "").first()
                    image.save(update_fields=["contribution", "card_set"])
            messages.success(request, tr_words(
                "Köszönjük! A beküldésed ellenőrzésre vár; itt látod, mi lesz vele.",
                "Thank you! Your contribution is waiting for review; follow it here."))
            return redirect("my-contributions")
    values = form_values(record, request.POST if request.method == "POST" else None)
    lang = _lang()
    return render(request, "cards/contribute.html", {
        "card": correcting, "values": values, "image": image,
        "errors": [{"field": e.field, "label": wording.field_label(e.field, lang),
                    "message": e.message(lang)} for e in errors],
        "error_fields": {e.field for e in errors},
        "types": vocab.TYPES, "races": vocab.RACES, "rarities": vocab.RARITIES,
        "abilities": vocab.ABILITIES, "cost_rules": vocab.COST_RULES,
        "groups": subtype_groups(),
        "current_type": (record or {}).get("type") or values.get("type") or "",
        "sets": CardSet.objects.all(), "photo_available": ocr.available(),
        "photo_max_bytes": settings.CARD_IMAGE_MAX_BYTES,
        "photo_max_mb": round(settings.CARD_IMAGE_MAX_BYTES / (1024 * 1024), 1),
    })


def diff_rows(item: Contribution, lang: str) -> list[dict[str, Any]]:
    """Field by field: label, the card's value now, the proposed value, in words."""
    current = item.card.to_record() if item.card is not None and \
        item.kind == Contribution.CORRECTION else {}
    card_type = item.proposed.get("type") or current.get("type")
    rows = []
    for name in FORM_FIELDS:
        if name not in item.proposed:
            continue
        before = current.get(name) if current else None
        rows.append({"field": name, "label": wording.field_label(name, lang),
                     "before": wording.value_words(name, before, lang, card_type),
                     "after": wording.value_words(name, item.proposed[name], lang, card_type),
                     "new": item.kind == Contribution.NEW})
    return rows


def _decorate(items, lang: str) -> list[Contribution]:
    out = []
    for item in items:
        item.diff = diff_rows(item, lang)
        item.pictures = list(item.images.all())
        item.status_text = wording.status_words(item.status, lang)
        item.photo = getattr(item, "photo_reading", None)
        if item.photo is not None:
            item.photo_changed = ", ".join(wording.field_label(f, lang)
                                           for f in item.photo.changed)
        out.append(item)
    return out


@login_required
def my_contributions(request: SignedInRequest) -> HttpResponse:
    items = (Contribution.objects.filter(author=request.user)
             .select_related("card", "reviewer", "photo_reading").prefetch_related("images"))
    return render(request, "cards/contributions.html",
                  {"items": _decorate(items, _lang()), "review": False})


@staff_member_required
def review_queue(request: HttpRequest) -> HttpResponse:
    items = (Contribution.objects.filter(status=Contribution.PENDING)
             .select_related("card", "author", "photo_reading").prefetch_related("images")
             .order_by("created", "id"))
    decorated = _decorate(items, _lang())
    batches: dict[str, int] = {}
    for item in decorated:
        if item.batch:
            batches[item.batch] = batches.get(item.batch, 0) + 1
    return render(request, "cards/contributions.html",
                  {"items": decorated, "review": True,
                   "batches": [{"label": k, "count": n, "photo": k.startswith("photo-")}
                               for k, n in batches.items() if n > 1]})


@staff_member_required
@require_POST
def review_decide(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_object_or_404(Contribution, pk=pk)
    if item.status != Contribution.PENDING:
        messages.error(request, tr_words("Ezt a beküldést már elbírálták.",
                                         "This contribution was already reviewed."))
        return redirect("review-queue")
    note = (request.POST.get("note") or "").strip()[:500]
    decision = request.POST.get("decision")
    if decision == "reject" and not note:
        messages.error(request, tr_words(
            "Elutasításnál írd meg az indokot: a beküldő látni fogja.",
            "Give a reason when rejecting: the contributor will see it."))
        return redirect("review-queue")
    try:
        if decision == "approve":
            card = approve(item, request.user, note)
            messages.success(request, tr_words(f"Elfogadva: {card.name_hu}.",
                                               f"Approved: {card.name_hu}."))
        else:
            reject(item, request.user, note)
            messages.success(request, tr_words("Elutasítva.", "Rejected."))
    except CatalogueError as exc:
        lang = _lang()
        messages.error(request, "; ".join(
            f"{wording.field_label(e['field'], lang)}: {e['message']}" for e in exc.errors))
    return redirect("review-queue")


def _csv_rate_refusal(request: SignedInRequest) -> HttpResponse | None:
    """A 429 page when the account has sent its CSV files for the hour (staff: never)."""
    if request.user.is_staff or rate_limits.spend("contribution_csv", str(request.user.pk)):
        return None
    limit, _ = settings.KAOSZ_RATE_LIMITS["contribution_csv"]
    errors = [tr_words(f"Óránként legfeljebb {limit} CSV fájlt küldhetsz be; próbáld később.",
                       f"At most {limit} CSV files an hour; try again later.")]
    response = render(request, "cards/contribute_csv.html", {"errors": errors}, status=429)
    response["Retry-After"] = str(rate_limits.retry_after("contribution_csv"))
    return response


def _read_csv(upload: Any, lang: str) -> tuple[list[dict[str, Any]], list[str]]:
    """The uploaded file's records, or why it is refused."""
    if upload is None:
        return [], [tr_words("Válassz egy CSV fájlt.", "Choose a CSV file.")]
    if (upload.size or 0) > 2 * 1024 * 1024:
        return [], [tr_words("A fájl túl nagy (legfeljebb 2 MB).",
                             "The file is too large (at most 2 MB).")]
    try:
        return from_csv(upload.read().decode("utf-8-sig"),
                        max_rows=settings.KAOSZ_CONTRIB_CSV_MAX_ROWS), []
    except UnicodeDecodeError:
        return [], [tr_words("A fájl nem UTF-8 kódolású szöveg.", "The file is not UTF-8 text.")]
    except FormatError as exc:
        return [], [_row_error(e, lang) for e in exc.errors]


@login_required
def contribute_csv(request: SignedInRequest) -> HttpResponse:
    """Many cards at once in the import command's CSV format; each row is its own proposal."""
    errors: list[str] = []
    lang = _lang()
    if request.method == "POST":
        refused = _csv_rate_refusal(request)
        if refused is not None:
            return refused
        upload = request.FILES.get("file")
        source = (request.POST.get("source_note") or "").strip()
        if not source:
            errors.append(tr_words("Írd meg, honnan származnak az adatok.",
                                   "Say where the values come from."))
        records, refusals = _read_csv(upload, lang)
        errors += refusals
        for i, record in enumerate(records, start=1):
            record.pop("provenance", None)  # provenance is the reviewer's to set
            record.pop("effect", None)
            if not record.get("slug") and record.get("name_hu"):
                record["slug"] = unique_slug(record["name_hu"],
                                             lambda s: Card.objects.filter(slug=s).exists())
            errors += [_row_error(e, lang) for e in validate_record(record, row=i)]
        if not records and not errors:
            errors.append(tr_words("A fájlban nincs egy sor sem.", "The file has no rows."))
        room = pending_room(request.user)
        if room is not None and len(records) > room:
            errors.append(tr_words(f"{_FULL_HU} (Most még {room} fér el.)",
                                   f"{_FULL_EN} (Room for {room} more now.)"))
        if not errors:
            batch = secrets.token_hex(6)
            with transaction.atomic():
                for record in records:
                    existing = Card.objects.filter(slug=record["slug"]).first()
                    proposed = {k: v for k, v in record.items()
                                if v not in (None, [], {}) and k not in ("sources", "official")}
                    if existing is not None:
                        now = existing.to_record()
                        proposed = {k: v for k, v in proposed.items()
                                    if k != "slug" and now.get(k) != v}
                        if not proposed:
                            continue
                    Contribution.objects.create(
                        kind=Contribution.CORRECTION if existing else Contribution.NEW,
                        card=existing, proposed=proposed, source_note=source[:500],
                        author=request.user, batch=batch)
            messages.success(request, tr_words(
                f"{len(records)} sor beküldve; a szerkesztők lapról lapra ellenőrzik.",
                f"{len(records)} rows submitted; editors review them card by card."))
            return redirect("my-contributions")
    return render(request, "cards/contribute_csv.html", {"errors": errors})


def _row_error(e: dict[str, Any], lang: str) -> str:
    where = (f"{e['row']}. sor" if lang == "hu" else f"row {e['row']}") if e.get("row") else ""
    label = wording.field_label(e.get("field") or "", lang) if e.get("field") else ""
    return " · ".join(p for p in (where, label, e["message"]) if p)


@staff_member_required
@require_POST
def review_batch(request: HttpRequest) -> HttpResponse:
    """Approve or reject every pending contribution of one batch (a CSV file or a photo) at
    once; each is still decided on its own, so one that does not validate stays pending."""
    label = (request.POST.get("batch") or "").strip()
    decision = request.POST.get("decision")
    note = (request.POST.get("note") or "").strip()[:500]
    items = list(Contribution.objects.filter(batch=label, status=Contribution.PENDING)
                 .order_by("created", "id")) if label else []
    if not items or decision not in ("approve", "reject"):
        messages.error(request, tr_words("Ebben a csomagban nincs ellenőrzésre váró beküldés.",
                                         "Nothing in this batch is waiting for review."))
        return redirect("review-queue")
    if decision == "reject" and not note:
        messages.error(request, tr_words(
            "Elutasításnál írd meg az indokot: a beküldő látni fogja.",
            "Give a reason when rejecting: the contributor will see it."))
        return redirect("review-queue")
    done, failed = 0, []
    for item in items:
        try:
            with transaction.atomic():
                if decision == "approve":
                    approve(item, request.user, note)
                else:
                    reject(item, request.user, note)
            done += 1
        except CatalogueError:
            failed.append(item.proposed.get("name_hu") or (item.card.name_hu if item.card
                                                            else str(item.pk)))
    if decision == "approve":
        messages.success(request, tr_words(f"{done} beküldés elfogadva.",
                                           f"{done} contribution(s) approved."))
    else:
        messages.success(request, tr_words(f"{done} beküldés elutasítva.",
                                           f"{done} contribution(s) rejected."))
    if failed:
        messages.error(request, tr_words(
            "Nem érvényes, egyenként nézd át: " + ", ".join(failed),
            "Does not validate, review it on its own: " + ", ".join(failed)))
    return redirect("review-queue")


def catalogue_progress(request: HttpRequest) -> HttpResponse:
    """Public: which official cards lack which values, so collectors know what to bring."""
    lang = _lang()
    rows = []
    cards = Card.objects.filter(official=True).order_by("name_hu", "slug")
    with_picture = set(CardImage.objects.filter(approved=True, card__isnull=False)
                       .values_list("card_id", flat=True))
    for card in cards:
        missing = [wording.field_label(f, lang) for f in card.missing_fields()]
        if card.pk not in with_picture:
            missing.append(tr_words("kép", "picture"))
        rows.append({"card": card, "missing": missing})
    complete = sum(1 for r in rows if not r["missing"])
    return render(request, "cards/progress.html", {
        "rows": rows, "complete": complete, "total": len(rows),
        "incomplete": [r for r in rows if r["missing"]]})
