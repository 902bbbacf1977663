"""The challenge pages: make one, accept one, withdraw yours, rematch.

Forms post here and land back on a page (POST/redirect/GET); a refusal is a domain error
(``PlayersError`` here, the services' own otherwise), shown on the challenges page in the
page's language (``web.messages``), never as a code, with the status its code has in the
error catalogue."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.views.decorators.http import require_POST

from decks.core import all_formats
from decks.models import Deck
from matches.models import Match
from matches.services.seating import decline_invitation
from players.challenges import services as challenges
from players.errors import PlayersError
from players.turns.timecontrol import CHOICES, name_of
from rulesets import registry
from web.api.domain_status import status_of
from web.domain import DomainError
from web.messages import error_of


def _deck(request: HttpRequest) -> int | None:
    saved = request.POST.get("saved_deck", "").strip()
    if saved and not saved.isdigit():
        raise PlayersError("deck_not_found", f"no deck {saved!r} that you may use")
    return int(saved) if saved else None


def challenges_page(request: HttpRequest, error: DomainError | None = None) -> HttpResponse:
    mine = []
    decks = []
    hu = (get_language() or "hu").startswith("hu")
    if request.user.is_authenticated:
        mine = list(challenges._seeks().filter(created_by=request.user).order_by("-pk")[:20])
        decks = list(Deck.objects.filter(owner=request.user).order_by("-id")
                     .only("id", "name", "format")[:100])
    return render(request, "players/challenges.html", {
        "waiting": challenges.waiting(), "mine": mine, "my_decks": decks,
        "rulesets": [(n, rs.title) for n, rs in registry.available().items()],
        "formats": all_formats(),
        "controls": [(c, name_of(c, hu)) for c in CHOICES],
        "player_counts": range(2, 7),
        "error": error_of(error) if error else None, "form": request.POST},
        status=status_of(error) if error else 200)


@login_required
@require_POST
def create(request: HttpRequest) -> HttpResponse:
    try:
        raw_min = request.POST.get("min_rating", "").strip()
        raw_players = request.POST.get("players", "2").strip()
        if raw_min and not raw_min.isdigit():
            raise PlayersError("invalid_parameter", "min_rating: a whole number",
                               {"parameter": "min_rating"})
        name = request.POST.get("ruleset", "")
        rs = registry.available().get(name)
        match = challenges.create(
            request.user, name, time_control=request.POST.get("time_control", "live"),
            rated=request.POST.get("rated") == "on",
            fmt=(request.POST.get("format") or None) if rs and rs.uses_decks else None,
            min_rating=int(raw_min) if raw_min else None,
            deck=_deck(request) if rs and rs.uses_decks else None,
            opponent=request.POST.get("opponent", "").strip() or None,
            timeout_bot=request.POST.get("timeout_bot") == "on",
            players=int(raw_players) if raw_players.isdigit() else 2)
    except DomainError as exc:
        return challenges_page(request, error=exc)
    return redirect("play-board", pk=match.pk)


@login_required
@require_POST
def accept(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        match = challenges.accept(pk, request.user, _deck(request))
    except DomainError as exc:
        return challenges_page(request, error=exc)
    return redirect("play-board", pk=match.pk)


@login_required
@require_POST
def cancel(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        challenges.cancel(pk, request.user)
    except DomainError as exc:
        return challenges_page(request, error=exc)
    return redirect("challenges")


@login_required
@require_POST
def decline(request: HttpRequest, pk: int) -> HttpResponse:
    match = Match.objects.filter(pk=pk).first()
    try:
        if match is None:
            raise PlayersError("invitation_not_found", "no pending invitation for you here")
        decline_invitation(match, request.user)
    except DomainError as exc:
        return challenges_page(request, error=exc)
    return redirect("notification-inbox")


@login_required
@require_POST
def open_to_anyone(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        challenges.open_to_anyone(pk, request.user)
    except DomainError as exc:
        return challenges_page(request, error=exc)
    return redirect("play-board", pk=pk)
