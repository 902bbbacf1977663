"""The "set up a position" page (Állás összeállítása): sandbox matches for people, of the
game that offers scenarios through the ruleset protocol (``rulesets.base.Scenarios``: KGK).

The shipped scenarios (KGK: the rulebook's KG-14 worked examples)
are listed with their title, rule and notes in the page's language, each with a button
that starts a sandbox match from it; a form takes a scenario document (pasted or
uploaded, the format of ``rulesets/kgk/SCENARIOS.md``) and, when the engine refuses it,
says where and what is wrong in words (``matches/scenario_refusals.py``, from the game's
own words), keeping what was
typed. By default the person takes every seat and the board lets them act for whichever
seat must act; they may instead play one seat against the heuristic bot. Signed out, the
list and the help are shown and starting asks to sign in.
"""

from __future__ import annotations

import json
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from matches.errors import MatchError
from matches.scenario_refusals import json_error, scenario_error
from matches.services.sandbox import create_sandbox, scenario_rulesets
from rulesets.base import Ruleset, Scenarios
from web.messages import error_of

MAX_DOCUMENT_BYTES = 256 * 1024     # a scenario is a few KB; this is a guard
def _lang() -> str:
    return "hu" if (get_language() or "hu").startswith("hu") else "en"


def _text(value: Any, lang: str) -> str:
    """A title or note: ``{"hu", "en"}`` (the other language when one is missing) or text."""
    if isinstance(value, dict):
        return str(value.get(lang) or value.get("hu") or value.get("en") or "")
    return str(value or "")


def game() -> Ruleset:
    """The game whose positions this page sets up: the one ruleset offering scenarios
    (``rulesets.base.Scenarios``: KGK today)."""
    offered = scenario_rulesets()
    if not offered:
        raise Http404("no game offers scenarios")
    return offered[0]


def shipped(rs: Ruleset, lang: str) -> list[dict[str, Any]]:
    """The shipped scenarios as the page lists them."""
    assert isinstance(rs, Scenarios)
    out = []
    for name in rs.scenario_names():
        doc = rs.scenario_document(name)
        seats = [s.get("name") or "" for s in doc.get("seats", [])]
        out.append({"name": name, "rule": doc.get("rule", ""),
                    "title": _text(doc.get("title"), lang),
                    "notes": _text(doc.get("notes"), lang),
                    "seats": [(i, n) for i, n in enumerate(seats)]})
    return out


def _document(request: HttpRequest, lang: str) -> tuple[Any, str, SafeString | str | None]:
    """The scenario the form sent: (document, its text as typed, error)."""
    upload = request.FILES.get("file")
    text = request.POST.get("document", "")
    if upload is not None:
        if (upload.size or 0) > MAX_DOCUMENT_BYTES:
            return None, text, ("A fájl túl nagy (legfeljebb 256 KB)." if lang == "hu" else
                                "The file is too large (256 KB at most).")
        try:
            text = upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            return None, text, ("A fájl nem UTF-8 kódolású szöveg." if lang == "hu" else
                                "The file is not UTF-8 text.")
    if not text.strip():
        return None, text, ("Illessz be egy állásleírást, vagy tölts fel egy fájlt." if
                            lang == "hu" else "Paste a position document or upload a file.")
    if len(text.encode("utf-8")) > MAX_DOCUMENT_BYTES:
        return None, text, ("A leírás túl hosszú (legfeljebb 256 KB)." if lang == "hu" else
                            "The document is too long (256 KB at most).")
    try:
        doc = json.loads(text)
    except ValueError as exc:
        return None, text, json_error(exc, lang)
    if not isinstance(doc, dict):
        return None, text, ("A leírás egy JSON objektum ({ … }), mint a lenti példa." if
                            lang == "hu" else "The document is a JSON object ({ … }), like "
                            "the example below.")
    return doc, text, None


def _refusal(rs: Scenarios, exc: MatchError, doc: Any, lang: str) -> SafeString | str:
    details = dict(exc.details or {})
    if exc.error_code == "bad_scenario":
        code = str(details.pop("code", "bad_scenario"))
        return scenario_error(rs.scenario_words(), code, str(exc.message), details, doc, lang)
    if exc.error_code == "bad_seating":
        return ("Ennyi játékos nincs az állásban: válaszd a „mindkét hely” lehetőséget, vagy "
                "egy létező helyet." if lang == "hu" else "The position has no such seat: "
                "choose \"every seat\" or a seat it has.")
    return error_of(exc)


def positions(request: HttpRequest) -> HttpResponse:
    lang = _lang()
    rs = game()
    assert isinstance(rs, Scenarios)
    context: dict[str, Any] = {"scenarios": shipped(rs, lang), "example": rs.scenario_example(),
                               "document": "", "error": None, "error_for": None,
                               "seating": request.POST.get("seating", "both")}
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"/accounts/login/?next={request.path}")
        name = request.POST.get("scenario", "")
        seating = request.POST.get("seating", "both")
        doc: Any = None
        if name:
            context["error_for"] = name
            if name not in rs.scenario_names():
                context["error"] = ("Nincs ilyen beépített állás." if lang == "hu" else
                                    "There is no such shipped position.")
        else:
            context["error_for"] = "document"
            doc, context["document"], context["error"] = _document(request, lang)
        if context["error"] is None:
            try:
                match = create_sandbox(request.user, rs, name or doc, seating)
            except MatchError as exc:
                context["error"] = _refusal(rs, exc, doc, lang)
            else:
                return redirect("play-board", pk=match.pk)
        return render(request, "matches/positions.html", context, status=400)
    return render(request, "matches/positions.html", context)
