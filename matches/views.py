"""Pages: the lobby (create, join, watch), the match board, and simulations.

Pages call the services (``matches.services``), as the API does, never the API itself;
their refusals (``MatchError``) are shown as sentences (``web.messages.error_of``).

The board is a thin client of the JSON API (``matches/static/matches/board.js``): the same
views, legal actions and long-polled events any REST client gets. A ruleset gets its own
board template when ``matches/boards/<ruleset>.html`` exists, else the generic board.
"""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import select_template
from django.views.decorators.http import require_POST

from decks.core import all_formats
from decks.models import Deck
from decks.services import DeckError, parse_input, validate_cards, waiting_cards
from matches import simulation as sims
from matches import store
from matches.bot_kinds import BOT_KINDS, bot_kinds_json
from matches.errors import MatchError
from matches.models import BIG_COLUMNS, Match, Seat, Simulation
from matches.services import creation, joining
from matches.services.seating import (
    get_ruleset,
    kept_seats,
    listed_for,
    seat_of,
)
from matches.services.simulations import start_simulation
from rulesets import registry
from web.domain import DomainError
from web.messages import error_of, error_text

OPPONENTS = [f"bot:{kind}" for kind in BOT_KINDS] + ["open"]
# (kind, name_hu, name_en, line_hu, line_en) for the bot selects and their strength notes
BOT_CHOICES = [(kind, *names) for kind, names in BOT_KINDS.items()]


def _rulesets() -> list[dict]:
    return [{"name": rs.name, "title": rs.title, "uses_decks": rs.uses_decks,
             "min": rs.min_players, "max": rs.max_players}
            for rs in registry.available().values()]


def _my_decks(request: HttpRequest) -> list:
    """The signed-in person's saved decks, offered by the lobby and the simulation page."""
    if not request.user.is_authenticated:
        return []
    return list(Deck.objects.filter(owner=request.user).order_by("-id")
                .only("id", "name", "format")[:100])


def _deck_spec(request: HttpRequest, saved_key: str, text_key: str) -> dict | int | None:
    """A seat's deck from the form: a saved deck (chosen), else a typed list, else none."""
    saved = request.POST.get(saved_key, "").strip()
    if saved:
        if not saved.isdigit():
            raise MatchError("deck_not_found", f"no deck {saved!r} that you may use")
        return int(saved)
    text = request.POST.get(text_key, "").strip()
    return {"text": text} if text else None


def lobby(request: HttpRequest, error: DomainError | str | None = None,
          status: int = 200) -> HttpResponse:
    matches = Match.objects.defer(*BIG_COLUMNS).prefetch_related("seats__user") \
        .order_by("-id")
    mine = []
    if request.user.is_authenticated:
        mine = list(matches.filter(Q(seats__user=request.user) | Q(created_by=request.user))
                    .distinct()[:20])
    context = {
        "rulesets": _rulesets(), "opponents": OPPONENTS, "bot_kinds": BOT_CHOICES, "error": error,
        "open_matches": list(listed_for(matches.filter(status=Match.OPEN), request.user)[:20]),
        "live_matches": list(matches.filter(status=Match.ACTIVE)[:20]),
        "finished_matches": list(matches.filter(status=Match.FINISHED)[:10]),
        # A GET's query fills the form in (the deck page's "play this deck" link).
        "my_matches": mine, "form": request.POST if request.method == "POST" else request.GET,
        "formats": all_formats(), "my_decks": _my_decks(request),
        "form_format": (request.POST if request.method == "POST" else request.GET)
        .get("format") or "practice",
        "error_code": getattr(error, "error_code", None),
    }
    if isinstance(error, DomainError):
        context["error"] = error_of(error)
    context["waiting"] = _waiting_cards(request, error)
    return render(request, "matches/lobby.html", context, status=status)


def _waiting_cards(request: HttpRequest, error: DomainError | str | None) -> list:
    """The cards of the deck in hand that the engine cannot play yet: those a refusal
    named, else those of the deck the deck page's "play this deck" filled in."""
    if isinstance(error, DomainError):
        return list((getattr(error, "details", None) or {}).get("cards") or [])
    form = request.GET
    fmt = form.get("format") or ""
    if request.method != "GET" or not fmt or not (form.get("saved_deck") or form.get("deck")):
        return []
    try:
        cards = None
        saved = form.get("saved_deck", "")
        if saved.isdigit() and request.user.is_authenticated:
            deck = Deck.objects.filter(pk=int(saved), owner=request.user).first()
            cards = deck.cards if deck is not None else None
        elif form.get("deck"):
            cards = parse_input({"text": form["deck"]}).cards
        return waiting_cards(validate_cards(cards, fmt)) if cards else []
    except DeckError:
        return []


@login_required
@require_POST
def create_match(request: HttpRequest) -> HttpResponse:
    name = request.POST.get("ruleset", "")
    opponent = request.POST.get("opponent", "bot:random").strip() or "bot:random"
    try:
        rs = get_ruleset(name)
        players = int(request.POST.get("players") or rs.min_players)
        options: dict = {}
        if rs.uses_decks:
            options["format"] = request.POST.get("format") or "practice"
        deck = _deck_spec(request, "saved_deck", "deck")
        me = {"player": "me", "deck": deck if rs.uses_decks else None}
        seats = [me] + [{"player": opponent, "deck": None} for _ in range(players - 1)]
        match = creation.create_match(request.user, name, seats, options)
    except DomainError as exc:     # (a challenge's rating floor is the players app's)
        return lobby(request, error=exc, status=400)
    except ValueError:
        return lobby(request, error=MatchError("not_a_number", "players: a number"), status=400)
    return redirect("play-board", pk=match.pk)


@login_required
@require_POST
def join_match(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=pk)
    try:
        text = request.POST.get("deck", "").strip()
        uses_decks = store.ruleset_of(match).uses_decks
        joining.join_match(match, request.user, {"text": text} if text and uses_decks else None)
    except DomainError as exc:     # (a challenge's rating floor is the players app's)
        return lobby(request, error=exc, status=400)
    return redirect("play-board", pk=pk)


def board(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match.objects.defer(*BIG_COLUMNS)
                              .prefetch_related("seats__user"), pk=pk)
    seat = seat_of(match, request.user)
    template = select_template([f"matches/boards/{match.ruleset}.html",
                                "matches/boards/generic.html"])
    rs = registry.available().get(match.ruleset)
    can_join = (match.status == Match.OPEN and request.user.is_authenticated
                and seat is None and any(s.is_open for s in match.seats.all()))
    return HttpResponse(template.render({
        "match": match, "seat": seat, "title": rs.title if rs else match.ruleset,
        "seats": list(match.seats.all()), "can_join": can_join,
        "uses_decks": bool(rs and rs.uses_decks), "bot_kinds": json.dumps(bot_kinds_json(), ensure_ascii=False),
        "kept_seats": kept_seats(match) if match.status == Match.OPEN else set(),
        "bot_seats": sum(1 for s in match.seats.all() if s.bot)}, request))


def simulations(request: HttpRequest) -> HttpResponse:
    error, error_code = None, None
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"/accounts/login/?next={request.path}")
        name = request.POST.get("ruleset", "")
        try:
            data: dict = {"ruleset": name, "games": int(request.POST.get("games") or 20),
                          "bots": None, "decks": []}
            rs = get_ruleset(name)
            players = int(request.POST.get("players") or rs.min_players)
            data["players"] = players
            bot = request.POST.get("bot", "random")
            if bot not in Seat.BOT_KINDS:
                raise MatchError("invalid", f"bot: one of {', '.join(Seat.BOT_KINDS)}")
            data["bots"] = [bot] * players
            if request.POST.get("seed"):
                data["seed"] = request.POST["seed"][:100]
            if not 1 <= data["games"] <= 2000:
                raise MatchError("invalid", "games: 1 to 2000")
            if rs.uses_decks:
                data["options"] = {"format": request.POST.get("format") or "practice"}
                for side in ("a", "b"):
                    spec = _deck_spec(request, f"saved_deck_{side}", f"deck_{side}")
                    if isinstance(spec, dict):
                        spec["name"] = side.upper()
                    data["decks"].append(spec)
            sim = start_simulation(data, request.user)
            return redirect("play-simulation", pk=sim.pk)
        except MatchError as exc:
            error, error_code = error_of(exc), exc.error_code
        except ValueError:
            error, error_code = error_text("not_a_number", "games/players: numbers"), \
                "not_a_number"
    recent = [sims.report(sim, request.user)
              for sim in Simulation.objects.order_by("-id")[:10]]
    return render(request, "matches/simulations.html",
                  {"rulesets": _rulesets(), "recent": recent, "error": error,
                   "bot_kinds": BOT_CHOICES,
                   "error_code": error_code, "formats": all_formats(),
                   "my_decks": _my_decks(request),
                   "deck_sides": [("a", "A pakli", "Deck A"), ("b", "B pakli", "Deck B")]},
                  status=400 if error else 200)


def simulation_detail(request: HttpRequest, pk: int) -> HttpResponse:
    sim = get_object_or_404(Simulation, pk=pk)
    sims.redispatch_stale(sim)
    context = {"sim": sims.report(sim, request.user)}
    if request.headers.get("HX-Request"):
        return render(request, "matches/_simulation_progress.html", context)
    return render(request, "matches/simulation.html", context)
