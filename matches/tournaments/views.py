"""Tournament pages: the list (and a form to create one), the public page (pairings,
standings with every tie-break figure, the bracket), the organiser's page, printables.

The organiser's page posts plain forms; each ``op`` calls one service function, and a
refusal is shown on the page with its code and message (the same words as the API)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from decks.core import all_formats
from matches.tournaments import services
from matches.tournaments.models import PairingJob, Round, Tournament
from matches.tournaments.services import TournamentError
from web.domain import DomainError

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def _visible(request: HttpRequest, pk: int) -> Tournament:
    t = get_object_or_404(Tournament.objects.select_related("organiser"), pk=pk)
    user = request.user
    if not t.public and not services.is_organiser(user, t) and not (
            user.is_authenticated and t.entries.filter(user=user).exists()):
        raise Http404
    return t


def _after_round(request: HttpRequest, rounds: list[dict[str, Any]]) -> int | None:
    """``?round=N`` on a page: the standings after round N (an unknown N shows now)."""
    raw = request.GET.get("round", "")
    n = services.as_id(raw)
    return n if n is not None and any(r["number"] == n for r in rounds) else None


def _context(t: Tournament, request: HttpRequest) -> dict[str, Any]:
    rounds = services.rounds_data(t)
    current = rounds[-1] if rounds else None
    my_entry = (t.entries.filter(user=request.user).first()
                if request.user.is_authenticated else None)
    after = _after_round(request, rounds)
    standings = services.standings(t, upto=after)
    # Points before the current round, for its pairings listed with points.
    points_before: dict[int, int] = {}
    if current and current["number"] > 1:
        points_before = {row["entry"]: row["points"]
                         for row in services.standings(t, upto=current["number"] - 1)}
    is_org = services.is_organiser(request.user, t)
    decklists = None
    if t.publish_decklists and t.status == Tournament.FINISHED:
        decklists = services.decklists(t, user=request.user)
    return {
        "t": t, "rounds": rounds, "current": current, "after_round": after,
        "standings": standings, "tiebreaks": services.tiebreaks_of(t),
        "profile_name": services.PROFILE_NAMES[t.tiebreaks],
        "bracket": services.bracket_data(t), "placements": services.placements(t),
        "entries": list(t.entries.select_related("user")),
        "is_organiser": is_org, "my_entry": my_entry,
        "points_before": points_before,
        "decklists": decklists,
    }


def _final_size(value: str) -> int:
    return int(value) if value in ("0", "2", "4") else -1  # -1: refused by the service


def _minutes(value: str) -> int | None:
    value = value.strip()
    return min(max(int(value), 5), 600) if value.isdigit() else None


def tournament_list(request: HttpRequest) -> HttpResponse:
    error = None
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"/accounts/login/?next={request.path}")
        try:
            rounds = request.POST.get("rounds_planned", "").strip()
            t = services.create_tournament(
                request.user, name=request.POST.get("name", ""),
                format=request.POST.get("format", "tournament"),
                decks_required=request.POST.get("decks_required") == "on",
                mode=request.POST.get("mode", "paper"),
                rounds_planned=int(rounds) if rounds.isdigit() and int(rounds) > 0 else None,
                final_size=_final_size(request.POST.get("final_size", "4")),
                games_per_match=1 if request.POST.get("games_per_match") == "1" else 3,
                tiebreaks=request.POST.get("tiebreaks", "kaosz"),
                round_minutes=_minutes(request.POST.get("round_minutes", "")),
                publish_decklists=request.POST.get("publish_decklists") == "on",
                public=True)
            return redirect("tournament-manage", pk=t.pk)
        except DomainError as exc:
            error = exc
    user = request.user
    visible = Q(public=True)
    if user.is_authenticated:
        visible |= Q(organiser=user)
    tournaments = Tournament.objects.filter(visible).select_related("organiser")[:200]
    return render(request, "tournaments/list.html", {
        "tournaments": tournaments, "formats": [f for f in all_formats() if services.for_tournaments(f["key"])],
        "error": error})


def public(request: HttpRequest, pk: int) -> HttpResponse:
    t = _visible(request, pk)
    ctx = _context(t, request)
    error = None
    if request.method == "POST":
        user = request.user
        if not user.is_authenticated:
            return redirect(f"/accounts/login/?next={request.path}")
        error = _run(lambda: _player_op(t, request, user))
        if error is None:
            return redirect("tournament-public", pk=t.pk)
        ctx = _context(t, request)
    ctx["error"] = error
    return render(request, "tournaments/public.html", ctx)


def _player_op(t: Tournament, request: HttpRequest, user: User) -> None:
    """A player enters (with a deck), changes the deck before the start, reports their own
    table, or drops — from the public page."""
    op = request.POST.get("op")
    if op == "register":  # enter yourself, with your deck list (KG-13.4.1: locked at start)
        text = request.POST.get("deck_text", "").strip()
        # Always the signed-in person themself: for the organiser too, whom the service
        # would otherwise take to be entering someone else, with no name given.
        services.register(t, by=user, user=user,
                          deck={"text": text} if text else None,
                          deck_name=request.POST.get("deck_name", ""))
    elif op == "deck":
        entry = t.entries.filter(user=user).first()
        services.update_deck(t, entry.pk if entry else 0, by=user,
                             deck={"text": request.POST.get("deck_text", "")},
                             deck_name=request.POST.get("deck_name", ""))
    elif op == "report":
        a, b = _games(request.POST.get("result", ""))
        services.report_result(t, request.POST.get("pairing", ""), by=user,
                               games_a=a, games_b=b)
    elif op == "drop":
        services.drop(t, request.POST.get("entry", ""), by=user)
    elif op == "check_in":
        entry = t.entries.filter(user=user).first()
        services.check_in(t, entry.pk if entry else 0, by=user)
    else:
        raise TournamentError("invalid", "unknown operation")


def _run(fn: Callable[[], Any]) -> DomainError | None:
    try:
        fn()
    except DomainError as exc:  # (online: the store's refusal of a match too)
        return exc
    return None


def _games(value: str) -> tuple[Any, Any]:
    parts = value.split("-")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise TournamentError("invalid_result", "choose a result such as 2-1")
    return int(parts[0]), int(parts[1])


def _flag(request: HttpRequest, name: str) -> bool:
    return request.POST.get(name) in ("on", "1", "true")


@login_required
def manage(request: HttpRequest, pk: int) -> HttpResponse:
    t = get_object_or_404(Tournament, pk=pk)
    if not services.is_organiser(request.user, t):
        raise Http404
    error = None
    if request.method == "POST":
        error = _run(lambda: _organiser_op(t, request))
        if error is None:
            return redirect(f"/tournaments/{t.pk}/manage/#{request.POST.get('op', '')}")
    ctx = _context(t, request)
    if t.status == Tournament.SWISS and ctx["current"]:
        rnd = t.rounds.get(number=ctx["current"]["number"])
        if (t.mode == Tournament.ONLINE and rnd.status == Round.STARTED
                and services.sync_round(rnd)):
            ctx = _context(t, request)
    if t.mode == Tournament.ONLINE and t.status == Tournament.FINAL and services.sync_final(t):
        t.refresh_from_db()
        ctx = _context(t, request)
    job = t.pairing_jobs.first()  # the latest; its failure is shown like any refusal
    if job is not None and job.status == PairingJob.FAILED and error is None and \
            job.error and not t.rounds.filter(created__gt=job.created).exists() and \
            request.method == "GET":
        error = TournamentError(job.error["code"], job.error["message"],
                                job.error["details"])
    ctx.update({"error": error, "deck_report": services.deck_report(t),
                "job": job if job and job.status in (PairingJob.PENDING, PairingJob.RUNNING)
                else None,
                "result_choices": (["1-0", "0-1"] if t.games_per_match == 1
                                   else ["2-0", "2-1", "1-2", "0-2"])})
    return render(request, "tournaments/manage.html", ctx)


# The organiser's operations, one per form (``op``): each reads its fields and calls one
# service; a refusal is the service's own.
Op = Callable[[Tournament, HttpRequest, Any], object]  # (what the service returns is not used)


def _register(t: Tournament, request: HttpRequest, user: Any) -> None:
    p = request.POST
    text = p.get("deck_text", "").strip()
    username = p.get("username", "").strip()
    player = None
    if username:
        player = get_user_model().objects.filter(username=username).first()
        if player is None:
            raise TournamentError("unknown_player", f"no user {username!r}")
    services.register(t, by=user, user=player, name=p.get("name", ""),
                      deck={"text": text} if text else None,
                      deck_name=p.get("deck_name", ""), byes=_flag(request, "byes"))


def _pair(t: Tournament, request: HttpRequest, user: Any) -> None:
    options = {"allow_rematch": _flag(request, "allow_rematch"),
               "allow_second_bye": _flag(request, "allow_second_bye")}
    last = t.rounds.order_by("-number").first()
    field = len(services.active_for(t, (last.number if last else 0) + 1))
    if field >= services.async_pairing_from():  # a large event: a Celery task pairs it
        services.queue_pairing(t, by=user, **options)
    else:
        services.pair_next_round(t, by=user, **options)


def _result(t: Tournament, request: HttpRequest, user: Any) -> None:
    p = request.POST
    choice = p.get("result", "")
    if choice.startswith(("no_show-", "forfeit-")):  # e.g. "no_show-b": b was there
        outcome, winner = choice.split("-", 1)
        services.set_result(t, p.get("pairing", ""), by=user, outcome=outcome,
                            winner=winner, note=p.get("note", ""))
    else:
        a, b = _games(choice)
        services.set_result(t, p.get("pairing", ""), by=user, games_a=a, games_b=b,
                            note=p.get("note", ""))


def _final_game(t: Tournament, request: HttpRequest, user: Any) -> None:
    winner = request.POST.get("winner", "")
    services.record_final_game(t, request.POST.get("series", ""),
                               int(winner) if winner.isdigit() else winner, by=user)


ORGANISER_OPS: dict[str, Op] = {
    "register": _register,
    "drop": lambda t, r, u: services.drop(t, r.POST.get("entry", ""), by=u),
    "undrop": lambda t, r, u: services.undrop(
        t, r.POST.get("entry", ""), by=u,
        missed="loss" if r.POST.get("missed") == "loss" else "not_played"),
    "check_in": lambda t, r, u: services.check_in(t, r.POST.get("entry", ""), by=u,
                                                  present=_flag(r, "present")),
    "start": lambda t, r, u: services.start(t, by=u, drop_no_shows=_flag(r, "drop_no_shows")),
    "swap": lambda t, r, u: services.swap_players(
        t, r.POST.get("round", ""), r.POST.get("a", ""), r.POST.get("b", ""), by=u,
        accept=_flag(r, "accept")),
    "final_size": lambda t, r, u: services.configure_final(
        t, by=u, final_size=_final_size(r.POST.get("final_size", ""))),
    "end": lambda t, r, u: services.end_event(t, by=u, reason=r.POST.get("reason", "")),
    "pair": _pair,
    "repair": lambda t, r, u: services.repair_round(
        t, r.POST.get("round", ""), by=u, allow_rematch=_flag(r, "allow_rematch"),
        allow_second_bye=_flag(r, "allow_second_bye")),
    "start_round": lambda t, r, u: services.start_round(t, r.POST.get("round", ""), by=u),
    "finish_round": lambda t, r, u: services.finish_round(t, r.POST.get("round", ""), by=u),
    "result": _result,
    "final": lambda t, r, u: services.start_final(t, by=u),
    "final_game": _final_game,
}


def _organiser_op(t: Tournament, request: HttpRequest) -> None:
    op = ORGANISER_OPS.get(request.POST.get("op") or "")
    if op is None:
        raise TournamentError("invalid", "unknown operation")
    op(t, request, request.user)


def print_standings(request: HttpRequest, pk: int) -> HttpResponse:
    t = _visible(request, pk)
    return render(request, "tournaments/print_standings.html", _context(t, request))


def print_round(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Pairings by name with points and table, and one result slip per table."""
    t = _visible(request, pk)
    rounds = services.rounds_data(t, [number])
    if not rounds:
        raise Http404
    points = ({row["entry"]: row["points"] for row in services.standings(t, upto=number - 1)}
              if number > 1 else {})
    return render(request, "tournaments/print_round.html",
                  {"t": t, "round": rounds[0], "points_before": points,
                   "by_name": services.pairings_by_name(rounds[0], points)})

