"""Contributions from a photo: upload a photo of one card or a binder page, review one
pre-filled proposal per card found on one screen, send the ones you checked.

The upload stores the photo and queues its reading (``cards.photo_reading``: a task on
the ``photos`` queue, one at a time per person, an hourly budget); the review address shows
the place in the queue and the progress until the reading is done. Between the upload and
the sending, the reading (the photo at web size, the crops, the read values) waits in the
cache for an hour under a random token, visible to its uploader only; nothing is stored
unless the person sends. A sent card becomes a contribution whose picture
is the straightened crop (through the picture pipeline: re-encoded, no EXIF) and whose
``PhotoReading`` keeps the photo and the read text for the editors.
"""

from __future__ import annotations

import io
import secrets
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.files.base import ContentFile
from django.db import transaction
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from cards import photo_reading as reading
from cards import vocabulary as vocab
from cards import wording
from cards.contribution_form import FormError, parse, unique_slug
from cards.contribution_views import subtype_groups
from cards.images import max_bytes, store
from cards.models import Card, CardSet, Contribution, PhotoReading
from cards.photo import ocr
from cards.photo.fields import READ_FIELDS
from cards.photo.match import differences
from cards.wording import tr_words
from web.api.errors import error_body
from web.messages import ERRORS
from web.signed_in import SignedInRequest

# The fields a card from a photo shows, in order (the name and type only for a new card).
PHOTO_FORM_FIELDS = READ_FIELDS
_key = reading.key


def lang_of(request: Any) -> str:
    code = getattr(request, "LANGUAGE_CODE", "hu") or "hu"
    return "hu" if code.startswith("hu") else "en"


def _wants_json(request: Any) -> bool:
    accept = request.headers.get("Accept", "")
    return "application/json" in accept and "text/html" not in accept


def _refused(request: SignedInRequest, refusal: reading.Refusal) -> HttpResponse:
    """429 or 503: in the error shape for a program, on a page for a person."""
    if _wants_json(request):
        response: HttpResponse = JsonResponse(
            error_body(refusal.code, refusal.message,
                       {**refusal.details, "retry_after_seconds": refusal.retry_after}),
            status=refusal.status)
    else:
        busy = refusal.details.get("reading") if refusal.code == "photo_reading_busy" else None
        response = render(request, "cards/photo_refused.html", {
            "sentence": ERRORS[refusal.code][0 if lang_of(request) == "hu" else 1],
            "busy": busy,
            "minutes": max(1, (refusal.retry_after + 59) // 60)}, status=refusal.status)
    response["Retry-After"] = str(refusal.retry_after)
    return response


@login_required
@require_POST
def photo_upload(request: SignedInRequest) -> HttpResponse:
    """Store an uploaded photo and queue its reading; go to where its progress shows."""
    upload = request.FILES.get("photo")
    if upload is None:
        messages.error(request, tr_words("Válassz egy fényképet.", "Choose a photo."))
        return redirect("contribute")
    data = upload.read(max_bytes() + 1)
    if not data or len(data) > max_bytes():
        mb = max_bytes() / (1024 * 1024)
        messages.error(request, tr_words(f"A fájl túl nagy (legfeljebb {mb:g} MB).",
                                         f"The file is too large (at most {mb:g} MB).")
                       if data else tr_words("A fájl üres.", "The file is empty."))
        return redirect("contribute")
    token = secrets.token_urlsafe(12)
    try:
        reading.queue_photo(data, request.user.pk, token)
    except reading.Refusal as refusal:
        return _refused(request, refusal)
    return redirect("contribute-photo", token=token)


def _pending(request: SignedInRequest, token: str) -> dict[str, Any] | None:
    """The finished reading ``token`` of the person asking (None: not theirs, not done)."""
    pending = reading.state_of(token, request.user.pk)
    return pending if pending is not None and pending["state"] == reading.DONE else None


@login_required
def photo_picture(request: SignedInRequest, token: str, index: str) -> HttpResponse:
    """The waiting photo (``index`` "photo") or a crop (its number), for its uploader only."""
    pending = _pending(request, token)
    if pending is None:
        raise Http404
    if index == "photo":
        data = pending["photo"]
    else:
        cards = pending["cards"]
        if not index.isdigit() or int(index) >= len(cards):
            raise Http404
        data = cards[int(index)]["crop"]
    response = HttpResponse(data, content_type="image/jpeg")
    response["Cache-Control"] = "private, no-store"
    return response


def _not_read_yet(request: SignedInRequest, token: str, pending: dict[str, Any],
                  lang: str) -> HttpResponse:
    if pending["state"] in (reading.REFUSED, reading.FAILED):
        cache.delete(_key(token))
        messages.error(request, pending.get(lang) or tr_words(
            "A fénykép kiolvasása nem sikerült; próbáld újra, vagy töltsd ki a mezőket kézzel.",
            "Reading the photo failed; try again, or fill in the fields by hand."))
        return redirect("contribute")
    shown = reading.progress({**pending, "token": token})
    if _wants_json(request):
        return JsonResponse(shown)
    response = render(request, "cards/photo_waiting.html", {"token": token, **shown})
    response["Cache-Control"] = "no-store"
    return response


class _Prefixed:
    """One card's fields of the batch form, as the contribution form's parser reads them."""

    def __init__(self, post: Any, prefix: str) -> None:
        self.post, self.prefix = post, prefix

    def get(self, name: str, default: Any = None) -> Any:
        return self.post.get(self.prefix + name, default)

    def getlist(self, name: str) -> list[str]:
        return self.post.getlist(self.prefix + name)


def _rows(item: dict[str, Any], card: Card | None, post: Any, i: int, lang: str
          ) -> list[dict[str, Any]]:
    """The fields of one card: the value shown, what was read, the card's value now."""
    now = card.to_record() if card else {}
    card_type = (now or {}).get("type") or item["values"].get("type")
    rows = []
    unsure = set(item.get("doubtful", []))
    for name in PHOTO_FORM_FIELDS:
        if card is not None and name in ("name_hu", "type"):
            continue
        read = item["values"].get(name, "")
        current = now.get(name) if card is not None else None
        shown = current if name in unsure and current is not None else read
        value = post.get(f"c{i}-{name}", "") if post is not None else shown
        rows.append({"name": name, "input": f"c{i}-{name}", "value": value, "read": read,
                     "label": wording.field_label(name, lang),
                     "now": wording.value_words(name, current, lang, card_type)
                     if card is not None else None,
                     "doubtful": name in unsure,
                     "differs": card is not None and read not in ("", None)
                     and name not in unsure
                     and str(current if current is not None else "") != str(read)})
    return rows


def _entries(pending: dict[str, Any], token: str, post: Any, lang: str,
             errors: dict[int, list[FormError]]) -> list[dict[str, Any]]:
    entries = []
    for i, item in enumerate(pending["cards"]):
        card = Card.objects.filter(slug=item["match"]).first() if item["match"] else None
        entries.append({
            "index": i, "card": card, "raw": item["raw"], "rows": _rows(item, card, post, i, lang),
            "unsure": bool(item.get("unsure")),
            "differs": differences(card, _as_record(item["values"])) if card else {},
            # Unticked until the person has checked the card: nothing is sent unread.
            "send": post is not None and bool(post.get(f"c{i}-send")),
            "set": post.get(f"c{i}-set", "") if post is not None else "",
            "errors": [{"label": wording.field_label(e.field, lang), "message": e.message(lang)}
                       for e in errors.get(i, [])]})
    return entries


def _as_record(values: dict[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in values.items():
        out[k] = int(v) if k in ("cost", "speed", "firepower", "armor", "bombard") \
            and str(v).isdigit() else v
    return out


@login_required
def photo_review(request: SignedInRequest, token: str) -> HttpResponse:
    """One screen: every card read from the photo, pre-filled; send the checked ones. Until
    the reading is done: the place in the queue and the progress."""
    pending = reading.state_of(token, request.user.pk)
    lang = lang_of(request)
    if pending is not None and pending["state"] != reading.DONE:
        return _not_read_yet(request, token, pending, lang)
    if pending is None:
        messages.error(request, tr_words(
            "Ez a fényképolvasás lejárt vagy nem a tiéd; töltsd fel újra a képet.",
            "This photo reading has expired or is not yours; upload the photo again."))
        return redirect("contribute")
    errors: dict[int, list[FormError]] = {}
    general: list[str] = []
    post = request.POST if request.method == "POST" else None
    if post is not None:
        sent = _send(request, pending, token, errors, general)
        if sent is not None:
            cache.delete(_key(token))
            messages.success(request, tr_words(
                f"Köszönjük! {sent} lap vár ellenőrzésre; itt látod, mi lesz velük.",
                f"Thank you! {sent} card(s) are waiting for review; follow them here."))
            return redirect("my-contributions")
    return render(request, "cards/contribute_photo.html", {
        "token": token, "entries": _entries(pending, token, post, lang, errors),
        "general_errors": general, "any_errors": bool(errors), "sets": CardSet.objects.all(),
        "types": vocab.TYPES, "races": vocab.RACES, "groups": subtype_groups(),
        "source_note": post.get("source_note", "") if post is not None else "",
        "dropped": int(pending.get("dropped", 0)),
        "photo_available": ocr.available()})


def _send(request: SignedInRequest, pending: dict[str, Any], token: str,
          errors: dict[int, list[FormError]], general: list[str]) -> int | None:
    """Create a contribution per checked card; None (with errors filled) when any is wrong."""
    post = request.POST
    source = (post.get("source_note") or "").strip()
    if not source:
        general.append(tr_words("Írd meg, honnan tudod (pl. saját nyomtatott lap).",
                                "Say where the values come from (e.g. your printed card)."))
    chosen = [i for i in range(len(pending["cards"])) if post.get(f"c{i}-send")]
    if not chosen:
        general.append(tr_words("Jelölj be legalább egy lapot, amelyet ellenőriztél.",
                                "Tick at least one card you have checked."))
    proposals: list[tuple[int, Card | None, dict[str, Any]]] = []
    for i in chosen:
        item = pending["cards"][i]
        card = Card.objects.filter(slug=item["match"]).first() if item["match"] else None
        fields = _Prefixed(post, f"c{i}-")
        parsed = parse(fields, card.to_record() if card else None)
        if parsed.errors:
            errors[i] = parsed.errors
        proposals.append((i, card, parsed.proposed))
    if general or errors:
        return None
    batch = f"photo-{token[:16]}"
    with transaction.atomic():
        photo_name = None
        for i, card, proposed in proposals:
            item = pending["cards"][i]
            if card is None:
                proposed = {"slug": unique_slug(
                    proposed["name_hu"], lambda s: Card.objects.filter(slug=s).exists()
                    or Contribution.objects.filter(status=Contribution.PENDING,
                                                   proposed__slug=s).exists())} | proposed
            contribution = Contribution.objects.create(
                kind=Contribution.CORRECTION if card else Contribution.NEW, card=card,
                proposed=proposed, source_note=source[:500], author=request.user, batch=batch)
            image = store(io.BytesIO(item["crop"]), user=request.user, contribution=contribution)
            set_slug = post.get(f"c{i}-set") or ""
            if set_slug:
                image.card_set = CardSet.objects.filter(slug=set_slug).first()
                image.save(update_fields=["card_set"])
            posted = {name: (post.get(f"c{i}-{name}") or "").strip()
                      for name in PHOTO_FORM_FIELDS}
            reading = PhotoReading(contribution=contribution, token=token[:32],
                                   read_text=item["raw"], read_values=item["values"],
                                   changed=[k for k, v in posted.items()
                                            if (card is None or k not in ("name_hu", "type"))
                                            and v != str(item["values"].get(k, ""))])
            if photo_name is None:
                reading.photo.save("photo.jpg", ContentFile(pending["photo"]), save=False)
                photo_name = reading.photo.name
            else:
                reading.photo.name = photo_name  # one file for the whole batch
            reading.save()
    return len(proposals)
